import { describe, expect, it } from 'vitest';
import { FakeClock } from '../clock.js';
import { OfferRegistry } from './offers.js';

describe('OfferRegistry', () => {
  it('remembers the latest terms per account for one hour of that account clock', () => {
    const clock = new FakeClock();
    const offers = new OfferRegistry();
    offers.record(1, ['h-1'], { currency: 'USD', residency: 'us', language: 'en' }, clock);
    offers.record(1, ['h-1'], { currency: 'GBP', residency: 'gb', language: 'de-de' }, clock);
    expect(offers.termsFor(1, 'h-1', clock)).toEqual({ currency: 'GBP', residency: 'gb', language: 'de-de' });
    expect(offers.termsFor(2, 'h-1', clock)).toBeUndefined();
    clock.advance(3600);
    expect(offers.termsFor(1, 'h-1', clock)).toEqual({ currency: 'GBP', residency: 'gb', language: 'de-de' });
    clock.advance(1);
    expect(offers.termsFor(1, 'h-1', clock)).toBeUndefined();
  });

  it('resets one account without touching another', () => {
    const clock = new FakeClock();
    const offers = new OfferRegistry();
    offers.record(1, ['h-1'], { currency: 'USD', residency: 'us', language: 'en' }, clock);
    offers.record(2, ['h-1'], { currency: 'GBP', residency: 'gb', language: 'en' }, clock);
    offers.reset(1);
    expect(offers.termsFor(1, 'h-1', clock)).toBeUndefined();
    expect(offers.termsFor(2, 'h-1', clock)).toEqual({ currency: 'GBP', residency: 'gb', language: 'en' });
  });
});
