/**
 * The command line: `hotel-conformance --base-url URL --apikey KEY [options]`, and
 * `hotel-conformance init-ci github|gitlab` (initCi.ts). Parsing is pure (parseCli) so it can be
 * tested; main() checks that the server answers like the API (preflight), runs, shows where the run
 * stands (a bar on a terminal, plain lines otherwise), prints and writes the reports, and returns the
 * exit code: 0 when no selected check failed, 1 when one did, 2 for a usage error or a server that
 * does not answer or is not this API. On SIGINT/SIGTERM it writes the reports so far, marked
 * incomplete, and exits 130/143.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { didYouMean, nearestName } from '../contract/didYouMean.js';
import { stopWithNpm } from '../contract/npmParent.js';
import { CATALOGUE } from './checks/index.js';
import { initCi } from './initCi.js';
import { controlPreflight, preflight } from './kit/preflight.js';
import { curlScript, replay, stepsOfScript } from './kit/reproduction.js';
import { progressLine, summaryText } from './reports/console.js';
import { ProgressDisplay } from './reports/progress.js';
import { htmlReport } from './reports/html.js';
import { jsonReport } from './reports/json.js';
import { junitReport } from './reports/junit.js';
import { exitCodeOf, runConformance, type RunOptions } from './kit/runner.js';
import { selectChecks, unknownTokens } from './kit/selection.js';
import type { CatalogueCheck, RunReport } from './kit/types.js';

export const USAGE = `Usage: hotel-conformance --base-url URL --apikey KEY [options]
       hotel-conformance init-ci github|gitlab [--force]

Checks an implementation of the Hotel Booking API v1.0.0 against the API description
(sections 2-8) and openapi.yaml. Every response is validated against the contract.

Required:
  --base-url URL          base address of the implementation under test
  --apikey KEY            API key of an account

Options:
  --apikey2 KEY           key of a second account (isolation checks)
  --control URL|none      control harness of the reference server (/_control), acting on the
                          --apikey account only: moves that account's clock instead of waiting,
                          pays its bookings; at the end resets that account (its bookings) and
                          restores its clock offset (default none)
  --keep-state            with --control: leave the account as the run left it (no restore)
  --profile spec|reference
                          spec: only rules the API description states (default);
                          reference: also the reference server's choices
  --only LIST             run only these checks: ids, id prefixes (search.radius), globs
                          (limits.*), groups (auth), tags (spec) or labels (expensive);
                          comma list, repeatable
  --skip LIST             leave these checks out (same forms), repeatable
  --junit FILE            write a JUnit XML report
  --json FILE             write a JSON report
  --report html           write a self-contained HTML report (summary, groups, each failure with
                          its requests and responses) to conformance-report.html, or to --html FILE
  --html FILE             write the HTML report to FILE
  --request-budget N      send at most N API requests; checks left unfinished fail
  --timeout-ms N          time-out per request (default 5000, the spec's); a timed-out request
                          is retried once
  --rate-limit N          requests per minute the kit allows itself on search.php and
                          hotel.php (default 5, the spec's limit; 0 = unpaced)
  --pace on|off           off: do not pace at all (for a mock without limits, e.g. Prism); a 429
                          is still waited out (Retry-After) and retried once. Default on: without
                          --control a full run waits about a minute per 5 rate-limited requests
                          and says so ('waiting 47 s for the rate limit (Retry-After)')
  --negative N|all        generated requests (checks generated.*: invalid ones that must get a
                          4xx with an error text, valid ones that must not get 400) per
                          operation and kind. With --control the default is all (every case:
                          moving the clock costs nothing); without it 3 (search.php and
                          hotel.php, rate limited, get a third of it, at least 1), picked by
                          --seed; 0 switches them off
  --seed TEXT             seed of the generated pick and the stateful sequences (default: a
                          new one per run, printed in the report; give it back to replay them)
  --repro DIR             write each failure's reproduction to DIR/<check id>.sh (a curl script
                          with $APIKEY in place of the key)
  --replay FILE           send the requests of a reproduction (a script written by --repro or
                          printed under a failure) to --base-url with --apikey, judge each
                          answer again, and exit 0 when each meets what the kit expects
  --near LAT,LON          search point (default 52.316,4.971, near Amsterdam)
  --location TEXT         free-text place for the location check (default Amsterdam)
  --list                  print the catalogue (with --profile/--only/--skip applied) and exit
  --help                  print this help and exit

init-ci github|gitlab writes the CI recipe that ships in this package into the current project
(.github/workflows/hotel-api.yml or .gitlab-ci.yml): start hotel-sandbox, run your tests and this
kit against it, keep the reports.

Checks that need a harness or a second key are skipped with the reason. The daily-limit check
(label expensive, 200 searches) runs only with --control or when --only names it.
A contract violation in a shared fixture (the shared search, hotel details or booking) is reported
once, on the fixture; the checks that needed it are BLOCKED. SIGINT/SIGTERM write the reports so
far, marked incomplete.
Before the first check the kit makes sure the base URL answers like this API and knows the keys; if
not it stops with a hint (a base URL with a path too many, e.g. …/api, is the common slip). Against a
static mock (Prism) it says so. It never calls another server than the base URL's (a booking_url
elsewhere is not followed). The run shows where it stands: a bar with the time left on a terminal,
a progress line every 30 s otherwise (CI).
Exit codes: 0 no selected check failed, 1 a check failed or was blocked (or a SETUP step),
2 usage error, or the base URL does not answer, is not this API or refuses the key.`;

export type CliCommand =
  | { kind: 'help' }
  | { kind: 'list'; checks: CatalogueCheck[] }
  | { kind: 'run'; options: RunOptions; junit?: string; json?: string; html?: string; repro?: string }
  | { kind: 'replay'; file: string; baseUrl: string; keys: string[]; timeoutMs: number }
  | { kind: 'init-ci'; args: string[] }
  | { kind: 'error'; message: string };

const OPTIONS = {
  'base-url': { type: 'string' },
  apikey: { type: 'string' },
  apikey2: { type: 'string' },
  control: { type: 'string' },
  profile: { type: 'string' },
  only: { type: 'string', multiple: true },
  skip: { type: 'string', multiple: true },
  junit: { type: 'string' },
  json: { type: 'string' },
  report: { type: 'string', multiple: true },
  html: { type: 'string' },
  pace: { type: 'string' },
  'request-budget': { type: 'string' },
  'timeout-ms': { type: 'string' },
  'rate-limit': { type: 'string' },
  negative: { type: 'string' },
  seed: { type: 'string' },
  repro: { type: 'string' },
  replay: { type: 'string' },
  near: { type: 'string' },
  location: { type: 'string' },
  list: { type: 'boolean' },
  help: { type: 'boolean' },
  'keep-state': { type: 'boolean' },
} as const;

/** node:util's message, shortened, with the option meant when the unknown one is near a known one. */
function parseArgsMessage(error: unknown): string {
  const message = (error as Error).message;
  if ((error as { code?: string }).code !== 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return message;
  const typed = /'([^']+)'/.exec(message)?.[1] ?? message;
  return `unknown option '${typed}'${didYouMean(typed, Object.keys(OPTIONS), '--')}`;
}

