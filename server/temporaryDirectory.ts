/**
 * Temporary directories of the embedded store (startSandbox() and the package's server without a
 * DB_FILE) that do not outlive their process, however it ends:
 *   - process.exit(), a natural end, an uncaught throw: removed on the 'exit' event;
 *   - SIGTERM, SIGINT, SIGHUP with nobody else listening (Node's default would end the process
 *     without 'exit'): removed, then the signal is raised again, so the process ends as it would have;
 *     with another listener (a test runner, the server's own drain), that listener decides, and
 *     'exit' removes them if it ends the process;
 *   - SIGKILL, a crash of Node itself: nothing runs, so each new directory's name holds its
 *     process id, and the next one made on this machine removes those of processes that are gone.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PREFIX = 'hotel-sandbox-';
/** `hotel-sandbox-<pid>-XXXXXX`, as mkdtemp completes it. */
const NAME = /^hotel-sandbox-(\d+)-[A-Za-z0-9]{6}$/;
const SIGNALS: NodeJS.Signals[] = ['SIGTERM', 'SIGINT', 'SIGHUP'];

const live = new Set<string>();

function removeLive(): void {
  for (const dir of live) rmSync(dir, { recursive: true, force: true });
  live.clear();
}

/** Marks this module's listener: the ES module and its CommonJS twin may both be loaded, each with one. */
const OURS = Symbol.for('hotel-sandbox.temporaryDirectory');

function onSignal(signal: NodeJS.Signals): void {
  // Somebody else handles this signal: the process goes on, or ends through 'exit'.
  if (process.listeners(signal).some((listener) => !(OURS in listener))) return;
  removeLive();
  unlisten();
  process.kill(process.pid, signal);
}

Object.defineProperty(onSignal, OURS, { value: true });

function listen(): void {
  process.on('exit', removeLive);
  for (const signal of SIGNALS) process.on(signal, onSignal);
}

function unlisten(): void {
  process.off('exit', removeLive);
  for (const signal of SIGNALS) process.off(signal, onSignal);
}

/** Whether a process of this id runs (one of another user's counts: it cannot be signalled, but it is there). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes the directories that processes now gone left in `parent`; returns their paths. */
export function sweepDeadProcessDirectories(parent = tmpdir()): string[] {
  let entries: string[];
  try {
    entries = readdirSync(parent);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const entry of entries) {
    const pid = Number(NAME.exec(entry)?.[1]);
    if (!pid || pid === process.pid || running(pid)) continue;
    try {
      rmSync(join(parent, entry), { recursive: true, force: true });
      removed.push(join(parent, entry));
    } catch {
      // Another user's, or removed meanwhile: not ours to insist on.
    }
  }
  return removed;
}

/** A new directory, removed by `remove()` or when the process ends (see the top of this file). */
export function temporaryDirectory(parent = tmpdir()): { path: string; remove(): void } {
  sweepDeadProcessDirectories(parent);
  const path = mkdtempSync(join(parent, `${PREFIX}${process.pid}-`));
  if (live.size === 0) listen();
  live.add(path);
  return {
    path,
    remove() {
      if (!live.delete(path)) return;
      rmSync(path, { recursive: true, force: true });
      if (live.size === 0) unlisten();
    },
  };
}
