/**
 * The catalogue: every check, grouped by the file it comes from. Ids are unique (checked here,
 * at load, so a duplicate cannot slip into a report).
 */
import type { CatalogueCheck, Check } from '../kit/types.js';
import { AUTH_CHECKS } from './auth.js';
import { GENERATED_CHECKS } from './generatedChecks.js';
import { HOTEL_RESPONSE_CHECKS } from './hotel-responses.js';
import { LIMIT_CHECKS } from './limits.js';
import { LINK_CHECKS } from './links.js';
import { METHOD_CHECKS } from './methods.js';
import { SEARCH_RESPONSE_CHECKS } from './search-responses.js';
import { SEQUENCE_CHECKS } from './sequences.js';
import { CANCEL_CHECKS } from './states-cancel.js';
import { STATE_CHECKS } from './states.js';
import { BOOKING_VALIDATION_CHECKS } from './validation-bookings.js';
import { HOTEL_VALIDATION_CHECKS } from './validation-hotel.js';
import { SEARCH_VALIDATION_CHECKS } from './validation-search.js';

const GROUPS: ReadonlyArray<[string, readonly Check[]]> = [
  ['auth', AUTH_CHECKS],
  ['methods', METHOD_CHECKS],
  ['validation-search', SEARCH_VALIDATION_CHECKS],
  ['validation-hotel', HOTEL_VALIDATION_CHECKS],
  ['validation-bookings', BOOKING_VALIDATION_CHECKS],
  ['search-responses', SEARCH_RESPONSE_CHECKS],
  ['hotel-responses', HOTEL_RESPONSE_CHECKS],
  ['states', STATE_CHECKS],
  ['states-cancel', CANCEL_CHECKS],
  ['links', LINK_CHECKS],
  ['limits', LIMIT_CHECKS],
  ['generated', GENERATED_CHECKS],
  ['sequences', SEQUENCE_CHECKS],
];

export const CATALOGUE: readonly CatalogueCheck[] = GROUPS.flatMap(([group, checks]) => checks.map((check) => ({ ...check, group })));

const seen = new Set<string>();
for (const check of CATALOGUE) {
  if (seen.has(check.id)) throw new Error(`duplicate check id ${check.id}`);
  seen.add(check.id);
}
