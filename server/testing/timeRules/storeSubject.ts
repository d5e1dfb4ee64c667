/**
 * The sandbox's time rules at the store level, driven as the API pipeline drives them: the
 * account's clock (AccountClocks and the control API's clock moves), the rate-limit step
 * (countRequest) and the account reset, over any Store — the embedded one, or PostgreSQL with one
 * or several replicas sharing a database (each event goes to a replica the scenario picks).
 */
import type { Clock } from '../../clock.js';
import { AccountClocks } from '../../domain/accountClocks.js';
import { changeAccountClock } from '../../domain/clockControl.js';
import { rateLimitWindows } from '../../domain/rateLimiter.js';
import { AddressCeiling } from '../../domain/addressCeiling.js';
import { LIFTED_LIMIT, countRequest } from '../../domain/requestLimits.js';
import type { Quota } from '../../domain/accounts.js';
import type { Store } from '../../domain/ports/store.js';
import { addressOf, type TimeRulesSubject } from './driver.js';
import type { Limits } from './model.js';

export type TimeRulesStore = Pick<Store, 'getClockOffset' | 'getClockHistory' | 'setClockOffset' | 'hitRateLimit' | 'resetAccount'>;

/**
 * @param replicas the stores of the replicas (one for the embedded store); event i goes to replica
 *   `route(i)`, each replica with its own AccountClocks, as each process has its own
 * @param tick how base time passes (a FakeClock's advance; nothing with real timers)
 */
export function storeSubject(
  replicas: readonly TimeRulesStore[],
  base: Clock,
  limits: Limits,
  tick: (ms: number) => void,
  route: (eventIndex: number) => number = () => 0,
  /** Where this scenario's account ids start and what its keys begin with (scenarios sharing a database stay apart). */
  namespace = { firstAccountId: 1, keyPrefix: '' },
): TimeRulesSubject {
  const windows = rateLimitWindows(limits);
  const accountId = (account: number) => namespace.firstAccountId + account;
  const quotaOf = (id: number) => quotaOfScenario(limits, id - namespace.firstAccountId);
  // Each replica (process) has its own clocks object and its own address ceiling.
  const processes = replicas.map((store) => ({ store, clocks: new AccountClocks(base, store), ceiling: new AddressCeiling(limits.ceilingPerMinute) }));
  let events = 0;
  const next = () => processes[route(events++) % processes.length] as (typeof processes)[number];
  return {
    async request(account, ip, endpoint) {
      const { store, clocks, ceiling } = next();
      return countRequest({ store, clocks, windows, ceiling, quotaOf }, namespace.keyPrefix + addressOf(ip), endpoint, accountId(account));
    },
    async move(account, change) {
      await changeAccountClock(next().clocks, accountId(account), change);
    },
    async reset(account) {
      await next().store.resetAccount(accountId(account));
    },
    tick,
  };
}

/** The quota increase a scenario gives its account `account` (Limits.raised), as an operator grants it. */
export function quotaOfScenario(limits: Limits, account: number): Quota | undefined {
  const raised = limits.raised?.[account];
  if (!raised) return undefined;
  const lifted = raised.perMinute === LIFTED_LIMIT;
  return {
    per_minute: lifted ? null : raised.perMinute, per_day: lifted ? null : raised.perDay, lifted,
    until: null, note: 'time-rule scenario', granted_at: '2026-01-01T00:00:00.000Z',
  };
}
