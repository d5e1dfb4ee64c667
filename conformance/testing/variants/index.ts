/** Every legitimate variant, by area. */
import { BOOKING_VARIANTS } from './bookings.js';
import { ERROR_VARIANTS } from './errors.js';
import { FIELD_VARIANTS } from './fields.js';
import { MONEY_VARIANTS } from './money.js';
import { REQUEST_VARIANTS } from './requests.js';
import { SEARCH_VARIANTS } from './search.js';
import type { Variant } from './types.js';

export const VARIANTS: readonly Variant[] = [...ERROR_VARIANTS, ...FIELD_VARIANTS, ...MONEY_VARIANTS, ...SEARCH_VARIANTS, ...BOOKING_VARIANTS, ...REQUEST_VARIANTS];
export type { Variant } from './types.js';
