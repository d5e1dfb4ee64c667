/**
 * Before any check, a few requests say whether the run can mean anything, so that a mistake gives
 * one clear error and a hint (exit 2) instead of a failure per check:
 *
 * - the base URL answers at all (`cannot connect to http://…: ECONNREFUSED`);
 * - it answers like this API: `POST /booking_overview.php` without a key must get a 4xx with a JSON
 *   `{ "error" }` (the API says 401). A 404 or 405, a redirect, an HTML page or any other non-JSON
 *   answer is not this API — usually a base URL with a path too many or too few (`…/api`), so the
 *   URL's parents are tried and the one that does answer like the API is suggested. Nor is a server
 *   that answers 2xx there and on a path the API does not have (a catch-all);
 * - the server knows --apikey (and --apikey2): 403 with an error is the API's "invalid key".
 *
 * It also tells when the server looks like a static mock (Prism, or anything that answers with the
 * contract's own examples): the run goes on, with a note that a mock cannot show the API's behaviour.
 * Every preflight request is a POST of booking_overview.php, which is not rate limited and changes
 * nothing. None follows a redirect.
 */
import { loadContract } from '../../contract/document.js';
import { collectExamples } from '../../contract/examples.js';

/** The reason a fetch failed, as the system names it (ECONNREFUSED, ENOTFOUND, ...), else its message. */
export function networkCause(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown; errors?: Array<{ code?: unknown }> } } | null)?.cause;
  const code = cause?.code ?? cause?.errors?.find((e) => typeof e.code === 'string')?.code;
  if (typeof code === 'string') return code;
  const name = (error as { name?: string } | null)?.name;
  if (name === 'TimeoutError' || name === 'AbortError') return 'no answer (time-out)';
  return typeof cause?.message === 'string' ? cause.message : (error as Error)?.message ?? String(error);
}

const PROBE_PATH = '/booking_overview.php';

interface Answer {
  status: number;
  contentType: string;
  location: string | null;
  text: string;
  json: unknown;
}

/** A path no implementation of the API has: a server that answers it as an API path routes nothing. */
const NO_SUCH_PATH = '/hotel-conformance-no-such-path.php';

async function probe(baseUrl: string, body: unknown, timeoutMs: number, path = PROBE_PATH): Promise<Answer> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    redirect: 'manual',
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, contentType: response.headers.get('content-type') ?? '', location: response.headers.get('location'), text, json };
}

const errorText = (answer: Answer): string | undefined => {
  const error = (answer.json as { error?: unknown } | undefined)?.error;
  return typeof error === 'string' ? error : undefined;
};

/** The API's answer to a request without a key: a 4xx with `{ "error": "…" }`, or Prism's problem+json. */
const answersLikeTheApi = (answer: Answer) =>
  (answer.status >= 400 && answer.status < 500 && errorText(answer) !== undefined) || isPrismValidation(answer);

/** Prism answers a request its contract refuses with 422 application/problem+json naming its own errors. */
const isPrismValidation = (answer: Answer) =>
  answer.status === 422 &&
  answer.contentType.startsWith('application/problem+json') && /stoplight\.io\/prism|UNPROCESSABLE_ENTITY/.test(answer.text);

/** Why an answer to the keyless probe is not this API; undefined when it could be. */
function notTheApi(answer: Answer): string | undefined {
  const what = `POST ${PROBE_PATH} answered ${answer.status}`;
  if (answer.status >= 300 && answer.status < 400) return `${what}, a redirect to ${answer.location ?? '(no Location)'}: the API answers its paths itself`;
  // The path is the API's own: a server that has it never says it has not (whatever error body it sends).
  if (answer.status === 404 || answer.status === 405 || answer.status === 501) return `${what}: there is no ${PROBE_PATH} here`;
  if (answersLikeTheApi(answer)) return undefined;
  if (/html/i.test(answer.contentType) || /^\s*</.test(answer.text)) return `${what} with an HTML page, not the API's JSON`;
  if (answer.json === undefined) return `${what} with ${answer.contentType || 'no content type'}, not JSON`;
  if (answer.status >= 200 && answer.status < 300) return undefined; // a 2xx JSON: let the checks judge it (a mock, or an API that misses the key)
  if (answer.status >= 500) return undefined; // the server's own error: the checks will report it
  return `${what} without the API's { "error": "…" } body`;
}

