/**
 * The scripted clients against the real server: it records their calls in the account's journal,
 * and the certification report (POST /_control/certification, and `npm run certify`) judges them.
 * The sandbox's clock is a FakeClock: the clients' waits move it, so nothing sleeps. The `slow`
 * scenario answers after SLOW_DELAY_MS and the clients give up after CLIENT_TIMEOUT_MS: both
 * scaled down together (the answer still comes after the time-out), so a time-out costs no seconds.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { main as certifyCli, EXIT } from '../../cli/certify.js';
import type { CertificationReport, Verdict } from '../../domain/certification/types.js';
import { demoAccounts } from '../../domain/accounts.js';
import { startTestServer, type TestServer } from '../testServer.js';
import type { ClientEnv } from './api.js';
import { runGoodClient } from './goodClient.js';
import { runSloppyClient } from './sloppyClient.js';

const APIKEY = demoAccounts()[0]!.apikey;
const CLIENT_TIMEOUT_MS = 2_000;
const SLOW_SCENARIO_DELAY_MS = 2_500;
const startSandbox = () => startTestServer({ config: { slowScenarioDelayMs: SLOW_SCENARIO_DELAY_MS } });

/** In report order; the sloppy client never books a price change or sold-out rate, nor waits for a deadline (not seen). */
const SLOPPY_FAILS = [
  'retry-after',
  'pacing',
  'timeout-retry',
  'booking-retry-idempotent',
  'scenario-no-availability',
  'cancel-409-no-loop',
  'cancel-403-non-refundable',
  'cancel-502-retry',
  'no-repeated-400',
  'key-in-body',
];

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function envOf(sandbox: TestServer): ClientEnv {
  const day = (days: number) => new Date(sandbox.clock.now().getTime() + days * 86_400_000).toISOString().slice(0, 10);
  return {
    baseUrl: sandbox.baseUrl,
    apikey: APIKEY,
    fetch: (...args) => fetch(...args),
    now: () => sandbox.clock.now().getTime(),
    wait: async (ms) => sandbox.clock.advance(ms / 1000),
    advanceClock: async (seconds) => sandbox.clock.advance(seconds),
    checkin: day(20),
    checkout: day(23),
    location: 'Amsterdam',
    timeoutMs: CLIENT_TIMEOUT_MS,
  };
}

async function report(sandbox: TestServer): Promise<CertificationReport> {
  const answer = await sandbox.post('/_control/certification', { apikey: APIKEY });
  expect(answer.status).toBe(200);
  return answer.body as CertificationReport;
}

const verdictOf = (r: CertificationReport, id: string): Verdict | undefined => r.rules.find((rule) => rule.id === id)?.verdict;

async function cliExit(sandbox: TestServer): Promise<number> {
  return certifyCli(['--base-url', sandbox.baseUrl, '--apikey', APIKEY], { fetch, out: () => {}, err: () => {}, writeFile: () => {} });
}

describe('scripted clients against the server', () => {
  it('the good client is certified: every rule passed, the CLI agrees', async () => {
    server = await startSandbox();
    await runGoodClient(envOf(server));
    const certification = await report(server);
    const notPassed = certification.rules.filter((rule) => rule.verdict !== 'passed').map((rule) => [rule.id, rule.verdict, rule.reason]);
    expect(notPassed).toEqual([]);
    expect(certification.verdict).toBe('certified');
    expect(certification.summary).toEqual({ passed: 14, failed: 0, not_seen: 0 });
    const journal = await server.post('/_control/journal', { apikey: APIKEY });
    expect(journal.body.count).toBe(certification.entries.count);
    expect(JSON.stringify(journal.body)).not.toContain(APIKEY);
    expect(await cliExit(server)).toBe(EXIT.certified);
  });

  it('the sloppy client fails exactly the rules it breaks', async () => {
    server = await startSandbox();
    await runSloppyClient(envOf(server));
    const certification = await report(server);
    expect(certification.verdict).toBe('failed');
    expect(certification.failed).toEqual(SLOPPY_FAILS);
    expect(verdictOf(certification, 'whole-flow')).toBe('not_seen');
    expect(await cliExit(server)).toBe(EXIT.failed);
  });
});
