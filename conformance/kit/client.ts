/**
 * The one way checks talk to the implementation. Typed calls go through openapi-fetch
 * (createClient<paths>, typed from generated/openapi.ts); deliberately malformed requests (wrong
 * method, bad JSON, no body) go through `raw`, with the same accounting. Every request is:
 * scheduled politely on the rate-limited endpoints, counted per endpoint and against the budget,
 * timed out (and retried once, per section 8), recorded, and its response judged by the contract.
 * A 429 the check did not provoke is honoured (wait or move the clock, then retry once) and is
 * never itself a failure.
 */
import createClient from 'openapi-fetch';
import type { paths } from '../../contract/generated/openapi.js';
import { SleepingClock, type KitClock } from './clock.js';
import { judgeResponse, type JudgeOptions } from './contractCheck.js';
import { BudgetExhausted, CheckFailure, CheckSkipped } from './failures.js';
import { fetchOnServer, networkCause, outsideServerUnderTest } from './preflight.js';
import type { SlidingWindowScheduler } from './limiter.js';
import type { Exchange, Recorder } from './recorder.js';
import { API_PATHS, RATE_LIMITED_PATHS, type ApiPath, type Endpoint, type Profile } from './vocabulary.js';

type Operation<P extends ApiPath> = paths[P]['post'];
export type RequestBody<P extends ApiPath> = Operation<P>['requestBody']['content']['application/json'];
export type OkBody<P extends ApiPath> = Operation<P>['responses'][200]['content']['application/json'];

export interface SendOptions extends JudgeOptions {
  /** Sent on purpose into a full window: not scheduled, and a 429 is returned, not retried. */
  provoke?: boolean;
  /** false: scheduled as usual, but a 429 is returned to the check instead of being waited out. */
  retryOn429?: boolean;
}

export interface RawRequest extends SendOptions {
  path: ApiPath;
  method: string;
  headers?: Record<string, string>;
  /** Sent as is (may be broken JSON on purpose). */
  body?: string;
}

export interface ClientOptions {
  baseUrl: string;
  clock: KitClock;
  scheduler: SlidingWindowScheduler;
  timeoutMs: number;
  /** Total API requests allowed (undefined: no limit). */
  budget?: number;
  /** Longest wait on a limit the kit accepts without a harness; longer gives a failure instead. */
  maxSleepMs?: number;
  /** The contract layer responses are judged by (default reference: the full contract). */
  profile?: Profile;
  /** The run's API keys: a request carrying none of them is refused for its key (see throttleWait). */
  runKeys?: readonly string[];
  /**
   * Waits out a 429 to a request that carries no key of the run (default: sleeps): it can only come
   * from a throttle of failed authentications, which counts per address in real time, so it is
   * waited for in real time even when the kit moves a server clock.
   */
  throttleWait?: KitClock;
}

/** How many times one request refused for its key waits out a 429 of the failed-authentication throttle. */
const THROTTLE_WAITS = 3;

/** Retry-After to assume when a 429 has none (or an unreadable one). */
const DEFAULT_RETRY_AFTER_S = 60;

export class ApiClient {
  /** The current check's recorder; the runner sets it. */
  recorder: Recorder | undefined;
  readonly requests: Partial<Record<Endpoint, number>> = {};
  private spent = 0;
  private readonly fetchClient;
  /** Real-time waits when no throttleWait is given. */
  private readonly sleeping = new SleepingClock();
  private readonly baseUrl: string;

  constructor(private readonly options: ClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.fetchClient = createClient<paths>({ baseUrl: this.baseUrl });
  }

  get spentRequests(): number {
    return this.spent;
  }

  /** A typed POST of a valid (type-correct) body. */
  post<P extends ApiPath>(path: P, body: RequestBody<P>, options: SendOptions = {}): Promise<Exchange<OkBody<P>>> {
    return this.postUnchecked(path, body, options);
  }

