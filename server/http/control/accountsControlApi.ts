/**
 * Accounts and keys over the control API (documented in control-api.yaml, tag Accounts):
 * - the operator's, under /_control/admin/accounts (Bearer admin token, mounted by the admin
 *   router): list, create, show, change, disable, enable, delete; issue, revoke and roll keys;
 *   grant or withdraw a quota increase;
 * - the partner's own, under /_control/keys (its apikey in the body, as every account call): its
 *   keys by id, and rolling one.
 * A key is shown once, in the answer that issued it. Every change goes through AccountAdmin.
 */
import type { Request, RequestHandler, Router } from 'express';
import type { AppContext } from '../../appContext.js';
import { accountView, keyView, type IssuedKey } from '../../domain/accountAdmin.js';
import { accountChangeInput, graceSecondsInput, newAccountInput, quotaInput } from '../../domain/accountInput.js';
import { KEY_ID_PATTERN } from '../../domain/apiKeys.js';
import { ApiError, badRequest, notFound } from '../../errors.js';
import { accountOf, keyIdOf } from '../transport/apiPipeline.js';
import { asyncHandler } from '../transport/asyncHandler.js';
import { strictRouter } from '../transport/strictRouter.js';

const MAX_PAGE = 200;

type Body = Record<string, unknown>;
const bodyOf = (req: Request): Body => {
  const body: unknown = req.body;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw badRequest('The request body must be a JSON object');
  return body as Body;
};

function accountIdOf(req: Request): number {
  const text = req.params.id ?? '';
  if (!/^[1-9]\d{0,9}$/.test(text) || Number(text) > 2 ** 31 - 1) throw notFound(`No account ${text}`);
  return Number(text);
}

function keyIdParam(req: Request): string {
  const keyId = req.params.keyId ?? '';
  if (!KEY_ID_PATTERN.test(keyId)) throw notFound(`No key ${keyId}`);
  return keyId;
}

function wholeQuery(req: Request, name: string, fallback: number, most: number): number {
  const value = req.query[name];
  if (value === undefined) return fallback;
  if (typeof value !== 'string' || !/^\d{1,9}$/.test(value) || Number(value) > most) throw badRequest(`'${name}' must be a whole number from 0 to ${most}`);
  return Number(value);
}

/** The answer that shows a key: the only one that ever does. */
const issuedAnswer = (issued: IssuedKey, nowMs: number) => ({
  account: accountView(issued.account, nowMs),
  key: issued.key,
  key_id: issued.record.id,
  note: 'The key is shown this once: store it now (the sandbox keeps only its digest).',
});

