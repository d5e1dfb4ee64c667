import type { Request, Response } from 'express';
import type { AppContext } from '../../appContext.js';
import type { BookhashRequest, RetrieveBookingResponse } from '../../contract.js';
import { accountOf, clockOf } from '../transport/apiPipeline.js';

/** POST /retrieve_booking.php: one booking of the account in full. */
export function retrieveBookingEndpoint(context: AppContext): (req: Request, res: Response) => Promise<void> {
  return async (req, res) => {
    const { bookhash } = req.body as BookhashRequest;
    const body: RetrieveBookingResponse = { status: 'ok', booking: await context.bookings.retrieve(accountOf(res), bookhash, clockOf(res)) };
    res.status(200).json(body);
  };
}
