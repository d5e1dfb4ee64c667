/**
 * A run must not depend on the time of day it starts at. With a harness the kit moves its
 * accounts' clocks by days (a day and a minute first, then minutes and days more), so a run crosses
 * midnight somewhere, and where depends on when it started: checks that compare two answers must
 * send the same stay both times, not "today + 30 days" computed twice. The whole catalogue, reference
 * profile, from start times just before midnight (UTC, and local at the search point: Amsterdam).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { runConformance } from './kit/runner.js';
import { startReferenceServer, type RunningServer } from './testing/support/referenceServer.js';

let server: RunningServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('a whole run, whatever the time of day it starts at', () => {
  for (const start of ['22:58:30Z', '22:59:55Z', '23:58:30Z', '23:59:55Z', '00:00:00Z']) {
    it(`starting at ${start} (the account clock after the kit's first move)`, { timeout: 120_000 }, async () => {
      server = await startReferenceServer();
      // The kit moves the clock a day and a minute on first: start a day and a minute before `start`.
      const day = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
      server.clock.set(new Date(Date.parse(`${day}T${start}`) - 86_460_000));
      const report = await runConformance({ baseUrl: server.url, apikey: 'demo-key-1', apikey2: 'demo-key-2', control: server.url, profile: 'reference' });
      const failed = report.results.filter((result) => result.status !== 'passed' && result.status !== 'skipped');
      expect(failed.map((result) => `${result.id}: ${result.message}`)).toEqual([]);
    });
  }
});
