import type { Request, Response } from 'express';
import type { AppContext } from '../../appContext.js';
import type { BookingOverviewResponse } from '../../contract.js';
import { accountOf } from '../transport/apiPipeline.js';

/** POST /booking_overview.php: the account's bookings where a payment was attempted. */
export function bookingOverviewEndpoint(context: AppContext): (req: Request, res: Response) => Promise<void> {
  return async (_req, res) => {
    const bookings = await context.bookings.overview(accountOf(res));
    const body: BookingOverviewResponse = { status: 'ok', count: bookings.length, bookings };
    res.status(200).json(body);
  };
}
