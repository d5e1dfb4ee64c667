/** The rate engine: room types, prices, availability, cancellation terms and rate references. */
export { hotelRooms, cheapestRate, quoteServiceHash } from './rates.js';
export type { Stay, RateFilter, QuoteResult, HotelRoom, HotelRate, SearchRate, Pricing } from './rates.js';
export {
  parseServiceHash, buildServiceHash, searchHashOf, rateTypeOf, rateTypeMeaning, RATE_TYPES_IN_ORDER, ROOM_CODE_PATTERN,
} from './serviceHash.js';
export type { Meal, RateType, ParsedServiceHash, ParseResult } from './serviceHash.js';
export { roomTypesOf, findRoomType } from './roomTypes.js';
export type { RoomType, Bathroom } from './roomTypes.js';
export {
  isSupportedCurrency, supportedCurrencies, convertFromEur, convertCentsFromEur, formatMoney, formatCents,
} from './currency.js';