export function parseCli(argv: readonly string[], catalogue: readonly CatalogueCheck[] = CATALOGUE): CliCommand {
  if (argv[0] === 'init-ci') return { kind: 'init-ci', args: argv.slice(1) };
  let values;
  try {
    ({ values } = parseArgs({ args: [...argv], strict: true, allowPositionals: false, options: OPTIONS }));
  } catch (error) {
    return { kind: 'error', message: parseArgsMessage(error) };
  }
  if (values.help) return { kind: 'help' };

  const profile = values.profile ?? 'spec';
  if (profile !== 'spec' && profile !== 'reference') {
    return { kind: 'error', message: `--profile must be spec or reference (got '${profile}')${didYouMean(profile, ['spec', 'reference'])}` };
  }
  const only = splitList(values.only);
  const skip = splitList(values.skip);
  const unknown = unknownTokens(catalogue, [...only, ...skip]);
  if (unknown.length > 0) {
    const prefixes = (id: string) => id.split('.').map((_, i, parts) => parts.slice(0, i + 1).join('.'));
    const names = [...new Set(catalogue.flatMap((c) => [...prefixes(c.id), c.group, c.tag, ...(c.labels ?? [])]))];
    const nearest = unknown.map((token) => nearestName(token, names)).find((name) => name !== undefined);
    return { kind: 'error', message: `--only/--skip: no check matches ${unknown.map((t) => `'${t}'`).join(', ')}${nearest ? `; did you mean ${nearest}?` : ''} (see --list)` };
  }

  if (values.list) {
    const planned = selectChecks(catalogue, { profile, only, skip, has: { control: true, apikey2: true, clock: true } });
    const ids = new Set(planned.map((p) => p.check.id));
    return { kind: 'list', checks: catalogue.filter((c) => ids.has(c.id)) };
  }

  const baseUrl = values['base-url'];
  if (baseUrl === undefined) return { kind: 'error', message: '--base-url is required' };
  if (!isHttpUrl(baseUrl)) return { kind: 'error', message: `--base-url must be an http(s) URL (got '${baseUrl}')` };
  if (!values.apikey) return { kind: 'error', message: '--apikey is required' };
  const control = values.control === undefined || values.control === 'none' ? undefined : values.control;
  if (control !== undefined && !isHttpUrl(control)) return { kind: 'error', message: `--control must be an http(s) URL or none (got '${control}')` };
  if (values['keep-state'] && control === undefined) return { kind: 'error', message: '--keep-state needs --control URL' };

  const integer = (name: string, text: string | undefined, min: number): number | string | undefined => {
    if (text === undefined) return undefined;
    const n = Number(text);
    return Number.isInteger(n) && n >= min ? n : `--${name} must be an integer ≥ ${min} (got '${text}')`;
  };
  const budget = integer('request-budget', values['request-budget'], 1);
  const timeout = integer('timeout-ms', values['timeout-ms'], 1);
  const pace = integer('rate-limit', values['rate-limit'], 0);
  const negative = values.negative === 'all' ? 'all' : integer('negative', values.negative, 0);
  for (const v of [budget, timeout, pace]) if (typeof v === 'string') return { kind: 'error', message: v };
  if (typeof negative === 'string' && negative !== 'all') return { kind: 'error', message: negative.replace('≥ 0', '≥ 0 or all') };
  if (values.seed !== undefined && !/^[\w.-]{1,64}$/.test(values.seed)) return { kind: 'error', message: `--seed must be 1-64 letters, digits, '.', '_' or '-' (got '${values.seed}')` };
  if (values.replay !== undefined) return { kind: 'replay', file: values.replay, baseUrl: baseUrl.replace(/\/+$/, ''), keys: [values.apikey, ...(values.apikey2 ? [values.apikey2] : [])], timeoutMs: typeof timeout === 'number' ? timeout : 5000 };
  const paceMode = values.pace ?? 'on';
  if (paceMode !== 'on' && paceMode !== 'off') return { kind: 'error', message: `--pace must be on or off (got '${paceMode}')` };
  const paceOn = values.pace === 'on' && pace === undefined ? { pacePerMinute: 5 } : {};
  const reports = splitList(values.report);
  const unknownReport = reports.find((r) => r !== 'html');
  if (unknownReport !== undefined) return { kind: 'error', message: `--report: only html is known (got '${unknownReport}'); use --junit/--json FILE for the others` };
  const html = values.html ?? (reports.includes('html') ? 'conformance-report.html' : undefined);

  let near: RunOptions['near'];
  if (values.near !== undefined) {
    const [lat, lon, ...rest] = values.near.split(',').map((p) => Number(p.trim()));
    if (rest.length > 0 || lat === undefined || lon === undefined || !(Math.abs(lat) <= 90) || !(Math.abs(lon) <= 180)) {
      return { kind: 'error', message: `--near must be LAT,LON (got '${values.near}')` };
    }
    near = { latitude: lat, longitude: lon };
  }

  const options: RunOptions = {
    baseUrl: baseUrl.replace(/\/+$/, ''),
    apikey: values.apikey,
    profile,
    only,
    skip,
    ...(values.apikey2 ? { apikey2: values.apikey2 } : {}),
    ...(control ? { control } : {}),
    ...(typeof budget === 'number' ? { requestBudget: budget } : {}),
    ...(typeof timeout === 'number' ? { timeoutMs: timeout } : {}),
    ...(typeof pace === 'number' ? { pacePerMinute: pace } : {}),
    ...(paceMode === 'off' ? { pacePerMinute: 0, pacePerDay: 0 } : paceOn),
    ...(near ? { near } : {}),
    ...(negative !== undefined ? { negative } : {}),
    ...(values.seed !== undefined ? { seed: values.seed } : {}),
    ...(values.location ? { location: values.location } : {}),
    ...(values['keep-state'] ? { keepState: true } : {}),
  };
  return {
    kind: 'run',
    options,
    ...(values.junit ? { junit: values.junit } : {}),
    ...(values.json ? { json: values.json } : {}),
    ...(html ? { html } : {}),
    ...(values.repro ? { repro: values.repro } : {}),
  };
}

