/**
 * Reproductions: a failure as the shortest request sequence that shows it, runnable as printed (a
 * curl script with `$APIKEY` in place of the key, so it can be shared) and by `--replay FILE`,
 * which reads the `# step` lines the script carries and judges each answer again.
 */
import type { Exchange } from './recorder.js';
import type { ReproductionStep } from './vocabulary.js';

/** The placeholders of the run's keys, in the order of the keys (`--apikey`, `--apikey2`). */
export const KEY_PLACEHOLDERS = ['$APIKEY', '$APIKEY2'] as const;

/** `value` with every string equal to one of `from` replaced by the matching `to`, deeply. */
function replaceStrings(value: unknown, from: readonly string[], to: readonly string[]): unknown {
  if (typeof value === 'string') {
    const index = from.indexOf(value);
    return index >= 0 ? to[index] : value;
  }
  if (Array.isArray(value)) return value.map((v) => replaceStrings(v, from, to));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, replaceStrings(v, from, to)]));
  }
  return value;
}

/** A step from an exchange: the run's keys become placeholders, the path is the one requested. */
export function stepOf(exchange: Exchange, keys: readonly string[], what: string, expect: string): ReproductionStep {
  const url = new URL(exchange.url);
  return {
    method: exchange.method === 'GET' ? 'GET' : 'POST',
    path: `${url.pathname}${url.search}`,
    ...(exchange.requestBody === undefined ? {} : { body: replaceStrings(exchange.requestBody, keys, KEY_PLACEHOLDERS) }),
    expect,
    got: exchange.status,
    what,
  };
}

/** Where `value` is in `json`, as a dotted path (`hotels.0.rate.service_hash`), or undefined. */
function pathOf(json: unknown, value: string, at = ''): string | undefined {
  if (json === value) return at;
  if (json === null || typeof json !== 'object') return undefined;
  for (const [key, child] of Object.entries(json)) {
    const found = pathOf(child, value, at === '' ? key : `${at}.${key}`);
    if (found !== undefined) return found;
  }
  return undefined;
}

