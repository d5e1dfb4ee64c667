/**
 * `npm run build` (the first step of `npm start`): the server compiled into a version directory
 * runs without tsx, reads its start-up cache instead of computing it, finds its data through the
 * links; a rebuild of unchanged sources compiles nothing, a module that no longer exists does not
 * survive, and replicas started from one checkout never break each other: two builds at once both
 * succeed, and a rebuild leaves a running server's files in place.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { killAll, ROOT, startProcess } from '../server/testing/serverProcess.js';
import { CONTRACT_PATH, loadContract } from '../contract/document.js';
import { CACHE_DIRECTORY } from '../contract/startupCache.js';
import { addContractCache, buildServer, SERVER_ENTRIES, type BuiltServer } from './build-server.js';

const run = promisify(execFile);
const work = mkdtempSync(join(tmpdir(), 'build-server-'));
const out = join(work, 'build');
let first: BuiltServer;

beforeAll(async () => {
  first = await buildServer(out);
}, 180_000);
afterEach(killAll);
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A search a started server answers from its world. */
async function searchHotels(base: string): Promise<number> {
  const response = await fetch(`${base}/search.php`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ apikey: 'demo-key-1', checkin: '2027-12-15', checkout: '2027-12-18', location: 'Amsterdam' }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { hotels: unknown[] }).hotels.length;
}

describe('the compiled server', () => {
  it('holds every module the entries reach, as JavaScript, no test, and a filled start-up cache', () => {
    for (const entry of SERVER_ENTRIES) expect(first.modules).toContain(entry);
    expect(first.modules.length).toBeGreaterThan(50);
    expect(first.modules.filter((module) => module.endsWith('.test.ts'))).toEqual([]);
    for (const module of first.modules) expect(existsSync(join(out, module.replace(/\.ts$/, '.js'))), module).toBe(true);
    expect(readdirSync(out).sort()).toEqual(['cache', 'contract', 'fixtures', 'node_modules', 'openapi.yaml', 'package.json', 'server']);
    const kinds = readdirSync(join(out, 'cache')).filter((file) => !file.startsWith('.')).map((file) => file.replace(/-[0-9a-f]{32}\..*$/, '')).sort();
    expect(kinds).toEqual(['contract-control-api', 'contract-openapi', 'countries', 'schemas-contract', 'schemas-requests', 'world']);
    expect(realpathSync(out)).toBe(realpathSync(first.version));
  });

  it('starts without tsx from its cache (nothing rebuilt) and answers a search', async () => {
    const server = startProcess(process.execPath, [join(out, 'server/bin.js')], { PORT: '0', DB_FILE: join(work, 'db.json'), LOG_LEVEL: 'silent' });
    const base = await server.listeningUrl();
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect(await searchHotels(base)).toBeGreaterThan(0);
    expect(server.stderr()).not.toContain('start-up cache');
  }, 90_000);

  it('compiles nothing when the sources did not change', async () => {
    const again = await buildServer(out);
    expect(again.compiled).toBe(false);
    expect(again.version).toBe(first.version);
  }, 120_000);

  it('builds other sources into a new version: a module that no longer exists does not survive, and a running server keeps its files', async () => {
    const server = startProcess(process.execPath, [join(out, 'server/bin.js')], { PORT: '0', DB_FILE: join(work, 'db-running.json'), LOG_LEVEL: 'silent' });
    const base = await server.listeningUrl();
    const extra = 'scripts/bench/bareExpress.ts';
    const withExtra = await buildServer(out, [...SERVER_ENTRIES, extra]);
    expect(withExtra.version).not.toBe(first.version);
    expect(existsSync(join(out, 'scripts/bench/bareExpress.js'))).toBe(true);
    // The server started from the first version still has its modules, data and cache.
    expect(existsSync(join(first.version, 'server/bin.js'))).toBe(true);
    expect(await searchHotels(base)).toBeGreaterThan(0);
    expect((await fetch(`${base}/docs/redoc.standalone.js`)).status).toBe(200);
    const without = await buildServer(out);
    expect(without.version).toBe(first.version);
    expect(existsSync(join(out, 'scripts/bench/bareExpress.js'))).toBe(false);
    // A relative link: the checkout can move.
    expect(readlinkSync(out)).not.toMatch(/^\//);
  }, 240_000);

  it('puts the parsed openapi.yaml where the bundled kit looks for it: the file loadContract reads', () => {
    const kit = join(work, 'kit');
    addContractCache(kit);
    const [name, ...others] = readdirSync(join(kit, 'cache'));
    expect(others).toEqual([]);
    expect(name).toMatch(/^contract-openapi-[0-9a-f]{32}\.json$/);
    loadContract(CONTRACT_PATH);
    expect(readFileSync(join(kit, 'cache', name as string), 'utf8')).toBe(readFileSync(join(CACHE_DIRECTORY, name as string), 'utf8'));
    expect(JSON.parse(readFileSync(join(kit, 'cache', name as string), 'utf8'))).toEqual(loadContract(CONTRACT_PATH));
  });

  it('two builds from one checkout at the same time both succeed, and the build runs', async () => {
    const shared = join(work, 'shared-build');
    const build = () => run(process.execPath, ['--import', 'tsx', 'scripts/build-server.ts', '--out', shared], { cwd: ROOT, timeout: 240_000 });
    const results = await Promise.allSettled([build(), build()]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled']);
    const server = startProcess(process.execPath, [join(shared, 'server/bin.js')], { PORT: '0', DB_FILE: join(work, 'db-shared.json'), LOG_LEVEL: 'silent' });
    expect(await searchHotels(await server.listeningUrl())).toBeGreaterThan(0);
    expect(readdirSync(join(work, '.shared-build')).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  }, 300_000);
});
