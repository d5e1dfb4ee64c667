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

/**
 * The shortest sequence for one failed request: the earlier requests whose answers gave a string
 * it sends (the shared search's search_id, a rate's service_hash, a booking's bookhash), each
 * capturing that value into a variable, then the request itself with the variables in its body.
 */
export function sequenceFor(failed: Exchange, earlier: readonly Exchange[], keys: readonly string[], what: string, expect: string): ReproductionStep[] {
  const steps: ReproductionStep[] = [];
  const body = failed.requestBody;
  const replaced: Record<string, unknown> = body !== null && typeof body === 'object' && !Array.isArray(body) ? { ...(body as Record<string, unknown>) } : {};
  for (const [field, value] of Object.entries(replaced)) {
    if (typeof value !== 'string' || keys.includes(value) || value.length < 8) continue;
    const source = earlier.find((e) => e !== failed && e.status === 200 && pathOf(e.json, value) !== undefined);
    if (!source) continue;
    const name = field.toUpperCase().replace(/[^A-Z0-9]/g, '_');
    const existing = steps.find((s) => s.what === `${source.method} ${source.endpoint}` && s.path === new URL(source.url).pathname);
    const step = existing ?? stepOf(source, keys, `${source.method} ${source.endpoint}`, '200');
    step.capture = { ...step.capture, [name]: pathOf(source.json, value) ?? '' };
    if (!existing) steps.push(step);
    replaced[field] = `$${name}`;
  }
  const last = stepOf(failed, keys, what, expect);
  return [...steps, Object.keys(replaced).length > 0 ? { ...last, body: replaceStrings(replaced, keys, KEY_PLACEHOLDERS) } : last];
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
          Object.entries(step.capture).map(([name, path]) => `${name}=$(${curl} | grep -o '"${path.split('.').pop() ?? ''}":"[^"]*"' | head -n 1 | cut -d'"' -f4)`)
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
      values.push(String(valueAt(json, path)));
    }
    out.push({ step, status: response.status, text, met: meets(step.expect, response.status, json) });
  }
  return out;
}
