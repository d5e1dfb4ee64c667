/**
 * Start-up caches: what a process would otherwise compute at every start from inputs that change
 * only with the code or the data (the packed hotel world and the geocoder's indexes, the parsed
 * contracts, their compiled validators), computed once and read back.
 *
 * - One directory, `cache/` at the root of the tree the modules run from: the repository (when run
 *   from the TypeScript sources), the compiled server (`npm run build` fills `build/cache/`), an
 *   installed package (both tarballs ship theirs).
 * - Each file is named by its kind and a key: a sha256 of everything it is made from (the source of
 *   the code that makes it, the data files, the versions of the packages involved). A file whose
 *   key is not the one computed now is never read; a missing one is made, with one log line, and
 *   saved for the next start (written aside and renamed, so a reader never sees half a file; the
 *   two newest files of a kind are kept, older ones removed).
 * - The binary container (encodeState/decodeState) keeps typed arrays as raw bytes, read back as
 *   views of the one buffer read from the file (no copy), and everything else as JSON.
 */
import { createHash } from 'node:crypto';
import { closeSync, fstatSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { endianness } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** `cache/` next to `contract/`: the root of the repository, of build/, or of an installed package. */
export const CACHE_DIRECTORY = fileURLToPath(new URL('../cache/', import.meta.url));

/** Files of one kind kept in the directory (the newest first): the current one and the one before. */
const KEPT_PER_KIND = 2;

/** Where cache events go: one line each (a missing or stale cache rebuilt, a cache that could not be saved). */
export type CacheLog = (message: string) => void;
export const logToStderr: CacheLog = (message) => console.warn(message);

/** sha256 (hex) of the parts, each length-prefixed so that no two lists of parts collide. */
export function digest(...parts: ReadonlyArray<string | Uint8Array>): string {
  const hash = createHash('sha256');
  for (const part of parts) {
    const bytes = typeof part === 'string' ? Buffer.from(part, 'utf8') : part;
    hash.update(`${bytes.length}:`).update(bytes);
  }
  return hash.digest('hex');
}

/** The version of an installed package as `name@version`, resolved from `from`; `name@?` when it cannot be found (bundled). */
export function packageVersion(name: string, from: string | URL): string {
  const require = createRequire(from);
  try {
    return `${name}@${(require(`${name}/package.json`) as { version: string }).version}`;
  } catch {
    // A package without "./package.json" in its exports: walk up from its entry point.
    try {
      let dir = dirname(require.resolve(name));
      for (let depth = 0; depth < 6; depth++, dir = dirname(dir)) {
        try {
          const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string };
          if (manifest.name === name && manifest.version) return `${name}@${manifest.version}`;
        } catch {
          // no package.json at this level
        }
      }
    } catch {
      // not resolvable from here
    }
    return `${name}@?`;
  }
}

/** What every key also holds: the byte order of the typed arrays and the Unicode version text normalisation follows. */
export function platformKey(): string {
  return `${endianness()} unicode ${process.versions.unicode ?? '?'}`;
}

/** The ending of a gzipped cache entry: the hotel-sandbox package ships the world's so (it is most of the install). */
export const PACKED = '.gz';

/** The cache file `name` (`<kind>-<key>.<ext>`) in `directory`, or undefined when there is none. */
export function readCacheFile(directory: string, name: string): Buffer | undefined {
  try {
    return readFileSync(join(directory, name));
  } catch {
    return undefined;
  }
}

/**
 * Saves a cache file atomically (written aside, then renamed into place) and removes the older
 * files of its kind beyond the newest KEPT_PER_KIND. A directory that cannot be written is
 * reported, not thrown: the process goes on with what it computed.
 */
export function writeCacheFile(directory: string, name: string, data: string | Uint8Array, log: CacheLog = logToStderr): boolean {
  const aside = join(directory, `.${name}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`);
  try {
    mkdirSync(directory, { recursive: true });
    writeFileSync(aside, data);
    renameSync(aside, join(directory, name));
  } catch (error) {
    try {
      rmSync(aside, { force: true });
    } catch {
      // nothing was written there
    }
    log(`start-up cache: could not save ${join(directory, name)} (${(error as Error).message}); the next start computes it again`);
    return false;
  }
  pruneKind(directory, name);
  return true;
}

