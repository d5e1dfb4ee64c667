/**
 * The start-up cache's container and files: typed arrays come back as views of the file's buffer
 * (no copy) with the same values, Maps and nested values as they were; a broken file throws
 * (its reader then rebuilds); files are written whole and the older ones of a kind pruned; a
 * directory that cannot be written is reported, not thrown.
 */
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeState, digest, encodeState, packageVersion, readCacheFile, readStateFile, writeCacheFile } from './startupCache.js';

const directory = mkdtempSync(join(tmpdir(), 'startup-cache-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

describe('the start-up cache container', () => {
  it('gives back what it was given, typed arrays as views of the one buffer', () => {
    const state = {
      floats: Float64Array.from([1.5, -0, Number.MAX_VALUE, Number.NaN]),
      odd: Uint8Array.from([1, 2, 3]),
      words: Uint16Array.from([65535, 7]),
      ints: Int32Array.from([-2_000_000_000, 5]),
      text: Buffer.from('Zürich', 'utf8'),
      index: Uint32Array.from([9, 8, 7]).buffer,
      map: new Map<string, unknown>([['a', 1], ['b', { nested: [1, 'two', null] }]]),
      list: ['x', { deep: Float64Array.from([2]) }],
      empty: new Uint32Array(0),
    };
    const file = encodeState({ key: 'k' }, state);
    const { meta, state: back } = decodeState(Buffer.from(file)) as { meta: unknown; state: typeof state };
    expect(meta).toEqual({ key: 'k' });
    expect([...back.floats].map((value) => Object.is(value, -0) ? '-0' : value)).toEqual([1.5, '-0', Number.MAX_VALUE, Number.NaN]);
    expect(back.odd).toEqual(state.odd);
    expect(back.words).toEqual(state.words);
    expect(back.ints).toEqual(state.ints);
    expect(Buffer.isBuffer(back.text) && back.text.toString('utf8')).toBe('Zürich');
    expect(new Uint32Array(back.index)).toEqual(Uint32Array.from([9, 8, 7]));
    expect(back.map).toEqual(state.map);
    expect(back.list).toEqual(state.list);
    expect(back.empty).toEqual(new Uint32Array(0));
    // No copy: the views share the buffer read from the file (the kdbush ArrayBuffer excepted).
    expect(back.floats.buffer).toBe(back.ints.buffer);
    expect(encodeState({ key: 'k' }, back).equals(file)).toBe(true);
  });

  it('reads a file holding nothing twice: the views share one buffer without the header, each ArrayBuffer its own', () => {
    const state = { a: Float64Array.from([1, 2]), b: Buffer.from('text'), index: Uint8Array.from([5, 6, 7]).buffer, c: Uint16Array.from([9]) };
    const file = encodeState({ key: 'file' }, state);
    const path = join(directory, 'state.bin');
    writeFileSync(path, file);
    const { meta, state: back } = readStateFile(path) as { meta: unknown; state: typeof state };
    expect(meta).toEqual({ key: 'file' });
    expect(back).toEqual(state);
    expect(back.a.buffer).toBe(back.c.buffer);
    // 16 + 8 (padded) + 2 bytes of views: no header, no ArrayBuffer.
    expect(back.a.buffer.byteLength).toBe(26);
    expect(back.index).not.toBe(back.a.buffer);
    writeFileSync(path, file.subarray(0, file.length - 16));
    expect(() => readStateFile(path)).toThrow(/truncated/);
    rmSync(path);
  });

  it('reads a buffer whose offset is not aligned (a copy), and refuses what is not one of its files', () => {
    const file = encodeState({}, { values: Float64Array.from([3.25]) });
    const shifted = Buffer.alloc(file.length + 3);
    file.copy(shifted, 3);
    expect((decodeState(shifted.subarray(3)).state as { values: Float64Array }).values[0]).toBe(3.25);
    expect(() => decodeState(Buffer.from('something else entirely'))).toThrow(/not a start-up cache file/);
    expect(() => decodeState(file.subarray(0, file.length - 8))).toThrow(/truncated/);
    expect(() => encodeState({}, { at: new Date() })).toThrow(/cannot store a Date/);
  });
});

describe('cache files', () => {
  it('are written whole under their name, the two newest of a kind kept', () => {
    const log: string[] = [];
    for (const [index, key] of ['a1', 'b2', 'c3'].entries()) {
      expect(writeCacheFile(directory, `thing-${key}.bin`, `content ${key}`, (line) => log.push(line))).toBe(true);
      const time = new Date(Date.now() - (3 - index) * 60_000);
      utimesSync(join(directory, `thing-${key}.bin`), time, time);
    }
    writeCacheFile(directory, 'other-z9.bin', 'z');
    writeCacheFile(directory, 'thing-d4.bin', 'content d4');
    expect(readdirSync(directory).sort()).toEqual(['other-z9.bin', 'thing-c3.bin', 'thing-d4.bin']);
    expect(readCacheFile(directory, 'thing-d4.bin')?.toString()).toBe('content d4');
    expect(readCacheFile(directory, 'thing-a1.bin')).toBeUndefined();
    expect(log).toEqual([]);
  });

  it('in a directory that cannot be written: reported in one line, and false', () => {
    if (process.getuid?.() === 0) {
      // root writes anywhere: a path under a regular file cannot be a directory for anyone.
      writeFileSync(join(directory, 'plain'), '');
    } else {
      chmodSync(directory, 0o500);
    }
    const target = process.getuid?.() === 0 ? join(directory, 'plain', 'sub') : directory;
    const log: string[] = [];
    expect(writeCacheFile(target, 'thing-e5.bin', 'x', (line) => log.push(line))).toBe(false);
    expect(log).toEqual([expect.stringMatching(/^start-up cache: could not save .*thing-e5\.bin/)]);
    chmodSync(directory, 0o700);
  });

  it('keys: parts are length-prefixed, and package versions are read from the installed packages', () => {
    expect(digest('ab', 'c')).not.toBe(digest('a', 'bc'));
    expect(packageVersion('ajv', import.meta.url)).toBe(`ajv@${(JSON.parse(readFileSync('node_modules/ajv/package.json', 'utf8')) as { version: string }).version}`);
    expect(packageVersion('@photostructure/tz-lookup', import.meta.url)).toMatch(/^@photostructure\/tz-lookup@\d/);
    expect(packageVersion('no-such-package-here', import.meta.url)).toBe('no-such-package-here@?');
  });
});