const valueAt = (json: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((at, key) => (at !== null && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined), json);

/** The run of 30 letters and digits a booking_url carries (the bookhash), as a capture path suffix. */
const BOOKHASH_IN = '#bookhash';
const BOOKHASH = /[A-Za-z0-9]{30}/g;

/** Where an earlier answer gave `value`: its path, or its path and BOOKHASH_IN for a bookhash inside a URL. */
function sourcePath(json: unknown, value: string): string | undefined {
  const exact = pathOf(json, value);
  if (exact !== undefined) return exact;
  const url = (json as { booking_url?: unknown } | undefined)?.booking_url;
  return value.length === 30 && typeof url === 'string' && (url.match(BOOKHASH) ?? ([] as string[])).includes(value) ? `booking_url${BOOKHASH_IN}` : undefined;
}

function captured(json: unknown, path: string): string {
  if (!path.endsWith(BOOKHASH_IN)) return String(valueAt(json, path));
  const url = valueAt(json, path.slice(0, -BOOKHASH_IN.length));
  return (typeof url === 'string' ? url.match(BOOKHASH)?.at(-1) : undefined) ?? '';
}

/**
 * Requests in order as steps: each string a body sends that an earlier answer gave (a search_id,
 * a service_hash, a bookhash in a booking_url) is captured from that answer into a variable
 * (SEARCH_ID, BOOKHASH_2...) and sent as `$NAME`, so the sequence runs again on its own.
 */
export function sequenceSteps(calls: readonly Exchange[], keys: readonly string[], expected: ReadonlyMap<Exchange, string> = new Map()): ReproductionStep[] {
  const steps: ReproductionStep[] = [];
  const names = new Map<string, string>(); // value → variable
  calls.forEach((call, i) => {
    const step = stepOf(call, keys, `${call.method} ${call.endpoint}`, expected.get(call) ?? '');
    const body = step.body;
    if (body !== null && typeof body === 'object' && !Array.isArray(body)) {
      const replaced: Record<string, unknown> = { ...(body as Record<string, unknown>) };
      for (const [field, value] of Object.entries(replaced)) {
        if (typeof value !== 'string' || value.length < 8 || value.startsWith('$')) continue;
        let name = names.get(value);
        if (name === undefined) {
          const source = calls.slice(0, i).map((c, at) => ({ at, path: c.status === 200 ? sourcePath(c.json, value) : undefined })).find((s) => s.path !== undefined);
          if (!source) continue;
          name = `${field.toUpperCase().replace(/[^A-Z0-9]/g, '_')}_${names.size + 1}`;
          names.set(value, name);
          const from = steps[source.at] as ReproductionStep;
          from.capture = { ...from.capture, [name]: source.path as string };
        }
        replaced[field] = `$${name}`;
      }
      step.body = replaced;
    }
    steps.push(step);
  });
  return steps;
}

/**
 * The shortest sequence for one failed request: the earlier requests whose answers gave a string
 * it sends (the shared search's search_id, a rate's service_hash), then the request itself.
 */
export function sequenceFor(failed: Exchange, earlier: readonly Exchange[], keys: readonly string[], what: string, expect: string): ReproductionStep[] {
  const body = failed.requestBody;
  const values = body !== null && typeof body === 'object' ? Object.values(body).filter((v): v is string => typeof v === 'string' && v.length >= 8 && !keys.includes(v)) : [];
  const sources = values
    .map((v) => earlier.find((e) => e !== failed && e.status === 200 && sourcePath(e.json, v) !== undefined))
    .filter((e, i, all): e is Exchange => e !== undefined && all.indexOf(e) === i);
  const steps = sequenceSteps([...sources, failed], keys, new Map([[failed, expect]]));
  const last = steps.at(-1) as ReproductionStep;
  last.what = what;
  return steps;
}

/** Whether an answer meets a step's expectation (`''` is not judged: the step only sets the scene). */
export function meets(expect: string, status: number, json: unknown): boolean {
  if (expect === '') return true;
  if (expect === '4xx with an error text') {
    const error = json !== null && typeof json === 'object' ? (json as { error?: unknown }).error : undefined;
    return status >= 400 && status < 500 && typeof error === 'string' && error !== '';
  }
  if (expect === 'not 400, not 5xx') return status !== 400 && status < 500;
  return expect.split('|').map((s) => Number(s.trim())).includes(status);
}

const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** The body as a shell word: JSON in single quotes, each `$NAME` placeholder spliced in as a double-quoted variable. */
function bodyWord(body: unknown): string {
  return shellQuote(JSON.stringify(body)).replace(/"\$([A-Z][A-Z0-9_]*)"/g, `"'"$$$1"'"`);
}

/** The steps as a POSIX shell script: one curl per step, each with its `# step` line for --replay. */
export function curlScript(steps: readonly ReproductionStep[], title: string): string {
  const lines = [
    '#!/bin/sh',
    `# Reproduction: ${title.replace(/\n/g, ' ')}`,
    '# Run it with BASE_URL and APIKEY (and APIKEY2 if used) set, or: hotel-conformance --replay THIS_FILE --base-url URL --apikey KEY',
    ': "${BASE_URL:?set BASE_URL}" "${APIKEY:?set APIKEY}"',
  ];
  steps.forEach((step, i) => {
    const curl = `curl -sS -X ${step.method} "$BASE_URL"${shellQuote(step.path)}` +
      (step.body === undefined ? '' : ` -H 'Content-Type: application/json' --data-raw ${bodyWord(step.body)}`);
    lines.push(
      '',
      `# ${i + 1}. ${step.what.replace(/\n/g, ' ')}${step.expect ? ` — expected ${step.expect}` : ''}; the run got ${step.got}`,
      `# step ${JSON.stringify(step)}`,
      ...(step.capture
        ? // The first occurrence of the key in the answer (--replay takes the exact path).
          Object.entries(step.capture).map(([name, path]) => {
            const key = path.replace(BOOKHASH_IN, '').split('.').pop() ?? '';
            const token = path.endsWith(BOOKHASH_IN) ? ` | grep -oE '[A-Za-z0-9]{30}' | tail -n 1` : '';
            return `${name}=$(${curl} | grep -o '"${key}":"[^"]*"' | head -n 1 | cut -d'"' -f4${token})`;
          })
        : [`${curl} -w '\\n-> %{http_code}\\n'`]),
    );
  });
  return `${lines.join('\n')}\n`;
}

/** The steps a script carries (its `# step` lines), in order. */
export function stepsOfScript(text: string): ReproductionStep[] {
  return text
    .split('\n')
    .filter((line) => line.startsWith('# step '))
    .map((line, i) => {
      const step = JSON.parse(line.slice('# step '.length)) as ReproductionStep;
      if ((step.method !== 'POST' && step.method !== 'GET') || typeof step.path !== 'string' || !step.path.startsWith('/')) {
        throw new Error(`step ${i + 1} is not a request (method and a path starting with /)`);
      }
      return step;
    });
}

export interface ReplayedStep {
  step: ReproductionStep;
  status: number;
  text: string;
  met: boolean;
}

/** Sends the steps in order against `baseUrl` with the given keys in place of the placeholders. */
export async function replay(steps: readonly ReproductionStep[], baseUrl: string, keys: readonly string[], timeoutMs: number): Promise<ReplayedStep[]> {
  const out: ReplayedStep[] = [];
  const names: string[] = KEY_PLACEHOLDERS.slice(0, keys.length);
  const values: string[] = [...keys];
  for (const step of steps) {
    const body = step.body === undefined ? undefined : JSON.stringify(replaceStrings(step.body, names, values));
    const response = await fetch(`${baseUrl}${step.path}`, {
      method: step.method,
      ...(body === undefined ? {} : { body, headers: { 'Content-Type': 'application/json' } }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    for (const [name, path] of Object.entries(step.capture ?? {})) {
      names.push(`$${name}`);
      values.push(captured(json, path));
    }
    out.push({ step, status: response.status, text, met: meets(step.expect, response.status, json) });
  }
  return out;
}