/** The operator's routes, for the admin router (behind the admin token). */
export function adminAccountsRouter(context: AppContext): Router {
  const router = strictRouter();
  const admin = context.accountAdmin;
  const nowMs = () => context.clock.now().getTime();

  router.get('/accounts', asyncHandler(async (req, res) => {
    const offset = wholeQuery(req, 'offset', 0, 1e9);
    const limit = Math.max(1, wholeQuery(req, 'limit', 50, MAX_PAGE));
    const query = req.query.q;
    if (query !== undefined && (typeof query !== 'string' || query.length > 100)) throw badRequest("'q' must be a text of at most 100 characters");
    const page = await admin.list({ offset, limit, query });
    res.json({ total: page.total, offset, limit, accounts: page.accounts.map((account) => accountView(account, nowMs())) });
  }));
  router.post('/accounts', asyncHandler(async (req, res) => {
    const { profile, returnUrlHosts } = newAccountInput(bodyOf(req));
    res.status(201).json(issuedAnswer(await admin.create(profile, returnUrlHosts), nowMs()));
  }));
  router.get('/accounts/:id', asyncHandler(async (req, res) => {
    res.json(accountView(await admin.get(accountIdOf(req)), nowMs()));
  }));
  router.patch('/accounts/:id', asyncHandler(async (req, res) => {
    const id = accountIdOf(req);
    const { profile, returnUrlHosts } = accountChangeInput(bodyOf(req));
    res.json(accountView(await admin.update(id, profile, returnUrlHosts), nowMs()));
  }));
  router.delete('/accounts/:id', asyncHandler(async (req, res) => {
    const id = accountIdOf(req);
    await admin.delete(id);
    res.json({ status: 'deleted', id });
  }));
  for (const [action, status] of [['disable', 'disabled'], ['enable', 'active']] as const) {
    router.post(`/accounts/:id/${action}`, asyncHandler(async (req, res) => {
      res.json(accountView(await admin.setStatus(accountIdOf(req), status), nowMs()));
    }));
  }
  router.post('/accounts/:id/keys', asyncHandler(async (req, res) => {
    res.status(201).json(issuedAnswer(await admin.issueKey(accountIdOf(req)), nowMs()));
  }));
  router.post('/accounts/:id/keys/:keyId/revoke', asyncHandler(async (req, res) => {
    res.json(accountView(await admin.revokeKey(accountIdOf(req), keyIdParam(req)), nowMs()));
  }));
  router.post('/accounts/:id/keys/:keyId/roll', asyncHandler(async (req, res) => {
    const id = accountIdOf(req);
    const keyId = keyIdParam(req);
    const body = bodyOf(req);
    const unknown = Object.keys(body).find((field) => field !== 'grace_seconds');
    if (unknown !== undefined) throw badRequest(`Unknown field '${unknown}'; allowed: grace_seconds`);
    res.status(201).json(issuedAnswer(await admin.rollKey(id, keyId, graceSecondsInput(body.grace_seconds)), nowMs()));
  }));
  router.put('/accounts/:id/quota', asyncHandler(async (req, res) => {
    const id = accountIdOf(req);
    const quota = quotaInput(bodyOf(req), admin.rateLimits, context.clock.now());
    res.json(accountView(await admin.setQuota(id, quota), nowMs()));
  }));
  router.delete('/accounts/:id/quota', asyncHandler(async (req, res) => {
    res.json(accountView(await admin.setQuota(accountIdOf(req), null), nowMs()));
  }));
  allowOnly(router, [
    ['/accounts', 'GET, POST'], ['/accounts/:id', 'GET, PATCH, DELETE'], ['/accounts/:id/disable', 'POST'], ['/accounts/:id/enable', 'POST'],
    ['/accounts/:id/keys', 'POST'], ['/accounts/:id/keys/:keyId/revoke', 'POST'], ['/accounts/:id/keys/:keyId/roll', 'POST'], ['/accounts/:id/quota', 'PUT, DELETE'],
  ]);
  return router;
}

/** 405 with Allow for any other method on these paths (HEAD goes with GET). */
function allowOnly(router: Router, paths: ReadonlyArray<readonly [string, string]>): void {
  for (const [path, allow] of paths) {
    router.all(path, (req, _res, next) => next(new ApiError(405, `Method ${req.method} not allowed; use ${allow}`, {}, { Allow: allow })));
  }
}

/** The partner's own keys (`ofAccount`: the body's apikey authenticated; `readOfAccount`: and a read counted): list them by id, roll one. */
export function ownKeysRouter(context: AppContext, ofAccount: RequestHandler[], readOfAccount: RequestHandler[]): Router {
  const router = strictRouter();
  const nowMs = () => context.clock.now().getTime();
  router.post('/keys', ...readOfAccount, asyncHandler(async (req, res) => {
    const body = bodyOf(req);
    const unknown = Object.keys(body).find((field) => field !== 'apikey');
    if (unknown !== undefined) throw badRequest(`Unknown field '${unknown}'; allowed: apikey`);
    const account = accountOf(res);
    res.json({ account_id: account.id, key_id: keyIdOf(res), keys: account.keys.map((key) => keyView(key, nowMs())) });
  }));
  router.post('/keys/roll', ...ofAccount, asyncHandler(async (req, res) => {
    const body = bodyOf(req);
    const unknown = Object.keys(body).find((field) => !['apikey', 'key_id', 'grace_seconds'].includes(field));
    if (unknown !== undefined) throw badRequest(`Unknown field '${unknown}'; allowed: apikey, key_id, grace_seconds`);
    const keyId = body.key_id ?? keyIdOf(res);
    if (typeof keyId !== 'string' || !KEY_ID_PATTERN.test(keyId)) throw badRequest("'key_id' must be a key id (key_…)");
    const grace = graceSecondsInput(body.grace_seconds);
    const account = accountOf(res);
    if (account.demo) throw new ApiError(409, 'The demo accounts\' keys are public and cannot be rolled');
    res.status(201).json(issuedAnswer(await context.accountAdmin.rollKey(account.id, keyId, grace), nowMs()));
  }));
  allowOnly(router, [['/keys', 'POST'], ['/keys/roll', 'POST']]);
  return router;
}
