/**
 * The operator's admin calls beside the whole-sandbox reset: one team's journal (adminJournalApi.ts)
 * and a backup of the embedded store (adminBackupApi.ts). Mounted by controlApi.ts with one line,
 * only with an admin token.
 */
import type { Router } from 'express';
import type { AppContext } from '../../appContext.js';
import { strictRouter } from '../transport/strictRouter.js';
import { adminBackupRouter } from './adminBackupApi.js';
import { adminJournalRouter } from './adminJournalApi.js';

export function operatorRouter(context: AppContext, token: string): Router {
  const router = strictRouter();
  router.use(adminJournalRouter(context, token), adminBackupRouter(context, token));
  return router;
}
