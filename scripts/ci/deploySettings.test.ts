/**
 * deploy/processes/common.sh: the settings start.sh records so that replica.sh starts a replica as
 * its sibling runs (the server's own settings, no secret values), read back with the environment
 * winning, and a replica refused when a secret its sibling was given is missing. Plain bash, no server.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVER_OPTIONS } from '../../server/cli/serverOptions.js';
import { ROOT } from '../../server/testing/serverProcess.js';

const run = promisify(execFile);
const COMMON = join(ROOT, 'deploy/processes/common.sh');
const state = mkdtempSync(join(tmpdir(), 'deploy-settings-'));
afterAll(() => rmSync(state, { recursive: true, force: true }));

/** Runs `script` after sourcing common.sh, in exactly `env` (plus PATH; SHLVL, without which bash on a pipe reads bashrc). */
function bash(script: string, env: Record<string, string>) {
  return run('bash', ['-euo', 'pipefail', '-c', `. ${COMMON}; ${script}`], { env: { PATH: process.env.PATH!, SHLVL: '1', STATE_DIR: state, ...env } }).then(
    ({ stdout }) => ({ code: 0, stdout, stderr: '' }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  );
}

describe('the settings a replica started alone shares with the others', () => {
  it("are the server's settings: every one but HOST, PORT and the secrets' values", () => {
    const listed = /SHARED_SETTINGS=\(([^)]*)\)/.exec(readFileSync(COMMON, 'utf8'))![1]!.split(/\s+/).filter(Boolean);
    const server = Object.values(SERVER_OPTIONS).map((spec) => ('secret' in spec ? `${spec.env}_FILE` : spec.env!)).filter((name) => !['HOST', 'PORT'].includes(name));
    expect(listed.filter((name) => name !== 'REPLICA_PORTS').sort()).toEqual(server.sort());
  });

  it('are recorded without secret values (mode 600), read back with the environment winning, and a missing secret refused', async () => {
    const saved = await bash('save_settings', { DATABASE_URL: 'postgres://sandbox:pw-9f3k@db/sandbox', SANDBOX_ADMIN_TOKEN_FILE: '/run/secrets/admin', DEMO_ACCOUNTS: 'off', PUBLIC_URL: 'https://sandbox.example', REPLICA_PORTS: '4001 4002', CORS_ORIGINS: 'https://a.example,https://b.example' });
    expect(saved.code, saved.stderr).toBe(0);
    const file = join(state, 'settings.env');
    const text = readFileSync(file, 'utf8');
    expect(text).not.toContain('pw-9f3k');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const show = 'load_settings; echo "$DEMO_ACCOUNTS|$PUBLIC_URL|$(replica_port 2)|$SANDBOX_ADMIN_TOKEN_FILE|$CORS_ORIGINS"';
    // DATABASE_URL was given as a value: a replica started without it (or its file) is refused.
    const refused = await bash(show, {});
    expect([refused.code, refused.stderr]).toEqual([2, expect.stringMatching(/^DATABASE_URL \(or DATABASE_URL_FILE\) must be set/)]);
    const loaded = await bash(show, { DATABASE_URL_FILE: '/run/secrets/database-url', PUBLIC_URL: 'https://other.example' });
    expect([loaded.code, loaded.stdout]).toEqual([0, 'off|https://other.example|4002|/run/secrets/admin|https://a.example,https://b.example\n']);
  });
});