/** The base URL's parents (…/a/b → …/a → origin), at most three: where a path too many would have been. */
function parentsOf(baseUrl: string): string[] {
  const url = new URL(baseUrl);
  const segments = url.pathname.split('/').filter(Boolean);
  const parents: string[] = [];
  for (let keep = segments.length - 1; keep >= 0 && parents.length < 3; keep--) {
    parents.push(`${url.origin}${keep === 0 ? '' : `/${segments.slice(0, keep).join('/')}`}`);
  }
  return parents;
}

/** The first parent of the base URL that answers like the API, for the hint. */
async function apiAmongParents(baseUrl: string, timeoutMs: number): Promise<string | undefined> {
  for (const parent of parentsOf(baseUrl)) {
    try {
      if (notTheApi(await probe(parent, {}, timeoutMs)) === undefined) return parent;
    } catch {
      // that one does not answer either
    }
  }
  return undefined;
}

/**
 * The contract's examples of booking_overview.php answers that list bookings, as JSON text: what a
 * static mock serves. (An empty list is also what a real server gives a new account.)
 */
function overviewExamples(): Set<string> {
  const examples = collectExamples(loadContract()).filter((e) => e.kind === 'response' && e.path === PROBE_PATH);
  const listsBookings = (value: unknown) => ((value as { bookings?: unknown[] } | null)?.bookings?.length ?? 0) > 0;
  return new Set(examples.filter((e) => listsBookings(e.value)).map((e) => JSON.stringify(e.value)));
}

export interface PreflightOutcome {
  /** Why the run cannot go on (exit 2), with a hint; undefined when it can. */
  stop?: string;
  /** What the user should know about the server before reading the verdicts. */
  notes: string[];
  /** The server looks like a static mock (Prism, or the contract's own examples): it keeps no rate limits. */
  staticMock?: boolean;
}

const MOCK_NOTE =
  'A mock serves the contract\'s examples, not the API\'s behaviour (validation, state, limits): expect many checks to fail. ' +
  'It shows what the kit does, not whether an implementation conforms.';

/** The preflight of a run against `baseUrl` with the given keys. */
export async function preflight(baseUrl: string, keys: readonly string[], timeoutMs: number): Promise<PreflightOutcome> {
  let keyless: Answer;
  try {
    keyless = await probe(baseUrl, {}, timeoutMs);
  } catch (error) {
    const cause = networkCause(error);
    return { stop: `cannot connect to ${baseUrl}: ${cause === 'no answer (time-out)' ? `no answer within ${timeoutMs} ms` : cause}`, notes: [] };
  }
  const wrong = notTheApi(keyless);
  if (wrong) {
    const api = await apiAmongParents(baseUrl, timeoutMs);
    const hint = api
      ? `did you mean --base-url ${api}? It answers like the API.`
      : 'the base URL is the address the API\'s paths (/search.php, /hotel.php, …) hang off, e.g. https://host or https://host/prefix';
    return { stop: `${baseUrl} does not look like the Hotel Booking API: ${wrong}. Hint: ${hint}`, notes: [] };
  }
  // The API answers a request without a key with 401; a server that says 200 may be a catch-all.
  if (keyless.status >= 200 && keyless.status < 300) {
    const nowhere = await probe(baseUrl, {}, timeoutMs, NO_SUCH_PATH).catch(() => undefined);
    if (nowhere && nowhere.status >= 200 && nowhere.status < 300) {
      return {
        stop: `${baseUrl} does not look like the Hotel Booking API: it answers ${nowhere.status} to any path (${NO_SUCH_PATH} too). Hint: the base URL is the address the API's paths hang off`,
        notes: [],
      };
    }
  }
  const notes: string[] = [];
  if (isPrismValidation(keyless)) notes.push(`${baseUrl} looks like Prism (a static mock of the contract): it answers a request it refuses with Prism's problem+json. ${MOCK_NOTE}`);
  const examples = overviewExamples();
  for (const [index, key] of keys.entries()) {
    let answer: Answer;
    try {
      answer = await probe(baseUrl, { apikey: key }, timeoutMs);
    } catch {
      continue; // a flaky first answer is the checks' to report
    }
    const flag = index === 0 ? '--apikey' : '--apikey2';
    if (answer.status === 403 && errorText(answer) !== undefined) {
      return { stop: `${baseUrl} refuses ${flag} (403: ${errorText(answer)}). Hint: pass a key of an account on that server.`, notes };
    }
    if (index === 0 && answer.status === 200 && examples.has(JSON.stringify(answer.json)) && notes.length === 0) {
      notes.push(`${baseUrl} looks like a static mock: it answered ${PROBE_PATH} with the contract's own example. ${MOCK_NOTE}`);
    }
  }
  return { notes, ...(notes.length > 0 ? { staticMock: true } : {}) };
}

