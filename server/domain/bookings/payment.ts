/**
 * Sandbox payment: the outcomes a payment attempt can have, and the documented test cards of the
 * finalization page that choose them. No real card data is ever asked for or stored.
 */

/** success: paid and confirmed; payment_failed: card declined; booking_failed: card charged, supplier refused (refunded). */
export const PAYMENT_OUTCOMES = ['success', 'payment_failed', 'booking_failed'] as const;
export type PaymentOutcome = (typeof PAYMENT_OUTCOMES)[number];

export interface TestCard {
  /** Card number without spaces; the value the form posts. */
  number: string;
  /** How the page shows the number. */
  display: string;
  label: string;
  outcome: PaymentOutcome;
}

/** The sandbox test cards, default first. */
export const TEST_CARDS: readonly TestCard[] = [
  {
    number: '4242424242424242',
    display: '4242 4242 4242 4242',
    label: 'Payment succeeds and the hotel confirms the booking',
    outcome: 'success',
  },
  {
    number: '4000000000000002',
    display: '4000 0000 0000 0002',
    label: 'Card declined: the payment fails',
    outcome: 'payment_failed',
  },
  {
    number: '4000000000000119',
    display: '4000 0000 0000 0119',
    label: 'Card accepted, but the hotel supplier rejects the booking (the payment is refunded)',
    outcome: 'booking_failed',
  },
];

export const DEFAULT_TEST_CARD: TestCard = TEST_CARDS[0] as TestCard;

/** The test card with this number (spaces ignored), or undefined. */
export function testCard(number: string): TestCard | undefined {
  const digits = number.replace(/\s+/g, '');
  return TEST_CARDS.find((card) => card.number === digits);
}
