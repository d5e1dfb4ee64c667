/**
 * Section 8 for one request: the windows of the client IP and endpoint, per account (a shared
 * sandbox counts each account's requests apart, so partner teams behind one address never use each
 * other's), counted in the Store (replicas sharing a database count together) and judged on the
 * account's own clock; and the address's ceiling over all accounts (addressCeiling.ts), in real time.
 * The API pipeline's rate-limit step, as a plain function the time-rule tests drive too.
 */
import type { Store } from '../store/store.js';
import type { AccountClocks } from './accountClocks.js';
import type { AddressCeiling } from './addressCeiling.js';
import type { RateLimitDecision, RateLimitWindow } from './rateLimiter.js';
import type { WindowState } from './slidingWindows.js';

export interface RequestLimits {
  store: Pick<Store, 'hitRateLimit'>;
  clocks: AccountClocks;
  windows: readonly RateLimitWindow[];
  ceiling: AddressCeiling;
}

/** The verdict; `states` (the account's windows, for the RateLimit header fields) when its windows were judged. */
export type LimitVerdict = ({ allowed: true } | (Extract<RateLimitDecision, { allowed: false }> & { scope: 'account' | 'address' })) & {
  states?: readonly WindowState[];
};

/** The store key of an account's window on an endpoint from an address. */
export const windowKey = (ip: string, endpoint: string, accountId: number): string => `${ip}|${endpoint}|${accountId}`;

export async function countRequest(limits: RequestLimits, ip: string, endpoint: string, accountId: number): Promise<LimitVerdict> {
  const place = limits.ceiling.take(`${ip}|${endpoint}`, limits.clocks.base.now().getTime());
  if ('allowed' in place) return { allowed: false, window: place.window, limit: place.limit, retryAfterSeconds: place.retryAfterSeconds, scope: 'address' };
  const timeline = await limits.clocks.timelineOf(accountId);
  const decision = await limits.store.hitRateLimit(windowKey(ip, endpoint, accountId), limits.clocks.base.now().getTime(), limits.windows, timeline, accountId);
  if (decision.allowed) return decision;
  place.giveBack(); // refused by the account's window: it took nothing of the address's ceiling
  return { ...decision, scope: 'account' };
}
