/**
 * The six API operations of the contract, by path (spec section 4), and which of them are rate
 * limited (section 8): one list, so the server and the kit never disagree.
 */
export const SEARCH = '/search.php';
export const HOTEL = '/hotel.php';
export const BOOKING = '/booking.php';
export const OVERVIEW = '/booking_overview.php';
export const RETRIEVE = '/retrieve_booking.php';
export const CANCEL = '/book/cancel.php';
export const API_PATHS = [SEARCH, HOTEL, BOOKING, OVERVIEW, RETRIEVE, CANCEL] as const;
export type ApiPath = (typeof API_PATHS)[number];

/** The endpoints the API description rate limits (section 8). */
export const RATE_LIMITED_PATHS: readonly ApiPath[] = [SEARCH, HOTEL];
