/**
 * The world read back from the start-up cache is the generated one, byte for byte, geocoder
 * included; a missing, stale, foreign or broken cache file is never used: the world is generated
 * again, with a log line, and saved. The key covers everything the world's modules import and read.
 */
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeState, encodeState } from '../../../contract/startupCache.js';
import { moduleImports } from '../../../scripts/compile.js';
import { DATA_FILES, OUTSIDE_MODULES, PACKAGES, readWorldCache, worldCacheKey, worldCacheName } from './worldCache.js';
import { DEFAULT_WORLD_SHA256, loadDefaultWorld, worldContentHash } from './world.js';

const directory = mkdtempSync(join(tmpdir(), 'world-cache-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

function loadLogged(): { world: ReturnType<typeof loadDefaultWorld>; log: string[] } {
  const log: string[] = [];
  const world = loadDefaultWorld({ cacheDirectory: directory, log: (line) => log.push(line) });
  return { world, log };
}

describe('the world in the start-up cache', () => {
  it('is generated and saved when missing, then read back as the same world and the same geocoder', () => {
    const made = loadLogged();
    expect(made.log).toEqual([expect.stringMatching(/world-[0-9a-f]{32}\.bin is missing; generating the world/)]);
    expect(readdirSync(directory)).toEqual([worldCacheName()]);

    const read = loadLogged();
    expect(read.log).toEqual([]);
    expect(worldContentHash(read.world)).toBe(DEFAULT_WORLD_SHA256);
    // The state read back, saved again, is the file byte for byte: every index came back as it was made.
    const file = readFileSync(join(directory, worldCacheName()));
    const { meta } = decodeState(file);
    expect(encodeState(meta, read.world.state()).equals(file)).toBe(true);
    for (const text of ['Amsterdam', 'Schiphol Airport', 'Москва', 'Amsterdm', 'Times Sq, New York', 'Paris CDG', '10001', 'Nørrebro, København']) {
      expect(read.world.geocoder().resolve(text), text).toEqual(made.world.geocoder().resolve(text));
    }
    expect(read.world.geocoder().suggest('Amstrdmx')).toEqual(made.world.geocoder().suggest('Amstrdmx'));
  }, 120_000);

  it('never reads a file of another key, a broken file, or one made with another key inside', () => {
    const name = worldCacheName();
    const good = join(directory, name);
    const other = join(directory, 'world-00000000000000000000000000000000.bin');
    copyFileSync(good, other);
    rmSync(good);
    expect(readWorldCache(directory)).toEqual({ missing: expect.stringContaining('made from other code or data') });
    writeFileSync(good, 'not a cache file');
    expect(readWorldCache(directory)).toEqual({ missing: expect.stringContaining('is unreadable') });
    const { meta, state } = decodeState(readFileSync(other));
    writeFileSync(good, encodeState({ ...meta, key: 'another key' }, state));
    expect(readWorldCache(directory)).toEqual({ missing: expect.stringContaining('does not hold this key') });
    writeFileSync(good, encodeState(meta, state));
    expect(readWorldCache(directory)).toEqual({ state: expect.anything(), worldSha256: DEFAULT_WORLD_SHA256 });
    rmSync(other);
  });

  it('is not used when it holds another world than the pinned one: generated again, logged and saved over', () => {
    const file = join(directory, worldCacheName());
    const { meta, state } = decodeState(readFileSync(file));
    writeFileSync(file, encodeState({ ...meta, worldSha256: 'f'.repeat(64) }, state));
    const again = loadLogged();
    expect(again.log).toEqual([expect.stringContaining(`holds another world (${'f'.repeat(64)}); generating`)]);
    expect(worldContentHash(again.world)).toBe(DEFAULT_WORLD_SHA256);
    expect(decodeState(readFileSync(file)).meta.worldSha256).toBe(DEFAULT_WORLD_SHA256);
  }, 120_000);

  it('has a key over every module the world imports, every data file it reads and every package it uses', async () => {
    const { modules, packages } = await moduleImports(['server/domain/world/world.ts']);
    const outside = modules.filter((input) => !input.startsWith('server/domain/world/')).map((input) => input.replace(/\.ts$/, ''));
    const listed = OUTSIDE_MODULES.map((module) => join('server/domain/world', module));
    expect(outside.filter((module) => !listed.includes(module))).toEqual([]);
    const npmPackages = [...packages].filter((name) => !name.startsWith('node:') && !builtinModules.includes(name));
    expect(npmPackages.filter((name) => !PACKAGES.includes(name))).toEqual([]);
    const sources = modules.map((input) => readFileSync(input, 'utf8')).join('\n');
    for (const required of sources.matchAll(/require(?:\.resolve)?\('([^']+)'\)/g)) expect(PACKAGES).toContain(required[1]);
    for (const fixture of sources.matchAll(/fixtures\/([\w.-]+\.json)/g)) expect(DATA_FILES).toContain(`fixtures/${fixture[1]}`);
    expect(worldCacheKey()).toMatch(/^[0-9a-f]{32}$/);
  });
});