function pruneKind(directory: string, name: string): void {
  const kind = name.slice(0, name.lastIndexOf('-') + 1);
  try {
    const others = readdirSync(directory)
      .filter((file) => file.startsWith(kind) && file !== name && !file.startsWith('.'))
      .map((file) => ({ file, time: statSync(join(directory, file)).mtimeMs }))
      .sort((a, b) => b.time - a.time);
    for (const { file } of others.slice(KEPT_PER_KIND - 1)) rmSync(join(directory, file), { force: true });
  } catch {
    // another process pruned at the same time: nothing to do
  }
}

type Typed = Float64Array | Float32Array | Int32Array | Uint32Array | Int16Array | Uint16Array | Int8Array | Uint8Array;
const TYPED: Record<string, new (buffer: ArrayBuffer, byteOffset: number, length: number) => Typed> = {
  Float64Array, Float32Array, Int32Array, Uint32Array, Int16Array, Uint16Array, Int8Array, Uint8Array,
};
const MAGIC = 'hbk-state 1\n';
const ALIGN = 8;

interface BlobEntry {
  /** A TYPED name, 'Buffer', or 'ArrayBuffer' (read into a buffer of its own: its users need one). */
  type: string;
  offset: number;
  byteLength: number;
}

interface Header {
  meta: Record<string, unknown>;
  blobs: BlobEntry[];
  state: unknown;
}

/**
 * The container: MAGIC, the header's length (4 bytes), the header (JSON: `meta`, the blob table and
 * the state with each typed array replaced by `{"$blob": n}` and each Map by `{"$map": [[k, v], …]}`),
 * then the blobs, each at an offset that is a multiple of 8: the views first, then the ArrayBuffers.
 */
export function encodeState(meta: Record<string, unknown>, state: unknown): Buffer {
  const blobs: Array<{ entry: BlobEntry; bytes: Uint8Array }> = [];
  const add = (type: string, bytes: Uint8Array): { $blob: number } => {
    blobs.push({ entry: { type, offset: 0, byteLength: bytes.byteLength }, bytes });
    return { $blob: blobs.length - 1 };
  };
  const walk = (value: unknown): unknown => {
    if (value instanceof ArrayBuffer) return add('ArrayBuffer', new Uint8Array(value));
    if (ArrayBuffer.isView(value)) {
      const type = Buffer.isBuffer(value) ? 'Buffer' : value.constructor.name;
      if (type !== 'Buffer' && !(type in TYPED)) throw new Error(`start-up cache: cannot store a ${type}`);
      return add(type, new Uint8Array(value.buffer, value.byteOffset, value.byteLength));
    }
    if (value instanceof Map) return { $map: [...value].map(([key, item]) => [walk(key), walk(item)]) };
    if (Array.isArray(value)) return value.map(walk);
    if (value !== null && typeof value === 'object') {
      const proto = Object.getPrototypeOf(value) as unknown;
      if (proto !== Object.prototype && proto !== null) throw new Error(`start-up cache: cannot store a ${value.constructor.name}`);
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, walk(item)]));
    }
    return value;
  };
  const encoded = walk(state);
  // Views first, ArrayBuffers last: a reader takes the views' part as one buffer and each ArrayBuffer alone.
  let offset = 0;
  for (const last of [false, true]) {
    for (const { entry } of blobs) {
      if ((entry.type === 'ArrayBuffer') !== last) continue;
      entry.offset = offset;
      offset += Math.ceil(entry.byteLength / ALIGN) * ALIGN;
    }
  }
  const header = Buffer.from(JSON.stringify({ meta, blobs: blobs.map(({ entry }) => entry), state: encoded }), 'utf8');
  const dataStart = alignedDataStart(header.length);
  const file = Buffer.alloc(dataStart + offset);
  file.write(MAGIC, 0, 'latin1');
  file.writeUInt32LE(header.length, MAGIC.length);
  header.copy(file, MAGIC.length + 4);
  for (const { entry, bytes } of blobs) file.set(bytes, dataStart + entry.offset);
  return file;
}

function alignedDataStart(headerLength: number): number {
  return Math.ceil((MAGIC.length + 4 + headerLength) / ALIGN) * ALIGN;
}

