/**
 * `hotel-sandbox accounts …` against a running sandbox (--url, the admin token from the environment)
 * and against an embedded store's file (--db-file): the same actions, the same answers, the key
 * shown once, exit 0 done, 1 refused, 2 usage.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LowdbStore } from '../store/lowdbStore.js';
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
    const rolled = await run(['roll-key', String(id), keyId, '--grace', '0', '--db-file', file]);
    expect(rolled.code).toBe(0);
    const fresh = /^(hbs_test_\w{32})$/m.exec(rolled.out)?.[1] as string;

    const store = await LowdbStore.open(file, { warn: () => {} });
    const [account] = (await store.loadAccounts()).accounts.filter((candidate) => candidate.id === id);
    expect(account?.keys.map((k) => k.rolled_to !== null)).toEqual([true, false]);
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

  it('says what is wrong with the command line: exit 2', async () => {
    for (const args of [['list'], ['list', '--url', server.baseUrl], ['show', 'x', '--db-file', join(dir, 'x.json')], ['frobnicate', '--db-file', join(dir, 'x.json')], ['list', '--nope']]) {
      const answer = await run(args);
      expect(answer.code, args.join(' ')).toBe(2);
      expect(answer.err, args.join(' ')).toMatch(/^error: .*hotel-sandbox accounts --help/);
    }
  });
});
