/**
 * POST /_control/admin/journal (control-api.yaml `readTeamJournal`): one team's request journal for
 * an operator, with the admin token instead of the team's key, so that a team's failing calls can be
 * found without asking the team for its key. The account is named by its id (the request log's
 * `account_id`); the filters are those of POST /journal. Exists only with an admin token.
 */
import type { Router } from 'express';
import type { AppContext } from '../../appContext.js';
import { parseJournalFilter } from '../../domain/journal/filter.js';
import { MAX_JOURNAL_ANSWER_BYTES } from './journalControlApi.js';
import { readJournalPage } from './journalPage.js';
import { ApiError, badRequest, notFound } from '../../errors.js';
import { requireAdminToken } from '../transport/adminToken.js';
import { requireObjectBody } from '../transport/apiPipeline.js';
import { strictRouter } from '../transport/strictRouter.js';
import { controlBodyBounds } from './controlBounds.js';

const PATH = '/admin/journal';
const FIELDS = ['account_id', 'endpoint', 'status', 'since', 'until', 'non_conforming', 'limit'];

/** The account id of the body: a whole number the accounts know (400 otherwise, 404 for none). */
function accountIdOf(body: Record<string, unknown>, context: AppContext): number {
  const id = body.account_id;
  if (id === undefined) throw badRequest("'account_id' is required (the account_id of the request log)");
  if (typeof id !== 'number' || !Number.isSafeInteger(id)) throw badRequest("'account_id' must be a whole number");
  if (!context.accounts.list().some((account) => account.id === id)) throw notFound(`No account has the id ${id}`);
  return id;
}

/** Mounted on the control router before the other admin calls (operatorApi.ts), only with an admin token. */
export function adminJournalRouter(context: AppContext, token: string): Router {
  const router = strictRouter();
  router.post(
    PATH,
    requireAdminToken(token, context.authThrottle),
    requireObjectBody,
    controlBodyBounds(),
    async (req, res) => {
      const body = req.body as Record<string, unknown>;
      const unknown = Object.keys(body).find((field) => !FIELDS.includes(field));
      if (unknown !== undefined) throw badRequest(`Unknown field '${unknown}'; allowed: ${FIELDS.join(', ')}`);
      const accountId = accountIdOf(body, context);
      const filter = parseJournalFilter(body);
      // Paged by the store like the team's read, within the same answer budget.
      const page = await readJournalPage(context.store, accountId, filter, MAX_JOURNAL_ANSWER_BYTES);
      const omitted = page.omitted > 0 ? `"omitted":${page.omitted},` : '';
      res.type('json').send(`{"account_id":${accountId},"count":${page.entries.length},${omitted}"entries":[${page.entries.join(',')}]}`);
    },
  );
  router.all(PATH, (req, _res, next) => {
    next(new ApiError(405, `Method ${req.method} not allowed; use POST with 'account_id' in the JSON body`, {}, { Allow: 'POST' }));
  });
  return router;
}
