/**
 * `hotel-sandbox backup --out FILE` and `hotel-sandbox restore --from FILE`: the embedded store's
 * backup and restore (store/lowdbBackup.ts). A backup can be taken while the server runs; a restore
 * needs the server stopped, and refuses while a process holds the store's files open (Linux).
 * With PostgreSQL (DATABASE_URL set) both point to pg_dump and pg_restore (docs/operating.md,
 * "Back up" and "Restore"), which take a consistent copy of a running database.
 *
 * Exit 0 done; 2 usage, a PostgreSQL store, an unreadable store or backup, or (restore) a server
 * still running on the store.
 */
import { readdir, readlink } from 'node:fs/promises';
import { resolve } from 'node:path';
import { BackupError, readBackup, readStoreCopy, restoreStoreCopy, writeStoreCopy, type StoreCopy } from '../store/lowdbBackup.js';
import type { Command } from './command.js';
import { anyText, commandSettings, option } from './options.js';
import { SERVER_OPTIONS } from './serverOptions.js';

type Say = (line: string) => void;

const POSTGRES_HINT =
  'DATABASE_URL is set: back up PostgreSQL with pg_dump --format=custom and restore with pg_restore (docs/operating.md, "Back up" and "Restore")';

const fileOption = (flag: string, help: string) => option<string | undefined>({ flag, placeholder: '<file>', fallback: undefined, shownDefault: 'required', help, parse: anyText });

const storeOptions = {
  dbFile: { ...SERVER_OPTIONS.dbFile, help: 'The embedded store (its journal is DB_FILE.journal)' },
  databaseUrl: { ...SERVER_OPTIONS.databaseUrl, shownDefault: 'unset', help: 'When set, the store is PostgreSQL: use pg_dump and pg_restore instead' },
};

export const BACKUP_OPTIONS = { ...storeOptions, out: fileOption('out', 'Where to write the backup (replaced atomically if it exists)') };
export const RESTORE_OPTIONS = { ...storeOptions, from: fileOption('from', 'The backup to restore (a file hotel-sandbox backup wrote)') };

const described = (copy: StoreCopy) => `${copy.bookings} bookings, ${copy.emails} e-mails (journal seq ${copy.seq})`;

export async function runBackup(args: readonly string[], say: Say = console.log, fail: Say = console.error): Promise<number> {
  const read = commandSettings(BACKUP_OPTIONS, {
    usage: 'hotel-sandbox backup --out <file> [--db-file <path>]',
    about: 'Writes a consistent copy of the embedded store (DB_FILE and its journal), in the format of DB_FILE, while the server runs or not.',
  }, args);
  if ('exitCode' in read) return read.exitCode;
  const { dbFile, databaseUrl, out } = read.settings;
  if (databaseUrl !== undefined) return (fail(`error: ${POSTGRES_HINT}`), 2);
  if (out === undefined) return (fail('error: --out <file> is required (see --help)'), 2);
  const path = resolve(dbFile ?? 'data/db.json');
  // The store's own files (and the temp file its compaction writes) are never a backup's place.
  if ([path, `${path}.journal`, `${path}.tmp`, `${path}.ready`].includes(resolve(out))) {
    return (fail(`error: --out must not be the store's own file (${resolve(out)}); name another file`), 2);
  }
  const startedAt = performance.now();
  try {
    const copy = await readStoreCopy(path);
    const bytes = await writeStoreCopy(copy, resolve(out));
    say(`Backed up ${path}: ${described(copy)} to ${resolve(out)} (${bytes} bytes, ${Math.round(performance.now() - startedAt)} ms).`);
    return 0;
  } catch (error) {
    if (error instanceof BackupError) return (fail(`Cannot back up: ${error.message}.`), 2);
    throw error;
  }
}

/** Processes (their pids) that hold one of `paths` open, read from /proc; none where there is no /proc. */
export async function processesHolding(paths: readonly string[]): Promise<number[]> {
  const wanted = new Set(paths);
  const pids = await readdir('/proc').catch(() => [] as string[]);
  const holders: number[] = [];
  for (const pid of pids.filter((name) => /^\d+$/.test(name) && Number(name) !== process.pid)) {
    const fds = await readdir(`/proc/${pid}/fd`).catch(() => [] as string[]);
    for (const fd of fds) {
      const target = await readlink(`/proc/${pid}/fd/${fd}`).catch(() => '');
      if (wanted.has(target)) {
        holders.push(Number(pid));
        break;
      }
    }
  }
  return holders;
}

export async function runRestore(args: readonly string[], say: Say = console.log, fail: Say = console.error): Promise<number> {
  const read = commandSettings(RESTORE_OPTIONS, {
    usage: 'hotel-sandbox restore --from <file> [--db-file <path>]',
    about:
      'Puts a backup in place as the embedded store, the server stopped: DB_FILE and its journal are moved aside (renamed to <name>.before-restore-<time>), the backup becomes DB_FILE.',
  }, args);
  if ('exitCode' in read) return read.exitCode;
  const { dbFile, databaseUrl, from } = read.settings;
  if (databaseUrl !== undefined) return (fail(`error: ${POSTGRES_HINT}`), 2);
  if (from === undefined) return (fail('error: --from <file> is required (see --help)'), 2);
  const path = resolve(dbFile ?? 'data/db.json');
  try {
    const copy = await readBackup(resolve(from));
    const holders = await processesHolding([path, `${path}.journal`]);
    if (holders.length > 0) {
      fail(`Cannot restore: the store ${path} is in use by process ${holders.join(', ')} (a running server); stop it first. Nothing was changed.`);
      return 2;
    }
    const aside = await restoreStoreCopy(copy, path);
    say(`Restored ${described(copy)} from ${resolve(from)} to ${path}.`);
    if (aside.length > 0) say(`The files it replaced were kept: ${aside.join(', ')} (remove them once the restored sandbox is checked).`);
    return 0;
  } catch (error) {
    if (error instanceof BackupError) return (fail(`Cannot restore: ${error.message}.`), 2);
    throw error;
  }
}

export const backupCommand: Command = {
  summary: 'Write a consistent copy of the embedded store (DB_FILE), while the server runs or not',
  run: (args) => runBackup(args),
};

export const restoreCommand: Command = {
  summary: 'Put a backup in place as the embedded store (the server stopped)',
  run: (args) => runRestore(args),
};
