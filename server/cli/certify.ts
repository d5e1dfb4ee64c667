/**
 * `npm run certify -- --base-url URL --apikey KEY [--json F] [--junit F] [--html F]`: the
 * certification report of one sandbox account, for a terminal and for CI. The server computes it
 * (POST /_control/certification); a server without that route but with POST /_control/journal gets
 * the same report computed here by the same engine. Exit codes: 0 certified, 1 a behaviour failed,
 * 3 nothing failed but some behaviours are not yet seen, 2 usage or connection error.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { certify } from '../domain/certification/engine.js';
import { htmlReport } from '../domain/certification/render/html.js';
import { jsonReport } from '../domain/certification/render/json.js';
import { junitReport } from '../domain/certification/render/junit.js';
import type { CertificationReport } from '../domain/certification/types.js';
import type { JournalEntry } from '../domain/journal/entry.js';

export const CERTIFY_USAGE = `Usage: npm run certify -- --base-url URL --apikey KEY [--json FILE] [--junit FILE] [--html FILE]

Prints which client behaviours the sandbox journal of this key's account shows (passed, failed,
not yet seen), with the journal entry ids as evidence, and writes the report in other formats.

  --base-url URL   the sandbox (its control API must be on)
  --apikey KEY     the account's API key
  --json FILE      write the JSON report
  --junit FILE     write a JUnit XML report (not seen = skipped, failed = failure)
  --html FILE      write a self-contained HTML page
  --timeout-ms N   time-out of each request to the sandbox (default 30000)
  --help           print this help

Exit codes: 0 certified, 1 some behaviour failed, 3 nothing failed but some behaviours are not
yet seen, 2 usage or connection error.`;

export const EXIT = { certified: 0, failed: 1, usage: 2, incomplete: 3 } as const;

export type CertifyCommand =
  | { kind: 'help' }
  | { kind: 'error'; message: string }
  | { kind: 'run'; baseUrl: string; apikey: string; timeoutMs: number; outputs: { json?: string; junit?: string; html?: string } };

export function parseCertifyArgs(argv: readonly string[]): CertifyCommand {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        'base-url': { type: 'string' },
        apikey: { type: 'string' },
        json: { type: 'string' },
        junit: { type: 'string' },
        html: { type: 'string' },
        'timeout-ms': { type: 'string' },
        help: { type: 'boolean' },
      },
    }));
  } catch (error) {
    return { kind: 'error', message: (error as Error).message };
  }
  if (values.help) return { kind: 'help' };
  const baseUrl = values['base-url'];
  if (baseUrl === undefined) return { kind: 'error', message: '--base-url is required' };
  if (!/^https?:\/\/[^/]/i.test(baseUrl) || !URL.canParse(baseUrl)) return { kind: 'error', message: `--base-url must be an http(s) URL (got '${baseUrl}')` };
  if (!values.apikey) return { kind: 'error', message: '--apikey is required' };
  const timeoutMs = Number(values['timeout-ms'] ?? 30_000);
  if (!Number.isInteger(timeoutMs) || timeoutMs < 1) return { kind: 'error', message: `--timeout-ms must be a positive integer (got '${values['timeout-ms']}')` };
  return {
    kind: 'run',
    baseUrl: baseUrl.replace(/\/+$/, ''),
    apikey: values.apikey,
    timeoutMs,
    outputs: { json: values.json, junit: values.junit, html: values.html },
  };
}

/** A one-line failure the CLI prints before exiting 2. */
class CertifyError extends Error {}

interface Io {
  fetch: typeof fetch;
  out: (line: string) => void;
  err: (line: string) => void;
  writeFile: (path: string, text: string) => void;
}

const defaultIo: Io = {
  fetch: (...args) => fetch(...args),
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  writeFile: (path, text) => {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
  },
};

export async function main(argv: readonly string[], io: Io = defaultIo): Promise<number> {
  const command = parseCertifyArgs(argv);
  if (command.kind === 'help') {
    io.out(CERTIFY_USAGE);
    return 0;
  }
  if (command.kind === 'error') {
    io.err(`certify: ${command.message} (see --help)`);
    return EXIT.usage;
  }
  let report: CertificationReport;
  try {
    report = await fetchReport(command, io.fetch);
    const { json, junit, html } = command.outputs;
    if (json) io.writeFile(json, jsonReport(report));
    if (junit) io.writeFile(junit, junitReport(report));
    if (html) io.writeFile(html, htmlReport(report));
  } catch (error) {
    io.err(`certify: ${error instanceof CertifyError ? error.message : String((error as Error).message ?? error)}`);
    return EXIT.usage;
  }
  for (const line of summaryLines(report)) io.out(line);
  return EXIT[report.verdict];
}

const MARK = { passed: 'PASS', failed: 'FAIL', not_seen: 'NOT SEEN' } as const;

export function summaryLines(report: CertificationReport): string[] {
  const { summary } = report;
  return [
    ...report.rules.map(
      (r) => `${MARK[r.verdict].padEnd(8)} ${r.id}: ${r.reason}${r.evidence.length > 0 ? ` [entries ${r.evidence.join(', ')}]` : ''}`,
    ),
    '',
    `${report.verdict.toUpperCase()}: ${summary.passed} passed, ${summary.failed} failed, ${summary.not_seen} not yet seen (${report.entries.count} journal ${report.entries.count === 1 ? 'entry' : 'entries'})`,
  ];
}

async function fetchReport(command: Extract<CertifyCommand, { kind: 'run' }>, fetchFn: typeof fetch): Promise<CertificationReport> {
  const computed = await post(command, fetchFn, '/_control/certification');
  if (computed.status !== 404) {
    const report = computed.body as CertificationReport;
    if (!report || !Array.isArray(report.rules) || typeof report.verdict !== 'string' || !(report.verdict in EXIT)) {
      throw new CertifyError(`${command.baseUrl}/_control/certification did not answer a certification report`);
    }
    return report;
  }
  // An older sandbox: compute the report here from its journal.
  const journal = await post(command, fetchFn, '/_control/journal');
  if (journal.status === 404) throw new CertifyError(`${command.baseUrl} has no /_control/certification or /_control/journal (is the control API on?)`);
  const entries = (journal.body as { entries?: unknown } | null)?.entries;
  if (!Array.isArray(entries)) throw new CertifyError(`${command.baseUrl}/_control/journal did not answer { entries: [...] }`);
  return certify(entries as JournalEntry[]);
}

async function post(
  command: Extract<CertifyCommand, { kind: 'run' }>,
  fetchFn: typeof fetch,
  path: string,
): Promise<{ status: number; body: unknown }> {
  const url = `${command.baseUrl}${path}`;
  let response: Response;
  try {
    response = await fetchFn(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ apikey: command.apikey }),
      signal: AbortSignal.timeout(command.timeoutMs),
    });
  } catch (error) {
    const { cause } = error as { cause?: { code?: string; message?: string } };
    const reason = cause?.code ?? cause?.message ?? (error as Error).name;
    throw new CertifyError(`cannot reach ${url} (${reason})`);
  }
  const text = await response.text();
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    if (response.status !== 404) throw new CertifyError(`${url} answered ${response.status} with a body that is not JSON`);
  }
  if (response.status === 404) return { status: 404, body };
  if (!response.ok) {
    const error = (body as { error?: unknown } | null)?.error;
    throw new CertifyError(`${url} answered ${response.status}${typeof error === 'string' ? `: ${error}` : ''}`);
  }
  return { status: response.status, body };
}
