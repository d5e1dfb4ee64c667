/**
 * The scripted clients against the real server: it records their calls in the account's journal,
 * and the certification report (POST /_control/certification, and `npm run certify`) judges them.
 * The sandbox's clock is a FakeClock: the clients' waits move it, so nothing sleeps.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { main as certifyCli, EXIT } from '../../cli/certify.js';
import type { CertificationReport, Verdict } from '../../domain/certification/types.js';
import { Accounts } from '../../domain/accounts.js';
import { startTestServer, type TestServer } from '../testServer.js';
import type { ClientEnv } from './api.js';
import { runGoodClient } from './goodClient.js';
import { runSloppyClient } from './sloppyClient.js';

const APIKEY = Accounts.fromFixture().list()[0]!.apikey;

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
  it('the good client fails nothing, and shows the flow and every refusal it can meet', async () => {
    server = await startTestServer();
    await runGoodClient(envOf(server));
    const certification = await report(server);
    expect(certification.failed).toEqual([]);
    for (const id of ['whole-flow', 'pacing', 'cancel-409-no-loop', 'cancel-403-deadline', 'cancel-403-non-refundable', 'no-repeated-400', 'key-in-body']) {
      expect([id, verdictOf(certification, id)]).toEqual([id, 'passed']);
    }
    const journal = await server.post('/_control/journal', { apikey: APIKEY });
    expect(journal.body.count).toBe(certification.entries.count);
    expect(JSON.stringify(journal.body)).not.toContain(APIKEY);
    expect(await cliExit(server)).toBe(certification.verdict === 'certified' ? EXIT.certified : EXIT.incomplete);
  });

  it('the sloppy client is caught at its habits', async () => {
    server = await startTestServer();
    await runSloppyClient(envOf(server));
    const certification = await report(server);
    expect(certification.verdict).toBe('failed');
    expect(verdictOf(certification, 'whole-flow')).toBe('not_seen');
    expect(certification.failed).toEqual(
      expect.arrayContaining(['retry-after', 'pacing', 'cancel-409-no-loop', 'cancel-403-non-refundable', 'no-repeated-400', 'key-in-body']),
    );
    expect(await cliExit(server)).toBe(EXIT.failed);
  });
});
