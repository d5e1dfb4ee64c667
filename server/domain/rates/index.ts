/** The rate engine: room types, prices, availability, cancellation terms and rate references. */
export { hotelRooms, cheapestRate, quoteServiceHash } from './rates.js';
export type { Stay, SearchRate } from './rates.js';
export { parseServiceHash, buildServiceHash } from './serviceHash.js';
export { roomTypesOf } from './roomTypes.js';
