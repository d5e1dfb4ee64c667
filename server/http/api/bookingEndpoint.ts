import type { Request, Response } from 'express';
import type { AppContext } from '../../appContext.js';
import type { BookingRequest, BookingResponse } from '../../contract.js';
import { IDEMPOTENCY_KEY_HEADER, parseIdempotencyKey, requestFingerprint } from '../../domain/bookings/idempotency.js';
import { accountOf, clockOf } from '../transport/apiPipeline.js';
import { scenarioOf } from './scenarioHeader.js';

/** POST /booking.php: starts a booking; 200 with the finalization URL. An Idempotency-Key makes a retry safe. */
export function bookingEndpoint(context: AppContext): (req: Request, res: Response) => Promise<void> {
  return async (req, res) => {
    const { service_hash } = req.body as BookingRequest;
    const key = parseIdempotencyKey(req.get(IDEMPOTENCY_KEY_HEADER));
    const idempotency = key === undefined ? undefined : { key, fingerprint: requestFingerprint(req.body) };
    const body: BookingResponse = await context.bookings.start(accountOf(res), service_hash, clockOf(res), idempotency, scenarioOf(res));
    res.status(200).json(body);
  };
}
