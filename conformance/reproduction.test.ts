/**
 * Reproductions (kit/reproduction.ts): a failed generated case comes with its one request, as a
 * curl script that carries `$APIKEY` and never the key, that runs as printed, and that --replay
 * judges again: it still fails on the server that failed, and passes on one that conforms.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from './cli.js';
import { runConformance } from './kit/runner.js';
import { curlScript, meets, stepsOfScript } from './kit/reproduction.js';
import type { ReproductionStep, RunReport } from './kit/types.js';
import { progressLine } from './reports/console.js';
import { htmlReport } from './reports/html.js';
import { COERCION_MUTANTS } from './testing/mutants/coercion.js';
import { startReferenceServer, type RunningServer } from './testing/support/referenceServer.js';

let lenient: RunningServer;
let conforming: RunningServer;
let steps: ReproductionStep[];
let report: RunReport;
const dir = mkdtempSync(join(tmpdir(), 'kit-repro-'));

beforeAll(async () => {
  const mutant = COERCION_MUTANTS.find((m) => m.id === 'coercion.numeric-strings');
  lenient = await startReferenceServer({ config: { validateResponses: false }, front: mutant?.front });
  conforming = await startReferenceServer();
  report = await runConformance({ baseUrl: lenient.url, apikey: 'demo-key-1', control: lenient.url, profile: 'spec', only: ['generated.hotel.coercible-type'], seed: 's1' });
  const failed = report.results.find((r) => r.id === 'generated.hotel.coercible-type');
  expect(failed?.status).toBe('failed');
  steps = failed?.reproduction ?? [];
}, 60_000);

afterAll(async () => {
  await lenient.close();
  await conforming.close();
});

const replay = (file: string, url: string) => {
  const out: string[] = [];
  return main(['--replay', file, '--base-url', url, '--apikey', 'demo-key-1'], { out: (l) => out.push(l), err: (l) => out.push(l) }).then((code) => ({ code, out: out.join('\n') }));
};

describe('reproductions', () => {
  it('are the shortest sequence: the search that gave its search_id, then the one failed request, with the key as $APIKEY', () => {
    expect(steps).toHaveLength(2);
    expect(steps[0]).toMatchObject({ method: 'POST', path: '/search.php', capture: { SEARCH_ID_1: 'search_id' } });
    expect(steps[1]).toMatchObject({ method: 'POST', path: '/hotel.php', expect: '4xx with an error text', got: 200, body: { search_id: '$SEARCH_ID_1' } });
    const script = curlScript(steps, 'generated.hotel.coercible-type');
    expect(script).toContain('"\'"$APIKEY"\'"');
    expect(script).not.toContain('demo-key-1');
    expect(stepsOfScript(script)).toEqual(steps);
  });

  it('are printed under the failure and shown in the HTML report, without the key', () => {
    const failed = report.results.find((r) => r.status === 'failed');
    if (!failed) throw new Error('no failure');
    expect(progressLine(failed)).toMatch(/reproduction \(set BASE_URL and APIKEY[^\n]*\n\s+#!\/bin\/sh/);
    expect(htmlReport(report)).toContain('$APIKEY');
    expect(htmlReport(report)).not.toContain('demo-key-1');
  });

  it('run as printed (sh, curl) with BASE_URL and APIKEY', async () => {
    const file = join(dir, 'printed.sh');
    writeFileSync(file, curlScript(steps, 'generated.hotel.coercible-type'));
    // Asynchronously: the servers answer in this process.
    const sh = (url: string) => promisify(execFile)('sh', [file], { env: { ...process.env, BASE_URL: url, APIKEY: 'demo-key-1' }, timeout: 20_000 });
    expect((await sh(lenient.url)).stdout).toMatch(/-> 200/);
    expect((await sh(conforming.url)).stdout).toMatch(/-> 400/);
  });

  it('--replay FILE judges again: exit 1 where the failure reproduces, 0 on a conforming server', async () => {
    const file = join(dir, 'replay.sh');
    writeFileSync(file, curlScript(steps, 'generated.hotel.coercible-type'));
    const onLenient = await replay(file, lenient.url);
    expect(onLenient.code).toBe(1);
    expect(onLenient.out).toMatch(/✗ 2\. POST \/hotel\.php .*: 200 \(expected 4xx with an error text\)/);
    const onConforming = await replay(file, conforming.url);
    expect(onConforming).toMatchObject({ code: 0 });
    writeFileSync(join(dir, 'empty.sh'), '#!/bin/sh\n');
    expect((await replay(join(dir, 'empty.sh'), conforming.url)).code).toBe(2);
  });

  it('judge answers as the kit does', () => {
    expect(meets('4xx with an error text', 400, { error: 'x' })).toBe(true);
    expect(meets('4xx with an error text', 400, {})).toBe(false);
    expect(meets('not 400, not 5xx', 404, {})).toBe(true);
    expect(meets('not 400, not 5xx', 502, {})).toBe(false);
    expect(meets('200|409', 409, {})).toBe(true);
    expect(meets('', 500, undefined)).toBe(true);
  });
});
