/**
 * Random sequences of time-rule events for the property tests: requests of 1–3 accounts from 1–2
 * client IPs on the two rate-limited endpoints, clock moves (advance, set, set back, back to real
 * time), account resets, and base time passing — mostly not at all, so that many events share a
 * millisecond, and otherwise by amounts that land on and around the windows' edges.
 */
import fc from 'fast-check';
import { LIFTED_LIMIT as LIFTED } from '../../domain/requestLimits.js';
import { DAY_MS, HOUR_MS, MINUTE_MS } from './model.js';

export type Endpoint = '/search.php' | '/hotel.php';

export type TimeEvent =
  | { kind: 'tick'; ms: number }
  | { kind: 'request'; account: number; ip: number; endpoint: Endpoint }
  | { kind: 'advance'; account: number; seconds: number }
  /** Sets the account's clock to base time plus `offsetSeconds` (0: back to real time). */
  | { kind: 'offset'; account: number; offsetSeconds: number }
  | { kind: 'reset'; account: number };

/** Amounts of base time that matter: nothing (most often), a millisecond, and the edges of every window. */
const tickMs = fc.oneof(
  { weight: 6, arbitrary: fc.constant(0) },
  { weight: 2, arbitrary: fc.constantFrom(1, 2, 999, 1000, 1001) },
  { weight: 2, arbitrary: fc.constantFrom(MINUTE_MS - 1, MINUTE_MS, MINUTE_MS + 1, 30 * 60_000, HOUR_MS, DAY_MS - 1, DAY_MS, DAY_MS + 1) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 2 * HOUR_MS }) },
);

/** Clock moves that land on and around the minute and the day, both ways. */
const moveSeconds = fc.oneof(
  fc.constantFrom(-86_401, -86_400, -3600, -61, -60, -59, -1, 1, 59, 60, 61, 3600, 86_399, 86_400, 86_401),
  fc.integer({ min: -2 * 86_400, max: 2 * 86_400 }),
);

export function timeEvent(accounts: number, ips: number): fc.Arbitrary<TimeEvent> {
  const account = fc.integer({ min: 0, max: accounts - 1 });
  return fc.oneof(
    { weight: 4, arbitrary: fc.record({ kind: fc.constant('tick' as const), ms: tickMs }) },
    {
      weight: 8,
      arbitrary: fc.record({
        kind: fc.constant('request' as const),
        account,
        ip: fc.integer({ min: 0, max: ips - 1 }),
        endpoint: fc.constantFrom<Endpoint>('/search.php', '/hotel.php'),
      }),
    },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('advance' as const), account, seconds: moveSeconds }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('offset' as const), account, offsetSeconds: fc.oneof(fc.constant(0), moveSeconds) }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('reset' as const), account }) },
  );
}

/**
 * A scenario: limits small enough that both windows and the ceiling fill, 1–3 accounts, 1–2 IPs,
 * and its events; in some, one account has a quota increase (raised limits, or lifted as good as
 * for ever: its windows never fill), which must leave the others' windows and the ceiling as they are.
 */
export const timeScenario = fc
  .record({
    accounts: fc.integer({ min: 1, max: 3 }),
    ips: fc.integer({ min: 1, max: 2 }),
    perMinute: fc.integer({ min: 1, max: 5 }),
    extraPerDay: fc.integer({ min: 0, max: 12 }),
    /** The address's ceiling: none, or a few requests a minute over all accounts. */
    ceilingPerMinute: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 12 })),
    /** A quota increase of one account: how much more a minute and a day (LIFTED: no limit of its own). */
    raise: fc.option(fc.record({ account: fc.integer({ min: 0, max: 2 }), perMinute: fc.oneof(fc.integer({ min: 0, max: 6 }), fc.constant(LIFTED)), perDay: fc.integer({ min: 0, max: 20 }) }), { nil: undefined }),
  })
  .chain(({ accounts, ips, perMinute, extraPerDay, ceilingPerMinute, raise }) => {
    const perDay = perMinute + extraPerDay;
    const raised =
      raise === undefined || raise.account >= accounts
        ? undefined
        : { [raise.account]: raise.perMinute === LIFTED ? { perMinute: LIFTED, perDay: LIFTED } : { perMinute: perMinute + raise.perMinute, perDay: perDay + raise.perMinute + raise.perDay } };
    return fc.record({
      accounts: fc.constant(accounts),
      ips: fc.constant(ips),
      limits: fc.constant({ perMinute, perDay, ceilingPerMinute, ...(raised ? { raised } : {}) }),
      events: fc.array(timeEvent(accounts, ips), { minLength: 1, maxLength: 120 }),
    });
  });

export type TimeScenario = typeof timeScenario extends fc.Arbitrary<infer T> ? T : never;

/**
 * How a property test runs: fast-check's seed from TIME_RULES_SEED when set (to replay a failure it
 * printed), else a new one each run; failures print the seed, the path and the shrunk sequence.
 */
export function propertyParameters(numRuns: number): fc.Parameters<unknown> {
  const seed = process.env.TIME_RULES_SEED === undefined ? undefined : Number(process.env.TIME_RULES_SEED);
  const path = process.env.TIME_RULES_PATH;
  return { numRuns, ...(seed === undefined ? {} : { seed }), ...(path === undefined ? {} : { path }) };
}
