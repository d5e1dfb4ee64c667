import type { Request, Response } from 'express';
import type { AppContext } from '../../appContext.js';
import type { HotelRequest, HotelResponse } from '../../contract.js';
import { accountOf, clockOf } from '../transport/apiPipeline.js';
import { scenarioOf } from './scenarioHeader.js';

/** POST /hotel.php (spec 4.2). */
export const hotelEndpoint = (context: AppContext) => async (req: Request, res: Response) => {
  const response: HotelResponse = await context.hotelDetails.details(accountOf(res).id, req.body as HotelRequest, clockOf(res), scenarioOf(res));
  res.json(response);
};
