import type { Clock } from '../clock.js';

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
 * booking.php). Offers live 1 hour, like a search.
 */
export class OfferRegistry {
  private readonly offers = new Map<string, OfferTerms & { offeredAtMs: number }>();

  constructor(private readonly clock: Clock) {}

  record(accountId: number, serviceHashes: Iterable<string>, terms: OfferTerms): void {
    const offeredAtMs = this.clock.now().getTime();
    if (this.offers.size > PRUNE_ABOVE_ENTRIES) this.prune(offeredAtMs);
    for (const serviceHash of serviceHashes) {
      const key = `${accountId}|${serviceHash}`;
      this.offers.delete(key); // re-insert so Map order stays oldest-first for pruning
      this.offers.set(key, { currency: terms.currency, residency: terms.residency, language: terms.language, offeredAtMs });
    }
  }

  termsFor(accountId: number, serviceHash: string): OfferTerms | undefined {
    const offer = this.offers.get(`${accountId}|${serviceHash}`);
    if (!offer || this.clock.now().getTime() - offer.offeredAtMs > OFFER_LIFETIME_MS) return undefined;
    return { currency: offer.currency, residency: offer.residency, language: offer.language };
  }

  reset(): void {
    this.offers.clear();
  }

  private prune(nowMs: number): void {
    for (const [key, offer] of this.offers) {
      if (nowMs - offer.offeredAtMs <= OFFER_LIFETIME_MS) break;
      this.offers.delete(key);
    }
  }
}
