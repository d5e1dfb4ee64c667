/**
 * The embedded store's in-memory part (clock offsets, searches, offers, rate-limit windows) behind
 * the async Store methods, for unit tests of the domain services that keep their state there.
 */
import { ProcessState } from '../store/processState.js';
import type { Store } from '../store/store.js';

export type ProcessStore = Pick<
  Store,
  'getClockOffset' | 'getClockHistory' | 'setClockOffset' | 'putSearch' | 'getSearch' | 'putOffers' | 'getOffer' | 'hitRateLimit' | 'resetAccount' | 'reset'
>;

export function processStore(state = new ProcessState()): ProcessStore {
  return {
    getClockOffset: async (accountId) => state.getClockOffset(accountId),
    getClockHistory: async (accountId) => state.getClockHistory(accountId),
    setClockOffset: async (accountId, offsetMs, history) => state.setClockOffset(accountId, offsetMs, history),
    putSearch: async (accountId, searchId, value, expiresAtMs) => state.putSearch(accountId, searchId, value, expiresAtMs),
    getSearch: async (searchId, nowMs) => state.getSearch(searchId, nowMs),
    putOffers: async (accountId, serviceHashes, value, expiresAtMs) => state.putOffers(accountId, serviceHashes, value, expiresAtMs),
    getOffer: async (accountId, serviceHash, nowMs) => state.getOffer(accountId, serviceHash, nowMs),
    hitRateLimit: async (key, nowMs, windows, timeline, accountId) => state.hitRateLimit(key, nowMs, windows, timeline, accountId),
    resetAccount: async (accountId) => state.resetAccount(accountId),
    reset: async () => state.reset(),
  };
}
