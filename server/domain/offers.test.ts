import { describe, expect, it } from 'vitest';
import { FakeClock } from '../clock.js';
import { OfferRegistry } from './offers.js';

describe('OfferRegistry', () => {
  it('remembers the latest terms per account for one hour', () => {
    const clock = new FakeClock();
    const offers = new OfferRegistry(clock);
    offers.record(1, ['h-1'], { currency: 'USD', residency: 'us', language: 'en' });
    offers.record(1, ['h-1'], { currency: 'GBP', residency: 'gb', language: 'de-de' });
    expect(offers.termsFor(1, 'h-1')).toEqual({ currency: 'GBP', residency: 'gb', language: 'de-de' });
    expect(offers.termsFor(2, 'h-1')).toBeUndefined();
    clock.advance(3600);
    expect(offers.termsFor(1, 'h-1')).toEqual({ currency: 'GBP', residency: 'gb', language: 'de-de' });
    clock.advance(1);
    expect(offers.termsFor(1, 'h-1')).toBeUndefined();
  });
});
