/**
 * Plays an account's stubs (domain/stubs): after every check of the request (method, body, key,
 * rate limit, request schema), so a stub answers only a call the contract accepts, and before the
 * `Test` header and the endpoint. A call its account has no stub for passes on at once. A stub's
 * answer is scenario traffic (`res.locals.scenario` is `stub`): the journal, the certification and
 * /metrics count it apart, and the journal names the stub.
 */
import type { Request, RequestHandler, Response } from 'express';
import { randomInt } from 'node:crypto';
import type { StubBook } from '../../domain/stubs/stubBook.js';
import { operationOfPath, STUB_LIMITS, type Stub, type StubDelay } from '../../domain/stubs/stub.js';
import { accountOf } from '../transport/apiPipeline.js';
import { waitUnlessClientLeaves } from '../transport/clientWait.js';
import { RECEIVED_BODY } from '../transport/requestValidation.js';
import { receivedValue } from '../transport/jsonBody.js';

/** What the journal records of the stub that answered (res.locals.stub). */
export interface PlayedStub {
  id: string;
  name: string | null;
  nonconforming: boolean;
  fault: string | null;
}

/** The scenario name a stub's answer is recorded and counted under. */
export const STUB_SCENARIO = 'stub';

export function playedStubOf(res: Response): PlayedStub | null {
  return (res.locals.stub as PlayedStub | undefined) ?? null;
}

export const stubAnswer = (book: StubBook): RequestHandler => (req, res, next) => {
  const operation = operationOfPath(req.path);
  if (!operation) return next();
  let body: unknown;
  // The body as the client sent it (request validation fills in schema defaults), parsed once if a stub asks.
  const receivedBody = () => (body ??= receivedValue(RECEIVED_BODY in res.locals ? res.locals[RECEIVED_BODY] : req.body));
  book.answerFor(accountOf(res).id, { operation, body: receivedBody, headers: req.headers }).then((stub) => {
    if (!stub) return next();
    res.locals.scenario = STUB_SCENARIO;
    // Played on purpose, like the Test header's faults: response validation and the 5xx alerts let it be.
    res.locals.simulatedFault = true;
    res.locals.stub = { id: stub.id, name: stub.name, nonconforming: stub.nonconforming, fault: stub.fault } satisfies PlayedStub;
    return play(stub, req, res);
  }).catch(next);
};

async function play(stub: Stub, req: Request, res: Response): Promise<void> {
  if (stub.delay && !(await waitUnlessClientLeaves(res, delayMs(stub.delay)))) return;
  const response = stub.response;
  switch (stub.fault) {
    case 'connection_reset':
      req.socket.resetAndDestroy();
      return;
    case 'empty_response':
      req.socket.destroy();
      return;
    case 'malformed_json': {
      const whole = response?.body === undefined ? '{"error": "' : JSON.stringify(response.body);
      // Cut before its end, and never a text that happens to parse.
      return void sendRaw(res, response?.status ?? 200, response?.headers ?? {}, Buffer.from(`${whole.slice(0, Math.max(1, Math.floor(whole.length * 0.6)))}\u0000`));
    }
    case 'cut_body': {
      const bytes = bodyBytes(response!.body);
      writeHead(res, response!.status, response!.headers, bytes.length);
      res.write(bytes.subarray(0, Math.floor(bytes.length / 2)));
      // The rest never comes: the connection closes mid-body, as a crashed upstream leaves it.
      setImmediate(() => req.socket.destroy());
      return;
    }
    case 'trickle':
      return trickle(res, response!, stub.trickle_interval_ms ?? 100);
    default:
      if (!response) return void res.end();
      res.status(response.status).set(response.headers);
      if (response.body === undefined) return void res.end();
      res.json(response.body);
  }
}

const delayMs = (delay: StubDelay): number => ('fixed_ms' in delay ? delay.fixed_ms : randomInt(delay.min_ms, delay.max_ms + 1));

const bodyBytes = (body: unknown): Buffer => Buffer.from(body === undefined ? '' : JSON.stringify(body));

function writeHead(res: Response, status: number, headers: Record<string, string>, length: number): void {
  res.status(status).set({ 'Content-Type': 'application/json; charset=utf-8', ...headers, 'Content-Length': String(length) });
  res.flushHeaders();
}

function sendRaw(res: Response, status: number, headers: Record<string, string>, bytes: Buffer): void {
  writeHead(res, status, headers, bytes.length);
  res.end(bytes);
}

/** The body in chunks, one every `intervalMs`, in at most STUB_LIMITS.maxTrickleMs; stops when the client leaves. */
async function trickle(res: Response, response: NonNullable<Stub['response']>, intervalMs: number): Promise<void> {
  const bytes = bodyBytes(response.body);
  const chunks = Math.max(1, Math.min(bytes.length, Math.floor(STUB_LIMITS.maxTrickleMs / intervalMs)));
  const size = Math.ceil(bytes.length / chunks);
  writeHead(res, response.status, response.headers, bytes.length);
  for (let offset = 0; offset < bytes.length; offset += size) {
    if (offset > 0 && !(await waitUnlessClientLeaves(res, intervalMs))) return;
    res.write(bytes.subarray(offset, offset + size));
  }
  res.end();
}
