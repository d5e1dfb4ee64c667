/**
 * The few file operations the embedded store needs, behind an interface so that tests can make
 * any of them fail (disk full, directory unwritable) at any moment.
 */
import { mkdir, open, readFile, rename, rm, type FileHandle } from 'node:fs/promises';

export interface AppendFile {
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

class NodeAppendFile implements AppendFile {
  constructor(private readonly handle: FileHandle) {}
  async append(text: string): Promise<void> {
    await this.handle.write(text);
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

export const nodeFs: StoreFs = {
  async readText(path) {
    try {
      return await readFile(path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  },
  async openAppend(path) {
    return new NodeAppendFile(await open(path, 'a'));
  },
  async writeSynced(path, chunks) {
    const handle = await open(path, 'w');
    let bytes = 0;
    try {
      // One chunk at a time: the event loop keeps serving requests between chunks.
      for (const chunk of chunks) bytes += (await handle.write(chunk)).bytesWritten;
      await handle.sync();
    } finally {
      await handle.close();
    }
    return bytes;
  },
  rename: (from, to) => rename(from, to),
  async syncDir(path) {
    const handle = await open(path, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  },
  async mkdir(path) {
    await mkdir(path, { recursive: true });
  },
  remove: (path) => rm(path, { force: true }),
};
