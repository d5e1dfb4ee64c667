/**
 * Specmatic as a peer of Prism (issue 37), with the pinned `specmatic` devDependency's jar (Java 17):
 * - `specmatic test` sends the contract's own paired examples to a fresh sandbox: at least one test
 *   per operation, none failing;
 * - `specmatic stub` and Prism's dynamic mock serve the contract, and 50 generated requests to each
 *   get answers the sandbox's own response rules accept (the schemas the server validates its answers with);
 * - `npm run contract:compat` fails on a contract with the break issue 37 found.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRACT_PATH, loadContract } from '../../contract/document.js';
import { listOperations } from '../../contract/operations.js';
import { formatErrors } from '../../contract/validationErrors.js';
import { createContractValidator } from '../../contract/validator.js';
import { prismListening } from '../../conformance/testing/support/prism.js';
import { startTestServer, type TestServer } from '../../server/testing/testServer.js';
import { runSpecmatic, specmaticJar } from '../compat/specmatic.js';
import { generatedRequests } from './mockRequests.js';

const ROOT = new URL('../../', import.meta.url).pathname;
const contract = loadContract(CONTRACT_PATH);
const operations = listOperations(contract).map((op) => `${op.method.toUpperCase()} ${op.path}`);

let sandbox: TestServer;
let work: string;
const children: ChildProcess[] = [];
beforeAll(async () => {
  // The examples run the normal flow; rate limits are the kit's business, not this run's.
  sandbox = await startTestServer({ config: { rateLimits: { perMinute: 10_000, perDay: 100_000 } } });
  work = mkdtempSync(join(tmpdir(), 'specmatic-'));
});
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await sandbox.close();
  rmSync(work, { recursive: true, force: true });
});

/** The JUnit testcases Specmatic wrote: name and whether it failed. */
function junitCases(folder: string): Array<{ name: string; failed: boolean }> {
  const xml = readdirSync(folder).filter((name) => name.endsWith('.xml')).map((name) => readFileSync(join(folder, name), 'utf8')).join('\n');
  return [...xml.matchAll(/<testcase\b[^>]*\bname="([^"]*)"[^>]*?(\/>|>([\s\S]*?)<\/testcase>)/g)].map((match) => ({
    name: match[1]!.replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&'),
    failed: /<(failure|error)\b/.test(match[3] ?? ''),
  }));
}

describe('specmatic', () => {
  it('test: the contract\'s own examples against a fresh sandbox, at least one per operation, none failing', async () => {
    const reports = join(work, 'junit');
    // Retrieve's and cancel's 200 need a booking made and paid in this run, which a static example
    // cannot name (Specmatic would invent requests for them); their 404s run here, and the kit and
    // Arazzo's bookAndCancel walk the 200s.
    const filter = "(PATH!='/retrieve_booking.php' && PATH!='/book/cancel.php') || STATUS!='200'";
    const run = await runSpecmatic(['test', join(ROOT, 'openapi.yaml'), `--testBaseURL=${sandbox.baseUrl}`, `--junitReportDir=${reports}`, '--timeout=30', `--filter=${filter}`], { cwd: work, timeoutMs: 8 * 60_000 });
    expect(run.timedOut, run.output.slice(-2000)).toBe(false);
    const cases = junitCases(reports);
    const failed = cases.filter((testCase) => testCase.failed);
    expect(failed.map((testCase) => testCase.name), run.output.slice(-4000)).toEqual([]);
    for (const operation of operations) expect(cases.filter((testCase) => testCase.name.includes(`${operation} `)).length, operation).toBeGreaterThanOrEqual(1);
    expect(run.code, run.output.slice(-2000)).toBe(0);
  }, 10 * 60_000);

  it('stub and Prism\'s dynamic mock: 50 generated requests each, every answer within the sandbox\'s own response rules', async () => {
    const rules = createContractValidator(contract);
    const requests = generatedRequests(50);
    const mocks = { specmatic: await specmaticStub(), prism: await prismDynamic() };
    const outside: string[] = [];
    const statuses: Record<string, number[]> = { specmatic: [], prism: [] };
    for (const [name, base] of Object.entries(mocks)) {
      for (const request of requests) {
        const response = await fetch(base + request.path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(request.body), signal: AbortSignal.timeout(30_000) });
        const text = await response.text();
        statuses[name]!.push(response.status);
        let body: unknown;
        try {
          body = JSON.parse(text);
        } catch {
          outside.push(`${name} ${request.path} ${response.status}: not JSON: ${text.slice(0, 200)}`);
          continue;
        }
        const result = rules.validateResponse(request.path, 'post', response.status, body, Object.fromEntries(response.headers));
        if (!result.ok) outside.push(`${name} ${request.path} ${response.status}: ${formatErrors(result.errors)} in ${text.slice(0, 300)}`);
      }
    }
    expect(outside).toEqual([]);
    // The mocks answered the requests as valid ones (2xx), not as refused.
    for (const [name, seen] of Object.entries(statuses)) expect(seen.filter((status) => status >= 200 && status < 300).length, `${name}: ${seen.join(' ')}`).toBe(requests.length);
  }, 10 * 60_000);
});

