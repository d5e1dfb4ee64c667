/**
 * Where `hotel-sandbox accounts` acts: a running sandbox, through the admin control API, or its
 * store directly, through the same AccountAdmin the server uses. Either way the same
 * AccountOperations, so the answers are the control API's.
 */
import { resolve } from 'node:path';
import { OffsetClock } from '../clock.js';
import { SPEC_RATE_LIMITS } from '../config.js';
import { AccountAdmin } from '../domain/accountAdmin.js';
import { accountOperations, type AccountOperations } from '../domain/accountOperations.js';
import { AccountRegistry } from '../domain/accounts.js';
import { ApiError } from '../errors.js';
import { LowdbStore } from '../store/lowdbStore.js';
import { PostgresStore } from '../store/postgresStore.js';
import type { Store } from '../domain/ports/store.js';

export interface AccountsBackend extends AccountOperations {
  close(): Promise<void>;
}

/** A refusal of the operation (exit 1) or a usage or connection problem (exit 2). */
export class AccountsCommandError extends Error {
  constructor(
    message: string,
    readonly exitCode: 1 | 2,
  ) {
    super(message);
  }
}

/** The admin control API of the sandbox at `baseUrl`, with its admin token. */
export function accountsBackendOverHttp(baseUrl: string, token: string): AccountsBackend {
  const base = baseUrl.replace(/\/+$/, '');
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    let response: Response;
    try {
      response = await fetch(`${base}/_control/admin${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(30_000),
      });
    } catch (error) {
      throw new AccountsCommandError(`cannot reach ${base}: ${(error as Error).message}`, 2);
    }
    const text = await response.text();
    let answer: unknown;
    try {
      answer = JSON.parse(text);
    } catch {
      answer = undefined;
    }
    if (response.ok) return answer as T;
    const error = (answer as { error?: unknown } | undefined)?.error;
    // An answer without the API's error body is no sandbox's (or a sandbox without an admin token).
    throw new AccountsCommandError(`${response.status}: ${typeof error === 'string' ? error : `${base} answered ${text.slice(0, 200)}`}`, typeof error === 'string' ? 1 : 2);
  };
  const account = (id: number) => `/accounts/${id}`;
  return {
    list: ({ query, offset, limit }) => {
      const search = new URLSearchParams();
      if (query !== undefined) search.set('q', query);
      if (offset !== undefined) search.set('offset', String(offset));
      if (limit !== undefined) search.set('limit', String(limit));
      return call('GET', `/accounts${search.size > 0 ? `?${search.toString()}` : ''}`);
    },
    show: (id) => call('GET', account(id)),
    create: (body) => call('POST', '/accounts', body),
    update: (id, body) => call('PATCH', account(id), body),
    setStatus: (id, status) => call('POST', `${account(id)}/${status === 'active' ? 'enable' : 'disable'}`),
    delete: (id) => call('DELETE', account(id)),
    issueKey: (id) => call('POST', `${account(id)}/keys`),
    revokeKey: (id, keyId) => call('POST', `${account(id)}/keys/${encodeURIComponent(keyId)}/revoke`),
    rollKey: (id, keyId, body) => call('POST', `${account(id)}/keys/${encodeURIComponent(keyId)}/roll`, body),
    setQuota: (id, body) => (body === null ? call('DELETE', `${account(id)}/quota`) : call('PUT', `${account(id)}/quota`, body)),
    close: async () => {},
  };
}

/**
 * The store itself: PostgreSQL (running replicas hear of every change, as from another replica)
 * or the embedded store's file (only while no server has it open: they would both write its journal).
 * A quota increase is at least RATE_LIMIT_PER_MINUTE / RATE_LIMIT_PER_DAY when set, else the API's limits.
 */
export async function accountsBackendOnStore(target: { databaseUrl: string } | { dbFile: string }, env: NodeJS.ProcessEnv = process.env): Promise<AccountsBackend> {
  let store: Store;
  try {
    store = 'databaseUrl' in target ? await PostgresStore.open(target.databaseUrl, { sweepIntervalMs: 0 }) : await LowdbStore.open(resolve(target.dbFile), { warn: () => {} });
  } catch (error) {
    throw new AccountsCommandError((error as Error).message, 2);
  }
  const clock = new OffsetClock();
  const registry = new AccountRegistry(store, [], clock);
  const limit = (name: string, fallback: number) => (/^\d+$/.test(env[name] ?? '') ? Number(env[name]) : fallback);
  const rateLimits = { perMinute: limit('RATE_LIMIT_PER_MINUTE', SPEC_RATE_LIMITS.perMinute), perDay: limit('RATE_LIMIT_PER_DAY', SPEC_RATE_LIMITS.perDay) };
  const operations = accountOperations(new AccountAdmin({ store, registry, clock, rateLimits }), clock);
  // The control API's refusals (400, 404, 409, 503) are the command's refusals.
  const refusing = <A extends unknown[], T>(work: (...args: A) => Promise<T>) => async (...args: A): Promise<T> => {
    try {
      return await work(...args);
    } catch (error) {
      if (error instanceof ApiError) throw new AccountsCommandError(`${error.status}: ${error.message}`, 1);
      throw error;
    }
  };
  return {
    list: refusing(operations.list),
    show: refusing(operations.show),
    create: refusing(operations.create),
    update: refusing(operations.update),
    setStatus: refusing(operations.setStatus),
    delete: refusing(operations.delete),
    issueKey: refusing(operations.issueKey),
    revokeKey: refusing(operations.revokeKey),
    rollKey: refusing(operations.rollKey),
    setQuota: refusing(operations.setQuota),
    close: () => store.close(),
  };
}
