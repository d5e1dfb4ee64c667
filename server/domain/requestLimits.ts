/**
 * Section 8 for one request: the windows of the client IP and endpoint, per account (a shared
 * sandbox counts each account's requests apart, so partner teams behind one address never use each
 * other's), counted in the Store (replicas sharing a database count together) and judged on the
 * account's own clock; and the address's ceiling over all accounts (addressCeiling.ts), in real time.
 * The API pipeline's rate-limit step, as a plain function the time-rule tests drive too.
 *
 * A quota increase (section 8: "by contacting the support address") raises, or lifts, the limits
 * of that account's own windows, for a period of real time or for good; it never raises the
 * address's ceiling, which protects the shared sandbox. countRequest is the one place that picks
 * an account's windows.
 */
import type { Store } from './ports/store.js';
import type { AccountClocks } from './accountClocks.js';
import { quotaInForce, type Quota } from './accounts.js';
import type { AddressCeiling } from './addressCeiling.js';
import type { RateLimitDecision, RateLimitWindow } from './rateLimiter.js';
import type { WindowState } from './slidingWindows.js';

export interface RequestLimits {
  store: Pick<Store, 'hitRateLimit'>;
  clocks: AccountClocks;
  /** The sandbox's windows (its configured limits), for every account without a quota increase. */
  windows: readonly RateLimitWindow[];
  ceiling: AddressCeiling;
  /** The account's quota increase, if it has one (the account registry); absent: none has. */
  quotaOf?: (accountId: number) => Quota | null | undefined;
}

/** The verdict; `states` (the account's windows, for the RateLimit header fields) when its windows were judged. */
export type LimitVerdict = ({ allowed: true } | (Extract<RateLimitDecision, { allowed: false }> & { scope: 'account' | 'address' })) & {
  states?: readonly WindowState[];
};

/** A lifted limit: requests are still counted (a lift that ends finds them), never refused. */
export const LIFTED_LIMIT = Number.MAX_SAFE_INTEGER;

/** The store key of an account's window on an endpoint from an address. */
export const windowKey = (ip: string, endpoint: string, accountId: number): string => `${ip}|${endpoint}|${accountId}`;

/** The account's windows at real time `baseNowMs`: the sandbox's, or those its quota increase in force sets. */
export function windowsOf(limits: Pick<RequestLimits, 'windows' | 'quotaOf'>, accountId: number, baseNowMs: number): readonly RateLimitWindow[] {
  const quota = limits.quotaOf?.(accountId) ?? null;
  if (!quotaInForce(quota, baseNowMs)) return limits.windows;
  return limits.windows.map((window) => {
    const raised = window.name === 'minute' ? quota.per_minute : quota.per_day;
    return { ...window, limit: quota.lifted ? LIFTED_LIMIT : Math.max(window.limit, raised ?? window.limit) };
  });
}

export async function countRequest(limits: RequestLimits, ip: string, endpoint: string, accountId: number): Promise<LimitVerdict> {
  const baseNowMs = limits.clocks.base.now().getTime();
  const place = limits.ceiling.take(`${ip}|${endpoint}`, baseNowMs);
  if ('allowed' in place) return { allowed: false, window: place.window, limit: place.limit, retryAfterSeconds: place.retryAfterSeconds, scope: 'address' };
  const timeline = await limits.clocks.timelineOf(accountId);
  const windows = windowsOf(limits, accountId, baseNowMs);
  const decision = await limits.store.hitRateLimit(windowKey(ip, endpoint, accountId), limits.clocks.base.now().getTime(), windows, timeline, accountId);
  if (decision.allowed) return decision;
  place.giveBack(); // refused by the account's window: it took nothing of the address's ceiling
  return { ...decision, scope: 'account' };
}
