/** The six API operations of the contract, by path (spec section 4), and which of them are rate limited (section 8). */
export const API_PATHS = [
  '/search.php',
  '/hotel.php',
  '/booking.php',
  '/booking_overview.php',
  '/retrieve_booking.php',
  '/book/cancel.php',
] as const;
export type ApiPath = (typeof API_PATHS)[number];
export const RATE_LIMITED_PATHS: readonly ApiPath[] = ['/search.php', '/hotel.php'];