export function catalogueText(checks: readonly CatalogueCheck[]): string {
  const lines: string[] = [];
  let group = '';
  for (const c of checks) {
    if (c.group !== group) {
      group = c.group;
      lines.push('', `${group} (${checks.filter((x) => x.group === group).length})`);
    }
    const extras = [...c.needs.map((n) => `needs ${n}`), ...(c.labels ?? [])].join(', ');
    lines.push(`  ${c.id}  [${c.tag}; §${c.section}${extras ? `; ${extras}` : ''}]  ${c.title}`);
  }
  lines.push('', `${checks.length} checks`);
  return lines.join('\n').trimStart();
}

export interface Io {
  out: (line: string) => void;
  err: (line: string) => void;
  /** On a terminal: rewrites the current status line in place ('' clears it). Absent: plain lines. */
  status?: (line: string) => void;
  /** Registers what to do on SIGINT/SIGTERM (the CLI exits with the code it returns); gives the unregister function. */
  onSignal?: (handler: (signal: NodeJS.Signals) => number) => () => void;
}

const consoleIo: Io = {
  out: (l) => console.log(l),
  err: (l) => console.error(l),
  // A status line only on a terminal that is not a CI log; fitted to its width, so that it never wraps
  // (a wrapped line is not rewritten in place, and its pieces would stay between the lines).
  ...(process.stdout.isTTY && !process.env.CI
    ? { status: (l: string) => process.stdout.write(`\r\x1b[K${[...l].slice(0, Math.max(10, (process.stdout.columns || 80) - 1)).join('')}`) }
    : {}),
  onSignal: (handler) => {
    const on = (signal: NodeJS.Signals) => {
      process.exitCode = handler(signal);
      process.exit();
    };
    process.once('SIGINT', on);
    process.once('SIGTERM', on);
    // Under npx a signal to npm alone never reaches this process: follow npm (contract/npmParent.ts).
    let listening = true;
    stopWithNpm('hotel-conformance', (signal) => {
      if (listening) on(signal);
    });
    return () => {
      listening = false;
      process.off('SIGINT', on);
      process.off('SIGTERM', on);
    };
  },
};

