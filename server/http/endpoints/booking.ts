import type { Request, Response } from 'express';
import type { AppContext } from '../../app.js';
import type { BookingRequest, BookingResponse } from '../../contract.js';
import { accountOf, clockOf } from '../pipeline.js';

/** POST /booking.php: starts a booking; 200 with the finalization URL. */
export function bookingEndpoint(context: AppContext): (req: Request, res: Response) => Promise<void> {
  return async (req, res) => {
    const { service_hash } = req.body as BookingRequest;
    const body: BookingResponse = await context.bookings.start(accountOf(res), service_hash, clockOf(res));
    res.status(200).json(body);
  };
}
