/**
 * `hotel-sandbox accounts …` against a running sandbox (--url, the admin token from the environment)
 * and against an embedded store's file (--db-file): the same actions, the same answers, the key
 * shown once, exit 0 done, 1 refused, 2 usage.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LowdbStore } from '../store/lowdbStore.js';
import { skipPostgres, startPostgresCluster } from '../testing/postgres.js';
import { startTestServer, TEST_ADMIN_TOKEN, type TestServer } from '../testing/testServer.js';
import { accountsCommand } from './accountsCommand.js';
import { COMMANDS } from './commands.js';

const TEAM = ['--name', 'CLI Travel', '--contact', 'ops@cli.example', '--first-name', 'Cli', '--last-name', 'Ent', '--email', 'cli@cli.example', '--phone', '+31 20 555 0166'];

async function run(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await accountsCommand({ out: (text) => out.push(text), err: (text) => err.push(text) }, env).run(args);
  return { code, out: out.join('\n'), err: err.join('\n') };
}

let dir: string;
let server: TestServer;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'accounts-cli-'));
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

describe('hotel-sandbox accounts', () => {
  it('is a command of hotel-sandbox', async () => {
    expect((await COMMANDS.accounts!()).summary).toMatch(/^accounts ACTION/);
    const help = await run(['--help']);
    expect([help.code, help.out]).toEqual([0, expect.stringContaining('Usage: hotel-sandbox accounts ACTION')]);
  });

  it('on a store file: creates (the key shown once), lists, grants a quota, rolls a key, deletes; the file keeps it all', async () => {
    const file = join(dir, 'db.json');
    const created = await run(['create', ...TEAM, '--db-file', file]);
    expect(created.code, created.err).toBe(0);
    const key = /^(hbs_test_[0-9A-Za-z]{32})$/m.exec(created.out)?.[1] as string;
    expect(key).toBeDefined();
    expect(created.out).toContain('The key is shown this once');
    const id = Number(/^Account (\d+) /.exec(created.out)?.[1]);

    const listed = await run(['list', '--db-file', file]);
    expect(listed.out).toMatch(new RegExp(`${id}\\s+active\\s+CLI Travel\\s+<ops@cli\\.example>`));
    expect(listed.out).not.toContain(key);

    const quota = await run(['quota', String(id), '--per-minute', '30', '--days', '30', '--note', 'sync', '--db-file', file, '--json']);
    expect(JSON.parse(quota.out).quota).toMatchObject({ per_minute: 30, in_force: true, note: 'sync' });
    const keyId = (JSON.parse((await run(['show', String(id), '--db-file', file, '--json'])).out) as { keys: Array<{ id: string }> }).keys[0]!.id;
    // Without --json, one line saying what was done, not the whole account.
    const said = await run(['quota', String(id), '--per-minute', '40', '--per-day', '6000', '--days', '30', '--db-file', file]);
    expect(said.out).toMatch(new RegExp(`^Account ${id} \\(CLI Travel\\): quota per minute 40, per day 6000 until \\d{4}-\\d\\d-\\d\\dT[^ ]+ \\(in force\\)\\.$`));
    const withdrawn = await run(['quota', String(id), '--withdraw', '--db-file', file]);
    expect(withdrawn.out).toBe(`Account ${id} (CLI Travel): no quota of its own: the sandbox's limits apply.`);
    const rolled = await run(['roll-key', String(id), keyId, '--grace', '600', '--db-file', file]);
    expect(rolled.code).toBe(0);
    const fresh = /^(hbs_test_\w{32})$/m.exec(rolled.out)?.[1] as string;
    // When the old key stops, in the answer's own words.
    const until = new RegExp(`^The old key ${keyId} keeps working until (\\S+) \\(real time\\)\\.$`, 'm').exec(rolled.out)?.[1];
    expect(Date.parse(until ?? '') - Date.now()).toBeGreaterThan(500_000);
    expect(Date.parse(until ?? '') - Date.now()).toBeLessThanOrEqual(600_000);
    const freshId = /^Account \d+ \(CLI Travel\): key (key_\w+)$/m.exec(rolled.out)?.[1] as string;
    const revoked = await run(['revoke-key', String(id), freshId, '--db-file', file]);
    expect(revoked.out).toBe(`Account ${id} (CLI Travel): key ${freshId} revoked; it stops at once on every replica, and console sessions signed in with it end.`);

    const store = await LowdbStore.open(file, { warn: () => {} });
    const [account] = (await store.loadAccounts()).accounts.filter((candidate) => candidate.id === id);
    expect(account?.keys.map((k) => [k.rolled_to !== null, k.revoked_at !== null])).toEqual([[true, false], [false, true]]);
    expect(JSON.stringify(account)).not.toContain(fresh);
    await store.close();

    expect((await run(['delete', String(id), '--db-file', file])).code).toBe(2); // needs --yes
    expect((await run(['delete', String(id), '--yes', '--db-file', file])).code).toBe(0);
    const gone = await run(['show', String(id), '--db-file', file]);
    expect([gone.code, gone.err]).toEqual([1, `error: 404: No account ${id}`]);
  });

  it('on a running sandbox (--url, SANDBOX_ADMIN_TOKEN): the key it prints works on the API at once', async () => {
    const env = { SANDBOX_ADMIN_TOKEN: TEST_ADMIN_TOKEN };
    const created = await run(['create', ...TEAM, '--url', server.baseUrl], env);
    expect(created.code, created.err).toBe(0);
    const key = /^(hbs_test_\w{32})$/m.exec(created.out)?.[1] as string;
    expect((await server.post('/_control/keys', { apikey: key })).status).toBe(200);
    const id = /^Account (\d+) /.exec(created.out)?.[1] as string;
    expect((await run(['disable', id, '--url', server.baseUrl], env)).code).toBe(0);
    expect((await server.post('/_control/keys', { apikey: key })).status).toBe(403);
    const refused = await run(['quota', id, '--per-minute', '1', '--url', server.baseUrl], env);
    expect([refused.code, refused.err]).toEqual([1, expect.stringMatching(/^error: 400: 'per_minute' must be a whole number from 5/)]);
    const wrongToken = await run(['list', '--url', server.baseUrl], { SANDBOX_ADMIN_TOKEN: 'not-the-token-of-this-one' });
    expect([wrongToken.code, wrongToken.err]).toEqual([1, 'error: 403: Invalid admin token']);
  });

  it('reads its secrets as the server does: SANDBOX_ADMIN_TOKEN_FILE, DATABASE_URL_FILE; never a flag', async () => {
    const tokenFile = join(dir, 'admin-token');
    await writeFile(tokenFile, `${TEST_ADMIN_TOKEN}\n`);
    const listed = await run(['list', '--url', server.baseUrl], { SANDBOX_ADMIN_TOKEN_FILE: tokenFile });
    expect([listed.code, listed.err]).toEqual([0, '']);
    const both = await run(['list', '--url', server.baseUrl], { SANDBOX_ADMIN_TOKEN: TEST_ADMIN_TOKEN, SANDBOX_ADMIN_TOKEN_FILE: tokenFile });
    expect([both.code, both.err]).toEqual([2, expect.stringMatching(/set SANDBOX_ADMIN_TOKEN or SANDBOX_ADMIN_TOKEN_FILE, not both/)]);
    // The database named by the file is the one used (nothing listens there): its error, never its password.
    const urlFile = join(dir, 'database-url');
    await writeFile(urlFile, 'postgres://sandbox:s3cret-pw@127.0.0.1:1/sandbox\n');
    const database = await run(['list'], { DATABASE_URL_FILE: urlFile });
    expect(database.code).toBe(2);
    expect(database.err).toMatch(/127\.0\.0\.1:1/);
    expect(database.err).not.toContain('s3cret-pw');
    const flag = await run(['list', '--database-url', 'postgres://sandbox:s3cret-pw@127.0.0.1:1/sandbox']);
    expect([flag.code, flag.err]).toEqual([2, expect.stringMatching(/^error: --database-url is not accepted: .* set DATABASE_URL or DATABASE_URL_FILE/)]);
  });

  it.skipIf(skipPostgres())('works on a PostgreSQL store named by DATABASE_URL_FILE', { timeout: 120_000 }, async () => {
    const cluster = await startPostgresCluster();
    try {
      const urlFile = join(dir, 'postgres-url');
      await writeFile(urlFile, `${cluster.url}\n`, { mode: 0o600 });
      const created = await run(['create', ...TEAM], { DATABASE_URL_FILE: urlFile });
      expect(created.code, created.err).toBe(0);
      const id = /^Account (\d+) /.exec(created.out)?.[1] as string;
      const listed = await run(['list'], { DATABASE_URL_FILE: urlFile });
      expect(listed.out).toMatch(new RegExp(`${id}\\s+active\\s+CLI Travel`));
    } finally {
      await cluster.stop();
    }
  });

  it('says what is wrong with the command line: exit 2', async () => {
    for (const args of [['list'], ['list', '--url', server.baseUrl], ['show', 'x', '--db-file', join(dir, 'x.json')], ['frobnicate', '--db-file', join(dir, 'x.json')], ['list', '--nope']]) {
      const answer = await run(args);
      expect(answer.code, args.join(' ')).toBe(2);
      expect(answer.err, args.join(' ')).toMatch(/^error: .*hotel-sandbox accounts --help/);
    }
  });
});