  /** A POST of any JSON body, e.g. with a wrong type or an unknown field on purpose. */
  async postUnchecked<P extends ApiPath>(path: P, body: unknown, options: SendOptions = {}): Promise<Exchange<OkBody<P>>> {
    let exchange: Exchange | undefined;
    const viaTransport = async (request: Request): Promise<Response> => {
      const text = await request.text();
      exchange = await this.exchange({ path, method: 'POST', headers: { 'content-type': 'application/json' }, body: text, ...options });
      const nullBody = [204, 205, 304].includes(exchange.status);
      return new Response(nullBody ? null : exchange.text, { status: exchange.status, headers: exchange.headers });
    };
    // openapi-fetch builds the request (URL, JSON body, headers) from the typed path.
    const post = this.fetchClient.POST as unknown as (
      p: string,
      init: { body: unknown; parseAs: 'text'; fetch: (r: Request) => Promise<Response> },
    ) => Promise<unknown>;
    await post(path, { body, parseAs: 'text', fetch: viaTransport });
    if (!exchange) throw new Error(`openapi-fetch did not send POST ${path}`);
    return exchange as Exchange<OkBody<P>>;
  }

  /** A request exactly as given: any method, headers and body text. */
  raw(request: RawRequest): Promise<Exchange> {
    return this.exchange(request);
  }

  /**
   * A request to an operation of the contract outside the six API paths (e.g. one a link leads to
   * in a newer contract): counted as `other-operation`, not paced, judged by the caller.
   */
  other(path: string, method: string, headers: Record<string, string>, body: string | undefined): Promise<Exchange> {
    return this.send('other-operation', method, this.baseUrl + path, headers, body, {});
  }

  /** GET of the finalization page (booking_url): HTML, so judged by the check, not the contract. Never on another server. */
  async page(url: string): Promise<Exchange> {
    const outside = outsideServerUnderTest(url, this.baseUrl);
    if (outside) throw new CheckSkipped(`booking_url ${outside}`);
    return this.send('finalization-page', 'GET', url, {}, undefined, {});
  }

  private async exchange(request: RawRequest): Promise<Exchange> {
    const { path, method, headers = {}, body, ...options } = request;
    if (!(API_PATHS as readonly string[]).includes(path)) throw new Error(`not an API path: ${path}`);
    return this.send(path, method, this.baseUrl + path, headers, body, options);
  }

  private async send(
    endpoint: Endpoint,
    method: string,
    url: string,
    headers: Record<string, string>,
    body: string | undefined,
    options: SendOptions,
  ): Promise<Exchange> {
    const limited = (RATE_LIMITED_PATHS as readonly string[]).includes(endpoint);
    const notes: string[] = [];
    let timedOut = false;
    let reset = false;
    let retriedOn429 = false;
    let throttleWaits = 0;
    for (;;) {
      if (limited && !options.provoke) await this.waitForSlot(endpoint);
      const started = performance.now();
      let response: Response;
      try {
        response = await this.fetchCounted(endpoint, method, url, headers, body);
      } catch (error) {
        if (isTimeout(error) && !timedOut) {
          timedOut = true;
          notes.push(`${method} ${endpoint} timed out after ${this.options.timeoutMs} ms; retried once`);
          continue;
        }
        if (isTimeout(error)) throw new CheckFailure(`${method} ${endpoint} timed out twice (time-out ${this.options.timeoutMs} ms)`);
        if (error instanceof CheckFailure || error instanceof CheckSkipped) throw error;
        // A kept-alive connection the server closed just as we reused it: no answer came; send once more.
        if (networkCause(error) === 'ECONNRESET' && !reset) {
          reset = true;
          notes.push(`${method} ${endpoint}: the connection was reset before an answer; retried once`);
          continue;
        }
        if (endpoint === 'finalization-page') {
          throw new CheckFailure(`cannot reach booking_url ${url}: ${networkCause(error)}`);
        }
        throw new CheckFailure(`${method} ${url} failed: ${networkCause(error)}`);
      }
      const text = await response.text();
      const ms = Math.round(performance.now() - started);

      if (response.status === 429 && !this.carriesRunKey(body) && throttleWaits < THROTTLE_WAITS) {
        // Other runs or clients behind the same address (a CI runner's NAT, an office) used up the
        // server's budget of failed authentications: what this check asks is still to be answered.
        const waitMs = retryAfterMs(response.headers.get('retry-after'));
        if (waitMs <= (this.options.maxSleepMs ?? 120_000)) {
          throttleWaits += 1;
          notes.push(
            `429 to a request without a key of this run: the server throttles failed authentications from this address ` +
              `(other runs or clients behind it?); waited ${Math.round(waitMs / 1000)} s (Retry-After, real time) and sent it again`,
          );
          await (this.options.throttleWait ?? this.sleeping).pass(waitMs + 500, 'the failed-authentication throttle of this address (Retry-After)');
          continue;
        }
      }

      if (response.status === 429 && !options.provoke && options.retryOn429 !== false && !retriedOn429) {
        const waitMs = retryAfterMs(response.headers.get('retry-after'));
        const maxSleep = this.options.maxSleepMs ?? 120_000;
        if (this.options.clock.moves || waitMs <= maxSleep) {
          retriedOn429 = true;
          const how = this.options.clock.moves ? 'moved the clock' : 'waited';
          notes.push(`unprovoked 429 on ${endpoint}: ${how} ${Math.round(waitMs / 1000)} s (Retry-After) and retried once`);
          if (limited) this.options.scheduler.blockUntil(endpoint, this.options.clock.now() + waitMs + 500);
          else await this.options.clock.pass(waitMs + 500, 'the rate limit (Retry-After)');
          continue;
        }
      }
      const json = parseJson(text);
      const schemaErrors = endpoint === 'finalization-page' || endpoint === 'control' || endpoint === 'other-operation'
        ? []
        : judgeResponse(endpoint, response.status, response.headers, text, json, options, this.options.profile);
      const exchange: Exchange = {
        endpoint,
        method,
        url,
        requestBody: body === undefined ? undefined : parseJson(body) ?? body,
        status: response.status,
        headers: response.headers,
        text,
        json,
        data: response.status === 200 ? json : undefined,
        ms,
        schemaErrors,
        notes,
      };
      for (const note of notes) this.recorder?.note(note);
      this.recorder?.adopt(exchange);
      return exchange;
    }
  }

