/**
 * The time rules on PostgreSQL against their reference model (server/testing/timeRules/model.ts),
 * as on the embedded store (server/domain/timeRules.test.ts): one replica, and two replicas sharing
 * the database with each event sent to a replica the scenario picks, with fake and real timers.
 *
 * "The order received" across replicas: events are ordered by the base-clock millisecond the
 * receiving replica stamped them with, and events of the same millisecond by the database's
 * sequence `event_seq`, which a request takes as it is inserted and a clock move as it is written.
 * So of a request and a clock move in the same millisecond on two replicas, the one the database
 * recorded first came first.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { FakeClock } from '../clock.js';
import { AccountClocks } from '../domain/accountClocks.js';
import { rateLimitWindows } from '../domain/rateLimiter.js';
import { AddressCeiling } from '../domain/addressCeiling.js';
import { countRequest } from '../domain/requestLimits.js';
import { describePostgres, usePostgresCluster } from '../testing/postgresSuite.js';
import { playScenario, RecordingClock } from '../testing/timeRules/driver.js';
import { propertyParameters, timeScenario, type TimeScenario } from '../testing/timeRules/events.js';
import { storeSubject } from '../testing/timeRules/storeSubject.js';
import { lifetimeEvent, playLifetimes } from '../testing/timeRules/lifetimes.js';
import { PostgresStore } from './postgresStore.js';

const START = '2026-11-21T10:00:00Z';
const realTime = { now: () => new Date() };

describePostgres('time rules on PostgreSQL agree with the model', () => {
  const postgres = usePostgresCluster();
  let replicas: PostgresStore[];
  let scenarios = 0;
  beforeAll(async () => {
    // No background sweep: the scenarios' base clock stands days before real time, whose sweep would drop their rows.
    replicas = [await PostgresStore.open(postgres.url, { sweepIntervalMs: 0 }), await PostgresStore.open(postgres.url, { sweepIntervalMs: 0 })];
  }, 120_000);
  afterAll(async () => {
    await Promise.all((replicas ?? []).map((replica) => replica.close()));
  });

  /** Each scenario on accounts and keys of its own, so scenarios sharing the database never meet. */
  /** The address ceiling is each process's own (not the store's): it is tested on the embedded store and over HTTP. */
  async function playOn(count: 1 | 2, generated: TimeScenario, realTimers: boolean, route: (i: number) => number = () => 0) {
    const scenario = { ...generated, limits: { ...generated.limits, ceilingPerMinute: 0 } };
    const run = ++scenarios;
    const fake = new FakeClock(START);
    const base = new RecordingClock(realTimers ? realTime : fake);
    const subject = storeSubject(replicas.slice(0, count), base, scenario.limits, (ms) => fake.set(new Date(fake.now().getTime() + ms)), route, {
      firstAccountId: 1000 + run * 10,
      keyPrefix: `run${run}:`,
    });
    await playScenario(scenario, subject, base, realTimers);
  }

  const routed = fc.tuple(timeScenario, fc.array(fc.integer({ min: 0, max: 1 }), { minLength: 1, maxLength: 40 }));

  it('one replica, fake timers', async () => {
    await fc.assert(fc.asyncProperty(timeScenario, (scenario) => playOn(1, scenario, false)), propertyParameters(100));
  });

  it('two replicas, each event on a replica the scenario picks, fake timers', async () => {
    await fc.assert(
      fc.asyncProperty(routed, ([scenario, route]) => playOn(2, scenario, false, (i) => route[i % route.length] as number)),
      propertyParameters(100),
    );
  });

  it('two replicas, real timers', async () => {
    await fc.assert(
      fc.asyncProperty(routed, ([scenario, route]) => playOn(2, scenario, true, (i) => route[i % route.length] as number)),
      propertyParameters(30),
    );
  });

  it('lifetimes (search_id, identical searches, offers, live answers, Idempotency-Keys) agree with the model', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(lifetimeEvent, { minLength: 1, maxLength: 40 }), async (events) => {
        const run = ++scenarios;
        await playLifetimes(replicas[0] as PostgresStore, events, [2000 + run * 2, 2001 + run * 2]);
      }),
      propertyParameters(30),
    );
  });

  it('a request on one replica, a clock move on the other and a request again, all in one millisecond: in the order the database took them', async () => {
    const [a, b] = replicas as [PostgresStore, PostgresStore];
    const base = new FakeClock(START);
    const [onA, onB] = [new AccountClocks(base, a), new AccountClocks(base, b)];
    const windows = rateLimitWindows({ perMinute: 5, perDay: 200 });
    const account = 9_001;
    const ceiling = new AddressCeiling(0);
    const search = (replica: PostgresStore, clocks: AccountClocks) => countRequest({ store: replica, clocks, windows, ceiling }, 'same-ms', '/search.php', account);
    for (let i = 0; i < 5; i++) expect(await search(a, onA)).toMatchObject({ allowed: true });
    await onB.advance(account, 61); // same millisecond, the other replica
    // The five are a minute old for the moved clock: five more fit, the sixth does not.
    for (let i = 0; i < 5; i++) expect(await search(i % 2 ? a : b, i % 2 ? onA : onB)).toMatchObject({ allowed: true });
    expect(await search(a, onA)).toMatchObject({ allowed: false, window: 'minute', retryAfterSeconds: 60 });
    const history = await a.getClockHistory(account);
    expect(history.map((change) => change.fromBaseMs)).toEqual([-8.64e15, base.now().getTime()]);
  });
});
