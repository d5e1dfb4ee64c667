/** Facts of the API description the checks compute with: dates, distances, service_hash (2.8), money. */

const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` (UTC) of an epoch-ms instant. */
export function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** `YYYY-MM-DD` of an epoch-ms instant in an IANA time zone. */
export function localDate(ms: number, timeZone: string): string {
  // en-CA formats dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(ms));
}

/** The date `days` after `date` (`YYYY-MM-DD`). */
export function addDays(date: string, days: number): string {
  return isoDay(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS);
}

/** Whole nights from checkin to checkout. */
export function nightsBetween(checkin: string, checkout: string): number {
  return Math.round((Date.parse(`${checkout}T00:00:00Z`) - Date.parse(`${checkin}T00:00:00Z`)) / DAY_MS);
}

/** Great-circle distance in metres (haversine, mean Earth radius). */
export function haversineMetres(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6_371_008.8 * Math.asin(Math.min(1, Math.sqrt(a)));
}

export interface ServiceHashParts {
  hotelId: number;
  roomCode: string;
  rateType: 1 | 2 | 3 | 4;
  /** `YYYY-MM-DD` */
  checkin: string;
  checkout: string;
  persons: number;
}

/** Parses `{hotel_id}-{room_code}-{rate_type}-{YYYYMMDD}-{YYYYMMDD}-{persons}`; undefined when it does not fit. */
export function parseServiceHash(text: string): ServiceHashParts | undefined {
  const match = /^(\d+)-(.+)-([1-4])-(\d{8})-(\d{8})-(\d+)$/.exec(text);
  if (!match) return undefined;
  const [, hotel, roomCode, rateType, checkin, checkout, persons] = match;
  const day = (compact: string) => `${compact.slice(0, 4)}-${compact.slice(4, 6)}-${compact.slice(6, 8)}`;
  return {
    hotelId: Number(hotel),
    roomCode: roomCode ?? '',
    rateType: Number(rateType) as 1 | 2 | 3 | 4,
    checkin: day(checkin ?? ''),
    checkout: day(checkout ?? ''),
    persons: Number(persons),
  };
}

/** rate_type of a meal and refundability (2.8): 1 NR nomeal, 2 NR breakfast, 3 R nomeal, 4 R breakfast. */
export function rateTypeOf(meal: string, refundable: boolean): number {
  return (refundable ? 3 : 1) + (meal === 'breakfast' ? 1 : 0);
}

/**
 * Epoch ms of an ISO 8601 date-time (section 2): one with a zone as it says, a zone-less one read
 * as UTC; NaN when it is not a date-time.
 */
export function parseDateTime(text: string): number {
  const iso = text.trim().replace(' ', 'T');
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(iso)) return Number.NaN;
  return Date.parse(/(?:Z|[+-]\d{2}:?\d{2})$/i.test(iso) ? iso : `${iso}Z`);
}

/** The amount in cents of every number written in a text (`1,234.50`, `597.62`, `597,62`), for finding a price on a page. */
export function amountsInText(text: string): number[] {
  return [...text.matchAll(/\d[\d.,]*/g)].map(([token]) => {
    const decimal = /[.,](\d{1,4})$/.exec(token);
    const whole = (decimal ? token.slice(0, -decimal[0].length) : token).replace(/[.,]/g, '');
    return cents(`${whole}.${decimal?.[1] ?? ''}`);
  });
}

/** Money is decimal text (section 2). */
export function isMoney(value: unknown): boolean {
  return typeof value === 'string' && /^\d+(\.\d+)?$/.test(value);
}

/** Decimal text to cents, for sums and comparisons without float drift. */
export function cents(money: string): number {
  const [whole = '0', fraction = ''] = money.split('.');
  return Number(whole || '0') * 100 + Math.round(Number(`0.${fraction || '0'}`) * 100);
}

/** The 30-character bookhash in a booking_url: a query value or a path segment of 30 letters and digits. */
export function bookhashFromUrl(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  const candidates = [...parsed.searchParams.values(), ...parsed.pathname.split('/')];
  return candidates.find((c) => /^[A-Za-z0-9]{30}$/.test(c));
}
