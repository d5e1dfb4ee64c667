/** Every rule, in the order a report lists them. */
import type { CertificationRule } from '../types.js';
import { bookingRetryIdempotent } from './bookingRetry.js';
import { noLoopOnAlreadyCancelled, showedDeadline403, showedNonRefundable403 } from './cancelErrors.js';
import { survivedCancel502 } from './cancel502.js';
import { wholeFlow } from './flow.js';
import { keyOnlyInBody } from './keyPlacement.js';
import { noRepeatedMalformed } from './malformed.js';
import { keptPacing } from './pacing.js';
import { waitedRetryAfter } from './retryAfter.js';
import { handledNoAvailability, handledPriceChange, handledSoldOut } from './scenarios.js';
import { retriedTimeoutOnce } from './timeoutRetry.js';

export const CERTIFICATION_RULES: readonly CertificationRule[] = [
  wholeFlow,
  waitedRetryAfter,
  keptPacing,
  retriedTimeoutOnce,
  bookingRetryIdempotent,
  handledPriceChange,
  handledSoldOut,
  handledNoAvailability,
  noLoopOnAlreadyCancelled,
  showedDeadline403,
  showedNonRefundable403,
  survivedCancel502,
  noRepeatedMalformed,
  keyOnlyInBody,
];
