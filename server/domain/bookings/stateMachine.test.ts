import { describe, expect, it } from 'vitest';
import type { BookingStatus } from '../../contract.js';
import { INITIAL_STATUS, isOverviewStatus, nextStatus, transition, type BookingEvent } from './stateMachine.js';

const STATUSES: BookingStatus[] = ['new', 'processing', 'booking_failed', 'booking_confirmed', 'booking_cancelled', 'payment_failed'];
const EVENTS: BookingEvent[] = ['payment_succeeded', 'payment_declined', 'supplier_rejected', 'cancel'];

describe('booking state machine', () => {
  it('starts in processing (new is never produced)', () => {
    expect(INITIAL_STATUS).toBe('processing');
  });

  it('allows exactly the documented moves', () => {
    const allowed: string[] = [];
    for (const status of STATUSES) {
      for (const event of EVENTS) {
        const next = nextStatus(status, event);
        if (next !== undefined) allowed.push(`${status} --${event}--> ${next}`);
      }
    }
    expect(allowed.sort()).toEqual(
      [
        'booking_confirmed --cancel--> booking_cancelled',
        'processing --payment_declined--> payment_failed',
        'processing --payment_succeeded--> booking_confirmed',
        'processing --supplier_rejected--> booking_failed',
      ].sort(),
    );
  });

  it('keeps failed and cancelled bookings final', () => {
    for (const status of ['payment_failed', 'booking_failed', 'booking_cancelled'] as const) {
      for (const event of EVENTS) expect(nextStatus(status, event)).toBeUndefined();
    }
  });

  it('transition throws on a move that is not allowed', () => {
    expect(transition('processing', 'payment_succeeded')).toBe('booking_confirmed');
    expect(() => transition('booking_cancelled', 'cancel')).toThrow(/does not allow cancel/);
    expect(() => transition('processing', 'cancel')).toThrow();
  });

  it('lists the statuses of the overview', () => {
    expect(STATUSES.filter(isOverviewStatus).sort()).toEqual(
      ['booking_cancelled', 'booking_confirmed', 'booking_failed', 'payment_failed'],
    );
  });
});
