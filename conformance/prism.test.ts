/**
 * openapi.yaml as a mock server: Prism (static mode) must accept every request example, answer
 * every declared status with the declared example, and everything it answers must validate with the
 * shared contract module (ajv, same openapi.yaml).
 *
 * What Prism cannot do is asserted as what it does, with the reason, at the end of the file.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRACT_PATH, loadContract } from '../contract/document.js';
import { collectExamples, type ContractExample } from '../contract/examples.js';
import { listOperations } from '../contract/operations.js';
import { formatErrors } from '../contract/validationErrors.js';
import { createContractValidator } from '../contract/validator.js';
import { prismListening } from './testing/support/prism.js';

const root = fileURLToPath(new URL('../', import.meta.url));
const doc = loadContract();
const contract = createContractValidator(doc);
const operations = listOperations(doc);
const examples = collectExamples(doc);

const STARTUP_LIMIT_MS = 30_000;

let prism: ChildProcess | undefined;
let base = '';
/** What Prism printed until it listened: its listening line names the port (and a failed start is shown). */
let startupOutput = '';

function remember(chunk: Buffer): void {
  if (!base) startupOutput += chunk.toString('utf8');
}

async function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill('SIGTERM');
  const killed = await Promise.race([exited.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 5_000))]);
  if (!killed) {
    child.kill('SIGKILL');
    await exited;
  }
}

beforeAll(async () => {
  // The CLI's JS entry run by this Node: its pid is Prism itself (no shell, no `env node` in between).
  // On a port of its own choosing, read from its listening line.
  const cli = realpathSync(new URL('../node_modules/.bin/prism', import.meta.url));
  prism = spawn(process.execPath, [cli, 'mock', CONTRACT_PATH, '--host', '127.0.0.1', '--port', '0'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  prism.stdout?.on('data', remember);
  prism.stderr?.on('data', remember);
  // If the worker dies without afterAll, do not leave Prism behind.
  process.once('exit', () => prism?.kill('SIGKILL'));
  base = await prismListening(prism, () => startupOutput, STARTUP_LIMIT_MS);
}, STARTUP_LIMIT_MS + 10_000);

afterAll(async () => {
  await stop(prism);
}, 10_000);

interface Answer {
  status: number;
  headers: Headers;
  body: unknown;
  text: string;
}

async function call(path: string, body: unknown, prefer?: string, method = 'POST'): Promise<Answer> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (prefer) headers.prefer = prefer;
  const res = await fetch(base + path, {
    method,
    headers,
    body: method === 'GET' || method === 'HEAD' ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = text === '' ? undefined : JSON.parse(text);
  } catch {
    parsed = text;
  }
  return { status: res.status, headers: res.headers, body: parsed, text };
}

const requestExamples = (path: string): ContractExample[] => examples.filter((e) => e.path === path && e.kind === 'request');
const firstRequest = (path: string): unknown => {
  const found = requestExamples(path)[0];
  if (!found) throw new Error(`no request example for ${path}`);
  return found.value;
};

/** One case per declared response example: the status and, where there are several, the example name. */
const responseCases = examples
  .filter((e) => e.kind === 'response')
  .map((e) => {
    const several = examples.filter((o) => o.kind === 'response' && o.path === e.path && o.status === e.status).length > 1;
    const prefer = `code=${e.status}${several && e.name ? `, example=${e.name}` : ''}`;
    return { label: `${e.path} ${prefer}`, example: e, prefer };
  });

describe('Prism mock of openapi.yaml', () => {
  it.each(examples.filter((e) => e.kind === 'request').map((e) => [`${e.path} ${e.name ?? '(example)'}`, e] as const))(
    'accepts the request example %s and answers 200 with a valid body',
    async (_label, e) => {
      const answer = await call(e.path, e.value);
      expect(answer.status, answer.text).toBe(200);
      const result = contract.validateResponse(e.path, 'post', 200, answer.body, answer.headers);
      expect(result.ok, formatErrors(result)).toBe(true);
    },
  );

  it('covers all six operations and every declared status', () => {
    for (const op of operations) {
      expect(requestExamples(op.path).length, op.path).toBeGreaterThan(0);
      const statuses = new Set(responseCases.filter((c) => c.example.path === op.path).map((c) => c.example.status));
      expect([...statuses].sort(), op.path).toEqual([...op.statuses].sort());
    }
  });

  it.each(responseCases.map((c) => [c.label, c] as const))('Prefer %s returns that status with the example body', async (_label, c) => {
    const status = Number(c.example.status);
    const answer = await call(c.example.path, firstRequest(c.example.path), c.prefer);
    expect(answer.status, answer.text).toBe(status);
    expect(answer.headers.get('content-type') ?? '').toMatch(/^application\/json/);
    expect(answer.body).toEqual(c.example.value);
    // Body against the status's schema; headers against the declared headers (Retry-After, Allow).
    const result = contract.validateResponse(c.example.path, 'post', status, answer.body, answer.headers);
    expect(result.ok, formatErrors(result)).toBe(true);
    if (status === 429) {
      // Prism generates declared headers from their schema; static mode takes the lowest valid value
      // (`minimum: 1`), so the value is well-formed but says nothing about the real window.
      expect(answer.headers.get('retry-after')).toMatch(/^[1-9][0-9]*$/);
    }
    if (status === 405) expect(answer.headers.get('allow')).toBe('POST');
  });
});

describe('what Prism cannot do (asserted as what it does)', () => {
  it('a missing apikey gives 400 with the first 400 example, not 401: Prism knows only the schema, not the order of checks', async () => {
    const body = { ...(firstRequest('/search.php') as Record<string, unknown>) };
    delete body.apikey;
    const answer = await call('/search.php', body);
    expect(answer.status).toBe(400);
    const first400 = examples.find((e) => e.path === '/search.php' && e.status === '400');
    expect(answer.body).toEqual(first400?.value); // a canned text, not about the apikey
    expect(contract.validateResponse('/search.php', 'post', 400, answer.body).ok).toBe(true);
  });

  it('rules a schema cannot state are not checked: checkout before checkin still gives 200', async () => {
    const body = { ...(firstRequest('/search.php') as Record<string, unknown>), checkin: '2026-12-18', checkout: '2026-12-15' };
    const answer = await call('/search.php', body);
    expect(answer.status).toBe(200);
  });

  it('a real GET gives Prism\'s own 405 (problem+json, no Allow); the contract\'s 405 body comes only with Prefer on POST', async () => {
    // The contract declares 405 under `post` (OpenAPI has no place for "any other method"), so Prism
    // answers a GET with its NO_METHOD_MATCHED_ERROR instead of the ErrorResponse example.
    const answer = await call('/search.php', undefined, undefined, 'GET');
    expect(answer.status).toBe(405);
    expect(answer.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(answer.headers.get('allow')).toBeNull();
  });

  it('an undeclared status cannot be asked for: Prefer code=418 gives Prism\'s 404', async () => {
    const answer = await call('/booking.php', firstRequest('/booking.php'), 'code=418');
    expect(answer.status).toBe(404);
    expect(answer.text).toMatch(/418 is not defined/);
  });
});
