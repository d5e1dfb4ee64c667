import type { Request, Response } from 'express';
import type { AppContext } from '../../appContext.js';
import type { BookhashRequest, CancelResponse } from '../../contract.js';
import { accountOf, clockOf } from '../transport/apiPipeline.js';
import { scenarioOf } from './scenarioHeader.js';

/** POST /book/cancel.php: cancels a confirmed, refundable booking before its deadline. */
export function cancelEndpoint(context: AppContext): (req: Request, res: Response) => Promise<void> {
  return async (req, res) => {
    const { bookhash } = req.body as BookhashRequest;
    const body: CancelResponse = await context.bookings.cancel(accountOf(res), bookhash, clockOf(res), scenarioOf(res));
    res.status(200).json(body);
  };
}
