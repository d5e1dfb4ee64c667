/**
 * Accounts and keys over the control API (documented in control-api.yaml, tag Accounts):
 * - the operator's, under /_control/admin/accounts (Bearer admin token, mounted by the admin
 *   router): list, create, show, change, disable, enable, delete; issue, revoke and roll keys;
 *   grant or withdraw a quota increase;
 * - the partner's own, under /_control/keys (its apikey in the body, as every account call): its
 *   keys by id, rolling one, ending another's grace period now, revoking another.
 * A key is shown once, in the answer that issued it. Every change goes through AccountAdmin.
 */
import type { Request, RequestHandler, Response, Router } from 'express';
import type { AppContext } from '../../appContext.js';
import { keyMayNot, keyView } from '../../domain/accountAdmin.js';
import type { Account } from '../../domain/accounts.js';
import type { KeyAction } from '../../domain/keyLifecycle.js';
import { graceSecondsInput } from '../../domain/accountInput.js';
import { accountOperations, issuedAnswer } from '../../domain/accountOperations.js';
import { KEY_ID_PATTERN } from '../../domain/apiKeys.js';
import { ApiError, badRequest, notFound } from '../../errors.js';
import { accountOf, keyIdOf } from '../transport/apiPipeline.js';
import { strictRouter } from '../transport/strictRouter.js';
import { pathParam } from '../transport/pathParam.js';

type Body = Record<string, unknown>;
const bodyOf = (req: Request): Body => {
  const body: unknown = req.body;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw badRequest('The request body must be a JSON object');
  return body as Body;
};

function accountIdOf(req: Request): number {
  const text = pathParam(req, 'id');
  if (!/^[1-9]\d{0,9}$/.test(text) || Number(text) > 2 ** 31 - 1) throw notFound(`No account ${text}`);
  return Number(text);
}

function keyIdParam(req: Request): string {
  const keyId = pathParam(req, 'keyId');
  if (!KEY_ID_PATTERN.test(keyId)) throw notFound(`No key ${keyId}`);
  return keyId;
}

function wholeQuery(req: Request, name: string): number | undefined {
  const value = req.query[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !/^\d{1,9}$/.test(value)) throw badRequest(`'${name}' must be a whole number`);
  return Number(value);
}

