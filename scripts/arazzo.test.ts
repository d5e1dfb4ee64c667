/**
 * arazzo.yaml (the partner flows over openapi.yaml and the control API) runs green with
 * `redocly respect` against a fresh sandbox, and fails against a server that breaks a rule the
 * flow relies on (a mutant of conformance/mutants) and when the flow expects what the server does
 * not do. The control API's /pay accepts the booking_url the flow holds. The workflows' default
 * dates stay well ahead, like the contract's examples.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { MUTANTS } from '../conformance/testing/mutants/index.js';
import { startReferenceServer } from '../conformance/testing/support/referenceServer.js';
import { startSandbox, type Sandbox } from '../server/sandbox.js';
import { exampleStay, withArazzoDates } from './examples.js';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const ARAZZO = join(ROOT, 'arazzo.yaml');
const REDOCLY = join(ROOT, 'node_modules/@redocly/cli/bin/cli.js');
/** Bound on one respect run (it takes about 2 s; a loaded machine gets ample room). */
const RESPECT_TIMEOUT_MS = 90_000;

interface RespectRun {
  code: number;
  output: string;
  report: { workflows: number; steps: number; failedSteps: string[] };
}

/** A stay `daysAhead` days from today (UTC), of three nights. */
function stay(daysAhead: number): { checkin: string; checkout: string } {
  const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
  return { checkin: day(daysAhead), checkout: day(daysAhead + 3) };
}