function parseHeader(prefix: Buffer, readHeader: (length: number) => Buffer): Header {
  if (prefix.length < MAGIC.length + 4 || prefix.toString('latin1', 0, MAGIC.length) !== MAGIC) throw new Error('not a start-up cache file');
  const length = prefix.readUInt32LE(MAGIC.length);
  const bytes = readHeader(length);
  if (bytes.length < length) throw new Error('truncated header');
  return JSON.parse(bytes.toString('utf8')) as Header;
}

/** The meta and the state of a container held in memory; throws on anything malformed (the caller then rebuilds). */
export function decodeState(file: Buffer): { meta: Record<string, unknown>; state: unknown } {
  const header = parseHeader(file, (length) => file.subarray(MAGIC.length + 4, MAGIC.length + 4 + length));
  const dataStart = alignedDataStart(file.readUInt32LE(MAGIC.length));
  // Views need their offsets aligned to the element size: a buffer that is not gets a copy.
  const data = file.byteOffset % ALIGN === 0 ? file.subarray(dataStart) : Buffer.from(new Uint8Array(file.subarray(dataStart)));
  return revive(header, data, (entry) => {
    if (entry.offset + entry.byteLength > data.length) throw new Error('truncated blob');
    return data.buffer.slice(data.byteOffset + entry.offset, data.byteOffset + entry.offset + entry.byteLength) as ArrayBuffer;
  });
}

/**
 * The meta and the state of a container file, read so that nothing is held twice: the header is
 * parsed and dropped, the views share one buffer of their own part of the file, and each
 * ArrayBuffer is read into its own. Throws on anything malformed (the caller then rebuilds).
 */
export function readStateFile(path: string): { meta: Record<string, unknown>; state: unknown } {
  const fd = openSync(path, 'r');
  try {
    const size = fstatSync(fd).size;
    const readAt = (position: number, length: number): Buffer => {
      const bytes = Buffer.allocUnsafeSlow(length);
      const got = length === 0 ? 0 : readSync(fd, bytes, 0, length, position);
      if (got !== length) throw new Error('truncated file');
      return bytes;
    };
    const prefix = readAt(0, Math.min(size, MAGIC.length + 4));
    const header = parseHeader(prefix, (length) => readAt(MAGIC.length + 4, length));
    const dataStart = alignedDataStart(prefix.readUInt32LE(MAGIC.length));
    const viewsEnd = Math.max(0, ...header.blobs.filter((entry) => entry.type !== 'ArrayBuffer').map((entry) => entry.offset + entry.byteLength));
    if (dataStart + viewsEnd > size) throw new Error('truncated blob');
    // Buffer.allocUnsafeSlow: a buffer of its own, at offset 0, so every view is aligned.
    const views = readAt(dataStart, viewsEnd);
    return revive(header, views, (entry) => readAt(dataStart + entry.offset, entry.byteLength).buffer as ArrayBuffer);
  } finally {
    closeSync(fd);
  }
}

/** The state with its `$blob`s made views of `views` (ArrayBuffers from `arrayBuffer`) and its `$map`s Maps. */
function revive(header: Header, views: Buffer, arrayBuffer: (entry: BlobEntry) => ArrayBuffer): { meta: Record<string, unknown>; state: unknown } {
  const blob = (index: number): unknown => {
    const entry = header.blobs[index];
    if (!entry) throw new Error(`no blob ${index}`);
    if (entry.type === 'ArrayBuffer') return arrayBuffer(entry);
    if (entry.offset + entry.byteLength > views.length) throw new Error('truncated blob');
    const start = views.byteOffset + entry.offset;
    if (entry.type === 'Buffer') return Buffer.from(views.buffer, start, entry.byteLength);
    const View = TYPED[entry.type];
    if (!View) throw new Error(`unknown blob type ${entry.type}`);
    const size = (View as unknown as { BYTES_PER_ELEMENT: number }).BYTES_PER_ELEMENT;
    return new View(views.buffer as ArrayBuffer, start, entry.byteLength / size);
  };
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (value === null || typeof value !== 'object') return value;
    const object = value as Record<string, unknown>;
    if (typeof object.$blob === 'number') return blob(object.$blob);
    if (Array.isArray(object.$map)) return new Map((object.$map as Array<[unknown, unknown]>).map(([key, item]) => [walk(key), walk(item)]));
    for (const key of Object.keys(object)) object[key] = walk(object[key]);
    return object;
  };
  return { meta: header.meta, state: walk(header.state) };
}
