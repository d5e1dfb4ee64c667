/**
 * The few file operations the embedded store needs, behind an interface so that tests can make
 * any of them fail (disk full, directory unwritable) at any moment.
 */
import { mkdir, open, readFile, rename, rm, stat, type FileHandle } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';

export interface AppendFile {
  /** Appends all of `text` or throws (a short write is continued; one that makes no progress is ENOSPC). */
  append(text: string): Promise<void>;
  /** fsync: returns once everything appended is on disk. */
  sync(): Promise<void>;
  truncate(length: number): Promise<void>;
  close(): Promise<void>;
}

export interface StoreFs {
  /** The file's text, or undefined when it does not exist. */
  readText(path: string): Promise<string | undefined>;
  openAppend(path: string): Promise<AppendFile>;
  /** Writes the chunks to a new file, fsyncs and closes it; returns the bytes written. */
  writeSynced(path: string, chunks: Iterable<string>): Promise<number>;
  rename(from: string, to: string): Promise<void>;
  /** fsync of a directory, so that a rename in it survives a crash. */
  syncDir(path: string): Promise<void>;
  mkdir(path: string): Promise<void>;
  remove(path: string): Promise<void>;
}

/** The part of a FileHandle the writes use (tests wrap it to make writes short or fail). */
export type WritableHandle = Pick<FileHandle, 'write' | 'sync' | 'truncate' | 'close'>;
export type OpenFile = (path: string, flags: 'a' | 'w' | 'r') => Promise<WritableHandle>;

/**
 * Writes every byte of `text` at the handle's position (the end, for a file opened with 'a').
 * write(2) may write fewer bytes than asked (a nearly full disk, a signal): the rest is written
 * again until none is left. A write that makes no progress is reported as ENOSPC; each turn
 * writes at least one byte, so the loop is bounded by the length.
 */
export async function writeAll(handle: WritableHandle, text: string): Promise<number> {
  const buffer = Buffer.from(text, 'utf8');
  let offset = 0;
  while (offset < buffer.length) {
    const { bytesWritten } = await handle.write(buffer, offset, buffer.length - offset);
    if (!(bytesWritten > 0)) {
      throw Object.assign(new Error(`ENOSPC: no space left on device, write made no progress (${offset} of ${buffer.length} bytes written)`), {
        code: 'ENOSPC',
      });
    }
    offset += bytesWritten;
  }
  return buffer.length;
}

class NodeAppendFile implements AppendFile {
  constructor(private readonly handle: WritableHandle) {}
  async append(text: string): Promise<void> {
    await writeAll(this.handle, text);
  }
  sync(): Promise<void> {
    return this.handle.sync();
  }
  truncate(length: number): Promise<void> {
    return this.handle.truncate(length);
  }
  close(): Promise<void> {
    return this.handle.close();
  }
}

const errorWithCode = (message: string, code: string) => Object.assign(new Error(`${code}: ${message}`), { code });

/**
 * mkdir -p without Node's `recursive: true`, which spins for ever (100 % CPU, never settles) when
 * a parent exists but refuses the child with ENOENT, as /proc does (/proc/nope/db.json). Here each
 * missing level is made once, from the top; the first refusal is the answer. Bounded by the depth.
 */
async function makeDirectories(path: string): Promise<void> {
  const missing: string[] = [];
  let current = resolve(path);
  for (;;) {
    try {
      if (!(await stat(current)).isDirectory()) throw errorWithCode(`not a directory, mkdir '${current}'`, 'ENOTDIR');
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      const parent = dirname(current);
      if (parent === current) throw error;
      missing.push(current);
      current = parent;
    }
  }
  for (const directory of missing.reverse()) {
    try {
      await mkdir(directory, STORE_DIRECTORY_MODE);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (!(await stat(directory)).isDirectory()) throw errorWithCode(`not a directory, mkdir '${directory}'`, 'ENOTDIR');
    }
  }
}

/** The store's file operations on the real file system; `openFile` lets tests wrap the handles. */
/** The store's files hold guests' data and key digests: only the sandbox's user may read them (finding 9). */
export const STORE_FILE_MODE = 0o600;
export const STORE_DIRECTORY_MODE = 0o700;

export function nodeStoreFs(openFile: OpenFile = (path, flags) => open(path, flags, STORE_FILE_MODE)): StoreFs {
  return {
    async readText(path) {
      try {
        return await readFile(path, 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async openAppend(path) {
      return new NodeAppendFile(await openFile(path, 'a'));
    },
    async writeSynced(path, chunks) {
      const handle = await openFile(path, 'w');
      let bytes = 0;
      try {
        // One chunk at a time: the event loop keeps serving requests between chunks.
        for (const chunk of chunks) bytes += await writeAll(handle, chunk);
        await handle.sync();
      } finally {
        await handle.close();
      }
      return bytes;
    },
    rename: (from, to) => rename(from, to),
    async syncDir(path) {
      const handle = await openFile(path, 'r');
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
    },
    mkdir: (path) => makeDirectories(path),
    remove: (path) => rm(path, { force: true }),
  };
}

export const nodeFs: StoreFs = nodeStoreFs();
