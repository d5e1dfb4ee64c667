/**
 * An account's stubs over the control API (control-api.yaml, tag Stubs): POST /stubs lists them,
 * /stubs/add adds one (judged against openapi.yaml), /stubs/remove and /stubs/reset take them
 * away, and POST /verify answers from the request journal whether the client sent what it should.
 */
import { Router, type RequestHandler } from 'express';
import type { StubBook } from '../../domain/stubs/stubBook.js';
import { parseVerifyQuery, verifyCalls } from '../../domain/stubs/verify.js';
import { oldestFirst } from '../../domain/journal/filter.js';
import { ApiError, badRequest, notFound } from '../../errors.js';
import type { RequestJournalStore } from '../api/journalRecorder.js';
import { accountOf, clockOf } from '../transport/apiPipeline.js';

export const STUB_CONTROL_PATHS = ['/stubs', '/stubs/add', '/stubs/remove', '/stubs/reset', '/verify'];

/** The call's body without its key: what the stub or the query is read from. */
function withoutKey(body: unknown): Record<string, unknown> {
  const { apikey: _key, ...rest } = body as Record<string, unknown>;
  return rest;
}

function noFields(body: Record<string, unknown>, allowed: readonly string[]): void {
  const unknown = Object.keys(body).find((field) => !allowed.includes(field));
  if (unknown !== undefined) throw badRequest(`Unknown field '${unknown}'${allowed.length ? `; allowed: ${allowed.join(', ')}` : ''}`);
}

export function stubsControlRouter(stubs: StubBook, journal: RequestJournalStore, ofAccount: RequestHandler[], readOfAccount: RequestHandler[]): Router {
  const router = Router();

  router.post('/stubs', ...readOfAccount, async (req, res) => {
    noFields(withoutKey(req.body), []);
    const set = await stubs.list(accountOf(res).id);
    res.json({ state: set.state, stubs: set.stubs });
  });

  router.post('/stubs/add', ...ofAccount, async (req, res) => {
    const stub = await stubs.add(accountOf(res).id, withoutKey(req.body), clockOf(res).now().toISOString());
    res.status(201).json(stub);
  });

  router.post('/stubs/remove', ...ofAccount, async (req, res) => {
    const body = withoutKey(req.body);
    noFields(body, ['id']);
    if (typeof body.id !== 'string') throw badRequest("'id' must be the id of one of the account's stubs (stub_1, …)");
    if (!(await stubs.remove(accountOf(res).id, body.id))) throw notFound(`This account has no stub ${body.id}`);
    res.json({ removed: body.id });
  });

  router.post('/stubs/reset', ...ofAccount, async (req, res) => {
    noFields(withoutKey(req.body), []);
    await stubs.reset(accountOf(res).id);
    const set = await stubs.list(accountOf(res).id);
    res.json({ state: set.state, stubs: set.stubs });
  });

  router.post('/verify', ...readOfAccount, async (req, res) => {
    const query = parseVerifyQuery(withoutKey(req.body));
    const entries = oldestFirst(await journal.requestJournal(accountOf(res).id));
    res.json(verifyCalls(entries, query));
  });

  router.all(STUB_CONTROL_PATHS, (req, _res, next) => {
    next(new ApiError(405, `Method ${req.method} not allowed; use POST with 'apikey' in the JSON body`, {}, { Allow: 'POST' }));
  });
  return router;
}
