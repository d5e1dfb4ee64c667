/**
 * The time rules against their reference model (server/testing/timeRules/model.ts): random
 * sequences of requests, clock moves and resets over 1–3 accounts and 1–2 IPs, many in the same
 * millisecond, on the embedded store with fake and real timers. PostgreSQL runs the same property
 * in server/store/postgresTimeRules.test.ts; the whole HTTP pipeline in server/http/api/timeRules.test.ts.
 * A failure prints its seed and shrunk sequence: TIME_RULES_SEED=<seed> TIME_RULES_PATH=<path> replays it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FakeClock } from '../clock.js';
import { LowdbStore } from '../store/lowdbStore.js';
import { processStore } from '../testing/processStore.js';
import { playScenario, RecordingClock } from '../testing/timeRules/driver.js';
import { propertyParameters, timeScenario, type TimeScenario } from '../testing/timeRules/events.js';
import { storeSubject, type TimeRulesStore } from '../testing/timeRules/storeSubject.js';

const START = '2026-11-21T10:00:00Z';
const realTime = { now: () => new Date() };

async function playOn(store: TimeRulesStore, scenario: TimeScenario, realTimers: boolean): Promise<void> {
  const fake = new FakeClock(START);
  const base = new RecordingClock(realTimers ? realTime : fake);
  await playScenario(scenario, storeSubject([store], base, scenario.limits, (ms) => fake.set(new Date(fake.now().getTime() + ms))), base, realTimers);
}

describe.each([
  ['the process store', async () => processStore()],
  ['the embedded store (lowdb)', async () => LowdbStore.inMemory()],
])('time rules on %s agree with the model', (_name, open) => {
  it('with fake timers: random sequences, many events in one millisecond', async () => {
    await fc.assert(
      fc.asyncProperty(timeScenario, async (scenario) => playOn(await open(), scenario, false)),
      propertyParameters(300),
    );
  });

  it('with real timers: events as fast as the store takes them', async () => {
    await fc.assert(
      fc.asyncProperty(timeScenario, async (scenario) => playOn(await open(), scenario, true)),
      propertyParameters(100),
    );
  });
});

describe('the cases that flaked, replayed', () => {
  const request = (account: number, ip = 0) => ({ kind: 'request' as const, account, ip, endpoint: '/search.php' as const });

  it('a request, then a clock move, in the same millisecond: the request stays in the old minute (issue 26)', async () => {
    // Five identical searches (cached, so fast), a move of 61 s, five more: all in one millisecond.
    const burst = [request(0), request(0), request(0), request(0), request(0)];
    const scenario: TimeScenario = {
      accounts: 1,
      ips: 1,
      limits: { perMinute: 5, perDay: 200, ceilingPerMinute: 0 },
      events: [...burst, { kind: 'advance', account: 0, seconds: 61 }, ...burst, { kind: 'advance', account: 0, seconds: 61 }, ...burst],
    };
    await playOn(processStore(), scenario, false);
    await playOn(await LowdbStore.inMemory(), scenario, false);
  });

  it('a hundred moves and requests in one millisecond get the answers they get when spread out', async () => {
    const events: TimeScenario['events'] = [];
    // Two accounts, each on its own address, each moving its clock a minute on after every request.
    for (let round = 0; round < 50; round++) events.push(request(round % 2, round % 2), { kind: 'advance', account: round % 2, seconds: 61 });
    const spread: TimeScenario['events'] = events.flatMap((event) => [event, { kind: 'tick', ms: 1 }]);
    const verdicts: string[][] = [];
    for (const sequence of [events, spread]) {
      const store = processStore();
      const fake = new FakeClock(START);
      const base = new RecordingClock(fake);
      const scenario: TimeScenario = { accounts: 2, ips: 2, limits: { perMinute: 1, perDay: 200, ceilingPerMinute: 0 }, events: sequence };
      const subject = storeSubject([store], base, scenario.limits, (ms) => fake.set(new Date(fake.now().getTime() + ms)));
      const seen: string[] = [];
      const counting = { ...subject, request: async (...args: Parameters<typeof subject.request>) => {
        const decision = await subject.request(...args);
        seen.push(decision.allowed ? 'allowed' : decision.window);
        return decision;
      } };
      await playScenario(scenario, counting, base, false);
      verdicts.push(seen);
    }
    expect(verdicts[0]).toEqual(verdicts[1]);
    expect(verdicts[0]).toEqual(Array(50).fill('allowed'));
  });
});
