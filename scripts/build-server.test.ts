/**
 * `npm run build` (the first step of `npm start`): the server compiled into a directory runs without
 * tsx, finds its data through the links, answers the API, and a rebuild leaves no stale module.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { killAll, startProcess } from '../server/testing/serverProcess.js';
import { buildServer, SERVER_ENTRIES } from './build-server.js';

const work = mkdtempSync(join(tmpdir(), 'build-server-'));
const out = join(work, 'build');
let modules: string[] = [];

beforeAll(async () => {
  modules = await buildServer(out);
}, 60_000);
afterEach(killAll);
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the compiled server', () => {
  it('holds every module the entries reach, as JavaScript, and no test', () => {
    for (const entry of SERVER_ENTRIES) expect(modules).toContain(entry);
    expect(modules.length).toBeGreaterThan(50);
    expect(modules.filter((module) => module.endsWith('.test.ts'))).toEqual([]);
    for (const module of modules) expect(existsSync(join(out, module.replace(/\.ts$/, '.js'))), module).toBe(true);
    expect(readdirSync(out).sort()).toEqual(['contract', 'fixtures', 'node_modules', 'openapi.yaml', 'package.json', 'server']);
  });

  it('starts without tsx and answers a search', async () => {
    const server = startProcess(process.execPath, [join(out, 'server/bin.js')], { PORT: '0', DB_FILE: join(work, 'db.json'), LOG_LEVEL: 'silent' });
    const base = await server.listeningUrl();
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    const response = await fetch(`${base}/search.php`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ apikey: 'demo-key-1', checkin: '2026-12-15', checkout: '2026-12-18', location: 'Amsterdam' }),
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { hotels: unknown[] }).hotels.length).toBeGreaterThan(0);
  }, 90_000);

  it('rebuilds from scratch: a module that no longer exists does not survive', async () => {
    const stale = join(out, 'server/removedModule.js');
    writeFileSync(stale, 'export {};\n');
    await buildServer(out);
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(join(out, 'server/bin.js'))).toBe(true);
  }, 60_000);
});
