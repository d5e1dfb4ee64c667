/**
 * A server that cannot start says why in one line on stderr and exits 2, at once: an unusable
 * DB_FILE (under /proc, a directory, in a read-only directory), an unreachable DATABASE_URL, a bad
 * admin token, a port in use. None of them may hang, spin or print a stack trace. A torn journal
 * tail is no such error: it is cut, logged, and the server starts.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { killAll, startServer } from '../testing/serverProcess.js';

/** The brief's bound: the line and the exit come within 5 s of the spawn. */
const EXIT_WITHIN_MS = 5_000;

let dir: string;
let readOnlyDir: string | undefined;
let readOnlySkip = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'startup-errors-'));
  // A directory the server cannot write to. Root ignores file modes, so a read-only tmpfs then.
  const target = join(dir, 'read-only');
  await mkdir(target);
  if (process.getuid?.() === 0) {
    const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'ro,size=1m', 'tmpfs', target], { encoding: 'utf8' });
    if (mounted.status === 0) readOnlyDir = target;
    else readOnlySkip = `mount -o ro failed: ${mounted.stderr.trim()}`;
  } else {
    spawnSync('chmod', ['0555', target]);
    readOnlyDir = target;
  }
});
afterEach(() => killAll());
afterAll(async () => {
  if (readOnlyDir && process.getuid?.() === 0) spawnSync('umount', [readOnlyDir]);
  await rm(dir, { recursive: true, force: true });
});

/** Starts the server with `env`; its exit code, stdout, stderr and how long it took (killed after 20 s). */
async function start(env: Record<string, string>) {
  const startedAt = Date.now();
  const server = startServer({ PORT: '0', DB_FILE: join(dir, `db-${startedAt}.json`), ...env });
  const timer = setTimeout(() => killAll(), 20_000);
  const exited = await server.exited;
  clearTimeout(timer);
  return { ...exited, ms: Date.now() - startedAt, stdout: server.stdout(), stderr: server.stderr() };
}

async function expectCleanExit(env: Record<string, string>, line: RegExp): Promise<void> {
  const result = await start(env);
  expect(result.signal).toBeNull(); // not killed by the 20 s guard
  expect(result.code).toBe(2);
  const lines = result.stderr.trimEnd().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(line);
  expect(result.stdout).not.toContain('listening on');
  expect(result.ms).toBeLessThan(EXIT_WITHIN_MS);
}

describe('startup errors: one line on stderr, exit 2, within 5 s', () => {
  it('DB_FILE under /proc (Node’s recursive mkdir would spin there for ever)', { timeout: 30_000 }, async () => {
    await expectCleanExit({ DB_FILE: '/proc/nope/db.json' }, /^Cannot start: Cannot create the directory of DB_FILE \/proc\/nope\/db\.json \(ENOENT/);
  });

  it('DB_FILE that is a directory', { timeout: 30_000 }, async () => {
    await expectCleanExit({ DB_FILE: dir }, /^Cannot start: DB_FILE .* cannot be read \(EISDIR/);
  });

  it('DB_FILE under a path that is a file', { timeout: 30_000 }, async () => {
    await writeFile(join(dir, 'a-file'), '');
    await expectCleanExit({ DB_FILE: join(dir, 'a-file', 'db.json') }, /^Cannot start: Cannot create the directory of DB_FILE .*\(ENOTDIR/);
  });

  it('DB_FILE in a directory the server cannot write to', { timeout: 30_000 }, async (context) => {
    if (!readOnlyDir) {
      if (process.env.CI) throw new Error(`no read-only directory under CI: ${readOnlySkip}`);
      context.skip(readOnlySkip);
    }
    await expectCleanExit({ DB_FILE: join(readOnlyDir!, 'db.json') }, /^Cannot start: Cannot open the journal .*db\.json\.journal for writing \((EROFS|EACCES)/);
  });

  it('an unreachable DATABASE_URL (no retrying for ever)', { timeout: 30_000 }, async () => {
    await expectCleanExit({ DATABASE_URL: 'postgres://127.0.0.1:1/x' }, /^Cannot start: Cannot use DATABASE_URL postgres:\/\/127\.0\.0\.1:1\/x: .*ECONNREFUSED/);
  });

  it.each([
    ['shorter than 16 characters', 'short-token', /must have at least 16 non-whitespace characters \(got 11\)/],
    ['all whitespace', ' '.repeat(20), /must have at least 16 non-whitespace characters \(got 0\)/],
    ['padded to 16 with spaces', '  abcdefgh  ijklm  ', /must have at least 16 non-whitespace characters \(got 13\)/],
  ])('a SANDBOX_ADMIN_TOKEN %s', { timeout: 30_000 }, async (_name, token, line) => {
    await expectCleanExit({ SANDBOX_ADMIN_TOKEN: token }, new RegExp(`^error: SANDBOX_ADMIN_TOKEN ${line.source}`));
  });

  it('a port in use (EADDRINUSE)', { timeout: 30_000 }, async () => {
    const taken: Server = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as { port: number }).port;
    try {
      await expectCleanExit({ PORT: String(port) }, new RegExp(`^Cannot start: cannot listen on 127\\.0\\.0\\.1:${port} \\(listen EADDRINUSE`));
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });
});

describe('a torn journal tail at start', () => {
  it('is cut back to the last whole entry, logged as a warning, and the server starts', { timeout: 60_000 }, async () => {
    const dbFile = join(dir, 'torn.json');
    const entry = (seq: number) => `{"seq":${seq},"op":"resetAccount","accountId":1}\n`;
    await writeFile(dbFile, '{"version":1,"seq":0,"nextBookingId":1,"bookings":[],"outbox":[]}\n');
    await writeFile(`${dbFile}.journal`, `${entry(1)}${entry(2)}{"seq":3,"op":"rese${'\0'.repeat(512)}`);
    const server = startServer({ PORT: '0', DB_FILE: dbFile, LOG_LEVEL: 'info' });
    expect(await server.listeningUrl()).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(server.stdout()).toMatch(/"level":40,.*torn last line of .*torn\.json\.journal \(line 3, 531 bytes/);
    expect(server.stderr()).toBe('');
    expect(readFileSync(`${dbFile}.journal`, 'utf8')).toBe(`${entry(1)}${entry(2)}`);
  });
});
