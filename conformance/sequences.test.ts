/**
 * Stateful sequences (checks/sequences.ts) and their model (kit/bookingModel.ts): the model says
 * what section 3 says; sequences pass on the reference server, and with a fixed seed catch state
 * mutants, shrunk to the shortest sequence, with a reproduction that follows the links by variables.
 */
import { describe, expect, it } from 'vitest';
import { cancelStatuses, DEADLINE_SLACK_MS, overviewProblems, retrieveStatuses, type ModelBooking } from './kit/bookingModel.js';
import { runConformance } from './kit/runner.js';
import { MUTANTS } from './testing/mutants/index.js';
import { startReferenceServer, type ServerOptions } from './testing/support/referenceServer.js';

const booking = (over: Partial<ModelBooking>): ModelBooking => ({ bookhash: 'A'.repeat(30), refundable: true, deadlineMs: 1_000_000_000_000, status: 'processing', ...over });

describe('the booking model (section 3)', () => {
  it('says what cancel must answer', () => {
    const now = 1_000_000_000_000 - 2 * DEADLINE_SLACK_MS;
    expect(cancelStatuses(booking({}), now)).toEqual([409]);
    expect(cancelStatuses(booking({ status: 'booking_cancelled' }), now)).toEqual([409]);
    expect(cancelStatuses(booking({ status: 'booking_confirmed' }), now)).toEqual([200]);
    expect(cancelStatuses(booking({ status: 'booking_confirmed', refundable: false, deadlineMs: null }), now)).toEqual([403]);
    expect(cancelStatuses(booking({ status: 'booking_confirmed' }), now + 4 * DEADLINE_SLACK_MS)).toEqual([403]);
    // A deadline whose zone is not stated: near it, either answer.
    expect(cancelStatuses(booking({ status: 'booking_confirmed' }), 1_000_000_000_000)).toEqual([200, 403]);
  });

  it('says what retrieve and the overview show', () => {
    expect(retrieveStatuses('processing')).toEqual(['processing', 'new']);
    const model = { nowMs: 0, bookings: [booking({ bookhash: 'P'.repeat(30) }), booking({ bookhash: 'C'.repeat(30), status: 'booking_confirmed' })] };
    expect(overviewProblems(model, [{ bookhash: 'C'.repeat(30), status: 'booking_confirmed' }])).toEqual([]);
    expect(overviewProblems(model, [])).toEqual([`${'C'.repeat(30)} (booking_confirmed) is listed 0 times, expected once`]);
    expect(overviewProblems(model, [{ bookhash: 'P'.repeat(30), status: 'processing' }, { bookhash: 'C'.repeat(30), status: 'booking_cancelled' }])).toHaveLength(2);
  });
});

async function sequencesAgainst(options: ServerOptions, seed: string) {
  const server = await startReferenceServer({ config: { validateResponses: false, ...options.config }, front: options.front });
  try {
    const report = await runConformance({ baseUrl: server.url, apikey: 'demo-key-1', control: server.url, profile: 'spec', only: ['sequences'], seed, timeoutMs: 15_000 });
    return report.results.find((r) => r.id === 'sequences.bookings.model');
  } finally {
    await server.close();
  }
}

describe('stateful sequences', () => {
  it('pass on the reference server, each sequence listed in the report', async () => {
    const result = await sequencesAgainst({}, 'seq-1');
    expect(result?.status, result?.message).toBe('passed');
    expect(result?.cases?.length).toBe(25);
    expect(result?.cases?.[0]?.what).toMatch(/^sequence: /);
  }, 60_000);

  // Seeds that find each (a sequence is random: over six seeds tried, non-refundable-cancel-200 was found by three, second-cancel-200 by none).
  it.each([
    ['state.cancel-processing-200', 'seq-1', true],
    ['state.non-refundable-cancel-200', 'seq-2', true],
    ['state.overview-lists-processing', 'seq-1', false],
  ])('catch %s (seed %s), shrunk, with a reproduction that follows the links', async (id, seed, bookhashLink) => {
    const mutant = MUTANTS.find((m) => m.id === id);
    const result = await sequencesAgainst(mutant ?? {}, seed);
    expect(result?.status).toBe('failed');
    const [head, sequence] = (result?.message ?? '').split('\n');
    expect(head).toMatch(/shrunk to the shortest that still fails/);
    // Shrunk: no operation that does not matter (no read between, no search, no clock move).
    expect(sequence).not.toMatch(/search|move the clock|retrieve/);
    const steps = result?.reproduction ?? [];
    expect(steps[0]).toMatchObject({ path: '/booking.php' });
    if (bookhashLink) {
      expect(steps[0]?.capture).toEqual({ BOOKHASH_1: 'booking_url#bookhash' });
      expect(JSON.stringify(steps.slice(1))).toContain('$BOOKHASH_1');
    }
    expect(JSON.stringify(steps)).not.toContain('demo-key-1');
  }, 60_000);
});
