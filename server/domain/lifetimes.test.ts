/**
 * The lifetimes of section 8 and our reference choices against their reference model (LIFETIMES in
 * server/testing/timeRules/model.ts): search_id, identical searches, offers, live hotel.php answers
 * and Idempotency-Key records, over random sequences of searches, lookups, keyed booking starts,
 * clock moves (on, back, to real time), account resets and real time passing (often not at all), on
 * the embedded stores (PostgreSQL: server/store/postgresTimeRules.test.ts). The rate limits are in
 * timeRules.test.ts; every rule at its exact edges in timeEdges.test.ts and
 * server/http/api/timeEdges.test.ts (with the cancellation deadline).
 * A failure prints its seed and shrunk sequence: TIME_RULES_SEED=<seed> TIME_RULES_PATH=<path> replays it.
 */
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { LowdbStore } from '../store/lowdbStore.js';
import { processStore } from '../testing/processStore.js';
import { propertyParameters } from '../testing/timeRules/events.js';
import { lifetimeEvent, playLifetimes, type LifetimeEvent, type LifetimesStore } from '../testing/timeRules/lifetimes.js';
import { HOUR_MS } from '../testing/timeRules/model.js';

/** The in-memory part of the embedded store, with the embedded store's idempotency records. */
async function processAndRecords(): Promise<LifetimesStore> {
  const records = await LowdbStore.inMemory();
  const state = processStore();
  return { ...state, claimIdempotencyKey: (use, now) => records.claimIdempotencyKey(use, now), insertBooking: (build, idempotency, keep) => records.insertBooking(build, idempotency, keep), resetAccount: async (id) => { await state.resetAccount(id); await records.resetAccount(id); } };
}

describe.each([
  ['the process store', processAndRecords],
  ['the embedded store (lowdb)', async () => LowdbStore.inMemory()],
])('lifetimes on %s agree with the model', (_name, open) => {
  it('random sequences of searches, lookups, offers, clock moves, resets and real time', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(lifetimeEvent, { minLength: 1, maxLength: 60 }), async (events) => playLifetimes(await open(), events)),
      propertyParameters(120),
    );
  });
});

describe('lifetimes, replayed', () => {
  it('replays a recorded seed (as TIME_RULES_SEED does for a failure)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(lifetimeEvent, { minLength: 1, maxLength: 60 }), async (events) => playLifetimes(await processAndRecords(), events)),
      { seed: 2_026_112_7, numRuns: 20 },
    );
  });

  it('a search_id ended by a clock moved on answers again when the clock is set back within its hour of real time, and never after it', async () => {
    const events: LifetimeEvent[] = [
      { kind: 'search', account: 1, variant: 0 },
      { kind: 'move', account: 1, change: { advanceSeconds: 7200 } },
      { kind: 'details', account: 1, searchBack: 0 },
      { kind: 'move', account: 1, change: { offsetSeconds: 0 } },
      { kind: 'details', account: 1, searchBack: 0 },
      { kind: 'tick', ms: HOUR_MS },
      { kind: 'move', account: 1, change: { offsetSeconds: -3000 } },
      { kind: 'details', account: 1, searchBack: 0 },
    ];
    await playLifetimes(await processAndRecords(), events);
    await playLifetimes(await LowdbStore.inMemory(), events);
  });
});
