/** The Test-header scenario catalogue and its pure decisions, on their own. */
import { describe, expect, it } from 'vitest';
import { scenarioHotel, makeHotel } from '../../testing/rateHotels.js';
import { SCENARIOS, SCENARIO_ENDPOINTS, SCENARIO_NAMES, chooseScenario } from './catalogue.js';
import { altersHotel, bookingMark, hotelAtCancel, hotelUnder, paymentOutcomeUnder } from './effects.js';

describe('chooseScenario', () => {
  it('accepts every listed scenario on its endpoints, exactly as the contract spells it (surrounding spaces dropped)', () => {
    for (const info of SCENARIOS) {
      for (const endpoint of info.appliesTo) {
        expect(chooseScenario(info.name, endpoint)).toEqual({ ok: true, scenario: info.name });
        expect(chooseScenario(` ${info.name} `, endpoint)).toEqual({ ok: true, scenario: info.name });
      }
    }
  });

  it('refuses another case, as the contract enum and a validating proxy do, naming the right spelling', () => {
    for (const info of SCENARIOS) {
      for (const endpoint of info.appliesTo) {
        for (const spelling of [info.name.toUpperCase(), info.name.charAt(0).toUpperCase() + info.name.slice(1)]) {
          const choice = chooseScenario(spelling, endpoint);
          expect(choice.ok, `${spelling} on ${endpoint}`).toBe(false);
          expect(!choice.ok && choice.message).toContain(`(values are lower case: '${info.name}')`);
        }
      }
    }
  });

  it('refuses a scenario on an endpoint it does not apply to, naming where it applies and what is allowed', () => {
    const choice = chooseScenario('sold_out', '/book/cancel.php');
    expect(choice).toEqual({
      ok: false,
      message:
        "Test scenario 'sold_out' does not apply to book/cancel.php; it applies to booking.php. " +
        'Allowed values on book/cancel.php: standard, supplier_unavailable, slow, server_error, rate_limited, connection_reset',
    });
  });

  it('refuses an unknown value, naming the values allowed on the endpoint', () => {
    const choice = chooseScenario('sloww', '/retrieve_booking.php');
    expect(choice.ok).toBe(false);
    expect(!choice.ok && choice.message).toBe(
      "Unknown Test scenario 'sloww'; allowed values on retrieve_booking.php: standard, slow, server_error, rate_limited, connection_reset",
    );
  });

  it('lists every scenario once, each applying somewhere', () => {
    expect(SCENARIOS.map((info) => info.name)).toEqual([...SCENARIO_NAMES]);
    for (const info of SCENARIOS) for (const endpoint of info.appliesTo) expect(SCENARIO_ENDPOINTS).toContain(endpoint);
  });
});

describe('scenario effects', () => {
  const hotel = makeHotel();

  it('lends the hotel the scenario hotels\' effects, leaving the hotel itself unchanged', () => {
    expect(hotelUnder(hotel, 'no_availability').scenario).toEqual([{ kind: 'no_rooms' }]);
    expect(hotelUnder(hotel, 'price_changed').scenario).toEqual([{ kind: 'price_increase_at_booking', percent: 10 }]);
    expect(hotelUnder(hotel, 'sold_out').scenario).toEqual([{ kind: 'sold_out_at_booking' }]);
    expect(hotelUnder(hotel, 'supplier_unavailable').scenario).toEqual([{ kind: 'cancel_fails_at_supplier', recoversAfterSeconds: 600 }]);
    expect(hotel.scenario).toEqual([]);
  });

  it('returns the very same hotel when the scenario changes nothing about it (the rate caches stay warm)', () => {
    for (const scenario of [undefined, 'standard', 'slow', 'payment_declined'] as const) {
      expect(hotelUnder(hotel, scenario)).toBe(hotel);
      expect(altersHotel(scenario)).toBe(false);
    }
    expect(hotelUnder(undefined, 'sold_out')).toBeUndefined();
    expect(altersHotel('no_availability')).toBe(true);
  });

  it('keeps a scenario hotel\'s own effects', () => {
    const taxed = scenarioHotel(900004, { kind: 'taxes_not_included' });
    expect(hotelUnder(taxed, 'sold_out').scenario).toEqual([{ kind: 'taxes_not_included' }, { kind: 'sold_out_at_booking' }]);
  });

  it('at cancel: the mark recovers after 600 s, the header sent on the cancel never does', () => {
    expect(hotelAtCancel(hotel, 'supplier_unavailable', undefined)?.scenario).toEqual([
      { kind: 'cancel_fails_at_supplier', recoversAfterSeconds: 600 },
    ]);
    expect(hotelAtCancel(hotel, 'supplier_unavailable', 'supplier_unavailable')?.scenario[0]).toEqual({
      kind: 'cancel_fails_at_supplier',
      recoversAfterSeconds: Infinity,
    });
    expect(hotelAtCancel(hotel, undefined, 'slow')).toBe(hotel);
  });

  it('marks a booking only with scenarios of a later step', () => {
    expect(SCENARIO_NAMES.filter((name) => bookingMark(name) !== undefined)).toEqual([
      'price_changed', 'supplier_unavailable', 'payment_declined', 'supplier_rejects',
    ]);
  });

  it('a marked payment ends so whatever the card', () => {
    for (const card of ['success', 'payment_failed', 'booking_failed'] as const) {
      expect(paymentOutcomeUnder('payment_declined', card)).toBe('payment_failed');
      expect(paymentOutcomeUnder('supplier_rejects', card)).toBe('booking_failed');
      expect(paymentOutcomeUnder(undefined, card)).toBe(card);
      expect(paymentOutcomeUnder('price_changed', card)).toBe(card);
    }
  });
});
