/**
 * Records every API call in its account's request journal, in one place: after the answer is
 * finished (or the client went away), the pure builder turns the exchange into an entry, the
 * contract's validators judge both sides, and the store appends it. Recording never delays or
 * fails a request: it runs after the response and only logs its own errors.
 */
import type { Express, RequestHandler, Response } from 'express';
import type { ContractValidator } from '../../../contract/validator.js';
import type { Account, AccountRegistry } from '../../domain/accounts.js';
import type { AccountClocks, ShiftedClock } from '../../domain/accountClocks.js';
import { judgeExchange } from '../../domain/journal/conformance.js';
import type { JournalEntryBuilder } from '../../domain/ports/store.js';
import { firstBodySent, frozenBodyOf, keepFirstBodySent } from '../transport/answers.js';
import { receivedValue } from '../transport/jsonBody.js';
import { RECEIVED_BODY } from '../transport/requestValidation.js';
import { buildEntry, keysOutsideBody, MAX_VIOLATION_MESSAGE_CHARS, normaliseHeaders, type JournalEntry, type StubPlayed } from '../../domain/journal/entry.js';
import { playedStubOf } from './stubAnswer.js';

/** What the recorder needs of the store. */
export interface RequestJournalStore {
  /** Gets a builder: the store builds the entry when it needs it (see JournalEntryBuilder). */
  appendRequestJournal(accountId: number, entry: JournalEntryBuilder): Promise<void>;
  requestJournal(accountId: number): Promise<unknown[]>;
}

/** Shown as the status of a call whose client went away before the answer (nginx's convention). */
export const CLIENT_CLOSED_REQUEST = 499;
/**
 * The scenario the sandbox played for a call: `res.locals.scenario`, which the `Test` header's
 * middleware (scenarioHeader.ts) sets only once it has accepted the header. A header the server
 * refused is not recorded, since it proves nothing about how the client handles the scenario.
 */
function playedScenario(res: Response): string | null {
  return typeof res.locals.scenario === 'string' ? res.locals.scenario : null;
}

export interface JournalRecorderDeps {
  store: RequestJournalStore;
  accounts: AccountRegistry;
  clocks: AccountClocks;
  validator: ContractValidator;
  onError?: (error: unknown) => void;
}

export function journalRecorder(deps: JournalRecorderDeps): RequestHandler {
  const ids = entryIds(deps.store);
  deps.accounts.onGone((accountId) => ids.forget(accountId)); // a deleted account's journal is gone with it
  const onError = (error: unknown) => deps.onError?.(error);
  return (req, res, next) => {
    // What the journal shows as the answer: the first body res.send is given (kept by the app's res.send).
    keepFirstBodySent(req.app as Express);
    const started = performance.now();
    // When the call arrived, on the base clock: its account's offset is added once the account is known.
    // (Subtracting the real duration from a clock that a test froze would stamp calls in the past.)
    const arrivedAtBaseMs = deps.clocks.base.now().getTime();
    const record = () => {
      const finished = res.writableFinished;
      const caller = callerOf(res, deps.accounts, req.headers, req.query);
      if (!caller) return; // a call no account can be found for belongs in no journal
      const { account } = caller;
      const durationMs = performance.now() - started;
      // What the entry is built from, taken now: plain data that nothing changes later. The store
      // builds the entry when the journal is read (see exchangeBuilder for what it may hold on to).
      const exchange: RecordedExchange = {
        finished,
        status: finished ? res.statusCode : CLIENT_CLOSED_REQUEST,
        responseHeaders: finished ? res.getHeaders() : {},
        sent: finished ? firstBodySent(res) : undefined,
        // The body as received: request validation fills schema defaults into req.body for the domain.
        request: { method: req.method, url: req.originalUrl, headers: req.headers, query: req.query, body: (RECEIVED_BODY in res.locals ? res.locals[RECEIVED_BODY] : req.body) as unknown },
        endpoint: req.path,
        clientAddress: req.ip ?? req.socket.remoteAddress ?? 'unknown',
        scenario: playedScenario(res),
        stub: playedStubOf(res),
        durationMs,
        secret: caller.secret,
        keyId: caller.keyId,
      };
      const append = (clock: ShiftedClock, id: number) =>
        deps.store.appendRequestJournal(account.id, exchangeBuilder(exchange, id, new Date(arrivedAtBaseMs + clock.offsetMs), deps));
      // Ids are taken once the clock is known, so entries are appended in the order of their ids.
      const appendNext = (clock: ShiftedClock) => {
        const id = ids.next(account.id);
        // The usual call (its account's ids counted) is appended at once, without a promise of its own.
        return typeof id === 'number' ? append(clock, id) : id.then((n) => append(clock, n));
      };
      const clock = res.locals.clock as ShiftedClock | undefined;
      // A call whose key was not checked (found in a header or the query string) has no clock yet.
      if (clock) void appendNext(clock).catch(onError);
      else void deps.clocks.clockOf(account.id).then(appendNext).catch(onError);
    };
    // 'close' follows 'finish' too, and comes alone when the client went away first; it comes once.
    res.on('close', record);
    next();
  };
}

/** One finished (or abandoned) call, as plain data. */
interface RecordedExchange {
  finished: boolean;
  status: number;
  responseHeaders: Record<string, string | number | string[] | undefined>;
  /** What res.send was given first (answers.ts, keepFirstBodySent). */
  sent: unknown;
  request: { method: string; url: string; headers: Record<string, string | string[] | undefined>; query: Record<string, unknown>; body: unknown };
  endpoint: string;
  clientAddress: string;
  scenario: string | null;
  stub: StubPlayed | null;
  durationMs: number;
  /** The key that named the account: the body's, or one found in a header or the query string. */
  secret: string;
  keyId: string | null;
}

