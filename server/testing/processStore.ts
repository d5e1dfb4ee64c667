/**
 * The embedded store's in-memory part (clock offsets, searches, offers, rate-limit windows) behind
 * the async Store methods, for unit tests of the domain services that keep their state there.
 */
import { ProcessState } from '../store/processState.js';
import type { Store } from '../domain/ports/store.js';

export type ProcessStore = Pick<
  Store,
  'getClockOffset' | 'getClockHistory' | 'setClockOffset' | 'putSearch' | 'getSearch' | 'putOffers' | 'getOffer' | 'hitRateLimit' | 'resetAccount' | 'reset'
>;

export function processStore(state = new ProcessState()): ProcessStore {
  return {
    getClockOffset: async (accountId) => state.getClockOffset(accountId),
    getClockHistory: async (accountId) => state.getClockHistory(accountId),
    setClockOffset: async (accountId, offsetMs, history) => state.setClockOffset(accountId, offsetMs, history),
    putSearch: async (accountId, searchId, value, expires) => state.putSearch(accountId, searchId, value, expires),
    getSearch: async (searchId, now) => state.getSearch(searchId, now),
    putOffers: async (accountId, serviceHashes, value, expires) => state.putOffers(accountId, serviceHashes, value, expires),
    getOffer: async (accountId, serviceHash, now) => state.getOffer(accountId, serviceHash, now),
    hitRateLimit: async (key, nowMs, windows, timeline, accountId) => state.hitRateLimit(key, nowMs, windows, timeline, accountId),
    resetAccount: async (accountId) => state.resetAccount(accountId),
    reset: async () => state.reset(),
  };
}