/** Why `url` is not on the server under test (another origin than the base URL's); undefined when it is. */
export function outsideServerUnderTest(url: string, baseUrl: string): string | undefined {
  let target: URL;
  try {
    target = new URL(url, baseUrl);
  } catch {
    return `'${url}' is not a URL`;
  }
  const origin = new URL(baseUrl).origin;
  return target.origin === origin ? undefined : `${url} is on another server than the one under test (${origin}); the kit calls only that one`;
}

/**
 * A GET that follows redirects only while they stay on the server under test (at most 5); a redirect
 * elsewhere is answered as it came (3xx), never followed.
 */
export async function fetchOnServer(url: string, init: RequestInit, baseUrl: string): Promise<Response> {
  let current = url;
  for (let hop = 0; ; hop++) {
    const response = await fetch(current, { ...init, redirect: 'manual' });
    const location = response.headers.get('location');
    if (response.status < 300 || response.status >= 400 || location === null || hop >= 5) return response;
    const next = new URL(location, current).href;
    if (outsideServerUnderTest(next, baseUrl)) return response;
    await response.arrayBuffer();
    current = next;
  }
}

/**
 * With --control: one read of the account's clock tells whether the control URL offers the sandbox
 * control API, so that a server without it (a mock, a partner's own server) gives one clear error
 * instead of a SETUP failure per check. undefined when it does; else the one-line error.
 */
export async function controlPreflight(controlUrl: string, apikey: string, timeoutMs: number): Promise<string | undefined> {
  const base = controlUrl.replace(/\/+$/, '');
  const clockUrl = `${base.endsWith('/_control') ? base : `${base}/_control`}/clock`;
  const notOffered = `${controlUrl} does not offer the control API; run without --control or point it at the sandbox`;
  let response: Response;
  try {
    response = await fetch(clockUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ apikey }),
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const cause = networkCause(error);
    return `cannot connect to the control API at ${controlUrl}: ${cause === 'no answer (time-out)' ? `no answer within ${timeoutMs} ms` : cause}`;
  }
  const text = await response.text().catch(() => '');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return notOffered;
  }
  const fields = (typeof body === 'object' && body !== null ? body : {}) as { now?: unknown; offset_seconds?: unknown; error?: unknown };
  if (response.ok && typeof fields.now === 'string' && typeof fields.offset_seconds === 'number') return undefined;
  if ((response.status === 401 || response.status === 403) && typeof fields.error === 'string') {
    return `the control API at ${controlUrl} refused the key (${response.status}): ${fields.error}`;
  }
  return notOffered;
}