export async function main(argv: readonly string[], io: Io = consoleIo): Promise<number> {
  const command = parseCli(argv);
  switch (command.kind) {
    case 'help':
      io.out(USAGE);
      return 0;
    case 'error':
      // One line, not the help after it: the help would scroll the line that matters away.
      io.err(`hotel-conformance: ${command.message}; see --help`);
      return 2;
    case 'replay':
      return replayCommand(command, io);
    case 'list':
      io.out(catalogueText(command.checks));
      return 0;
    case 'init-ci': {
      const result = initCi(command.args);
      for (const line of result.lines) (result.code === 0 ? io.out : io.err)(line);
      return result.code;
    }
    case 'run':
      return runCommand(command, io);
  }
}

async function runCommand(given: Extract<CliCommand, { kind: 'run' }>, io: Io): Promise<number> {
  let command = given;
  const { baseUrl, control, apikey, apikey2, timeoutMs = 5000 } = command.options;
  const keys = [apikey, ...(apikey2 === undefined ? [] : [apikey2])];
  const checked = await preflight(baseUrl, keys, timeoutMs);
  if (checked.stop) {
    io.err(`hotel-conformance: ${checked.stop}`);
    return 2;
  }
  for (const key of control ? keys : []) {
    const noControl = await controlPreflight(control as string, key, timeoutMs);
    if (noControl) {
      io.err(`hotel-conformance: ${noControl}`);
      return 2;
    }
  }
  for (const note of checked.notes) io.out(`note: ${note}`);
  // A static mock keeps no rate limits: pacing for them would only wait (over 100 minutes against
  // Prism). Unless the user chose a pace (--pace, --rate-limit), the kit does not pace, and says so.
  if (checked.staticMock && !control && command.options.pacePerMinute === undefined) {
    command = { ...command, options: { ...command.options, pacePerMinute: 0, pacePerDay: 0 } };
    io.out('note: pace off: a static mock keeps no rate limits, so the kit does not wait for them (--pace on keeps the pace; a 429 is still waited out)');
  }
  // Paced when the kit waits on the rate limits itself: no harness, and --pace/--rate-limit left on.
  const pacePerMinute = control ? 0 : (command.options.pacePerMinute ?? 5);
  const display = new ProgressDisplay(io, { pacePerMinute });
  let soFar: (() => RunReport) | undefined;
  const stopListening = io.onSignal?.((signal) => {
    display.close();
    if (!soFar) return signal === 'SIGINT' ? 130 : 143;
    const partial = soFar();
    io.out(summaryText(partial));
    writeReports(command, partial, io);
    return signal === 'SIGINT' ? 130 : 143;
  });
  try {
    const report = await runConformance({
      ...command.options,
      onStart: (reportSoFar) => (soFar = reportSoFar),
      onPlan: (plan) =>
        display.planned(plan.map(({ check, skipReason, plannedRequests }) => ({ endpoints: check.endpoints, skipped: skipReason !== undefined, ...(plannedRequests ? { plannedRequests } : {}) }))),
      onResult: (r) => display.ended(r, progressLine(r)),
      onWait: (ms, why) => display.wait(ms, why),
    });
    display.close();
    io.out(summaryText(report));
    for (const note of checked.notes) io.out(`note: ${note}`);
    writeReports(command, report, io);
    return exitCodeOf(report);
  } finally {
    display.close();
    stopListening?.();
  }
}