describe('contract:compat', () => {
  it('fails on the break issue 37 found (request currency narrowed to an upper-case enum), naming it', () => {
    const root = join(work, 'mutant');
    mkdirSync(join(root, 'server'), { recursive: true });
    const breaking = readFileSync(join(ROOT, 'openapi.yaml'), 'utf8').replace(
      "      anyOf:\n        - $ref: '#/components/schemas/DisplayCurrency'\n        - type: string\n          pattern: '^[A-Za-z]{3}$'\n          maxLength: 3\n",
      '      enum: [EUR, USD, GBP]\n',
    );
    expect(breaking).toContain('      enum: [EUR, USD, GBP]\n');
    writeFileSync(join(root, 'openapi.yaml'), breaking);
    writeFileSync(join(root, 'server/control-api.yaml'), readFileSync(join(ROOT, 'server/control-api.yaml')));
    writeFileSync(join(root, 'CHANGELOG.md'), readFileSync(join(ROOT, 'CHANGELOG.md')));
    const run = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts/contract-compat.ts'), '--root', root], { cwd: ROOT, encoding: 'utf8', timeout: 15 * 60_000 });
    const output = `${run.stdout}${run.stderr}`;
    expect(run.status, output.slice(-3000)).toBe(1);
    expect(output).toMatch(/openapi\.yaml: \d+ change\(s\) break 1\.0\.0's clients/);
    expect(output).toMatch(/breaking: POST \/search\.php REQUEST\.BODY\.currency R1002/);
    expect(output).toMatch(/breaking: POST \/hotel\.php REQUEST\.BODY\.currency R1002/);
    expect(output).toMatch(/control-api\.yaml: backward compatible with 1\.0\.0/);
  }, 16 * 60_000);
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** `specmatic stub` of openapi.yaml on a free port, once it answers (its start takes a while on a loaded machine). */
async function specmaticStub(): Promise<string> {
  const port = await freePort();
  const child = spawn('java', ['-Xmx1g', '-XX:TieredStopAtLevel=1', '-jar', specmaticJar(), 'stub', join(ROOT, 'openapi.yaml'), '--host=127.0.0.1', `--port=${port}`], { cwd: work, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const base = `http://127.0.0.1:${port}`;
  const until = Date.now() + 5 * 60_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`specmatic stub exited: ${output.slice(-2000)}`);
    if (/(Mock|Stub) server is running/i.test(output)) return base;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`specmatic stub did not start in 5 minutes: ${output.slice(-2000)}`);
}

/** Prism's mock in dynamic mode (-d: values generated from the schemas, not the examples). */
async function prismDynamic(): Promise<string> {
  const cli = realpathSync(join(ROOT, 'node_modules/.bin/prism'));
  const child = spawn(process.execPath, [cli, 'mock', '-d', join(ROOT, 'openapi.yaml'), '--host', '127.0.0.1', '--port', '0'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return prismListening(child, () => output, 120_000);
}