/** Runs `redocly respect <file>` against `url` (API and control API), with a bounded time. */
async function respect(file: string, url: string): Promise<RespectRun> {
  const dir = await mkdtemp(join(tmpdir(), 'respect-'));
  const jsonFile = join(dir, 'report.json');
  const { checkin, checkout } = stay(120);
  const args = [
    REDOCLY, 'respect', file,
    '--server', `api=${url}`, '--server', `control=${url}/_control`,
    '--input', `checkin=${checkin}`, '--input', `checkout=${checkout}`,
    '--max-fetch-timeout', '20000', '--execution-timeout', String(RESPECT_TIMEOUT_MS - 10_000),
    '--json-output', jsonFile,
  ];
  try {
    const { code, output } = await new Promise<{ code: number; output: string }>((resolve) => {
      execFile(
        process.execPath,
        args,
        {
          cwd: ROOT,
          timeout: RESPECT_TIMEOUT_MS,
          maxBuffer: 16 * 1024 * 1024,
          env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', REDOCLY_SUPPRESS_NOTIFICATIONS: 'true', NO_COLOR: '1', FORCE_COLOR: '0' },
        },
        (error, stdout, stderr) => {
          const exit = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
          resolve({ code: exit, output: `${stdout}\n${stderr}` });
        },
      );
    });
    const json = await readFile(jsonFile, 'utf8').then((text) => JSON.parse(text) as RespectJson, () => undefined);
    return { code, output, report: summary(json) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

interface RespectJson {
  files?: Record<string, { executedWorkflows?: Array<{ workflowId: string; executedSteps?: Array<{ stepId: string; checks?: Array<{ passed: boolean }> }> }> }>;
}

function summary(json: RespectJson | undefined): RespectRun['report'] {
  const workflows = Object.values(json?.files ?? {}).flatMap((f) => f.executedWorkflows ?? []);
  const steps = workflows.flatMap((w) => (w.executedSteps ?? []).map((s) => ({ id: `${w.workflowId}.${s.stepId}`, failed: (s.checks ?? []).some((c) => !c.passed) })));
  return { workflows: workflows.length, steps: steps.length, failedSteps: steps.filter((s) => s.failed).map((s) => s.id) };
}

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(async () => {
  await sandbox?.stop();
});

describe('arazzo.yaml', () => {
  it('runs green with redocly respect against a fresh sandbox: both workflows, every step', async () => {
    const started = performance.now();
    const run = await respect(ARAZZO, sandbox.url);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    expect(run.code, run.output).toBe(0);
    expect(run.report.failedSteps).toEqual([]);
    const doc = parse(await readFile(ARAZZO, 'utf8')) as { workflows: Array<{ steps: unknown[] }> };
    expect(run.report.workflows).toBe(doc.workflows.length);
    expect(run.report.steps).toBe(doc.workflows.reduce((sum, w) => sum + w.steps.length, 0));
    console.log(`respect: ${run.report.workflows} workflows, ${run.report.steps} steps green in ${seconds} s`);
  }, RESPECT_TIMEOUT_MS + 10_000);

  it('fails against a server on which a second cancel answers 200 (mutant state.second-cancel-200)', async () => {
    const mutant = MUTANTS.find((m) => m.id === 'state.second-cancel-200');
    expect(mutant).toBeDefined();
    const server = await startReferenceServer({ front: mutant?.front });
    try {
      const run = await respect(ARAZZO, server.url);
      expect(run.code, run.output).not.toBe(0);
      expect(run.report.failedSteps).toEqual(['bookAndCancel.cancelAgain']);
    } finally {
      await server.close();
    }
  }, RESPECT_TIMEOUT_MS + 10_000);

  it('fails when the flow expects what the server does not do (a changed expectation)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'arazzo-'));
    try {
      const text = (await readFile(ARAZZO, 'utf8'))
        .replace('url: ./openapi.yaml', `url: ${join(ROOT, 'openapi.yaml')}`)
        .replace('url: ./server/control-api.yaml', `url: ${join(ROOT, 'server/control-api.yaml')}`)
        .replace("$response.body#/booking/paid == 'yes'", "$response.body#/booking/paid == 'no'");
      expect(text).toContain("paid == 'no'");
      const file = join(dir, 'arazzo.yaml');
      await writeFile(file, text);
      const fresh = await startSandbox();
      try {
        const run = await respect(file, fresh.url);
        expect(run.code, run.output).not.toBe(0);
        expect(run.report.failedSteps).toEqual(['bookAndCancel.retrieve']);
      } finally {
        await fresh.stop();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, RESPECT_TIMEOUT_MS + 10_000);

  it("default dates are the search example's stay, and npm run examples moves them with it", async () => {
    const text = await readFile(ARAZZO, 'utf8');
    const stayOfExample = exampleStay(await readFile(join(ROOT, 'openapi.yaml'), 'utf8'));
    expect(withArazzoDates(text, stayOfExample)).toBe(text);
    const moved = parse(withArazzoDates(text, { checkin: '2031-03-02', checkout: '2031-03-05' })) as { workflows: Array<{ inputs: { properties: Record<string, { default?: unknown }> } }> };
    for (const workflow of moved.workflows) {
      expect([workflow.inputs.properties.checkin?.default, workflow.inputs.properties.checkout?.default]).toEqual(['2031-03-02', '2031-03-05']);
    }
  });

  it("default dates are at least 90 days ahead, as the contract's examples (move them with the examples)", async () => {
    const doc = parse(await readFile(ARAZZO, 'utf8')) as { workflows: Array<{ workflowId: string; inputs: { properties: Record<string, { default?: unknown }> } }> };
    const limit = new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10);
    for (const workflow of doc.workflows) {
      for (const name of ['checkin', 'checkout']) {
        const value = workflow.inputs.properties[name]?.default;
        expect(typeof value === 'string' && value >= limit, `${workflow.workflowId} input ${name} default ${String(value)} is less than 90 days ahead`).toBe(true);
      }
    }
  });
});

describe('control API /pay names the booking by bookhash or booking_url', () => {
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${sandbox.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- an answer's raw JSON, read field by field
    return { status: response.status, body: (await response.json()) as Record<string, any> };
  };
  const startBooking = async (apikey: string): Promise<string> => {
    const search = await post('/search.php', { apikey, ...stay(100), latitude: 52.314733, longitude: 4.974897, radius: 20 });
    expect(search.status).toBe(200);
    const started = await post('/booking.php', { apikey, service_hash: search.body.hotels[0].rate.service_hash });
    expect(started.status).toBe(200);
    return started.body.booking_url as string;
  };

  it('pays the booking at booking_url; refuses both, neither and a URL without a bookhash with 400; another account 403', async () => {
    const apikey = sandbox.accounts[1]!.apikey;
    const other = sandbox.accounts[0]!.apikey;
    const bookingUrl = await startBooking(apikey);
    const bookhash = new URL(bookingUrl).searchParams.get('bookhash');

    const both = await post('/_control/pay', { apikey, bookhash, booking_url: bookingUrl });
    expect(both).toEqual({ status: 400, body: { error: "Give 'bookhash' or 'booking_url', not both" } });
    const neither = await post('/_control/pay', { apikey });
    expect(neither.status).toBe(400);
    expect(neither.body.error).toMatch(/'bookhash' \(or 'booking_url'\) is required/);
    for (const wrong of ['not a url', `${sandbox.url}/book/finalize`, `${sandbox.url}/elsewhere?bookhash=${bookhash}`, 42]) {
      const answer = await post('/_control/pay', { apikey, booking_url: wrong });
      expect(answer.status, JSON.stringify(wrong)).toBe(400);
      expect(answer.body.error).toMatch(/booking_url/);
    }
    expect((await post('/_control/pay', { apikey: other, booking_url: bookingUrl })).status).toBe(403);

    const paid = await post('/_control/pay', { apikey, booking_url: bookingUrl });
    expect(paid.status).toBe(200);
    expect(paid.body.booking).toMatchObject({ bookhash, status: 'booking_confirmed', paid: 'yes' });
    expect((await post('/_control/pay', { apikey, booking_url: bookingUrl })).status).toBe(409);
  });
});
