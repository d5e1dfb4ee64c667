/**
 * Process hygiene of the real server: --help and bad flags exit at once with the right code;
 * SIGTERM lets an in-flight request finish, then the process exits 0; the grace period bounds
 * the wait; and `npm start` is one process, so a signal to it reaches the server.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { KEY_ANNA } from '../testing/bookingServer.js';
import { killAll, startProcess, startServer, type ServerProcess } from '../testing/serverProcess.js';
import { SERVER_OPTIONS } from './serverOptions.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'process-'));
});
afterEach(() => killAll());
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

let started = 0;

/** The server on a port it chose itself (PORT=0), read from its listening line. */
async function listening(env: Record<string, string> = {}): Promise<{ server: ServerProcess; port: number }> {
  const server = startServer({ PORT: '0', DB_FILE: join(dir, `db-${++started}.json`), LOG_LEVEL: 'info', ...env });
  return { server, port: portOf(await server.listeningUrl()) };
}

const portOf = (url: string) => Number(new URL(url).port);

function open(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Everything the server sends on `socket` until it closes the connection. */
function readAll(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
    socket.once('close', () => resolve(text));
  });
}

/**
 * A POST whose body is only half sent: in flight until the rest arrives. `Expect: 100-continue`
 * makes it deterministic: the server answers 100 only once it is handling the request.
 */
async function halfSentRequest(port: number, body: string): Promise<{ socket: Socket; rest: string; answer: Promise<string> }> {
  const socket = await open(port);
  const answer = readAll(socket);
  const handling = new Promise<void>((resolve) => socket.once('data', () => resolve()));
  socket.write(
    `POST /retrieve_booking.php HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\n\r\n`,
  );
  await handling;
  const half = Math.floor(body.length / 2);
  socket.write(body.slice(0, half));
  return { socket, rest: body.slice(half), answer };
}

const refused = (port: number) =>
  open(port).then(
    (socket) => {
      socket.destroy();
      return false;
    },
    (error: NodeJS.ErrnoException) => error.code === 'ECONNREFUSED',
  );