/** `--replay FILE`: the reproduction's requests sent again, each answer judged as the run judged it. */
async function replayCommand(command: Extract<CliCommand, { kind: 'replay' }>, io: Io): Promise<number> {
  let steps;
  try {
    steps = stepsOfScript(readFileSync(command.file, 'utf8'));
  } catch (error) {
    io.err(`hotel-conformance: --replay ${command.file}: ${(error as Error).message}; see --help`);
    return 2;
  }
  if (steps.length === 0) {
    io.err(`hotel-conformance: --replay ${command.file}: no '# step' lines (not a reproduction the kit wrote); see --help`);
    return 2;
  }
  let unmet = 0;
  for (const [i, outcome] of (await replay(steps, command.baseUrl, command.keys, command.timeoutMs)).entries()) {
    const judged = outcome.step.expect !== '';
    if (judged && !outcome.met) unmet++;
    const mark = !judged ? '·' : outcome.met ? '✓' : '✗';
    io.out(`${mark} ${i + 1}. ${outcome.step.method} ${outcome.step.path} ${outcome.step.what}: ${outcome.status}${judged ? ` (expected ${outcome.step.expect})` : ''} ${outcome.text.replace(/\s+/g, ' ').slice(0, 200)}`);
  }
  io.out(unmet === 0 ? 'Replay: every judged answer meets what the kit expects (the failure does not reproduce here).' : `Replay: ${unmet} answer${unmet === 1 ? '' : 's'} still not what the kit expects (the failure reproduces).`);
  return unmet === 0 ? 0 : 1;
}

/** `--repro DIR`: one curl script per failure that has a reproduction. */
function writeReproductions(dir: string, report: RunReport, io: Io): void {
  const failures = report.results.filter((r) => r.reproduction !== undefined && r.reproduction.length > 0);
  if (failures.length === 0) return;
  mkdirSync(dir, { recursive: true });
  for (const r of failures) writeFileSync(join(dir, `${r.id}.sh`), curlScript(r.reproduction ?? [], `${r.id}: ${r.title}`), { mode: 0o755 });
  io.out(`Reproductions: ${failures.length} in ${dir}/ (run one with BASE_URL and APIKEY set, or --replay FILE)`);
}

function writeReports(command: { junit?: string; json?: string; html?: string; repro?: string }, report: RunReport, io: Io): void {
  if (command.repro !== undefined) writeReproductions(command.repro, report, io);
  const written: string[] = [];
  for (const [file, content] of [
    [command.junit, () => junitReport(report)],
    [command.json, () => jsonReport(report)],
    [command.html, () => htmlReport(report)],
  ] as const) {
    if (file === undefined) continue;
    writeReport(file, content());
    written.push(file);
  }
  if (written.length > 0) io.out(`Reports${report.complete ? '' : ' (INCOMPLETE)'}: ${written.join(', ')}`);
}

function writeReport(file: string, content: string): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
}

function splitList(values: readonly string[] | undefined): string[] {
  return (values ?? []).flatMap((v) => v.split(',')).map((t) => t.trim()).filter((t) => t !== '');
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
