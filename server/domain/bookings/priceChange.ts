/**
 * The scenario "price increase at booking": the supplier confirms the rate at a higher price when
 * the booking starts. Every amount of the snapshot moves by the same percentage, rounded per
 * currency, and stays consistent: the total is the sum of the nights, and a penalty that was the
 * total (non-refundable) or the first night (refundable) is still exactly that.
 */
import type { Schemas } from '../../contract.js';
import { formatIn, roundForCurrency } from '../rates/currency.js';

export interface PriceSnapshot {
  currency: string;
  totalPrice: string;
  pricePerNight: string[];
  chargeAmount: string;
  chargeCurrency: string;
  policies: Schemas['PenaltyPolicy'][];
}

/** Integer cents of a decimal money text such as "412.50", "412" (JPY) or "412.500" (KWD). */
export function centsOf(amount: string): number {
  const match = /^(\d+)(?:\.(\d{1,3}))?$/.exec(amount);
  if (!match) throw new RangeError(`Not a money amount: ${amount}`);
  return Number(match[1]) * 100 + Math.round(Number((match[2] ?? '0').padEnd(3, '0')) / 10);
}

export function increasePrices(snapshot: PriceSnapshot, percent: number): PriceSnapshot {
  const factor = 1 + percent / 100;
  const scaleDisplay = (amount: string) => roundForCurrency(centsOf(amount) * factor, snapshot.currency);
  const scaleCharge = (amount: string) => roundForCurrency(centsOf(amount) * factor, snapshot.chargeCurrency);

  const nightCents = snapshot.pricePerNight.map(scaleDisplay);
  const totalCents = nightCents.reduce((sum, cents) => sum + cents, 0);
  const display = (cents: number) => formatIn(cents, snapshot.currency);
  const charge = (cents: number) => formatIn(cents, snapshot.chargeCurrency);
  const pricePerNight = nightCents.map(display);
  const totalPrice = display(totalCents);
  const sameCurrency = snapshot.chargeCurrency === snapshot.currency;
  const chargeAmount = sameCurrency ? totalPrice : charge(scaleCharge(snapshot.chargeAmount));
  const oldFirstNight = snapshot.pricePerNight[0];

  const policies = snapshot.policies.map((policy) => {
    const penaltyAmount =
      policy.penalty_amount === snapshot.totalPrice
        ? totalPrice
        : policy.penalty_amount === oldFirstNight
          ? (pricePerNight[0] ?? totalPrice)
          : display(scaleDisplay(policy.penalty_amount));
    const penaltyCharge =
      policy.penalty_charge === snapshot.chargeAmount
        ? chargeAmount
        : sameCurrency && policy.penalty_charge === policy.penalty_amount
          ? penaltyAmount
          : charge(scaleCharge(policy.penalty_charge));
    return { ...policy, penalty_amount: penaltyAmount, penalty_charge: penaltyCharge };
  });

  return { ...snapshot, totalPrice, pricePerNight, chargeAmount, policies };
}
