/**
 * Packaging: `npm run pack:sandbox` builds the hotel-sandbox tarball; installed into an empty
 * directory it starts from `npx hotel-sandbox` and from `import { startSandbox } from 'hotel-sandbox'`,
 * with no repository around it, and a script that embeds it exits by itself after stop().
 */
import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'hotel-sandbox-pack-'));
const project = join(work, 'project');
const installed = join(project, 'node_modules/hotel-sandbox');

async function sh(command: string, args: string[], cwd = project): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(command, args, { cwd, timeout: 150_000, env: { ...process.env, npm_config_update_notifier: 'false' } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

beforeAll(async () => {
  const packed = await sh('npx', ['tsx', 'scripts/pack-sandbox.ts', '--out', join(work, 'dist')], ROOT);
  expect(packed.code, packed.stderr).toBe(0);
  const tarball = packed.stdout.trim().split('\n').pop() ?? '';
  await sh('mkdir', ['-p', project], work);
  writeFileSync(join(project, 'package.json'), '{ "name": "consumer", "version": "1.0.0", "private": true, "type": "module" }\n');
  // The dependencies come from npm's cache when `npm ci` filled it, else from the registry.
  const install = await sh('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', tarball]);
  expect(install.code, install.stderr).toBe(0);
}, 300_000);

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

describe('the packed sandbox (hotel-sandbox)', () => {
  it('is an MIT package of what runs, versioned as the contract, with a README that names no repository path', () => {
    const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as Record<string, unknown>;
    const contract = readFileSync(join(ROOT, 'openapi.yaml'), 'utf8');
    expect(manifest).toMatchObject({ name: 'hotel-sandbox', license: 'MIT', bin: { 'hotel-sandbox': 'bin/hotel-sandbox.js' }, engines: { node: '>=20' } });
    expect(contract).toContain(`version: ${String(manifest.version)}`);
    for (const field of ['repository', 'bugs', 'types']) expect(manifest[field], field).toBeTruthy();
    expect(existsSync(join(installed, String(manifest.types)))).toBe(true);
    expect(readFileSync(join(installed, 'LICENSE'), 'utf8')).toMatch(/^MIT License/);
    const readme = readFileSync(join(installed, 'README.md'), 'utf8');
    expect(readme).not.toMatch(/npm run |npm start|server\/|conformance\/|\.\.\/shared|\.test\.ts/);
    expect(existsSync(join(installed, 'server/sandbox.test.js'))).toBe(false);
    // The start-up cache ships: the world and its geocoder, the contracts parsed, their compiled schemas, the country names.
    const kinds = readdirSync(join(installed, 'cache')).filter((file) => !file.startsWith('.')).map((file) => file.replace(/-[0-9a-f]{32}\..*$/, '')).sort();
    expect(kinds).toEqual(['contract-control-api', 'contract-openapi', 'countries', 'schemas-contract', 'schemas-requests', 'world']);
  });

  it('prints its help naming the packaged command', async () => {
    const help = await sh('npx', ['--offline', 'hotel-sandbox', '--help']);
    expect(help.code, help.stderr).toBe(0);
    expect(help.stdout).toMatch(/^Usage: hotel-sandbox \[flags\]/);
    expect(help.stdout).not.toMatch(/npm start|server\/bin/);
  });

  it('embeds: startSandbox() serves a search and a typed control call, and the script exits by itself after stop()', async () => {
    writeFileSync(
      join(project, 'embed.mjs'),
      `import { startSandbox } from 'hotel-sandbox';
const sandbox = await startSandbox();
const search = await fetch(sandbox.url + '/search.php', {
  method: 'POST', headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ apikey: sandbox.accounts[0].apikey, location: 'Amsterdam', checkin: '2027-06-01', checkout: '2027-06-03' }),
});
const clock = await sandbox.control.POST('/clock', { body: { apikey: sandbox.accounts[0].apikey } });
console.log(JSON.stringify({ search: search.status, hotels: (await search.json()).total_hotels, clock: clock.response.status }));
await sandbox.stop();
`,
    );
    const result = await sh('node', ['embed.mjs']);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout.trim())).toEqual({ search: 200, hotels: expect.any(Number), clock: 200 });
    // The package's start-up cache was read, not made again (a line says so when one is made).
    expect(result.stderr).not.toContain('start-up cache');
  });

  it('runs as the installed bin on a temporary store and stops cleanly on SIGTERM', async () => {
    // The bin itself (what npx runs), so that the signal reaches the server and not npm.
    const bin = join(project, 'node_modules/.bin/hotel-sandbox');
    const child = spawn(bin, ['--port', '0', '--log-level', 'silent'], { cwd: project, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no listening line within 60 s: ${output}`)), 60_000);
      child.stdout.on('data', () => {
        const found = /listening on (http:\/\/\S+)/.exec(output);
        if (found?.[1]) {
          clearTimeout(timer);
          resolve(found[1]);
        }
      });
    });
    expect(output).toMatch(/store \/\S*hotel-sandbox-\S+\/db\.json/);
    expect(output).not.toContain('start-up cache');
    const health = await fetch(`${url}/healthz`);
    expect(health.status).toBe(200);
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