  /** Whether the request body names one of the run's keys (a request that does not is refused for its key). */
  private carriesRunKey(body: string | undefined): boolean {
    const apikey = (parseJson(body ?? '') as { apikey?: unknown } | undefined)?.apikey;
    return typeof apikey === 'string' && (this.options.runKeys ?? []).includes(apikey);
  }

  private async fetchCounted(
    endpoint: Endpoint,
    method: string,
    url: string,
    headers: Record<string, string>,
    body: string | undefined,
  ): Promise<Response> {
    if (this.options.budget !== undefined && this.spent >= this.options.budget) throw new BudgetExhausted(this.options.budget);
    this.spent++;
    this.requests[endpoint] = (this.requests[endpoint] ?? 0) + 1;
    this.recorder?.count(endpoint);
    if ((RATE_LIMITED_PATHS as readonly string[]).includes(endpoint)) this.options.scheduler.record(endpoint, this.options.clock.now());
    // API calls must answer themselves; the finalization page may redirect (e.g. to a payment step), on this server only.
    const init = { method, headers, body, signal: AbortSignal.timeout(this.options.timeoutMs) };
    return endpoint === 'finalization-page' ? fetchOnServer(url, init, this.baseUrl) : fetch(url, { ...init, redirect: 'manual' });
  }

  /** Waits (or moves the clock) until the kit's own window for the endpoint has a place. */
  private async waitForSlot(endpoint: Endpoint): Promise<void> {
    const { clock, scheduler } = this.options;
    for (let round = 0; round < 5; round++) {
      const delay = scheduler.delayFor(endpoint, clock.now());
      if (delay <= 0) return;
      const maxSleep = this.options.maxSleepMs ?? 120_000;
      if (!clock.moves && delay > maxSleep) {
        throw new CheckFailure(
          `sending to ${endpoint} now would break its rate limit and the window frees only in ${Math.ceil(delay / 1000)} s ` +
            '(the daily limit?); run with --control or later',
        );
      }
      const paced = this.options.scheduler.blockedUntil(endpoint) > clock.now() ? 'Retry-After' : 'the kit keeps to the stated limits; --pace off for a server without limits';
      await clock.pass(delay, `the rate limit on ${endpoint} (${paced})`);
    }
  }
}

/** Retry-After in ms: whole seconds as the spec says; anything else counts as the default. */
export function retryAfterMs(header: string | null): number {
  const seconds = header !== null && /^\s*\d+\s*$/.test(header) ? Number(header) : DEFAULT_RETRY_AFTER_S;
  return Math.max(1, seconds) * 1000;
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isTimeout(error: unknown): boolean {
  const name = (error as { name?: string } | null)?.name;
  return name === 'TimeoutError' || name === 'AbortError';
}
