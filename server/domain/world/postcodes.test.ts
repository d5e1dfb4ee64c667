import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { countryNameOf } from './countryNames.js';
import { PostcodeDirectory } from './postcodes.js';

type Entry = [number, number, string, string];
const FIXTURE = new URL('../../../fixtures/postcodes.json', import.meta.url);

describe('PostcodeDirectory', () => {
  const directory = PostcodeDirectory.load();
  const dir = mkdtempSync(join(tmpdir(), 'postcodes-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  let files = 0;
  const fileWith = (content: unknown): string => {
    const file = join(dir, `${files++}.json`);
    writeFileSync(file, JSON.stringify(content));
    return file;
  };

  it('answers every code of the fixture with its entry, as the parsed JSON does', async () => {
    const { readFile } = await import('node:fs/promises');
    const parsed = JSON.parse(await readFile(FIXTURE, 'utf8')) as Record<'US' | 'CA', Record<string, Entry>>;
    let checked = 0;
    let first: string | undefined;
    for (const countryCode of ['US', 'CA'] as const) {
      for (const [code, [latitude, longitude, place, region]] of Object.entries(parsed[countryCode])) {
        const expected = { countryCode, code, latitude, longitude, label: `${code} ${place}, ${region}, ${countryNameOf(countryCode)}` };
        const found = directory.find(countryCode, code);
        checked++;
        if (JSON.stringify(found) !== JSON.stringify(expected)) first ??= `${JSON.stringify(found)} vs ${JSON.stringify(expected)}`;
      }
    }
    expect(first).toBeUndefined();
    expect(checked).toBeGreaterThan(40_000);
    expect(directory.find('US', '10001')?.label).toBe('10001 New York, NY, United States');
  });

  it('finds nothing for codes it does not hold', () => {
    for (const code of ['', '1000', '100011', '00000', '99999', 'k1a', 'K1A', '__proto__', 'constructor', 'toString', '1000\u0661', '１０００１']) {
      expect(directory.find('US', code), code).toBeUndefined();
    }
    expect(directory.find('CA', 'K1A')?.code).toBe('K1A');
    for (const code of ['k1a', 'K1', 'K1AA', '10001', 'ZZZ', '', 'K1\u0100']) expect(directory.find('CA', code), code).toBeUndefined();
  });

  it('holds a small file exactly, whatever the order of its codes', () => {
    const small = PostcodeDirectory.load(fileWith({
      US: { 99999: [1.5, -2.25, 'Zed', 'ZZ'], '00501': [40.8154, -73.0451, 'Holtsville', 'NY'], 10001: [40.7484, -73.9967, 'New York', 'NY'] },
      CA: {},
    }));
    expect(small.find('US', '00501')).toEqual({ countryCode: 'US', code: '00501', latitude: 40.8154, longitude: -73.0451, label: '00501 Holtsville, NY, United States' });
    expect(small.find('US', '99999')?.label).toBe('99999 Zed, ZZ, United States');
    expect(small.find('US', '10001')?.latitude).toBe(40.7484);
    expect(small.find('US', '10002')).toBeUndefined();
    expect(small.find('CA', 'K1A')).toBeUndefined();
  });

  it('rejects a malformed file with a clear message', () => {
    expect(() => PostcodeDirectory.load(fileWith({ US: {} }))).toThrow(/US and CA tables/);
    expect(() => PostcodeDirectory.load(fileWith({ US: { 10001: [1, 2, 'A', 'B'], 100: [1, 2, 'A', 'B'] }, CA: {} }))).toThrow(/printable ASCII/);
    expect(() => PostcodeDirectory.load(fileWith({ US: { 10001: [1, '2', 'A', 'B'] }, CA: {} }))).toThrow(/\[latitude, longitude, place, region\]/);
    expect(() => PostcodeDirectory.load(fileWith({ US: { 10001: [1, 2, 'A'] }, CA: {} }))).toThrow(/\[latitude, longitude, place, region\]/);
  });
});