describe('flags', () => {
  it('--help lists every flag and variable of the table and exits 0', { timeout: 60_000 }, async () => {
    const help = startServer({}, ['--help']);
    expect(await help.exited).toEqual({ code: 0, signal: null });
    for (const spec of Object.values(SERVER_OPTIONS)) {
      // A secret has no flag (its variable and its _FILE twin only).
      expect(help.stdout()).toContain('secret' in spec ? `${spec.env}[_FILE]` : `--${spec.flag}`);
      expect(help.stdout()).toContain(spec.env!);
    }
    expect(help.stderr()).toBe('');
  });

  it('an unknown flag gets one line on stderr and exit 2, no stack trace', { timeout: 60_000 }, async () => {
    const bad = startServer({}, ['--prot', '3001']);
    expect(await bad.exited).toEqual({ code: 2, signal: null });
    expect(bad.stderr()).toBe("error: unknown option '--prot'; did you mean --port? (see --help)\n");
    expect(bad.stdout()).toBe('');
  });

  it('an admin token of sixteen spaces: one line and exit 2', { timeout: 60_000 }, async () => {
    const bad = startServer({ SANDBOX_ADMIN_TOKEN: ' '.repeat(16) });
    expect(await bad.exited).toEqual({ code: 2, signal: null });
    expect(bad.stderr().trimEnd().split('\n')).toEqual([
      'error: SANDBOX_ADMIN_TOKEN must have at least 16 non-whitespace characters (got 0) (see --help)',
    ]);
  });

  it('a secret given as a flag: one line and exit 2, the secret not repeated', { timeout: 60_000 }, async () => {
    const bad = startServer({}, ['--sandbox-admin-token', 'do-not-print-this-secret-0123']);
    expect(await bad.exited).toEqual({ code: 2, signal: null });
    expect(bad.stderr().trimEnd().split('\n')).toEqual([
      'error: --sandbox-admin-token is not accepted: a secret on the command line shows in the process list; set SANDBOX_ADMIN_TOKEN or SANDBOX_ADMIN_TOKEN_FILE (a file holding it) instead (see --help)',
    ]);
    expect(bad.output()).not.toContain('do-not-print-this-secret');
  });

  it('the admin token from SANDBOX_ADMIN_TOKEN_FILE opens /metrics', { timeout: 60_000 }, async () => {
    const token = 'token-from-a-file-0123456789abcdef';
    const file = join(dir, 'admin-token');
    await writeFile(file, `${token}\n`, { mode: 0o600 });
    const server = startServer({ PORT: '0', DB_FILE: join(dir, 'token-file.json'), SANDBOX_ADMIN_TOKEN_FILE: file, LOG_LEVEL: 'silent' });
    const url = await server.listeningUrl();
    expect((await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    expect((await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${token}x` } })).status).toBe(403);
    server.child.kill('SIGTERM');
    expect((await server.exited).code).toBe(0);
  });

  it("SUPPORT_EMAIL is the address the 429 sends a team to", { timeout: 60_000 }, async () => {
    const server = startServer({ PORT: '0', DB_FILE: join(dir, 'support.json'), SUPPORT_EMAIL: 'api-help@sandbox.example', RATE_LIMIT_PER_MINUTE: '1', LOG_LEVEL: 'silent' });
    const url = await server.listeningUrl();
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const search = () =>
      fetch(`${url}/search.php`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ apikey: KEY_ANNA, location: 'Amsterdam', checkin: day(30), checkout: day(32) }),
      });
    expect((await search()).status).toBe(200);
    const refused = await search();
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: string }).error).toContain('write to api-help@sandbox.example with this key');
    server.child.kill('SIGTERM');
    expect((await server.exited).code).toBe(0);
  });

  it('a bad value in the environment too', { timeout: 60_000 }, async () => {
    const bad = startServer({ CORS_ORIGINS: 'localhost:5173' });
    expect(await bad.exited).toEqual({ code: 2, signal: null });
    expect(bad.stderr().trimEnd().split('\n')).toEqual([
      "error: CORS_ORIGINS: 'localhost:5173' is not an origin (scheme://host[:port], no path or trailing slash) (see --help)",
    ]);
  });
});

describe('SIGTERM', () => {
  it('finishes the in-flight request, closes idle keep-alive connections, then exits 0', { timeout: 120_000 }, async () => {
    const { server, port } = await listening();
    const idle = await open(port); // a keep-alive connection with nothing in flight must not hold the exit
    const idleClosed = readAll(idle);
    const answered = new Promise((resolve) => idle.once('data', resolve));
    idle.write(`GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
    await answered;
    const inFlight = await halfSentRequest(port, JSON.stringify({ apikey: KEY_ANNA, bookhash: 'B'.repeat(30) }));

    server.child.kill('SIGTERM');
    await server.waitFor('shutting down', 30_000);
    expect(await refused(port)).toBe(true); // no new connections
    expect(await idleClosed).toContain('HTTP/1.1 200 OK');

    inFlight.socket.write(inFlight.rest);
    const answer = await inFlight.answer;
    expect(answer).toMatch(/^HTTP\/1.1 100 Continue\r\n\r\nHTTP\/1.1 404 Not Found\r\n/);
    expect(answer).toContain('"error"');

    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(server.stdout()).toMatch(/"method":"POST","path":"\/retrieve_booking.php","status":404/);
    expect(server.stdout()).toContain('"msg":"stopped"');
  });

  it('cuts what is still open after the grace period and exits 0', { timeout: 120_000 }, async () => {
    const { server, port } = await listening({ SHUTDOWN_GRACE_SECONDS: '1' });
    const stuck = await halfSentRequest(port, JSON.stringify({ apikey: KEY_ANNA, bookhash: 'C'.repeat(30) }));
    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(server.stdout()).toContain('grace period over');
    await stuck.answer; // the server closed it
  });
});

describe('npm start', () => {
  it('is one process: a SIGTERM to npm reaches the server, which stops', { timeout: 120_000 }, async () => {
    const npm = startProcess('npm', ['start', '--silent'], { PORT: '0', DB_FILE: join(dir, 'npm.json') });
    const port = portOf(await npm.listeningUrl());
    // Serving, not only started: the signal then meets the server's own drain, not its start-up.
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    npm.child.kill('SIGTERM'); // npm itself, not its process group
    // Bounded: an orphaned server would keep the pipes, and so npm's 'close', open.
    await Promise.race([npm.exited, new Promise((resolve) => setTimeout(resolve, 30_000))]);
    expect(npm.stdout()).toContain('"signal":"SIGTERM"');
    expect(await refused(port)).toBe(true);
  });
});
