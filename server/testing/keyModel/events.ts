/**
 * Random sequences of what operators and partners do with keys and accounts (issue, roll with a
 * grace period, expire now, revoke, disable, enable, delete, time passing, API calls, key lists,
 * console sign-ins), for the key life cycle's model test (model.ts, driver.ts). Accounts and keys
 * are named by small numbers: a key number picks, modulo, one of the keys the account was ever
 * issued (its first key is number 0), so a sequence may name a key that is gone.
 */
import fc from 'fast-check';

export const GRACE_CHOICES = [0, 60, 3600] as const;

export type KeyEvent =
  | { kind: 'issue'; account: number }
  | { kind: 'roll'; account: number; caller: number; target: number; grace: (typeof GRACE_CHOICES)[number] }
  | { kind: 'expire'; account: number; caller: number; target: number }
  | { kind: 'revoke'; account: number; caller: number; target: number }
  | { kind: 'adminRevoke'; account: number; target: number }
  | { kind: 'status'; account: number; status: 'active' | 'disabled' }
  | { kind: 'delete'; account: number }
  | { kind: 'tick'; seconds: number }
  | { kind: 'call'; account: number; key: number }
  | { kind: 'list'; account: number; key: number }
  | { kind: 'signIn'; account: number; key: number };

/** An event with the replica (process) that receives it. */
export type RoutedEvent = KeyEvent & { replica: number };

export const ACCOUNTS = 2;

/** Mostly the first account, so that sequences reach its caps (10 usable keys, 20 kept, 10 changes a minute). */
const account = fc.oneof({ weight: 4, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.integer({ min: 0, max: ACCOUNTS - 1 }) });
const key = fc.nat({ max: 24 });

export const keyEvent: fc.Arbitrary<KeyEvent> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('issue' as const), account }) },
  { weight: 8, arbitrary: fc.record({ kind: fc.constant('roll' as const), account, caller: key, target: key, grace: fc.constantFrom(...GRACE_CHOICES) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('expire' as const), account, caller: key, target: key }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('revoke' as const), account, caller: key, target: key }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('adminRevoke' as const), account, target: key }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('status' as const), account, status: fc.constantFrom('active' as const, 'disabled' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), account }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('tick' as const), seconds: fc.oneof(fc.integer({ min: 1, max: 70 }), fc.integer({ min: 3500, max: 3700 })) }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('call' as const), account, key }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('list' as const), account, key }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('signIn' as const), account, key }) },
);

/** A sequence, each event sent to one of `replicas` processes. */
export const keyScenario = (replicas: number): fc.Arbitrary<RoutedEvent[]> =>
  fc.array(fc.tuple(keyEvent, fc.nat({ max: replicas - 1 })).map(([event, replica]) => ({ ...event, replica })), { minLength: 1, maxLength: 120, size: 'large' });

export function describeEvent(event: RoutedEvent): string {
  const { kind, replica, ...rest } = event;
  return `${kind} ${JSON.stringify(rest)} on replica ${replica}`;
}

/**
 * How a property test runs: fast-check's seed from KEY_MODEL_SEED when set (to replay a failure it
 * printed), else a new one each run; KEY_MODEL_PATH replays the shrunk case. Failures print both.
 */
export function keyModelParameters(numRuns: number): fc.Parameters<unknown> {
  const seed = process.env.KEY_MODEL_SEED === undefined ? undefined : Number(process.env.KEY_MODEL_SEED);
  const path = process.env.KEY_MODEL_PATH;
  return { numRuns, ...(seed === undefined ? {} : { seed }), ...(path === undefined ? {} : { path }) };
}
