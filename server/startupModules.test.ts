import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { killAll, startProcess } from './testing/serverProcess.js';

afterEach(killAll);

/** Resolve hooks that append every module URL the process resolves (ES imports, including a CommonJS package imported from one) to RECORD_MODULES_FILE. */
const RECORDING_HOOKS = `
import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  appendFileSync(process.env.RECORD_MODULES_FILE, resolved.url + '\\n');
  return resolved;
}`;
/** A module for --import that registers them. */
const RECORD_MODULES = `data:text/javascript,${encodeURIComponent(`import { register } from 'node:module'; register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(RECORDING_HOOKS)}`)});`)}`;

/** Packages a start of the server does not need: each is loaded when first used (tens of ms each on every start otherwise). */
const LOADED_ON_FIRST_USE = ['pg', 'libphonenumber-js', 'pino-pretty', 'transliteration', 'redoc'];

describe('what a start loads', () => {
  it('loads no package that only a database, a phone number, a terminal, a transliteration or /docs needs', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'startup-modules-'));
    const record = join(dir, 'modules.txt');
    try {
      const server = startProcess(process.execPath, ['--import', RECORD_MODULES, '--import', 'tsx', 'server/bin.ts'], {
        PORT: '0',
        DB_FILE: join(dir, 'db.json'),
        RECORD_MODULES_FILE: record,
        LOG_LEVEL: 'silent',
      });
      const base = await server.listeningUrl();
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      const packages = new Set(
        (await readFile(record, 'utf8'))
          .split('\n')
          .map((url) => /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1])
          .filter((name): name is string => name !== undefined),
      );
      expect(packages).toContain('express'); // the recording works
      expect(LOADED_ON_FIRST_USE.filter((name) => packages.has(name))).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
