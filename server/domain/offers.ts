import { instantOf, type Clock } from '../clock.js';
import { expiryAfter, type Store } from './ports/store.js';

export interface OfferTerms {
  currency: string;
  residency: string;
  /** The language code of the search or details response that offered the rate, as given. */
  language: string;
}

const OFFER_LIFETIME_MS = 60 * 60 * 1000;

/**
 * Remembers, per account, in which currency, residency and language each service_hash was last
 * offered, because the service_hash itself carries none of them: booking start prices the rate
 * on those terms and the booking speaks that language (reference behaviour, see openapi.yaml
 * booking.php). Offers live 1 hour, like a search (on the account's clock, and never longer than
 * an hour of real time: see Expiry). They are kept in the
 * Store, so a rate offered by one replica books on the terms it was shown with on any other.
 */
export class OfferRegistry {
  constructor(private readonly store: Pick<Store, 'putOffers' | 'getOffer'>) {}

  async record(accountId: number, serviceHashes: readonly string[], terms: OfferTerms, clock: Clock): Promise<void> {
    // Frozen: the store may keep it as it is (hotel.php records dozens of hashes per call).
    const offer: OfferTerms = Object.freeze({ currency: terms.currency, residency: terms.residency, language: terms.language });
    // Still valid at exactly one hour, gone a millisecond later.
    await this.store.putOffers(accountId, serviceHashes, offer, expiryAfter(instantOf(clock), OFFER_LIFETIME_MS + 1));
  }

  async termsFor(accountId: number, serviceHash: string, clock: Clock): Promise<OfferTerms | undefined> {
    return (await this.store.getOffer(accountId, serviceHash, instantOf(clock))) as OfferTerms | undefined;
  }
}
