/**
 * Packaging: `npm run pack:sandbox` builds the hotel-sandbox tarball; installed into an empty
 * directory (at most 80 MB, no install scripts, no redoc) it starts from `npx hotel-sandbox` and
 * from `import { startSandbox } from 'hotel-sandbox'` or `require('hotel-sandbox')`, with no
 * repository around it; a script that embeds it exits by itself after stop(); `hotel-sandbox/contract`
 * types a client; and the server stops, leaving no temporary directory, on SIGTERM or SIGINT to npx itself, to
 * the bin, and after a bad flag.
 */
import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEMPORARY_STORE_TEXT } from '../server/cli/serverOptions.js';
import { installedTree } from './installedTree.js';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'hotel-sandbox-pack-'));
const project = join(work, 'project');
const installed = join(project, 'node_modules/hotel-sandbox');

async function sh(command: string, args: string[], cwd = project, env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(command, args, { cwd, timeout: 150_000, env: { ...process.env, npm_config_update_notifier: 'false', ...env } });
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
  for (const pid of started) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  rmSync(work, { recursive: true, force: true });
});

/** The install's bytes on disk before any start (the test of the install's size measures it). */
let installedBytes = Number.NaN;

/** Process groups this file started (each detached), killed at the end whatever happened. */
const started: number[] = [];

/** What the server left in a TMPDIR: its store directories (npm and Node keep caches of their own there). */
const storesIn = (tmp: string) => readdirSync(tmp).filter((entry) => entry.startsWith('hotel-sandbox-'));

/** A temporary directory of the child's own (TMPDIR), to see what it leaves there. */
function privateTmp(): string {
  const dir = join(work, `tmp-${started.length}-${Math.random().toString(36).slice(2)}`);
  mkdirSync(dir);
  return dir;
}