/**
 * Builds the entry of one call when the store asks. A function of its own, outside the middleware:
 * a closure made in there would keep the request and response objects (and their socket) alive
 * with every journal entry not read yet.
 */
function exchangeBuilder(exchange: RecordedExchange, id: number, at: Date, deps: Pick<JournalRecorderDeps, 'validator' | 'onError'>): JournalEntryBuilder {
  const build = () => {
    try {
      const { finished, status } = exchange;
      const request = { ...exchange.request, body: receivedValue(exchange.request.body) };
      const headers = normaliseHeaders(exchange.responseHeaders);
      const body = finished ? parsedBody(exchange.sent) : null;
      return buildEntry({
        id,
        at,
        clientAddress: exchange.clientAddress,
        request,
        response: { status, headers, body },
        durationMs: exchange.durationMs,
        conformance: judgeExchange(deps.validator, {
          endpoint: exchange.endpoint,
          method: request.method,
          requestBody: request.body,
          requestHeaders: request.headers,
          response: finished ? { status, body, headers } : undefined,
          scenario: exchange.scenario,
          stub: exchange.stub,
        }),
        scenario: exchange.scenario,
        stub: exchange.stub,
        secrets: [exchange.secret],
        keyId: exchange.keyId,
      });
    } catch (error) {
      deps.onError?.(error);
      return undefined;
    }
  };
  return Object.assign(build, { heldBytes: heldBytes(exchange) });
}

/**
 * The bytes an unbuilt entry keeps alive, all of them (finding 3 of issue 35: header values were
 * not counted, so 600 calls with a 14,000-character Test header held 27 MB the bound did not see):
 * the response as sent, the request as received, the request's and the response's headers, the
 * URL, and room for the verdict judged when it is built (a few violations; each message is cut
 * at MAX_VIOLATION_MESSAGE_CHARS, so a verdict never outgrows what its call sent).
 */
function heldBytes(exchange: RecordedExchange): number {
  const { sent } = exchange;
  const response = typeof sent === 'string' ? sent.length : Buffer.isBuffer(sent) ? sent.byteLength : 0;
  const request = Number(exchange.request.headers['content-length']);
  const requestBody = Number.isFinite(request) && request > 0 ? request : 0;
  return response + requestBody + headerBytes(exchange.request.headers) + headerBytes(exchange.responseHeaders) + exchange.request.url.length + VIOLATIONS_ROOM;
}

const VIOLATIONS_ROOM = 2 * MAX_VIOLATION_MESSAGE_CHARS;

function headerBytes(headers: Record<string, string | number | string[] | undefined>): number {
  let bytes = 0;
  for (const [name, value] of Object.entries(headers)) bytes += name.length + (Array.isArray(value) ? value.join(', ').length : String(value ?? '').length);
  return bytes;
}

/** The authenticated account and key, or those of a key the client put in a header or the query string. */
function callerOf(
  res: Response,
  accounts: AccountRegistry,
  headers: Record<string, string | string[] | undefined>,
  query: Record<string, unknown>,
): { account: Account; secret: string; keyId: string | null } | undefined {
  const authenticated = res.locals.account as Account | undefined;
  // The body's key: buildEntry hides it in the parsed body itself, this in a body kept as (cut) text.
  const bodyKey = (res.req.body as { apikey?: unknown } | undefined)?.apikey;
  if (authenticated) return { account: authenticated, secret: typeof bodyKey === 'string' ? bodyKey : '', keyId: (res.locals.keyId as string | undefined) ?? null };
  for (const key of keysOutsideBody(headers, query)) {
    const checked = accounts.check(key);
    if (checked.kind === 'ok') return { account: checked.account, secret: key, keyId: checked.key.id };
  }
  return undefined;
}

/** Journal entry ids per account (see entryIds). */
interface EntryIds {
  /** The account's next id: a number once its last stored id is known, until then a promise. */
  next(accountId: number): number | Promise<number>;
  forget(accountId: number): void;
}

/**
 * Ids increase per account, in the order calls end: the last stored id, then one more per entry.
 * The store is asked once per account; the ids asked for meanwhile follow one another in a chain,
 * and once the chain is done they are counted in memory.
 */
function entryIds(store: RequestJournalStore): EntryIds {
  const last = new Map<number, number>();
  const pending = new Map<number, Promise<number>>();
  return {
    next(accountId) {
      const known = last.get(accountId);
      if (known !== undefined) {
        last.set(accountId, known + 1);
        return known + 1;
      }
      const previous =
        pending.get(accountId) ??
        store.requestJournal(accountId).then((entries) => Math.max(0, ...entries.map((e) => (e as JournalEntry).id ?? 0)));
      const id = previous.then((n) => n + 1);
      const chained = id.catch(() => previous);
      pending.set(accountId, chained);
      void chained.then((n) => {
        // The newest of the chain is done: from here on, ids are counted in memory.
        if (pending.get(accountId) !== chained) return;
        pending.delete(accountId);
        last.set(accountId, n);
      }, () => pending.get(accountId) === chained && pending.delete(accountId));
      return id;
    },
    forget(accountId) {
      last.delete(accountId);
      pending.delete(accountId);
    },
  };
}

function parsedBody(sent: unknown): unknown {
  const frozen = frozenBodyOf(sent); // a cached answer: the body itself, not a parse of its bytes
  if (frozen) return frozen;
  if (typeof sent !== 'string' && !Buffer.isBuffer(sent)) return sent ?? null;
  const text = sent.toString();
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
