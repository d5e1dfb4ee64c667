import { describe, expect, it } from 'vitest';
import { FakeClock } from '../clock.js';
import { processStore } from '../testing/processStore.js';
import { OfferRegistry } from './offers.js';

describe('OfferRegistry', () => {
  it('remembers the latest terms per account for one hour of that account clock', async () => {
    const clock = new FakeClock();
    const offers = new OfferRegistry(processStore());
    await offers.record(1, ['h-1'], { currency: 'USD', residency: 'us', language: 'en' }, clock);
    await offers.record(1, ['h-1'], { currency: 'GBP', residency: 'gb', language: 'de-de' }, clock);
    expect(await offers.termsFor(1, 'h-1', clock)).toEqual({ currency: 'GBP', residency: 'gb', language: 'de-de' });
    expect(await offers.termsFor(2, 'h-1', clock)).toBeUndefined();
    clock.advance(3600);
    expect(await offers.termsFor(1, 'h-1', clock)).toEqual({ currency: 'GBP', residency: 'gb', language: 'de-de' });
    clock.advance(1);
    expect(await offers.termsFor(1, 'h-1', clock)).toBeUndefined();
  });

  it('resetting one account in the store forgets its offers only', async () => {
    const clock = new FakeClock();
    const store = processStore();
    const offers = new OfferRegistry(store);
    await offers.record(1, ['h-1'], { currency: 'USD', residency: 'us', language: 'en' }, clock);
    await offers.record(2, ['h-1'], { currency: 'GBP', residency: 'gb', language: 'en' }, clock);
    await store.resetAccount(1);
    expect(await offers.termsFor(1, 'h-1', clock)).toBeUndefined();
    expect(await offers.termsFor(2, 'h-1', clock)).toEqual({ currency: 'GBP', residency: 'gb', language: 'en' });
  });
});
