import type { Clock } from '../clock.js';
import { PerAccount } from './perAccount.js';

export interface OfferTerms {
  currency: string;
  residency: string;
  /** The language code of the search or details response that offered the rate, as given. */
  language: string;
}

const OFFER_LIFETIME_MS = 60 * 60 * 1000;
const PRUNE_ABOVE_ENTRIES = 50_000;

/**
 * Remembers, per account, in which currency, residency and language each service_hash was last
 * offered, because the service_hash itself carries none of them: booking start prices the rate
 * on those terms and the booking speaks that language (reference behaviour, see openapi.yaml
 * booking.php). Offers live 1 hour on the
 * account's clock, like a search.
 */
export class OfferRegistry {
  private readonly offers = new PerAccount(() => new Map<string, OfferTerms & { offeredAtMs: number }>());

  record(accountId: number, serviceHashes: Iterable<string>, terms: OfferTerms, clock: Clock): void {
    const offers = this.offers.of(accountId);
    const offeredAtMs = clock.now().getTime();
    if (offers.size > PRUNE_ABOVE_ENTRIES) prune(offers, offeredAtMs);
    for (const serviceHash of serviceHashes) {
      offers.delete(serviceHash); // re-insert so Map order stays oldest-first for pruning
      offers.set(serviceHash, { currency: terms.currency, residency: terms.residency, language: terms.language, offeredAtMs });
    }
  }

  termsFor(accountId: number, serviceHash: string, clock: Clock): OfferTerms | undefined {
    const offer = this.offers.of(accountId).get(serviceHash);
    if (!offer || clock.now().getTime() - offer.offeredAtMs > OFFER_LIFETIME_MS) return undefined;
    return { currency: offer.currency, residency: offer.residency, language: offer.language };
  }

  /** Forgets the offers made to one account. */
  reset(accountId: number): void {
    this.offers.reset(accountId);
  }

  resetAll(): void {
    this.offers.resetAll();
  }
}

function prune(offers: Map<string, { offeredAtMs: number }>, nowMs: number): void {
  for (const [key, offer] of offers) {
    if (nowMs - offer.offeredAtMs <= OFFER_LIFETIME_MS) break;
    offers.delete(key);
  }
}
