/**
 * Section 8 for one request: the client IP's windows on the endpoint, counted in the Store (so
 * replicas sharing a database count together) and judged on the clock of the account asking. The
 * API pipeline's rate-limit step, as a plain function the time-rule tests drive too.
 */
import type { Store } from '../store/store.js';
import type { AccountClocks } from './accountClocks.js';
import type { RateLimitDecision, RateLimitWindow } from './rateLimiter.js';

export async function countRequest(
  store: Pick<Store, 'hitRateLimit'>,
  clocks: AccountClocks,
  windows: readonly RateLimitWindow[],
  key: string,
  accountId: number,
): Promise<RateLimitDecision> {
  const timeline = await clocks.timelineOf(accountId);
  return store.hitRateLimit(key, clocks.base.now().getTime(), windows, timeline, accountId);
}
