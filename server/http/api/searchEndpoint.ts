import type { Request, Response } from 'express';
import type { AppContext } from '../../appContext.js';
import type { SearchRequest, SearchResponse } from '../../contract.js';
import { accountOf, clockOf } from '../transport/apiPipeline.js';
import { scenarioOf } from './scenarioHeader.js';

/** POST /search.php (spec 4.1). */
export const searchEndpoint = (context: AppContext) => async (req: Request, res: Response) => {
  const response: SearchResponse = await context.search.search(accountOf(res).id, req.body as SearchRequest, clockOf(res), scenarioOf(res));
  res.json(response);
};