/** The operator's routes, for the admin router (behind the admin token). */
export function adminAccountsRouter(context: AppContext): Router {
  const router = strictRouter();
  const operations = accountOperations(context.accountAdmin, context.clock);
  const answer = (status: number, work: (req: Request) => Promise<unknown>): RequestHandler =>
    async (req, res) => {
      res.status(status).json(await work(req));
    };

  router.get('/accounts', answer(200, (req) => {
    const query = req.query.q;
    if (query !== undefined && typeof query !== 'string') throw badRequest("'q' must be a text of at most 100 characters");
    return operations.list({ query, offset: wholeQuery(req, 'offset'), limit: wholeQuery(req, 'limit') });
  }));
  router.post('/accounts', answer(201, (req) => operations.create(bodyOf(req))));
  router.get('/accounts/:id', answer(200, (req) => operations.show(accountIdOf(req))));
  router.patch('/accounts/:id', answer(200, (req) => operations.update(accountIdOf(req), bodyOf(req))));
  router.delete('/accounts/:id', answer(200, (req) => operations.delete(accountIdOf(req))));
  router.post('/accounts/:id/disable', answer(200, (req) => operations.setStatus(accountIdOf(req), 'disabled')));
  router.post('/accounts/:id/enable', answer(200, (req) => operations.setStatus(accountIdOf(req), 'active')));
  router.post('/accounts/:id/keys', answer(201, (req) => operations.issueKey(accountIdOf(req))));
  router.post('/accounts/:id/keys/:keyId/revoke', answer(200, (req) => operations.revokeKey(accountIdOf(req), keyIdParam(req))));
  router.post('/accounts/:id/keys/:keyId/roll', answer(201, (req) => operations.rollKey(accountIdOf(req), keyIdParam(req), bodyOf(req))));
  router.put('/accounts/:id/quota', answer(200, (req) => operations.setQuota(accountIdOf(req), bodyOf(req))));
  router.delete('/accounts/:id/quota', answer(200, (req) => operations.setQuota(accountIdOf(req), null)));
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

/**
 * The partner's own keys (`ofAccount`: the body's apikey authenticated; `readOfAccount`: and a read
 * counted): list them by id; roll one; end another's grace period now; revoke another. Only an
 * active key may do any of these (keyLifecycle.ts: a key in its grace period makes API calls only).
 */
export function ownKeysRouter(context: AppContext, ofAccount: RequestHandler[], readOfAccount: RequestHandler[]): Router {
  const router = strictRouter();
  const nowMs = () => context.clock.now().getTime();
  const admin = context.accountAdmin;
  const keysAnswer = (res: Response, account: Account) => ({ account_id: account.id, key_id: keyIdOf(res), keys: account.keys.map((key) => keyView(key, nowMs())) });
  /** 403 unless the calling key may do `action` (checked again in the store's write for changes). */
  const keyMayDo = (action: KeyAction): RequestHandler => (_req, res, next) => {
    const account = accountOf(res);
    if (context.accounts.keyMay(account.id, keyIdOf(res), action)) return next();
    next(keyMayNot(account.keys.find((key) => key.id === keyIdOf(res)), keyIdOf(res), nowMs()));
  };
  const ownChange = (fields: readonly string[]): RequestHandler[] => [...ofAccount, keyMayDo('change_keys'), (req, res, next) => {
    const unknown = Object.keys(bodyOf(req)).find((field) => !['apikey', ...fields].includes(field));
    if (unknown !== undefined) return next(badRequest(`Unknown field '${unknown}'; allowed: apikey, ${fields.join(', ')}`));
    if (accountOf(res).demo) return next(new ApiError(409, 'The demo accounts\' keys are public and cannot be changed'));
    next();
  }];
  const keyIdField = (req: Request, res: Response, required: boolean): string => {
    const keyId = (req.body as Body).key_id ?? (required ? undefined : keyIdOf(res));
    if (typeof keyId !== 'string' || !KEY_ID_PATTERN.test(keyId)) throw badRequest("'key_id' must be a key id (key_…)");
    return keyId;
  };
  const caller = (res: Response) => ({ accountId: accountOf(res).id, keyId: keyIdOf(res) });

  router.post('/keys', ...readOfAccount, keyMayDo('list_keys'), async (req, res) => {
    const unknown = Object.keys(bodyOf(req)).find((field) => field !== 'apikey');
    if (unknown !== undefined) throw badRequest(`Unknown field '${unknown}'; allowed: apikey`);
    res.json(keysAnswer(res, accountOf(res)));
  });
  router.post('/keys/roll', ...ownChange(['key_id', 'grace_seconds']), async (req, res) => {
    const keyId = keyIdField(req, res, false);
    const grace = graceSecondsInput((req.body as Body).grace_seconds);
    res.status(201).json(issuedAnswer(await admin.rollKey(accountOf(res).id, keyId, grace, caller(res)), nowMs()));
  });
  router.post('/keys/expire', ...ownChange(['key_id']), async (req, res) => {
    res.json(keysAnswer(res, await admin.expireOwnKey(caller(res), keyIdField(req, res, true))));
  });
  router.post('/keys/revoke', ...ownChange(['key_id']), async (req, res) => {
    res.json(keysAnswer(res, await admin.revokeOwnKey(caller(res), keyIdField(req, res, true))));
  });
  allowOnly(router, [['/keys', 'POST'], ['/keys/roll', 'POST'], ['/keys/expire', 'POST'], ['/keys/revoke', 'POST']]);
  return router;
}
