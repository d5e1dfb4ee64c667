/** The VAT payable on top of a booking's price, as its hotel's rates state it (undefined when included). */
import type { Schemas } from '../../contract.js';
import type { Hotel } from '../hotel.js';
import { bookedVat } from '../rates/taxes.js';
import { centsOf } from './priceChange.js';
import type { BookingRecord } from './record.js';

export function vatOfBooking(booking: BookingRecord, hotel: Hotel | undefined): Schemas['Vat'] | undefined {
  return hotel ? bookedVat(hotel, centsOf(booking.totalPrice), booking.currency) : undefined;
}
