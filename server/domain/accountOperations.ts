/**
 * The operator's account operations as the admin control API offers them: JSON bodies in (checked
 * by accountInput.ts), the control contract's views out. The control API's routes call these, and
 * so does the CLI working on a store, so both answer alike; the CLI working on a running sandbox
 * calls the same operations over HTTP (cli/accountsBackends.ts).
 */
import type { Clock } from '../clock.js';
import { accountView, type AccountAdmin, type AccountView, type IssuedKey } from './accountAdmin.js';
import { accountChangeInput, graceSecondsInput, newAccountInput, quotaInput } from './accountInput.js';
import { badRequest } from '../errors.js';

type Body = Record<string, unknown>;

/** The answer that shows a key: the only one that ever does. */
export interface IssuedAnswer {
  account: AccountView;
  key: string;
  key_id: string;
  note: string;
}

export interface AccountPage {
  total: number;
  offset: number;
  limit: number;
  accounts: AccountView[];
}

export interface AccountOperations {
  list: (options: { query?: string | undefined; offset?: number | undefined; limit?: number | undefined }) => Promise<AccountPage>;
  show: (accountId: number) => Promise<AccountView>;
  create: (body: Body) => Promise<IssuedAnswer>;
  update: (accountId: number, body: Body) => Promise<AccountView>;
  setStatus: (accountId: number, status: 'active' | 'disabled') => Promise<AccountView>;
  delete: (accountId: number) => Promise<{ status: 'deleted'; id: number }>;
  issueKey: (accountId: number) => Promise<IssuedAnswer>;
  revokeKey: (accountId: number, keyId: string) => Promise<AccountView>;
  /** `body`: { grace_seconds? } */
  rollKey: (accountId: number, keyId: string, body: Body) => Promise<IssuedAnswer>;
  /** A quota increase's body (see quotaInput), or null to withdraw it. */
  setQuota: (accountId: number, body: Body | null) => Promise<AccountView>;
}

/** The most accounts one page lists. */
export const MAX_ACCOUNTS_PAGE = 200;

export function issuedAnswer(issued: IssuedKey, nowMs: number): IssuedAnswer {
  return {
    account: accountView(issued.account, nowMs),
    key: issued.key,
    key_id: issued.record.id,
    note: 'The key is shown this once: store it now (the sandbox keeps only its digest).',
  };
}

export function accountOperations(admin: AccountAdmin, clock: Clock): AccountOperations {
  const nowMs = () => clock.now().getTime();
  const view = async (account: Promise<Parameters<typeof accountView>[0]>) => accountView(await account, nowMs());
  return {
    async list({ query, offset = 0, limit = 50 }) {
      if (!Number.isSafeInteger(offset) || offset < 0) throw badRequest("'offset' must be a whole number");
      if (!Number.isSafeInteger(limit) || limit < 1 || limit > MAX_ACCOUNTS_PAGE) throw badRequest(`'limit' must be a whole number from 1 to ${MAX_ACCOUNTS_PAGE}`);
      if (query !== undefined && query.length > 100) throw badRequest("'q' must be a text of at most 100 characters");
      const page = await admin.list({ offset, limit, query });
      return { total: page.total, offset, limit, accounts: page.accounts.map((account) => accountView(account, nowMs())) };
    },
    show: (accountId) => view(admin.get(accountId)),
    async create(body) {
      const { profile, returnUrlHosts } = newAccountInput(body);
      return issuedAnswer(await admin.create(profile, returnUrlHosts), nowMs());
    },
    update(accountId, body) {
      const { profile, returnUrlHosts } = accountChangeInput(body);
      return view(admin.update(accountId, profile, returnUrlHosts));
    },
    setStatus: (accountId, status) => view(admin.setStatus(accountId, status)),
    async delete(accountId) {
      await admin.delete(accountId);
      return { status: 'deleted', id: accountId };
    },
    issueKey: async (accountId) => issuedAnswer(await admin.issueKey(accountId), nowMs()),
    revokeKey: (accountId, keyId) => view(admin.revokeKey(accountId, keyId)),
    async rollKey(accountId, keyId, body) {
      const unknown = Object.keys(body).find((field) => field !== 'grace_seconds');
      if (unknown !== undefined) throw badRequest(`Unknown field '${unknown}'; allowed: grace_seconds`);
      return issuedAnswer(await admin.rollKey(accountId, keyId, graceSecondsInput(body.grace_seconds)), nowMs());
    },
    setQuota: (accountId, body) => view(admin.setQuota(accountId, body === null ? null : quotaInput(body, admin.rateLimits, clock.now()))),
  };
}