/** `command args` detached, with its output, its listening URL (bounded) and its exit. */
function launch(command: string, args: string[], env: Record<string, string>) {
  const child = spawn(command, args, { cwd: project, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, npm_config_update_notifier: 'false', ...env } });
  started.push(child.pid as number);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no listening line within 90 s: ${output}`)), 90_000);
    const look = () => {
      const found = /listening on (http:\/\/\S+)/.exec(output);
      if (found?.[1]) {
        clearTimeout(timer);
        resolve(found[1]);
      }
    };
    child.stdout.on('data', look);
    void exited.then(() => reject(new Error(`exited before listening: ${output}`)));
  });
  return { child, url, exited, output: () => output };
}

/** Every process below `pid` (Linux /proc), e.g. the shell and the server under `npm exec`. */
function descendants(pid: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // ended while we looked
    }
  }
  const found: number[] = [];
  const below = (parent: number) => {
    for (const [child, of] of parents) {
      if (of !== parent) continue;
      found.push(child);
      below(child);
    }
  };
  below(pid);
  return found;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Resolves once none of `pids` runs (bounded: rejects after 20 s, naming the ones left). */
async function allGone(pids: number[]): Promise<void> {
  for (let round = 0; round < 200; round++) {
    if (!pids.some(alive)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`still running 20 s after SIGTERM: ${pids.filter(alive).join(', ')}`);
}

describe('the packed sandbox (hotel-sandbox)', () => {
  it('is an MIT package of what runs, versioned as the contract, with a README that names no repository path', () => {
    const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as Record<string, unknown>;
    const contract = readFileSync(join(ROOT, 'openapi.yaml'), 'utf8');
    expect(manifest).toMatchObject({ name: 'hotel-sandbox', license: 'MIT', bin: { 'hotel-sandbox': 'bin/hotel-sandbox.js' }, engines: { node: '20 || 22 || 24' } });
    expect(contract).toContain(`version: ${String(manifest.version)}`);
    for (const field of ['repository', 'bugs', 'types']) expect(manifest[field], field).toBeTruthy();
    expect(existsSync(join(installed, String(manifest.types)))).toBe(true);
    expect(readFileSync(join(installed, 'LICENSE'), 'utf8')).toMatch(/^MIT License/);
    expect(readFileSync(join(installed, 'CHANGELOG.md'), 'utf8')).toMatch(/^# Changelog of the Hotel Booking API contract[\s\S]*^## 1\.0\.0$/m);
    const readme = readFileSync(join(installed, 'README.md'), 'utf8');
    expect(readme).not.toMatch(/npm run |npm start|(?<![-\w])(server|conformance|examples|scripts)\/|\.\.\/shared|\.test\.ts/);
    expect(existsSync(join(installed, 'server/sandbox.test.js'))).toBe(false);
    // The CI recipes ship, and the README links them where they are in the package.
    for (const recipe of ['ci/github-actions.yml', 'ci/gitlab-ci.yml', 'ci/steps/start-sandbox.sh']) {
      expect(existsSync(join(installed, recipe)), recipe).toBe(true);
    }
    expect(readme).toContain('](ci/github-actions.yml)');
    expect(readme).toContain('](ci/gitlab-ci.yml)');
    // The start-up cache ships: the world and its geocoder, the contracts parsed, their compiled schemas, the country names.
    const kinds = readdirSync(join(installed, 'cache')).filter((file) => !file.startsWith('.')).map((file) => file.replace(/-[0-9a-f]{32}\..*$/, '')).sort();
    expect(kinds).toEqual(['contract-control-api', 'contract-openapi', 'countries', 'schemas-contract', 'schemas-requests', 'world']);
  });

  it('installs in at most 80 MB with no install scripts: /docs renders from a copy made at pack time, not from redoc', () => {
    const tree = installedTree(join(project, 'node_modules'));
    installedBytes = tree.diskBytes;
    console.log(`hotel-sandbox installed: ${tree.packages.length} packages, ${(tree.diskBytes / 1e6).toFixed(1)} MB on disk (${(tree.bytes / 1e6).toFixed(1)} MB of files)`);
    expect(tree.diskBytes).toBeLessThanOrEqual(80e6);
    expect(tree.installScripts).toEqual([]);
    expect(tree.packages.filter((name) => ['redoc', 'react', 'react-dom', 'core-js', 'mobx', 'styled-components'].includes(name))).toEqual([]);
    expect(existsSync(join(installed, 'vendor/redoc.standalone.js'))).toBe(true);
  });

  it('prints its help naming the packaged command and the store default its README states', async () => {
    const help = await sh('npx', ['--offline', 'hotel-sandbox', '--help']);
    expect(help.code, help.stderr).toBe(0);
    expect(help.stdout).toMatch(/^Usage: hotel-sandbox \[flags\]/);
    expect(help.stdout).not.toMatch(/npm start|server\/bin|data\/db\.json/);
    expect(help.stdout).toMatch(new RegExp(`--db-file <path>\\s+DB_FILE\\s+${TEMPORARY_STORE_TEXT}`));
    const readme = readFileSync(join(installed, 'README.md'), 'utf8');
    expect(readme).toMatch(new RegExp(`\\| \`--db-file\` \\| \`DB_FILE\` \\| ${TEMPORARY_STORE_TEXT} \\|`));
  });

  it('embeds: startSandbox() serves a search, /docs and a typed control call, and the script exits by itself after stop()', async () => {
    writeFileSync(
      join(project, 'embed.mjs'),
      `import { startSandbox } from 'hotel-sandbox';
const sandbox = await startSandbox();
const search = await fetch(sandbox.url + '/search.php', {
  method: 'POST', headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ apikey: sandbox.accounts[0].apikey, location: 'Amsterdam', checkin: '2027-06-01', checkout: '2027-06-03' }),
});
const docs = await fetch(sandbox.url + '/docs/redoc.standalone.js');
const clock = await sandbox.control.POST('/clock', { body: { apikey: sandbox.accounts[0].apikey } });
console.log(JSON.stringify({ search: search.status, hotels: (await search.json()).total_hotels, docs: docs.status, clock: clock.response.status }));
await sandbox.stop();
`,
    );
    const result = await sh('node', ['embed.mjs']);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout.trim())).toEqual({ search: 200, hotels: expect.any(Number), docs: 200, clock: 200 });
    // The package's start-up cache was read, not made again (a line says so when one is made).
    expect(result.stderr).not.toContain('start-up cache');
  });

  it('weighs what its README says, before and after the first start unpacked the hotel world', () => {
    const readme = readFileSync(join(installed, 'README.md'), 'utf8').replace(/\s+/g, ' ');
    const stated = /about (\d+) MB on disk.*?unpacks the hotel world \((\d+) MB.*?so about (\d+) MB from then on/.exec(readme);
    expect(stated, 'README: "about N MB on disk … the hotel world (M MB … so about T MB from then on"').not.toBeNull();
    const [before, world, after] = stated!.slice(1).map(Number) as [number, number, number];
    const unpacked = readdirSync(join(installed, 'cache')).filter((file) => /^world-[0-9a-f]{32}\.bin$/.test(file));
    expect(unpacked).toHaveLength(1);
    const worldBytes = statSync(join(installed, 'cache', unpacked[0]!)).size;
    const afterBytes = installedTree(join(project, 'node_modules')).diskBytes;
    console.log(`hotel-sandbox installed ${(installedBytes / 1e6).toFixed(1)} MB; the world unpacked ${(worldBytes / 1e6).toFixed(1)} MB; after the first start ${(afterBytes / 1e6).toFixed(1)} MB`);
    // Within 5 MB: npm's own files and the file system's blocks vary a little.
    expect(Math.abs(installedBytes / 1e6 - before)).toBeLessThanOrEqual(5);
    expect(Math.abs(worldBytes / 1e6 - world)).toBeLessThanOrEqual(2);
    expect(Math.abs(afterBytes / 1e6 - after)).toBeLessThanOrEqual(5);
  });

  it('require()s from CommonJS (Jest, "type": "commonjs"), with the contract\'s paths', async () => {
    writeFileSync(
      join(project, 'embed.cjs'),
      `const { startSandbox } = require('hotel-sandbox');
const { openapiPath, controlApiPath } = require('hotel-sandbox/contract');
(async () => {
  const sandbox = await startSandbox();
  const overview = await fetch(sandbox.url + '/booking_overview.php', {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ apikey: sandbox.accounts[0].apikey }),
  });
  const reset = await sandbox.control.POST('/reset', { body: { apikey: sandbox.accounts[0].apikey } });
  console.log(JSON.stringify({ overview: overview.status, reset: reset.response.status, openapiPath, controlApiPath, yaml: require.resolve('hotel-sandbox/openapi.yaml') }));
  await sandbox.stop();
})();
`,
    );
    // With require() of ES modules switched off, as on Node 20 before 20.19 and in Jest: nothing may lean on it.
    const result = await sh('node', ['--no-experimental-require-module', 'embed.cjs']);
    expect(result.code, result.stderr).toBe(0);
    const answer = JSON.parse(result.stdout.trim()) as Record<string, unknown>;
    expect(answer).toMatchObject({ overview: 200, reset: 200, openapiPath: join(installed, 'openapi.yaml'), yaml: join(installed, 'openapi.yaml') });
    expect(readFileSync(String(answer.controlApiPath), 'utf8')).toBe(readFileSync(join(ROOT, 'server/control-api.yaml'), 'utf8'));
  });

  it('types a client from hotel-sandbox/contract (ES module and CommonJS projects), and a wrong field fails', async () => {
    const typeRoots = [join(ROOT, 'node_modules/@types')];
    const compile = async (module: string, resolution: string, source: string) => {
      writeFileSync(join(project, 'client.ts'), source);
      writeFileSync(join(project, 'tsconfig.json'), JSON.stringify({
        compilerOptions: { module, moduleResolution: resolution, strict: true, noEmit: true, esModuleInterop: true, typeRoots, types: ['node'] },
        files: ['client.ts'],
      }));
      return sh(join(ROOT, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.json']);
    };
    const client = `import { startSandbox } from 'hotel-sandbox';
import { openapiPath, type Schemas } from 'hotel-sandbox/contract';
const query: Schemas['SearchRequest'] = { apikey: 'demo-key-1', location: 'Amsterdam', checkin: '2027-06-01', checkout: '2027-06-03' };
export const run = async (): Promise<number> => { const sandbox = await startSandbox(); await sandbox.stop(); return openapiPath.length + query.apikey.length; };
`;
    // The project is "type": "module"; nodenext + commonjs is how a CommonJS project sees the package, node10 how ts-jest often does.
    for (const [module, resolution] of [['nodenext', 'nodenext'], ['commonjs', 'node10']] as const) {
      const ok = await compile(module, resolution, client);
      expect(ok.code, `${module}/${resolution}: ${ok.stdout}`).toBe(0);
      const wrong = await compile(module, resolution, client.replace("apikey: 'demo-key-1'", 'apikey: 1'));
      expect(wrong.stdout, `${module}/${resolution}`).toMatch(/error TS2322/);
    }
  }, 120_000);

  it('runs as the installed bin on a temporary store, and on SIGTERM stops cleanly and removes it', async () => {
    const tmp = privateTmp();
    // The bin itself (what CI scripts start in the background).
    const server = launch(join(project, 'node_modules/.bin/hotel-sandbox'), ['--port', '0', '--log-level', 'silent'], { TMPDIR: tmp });
    const url = await server.url;
    expect(server.output()).toMatch(/store \/\S*hotel-sandbox-\S+\/db\.json/);
    expect(server.output()).not.toContain('start-up cache');
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    expect(storesIn(tmp)).toHaveLength(1);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(storesIn(tmp)).toEqual([]);
  });

  it.each(['SIGTERM', 'SIGINT'] as const)('npx hotel-sandbox stops its server when npx alone gets %s, and leaves no temporary directory', async (signal) => {
    const tmp = privateTmp();
    const npx = launch('npx', ['--offline', 'hotel-sandbox', '--port', '0', '--log-level', 'silent'], { TMPDIR: tmp });
    const url = await npx.url;
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    const below = descendants(npx.child.pid as number);
    expect(below.length).toBeGreaterThan(0);
    expect(storesIn(tmp)).toHaveLength(1);
    // npm ends on SIGTERM without passing it on; the server sees npm go and drains as on its own SIGTERM.
    // On SIGINT npm stays and passes it only to the shell between (contract/npmParent.ts): the server sees the shell woken.
    npx.child.kill(signal);
    await npx.exited;
    await allGone(below);
    expect(storesIn(tmp)).toEqual([]);
  }, 60_000);

  it('a bad flag exits 2 with one line naming the flag meant, and leaves no temporary directory', async () => {
    const tmp = privateTmp();
    const bad = await sh(join(project, 'node_modules/.bin/hotel-sandbox'), ['--prot', '3000'], project, { TMPDIR: tmp });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe("error: unknown option '--prot'; did you mean --port? (see --help)\n");
    expect(storesIn(tmp)).toEqual([]);
  });
});
