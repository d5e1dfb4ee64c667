/**
 * `hotel-sandbox accounts ACTION …`: the operator's accounts and keys from a terminal, against a
 * running sandbox (`--url`, through the admin control API with SANDBOX_ADMIN_TOKEN or its _FILE) or
 * its store (DATABASE_URL or DATABASE_URL_FILE for PostgreSQL, safe beside running replicas, which
 * hear of each change; or `--db-file` for the embedded store, only while no server has that file
 * open). Secrets come from the environment or a file, never a flag (as for the server and migrate). Both ways run the
 * same input rules and the same AccountAdmin as the control API, and print the same answers
 * (`--json`: as the control API gives them).
 */
import { parseArgs } from 'node:util';
import { readSecretFile, secretFlagMessage, secretText } from './options.js';
import { AccountsCommandError, accountsBackendOverHttp, accountsBackendOnStore, type AccountsBackend } from './accountsBackends.js';

export { AccountsCommandError };

export const ACCOUNTS_USAGE = `Usage: hotel-sandbox accounts ACTION [ARGUMENTS] [--url URL | --db-file PATH] [--json]

Partner accounts and their API keys (docs/operating.md, "Partner accounts").

Actions:
  list [--query TEXT] [--offset N] [--limit N]
  show ID
  create --name TEAM --contact EMAIL --first-name X --last-name X --email EMAIL --phone +NUMBER [--return-url-hosts H1,H2]
  update ID [--name …] [--contact …] [--first-name …] [--last-name …] [--email …] [--phone …] [--return-url-hosts H1,H2 | --any-return-url-host]
  disable ID | enable ID
  delete ID --yes                 the account and all its data
  issue-key ID                    a further key (shown once)
  revoke-key ID KEY_ID
  roll-key ID KEY_ID [--grace SECONDS]   new key (shown once); the old one works SECONDS more (0-86400, default 3600)
  quota ID (--per-minute N | --per-day N | --lift) [--days N | --until ISO] [--note TEXT]
  quota ID --withdraw             back to the sandbox's limits

Where:
  --url URL            a running sandbox; the admin token from SANDBOX_ADMIN_TOKEN or SANDBOX_ADMIN_TOKEN_FILE
  (neither)            its PostgreSQL store, from DATABASE_URL or DATABASE_URL_FILE (never a flag: a
                       password in a flag shows in the process list); running replicas hear of each change
  --db-file PATH       its embedded store (or DB_FILE), only while no server has it open
  --json               print the answers as JSON

Exit codes: 0 done, 1 refused (the message says why), 2 usage or connection error.`;

const OPTIONS = {
  url: { type: 'string' }, 'database-url': { type: 'string' }, 'db-file': { type: 'string' }, json: { type: 'boolean' }, help: { type: 'boolean' },
  query: { type: 'string' }, offset: { type: 'string' }, limit: { type: 'string' },
  name: { type: 'string' }, contact: { type: 'string' }, 'first-name': { type: 'string' }, 'last-name': { type: 'string' }, email: { type: 'string' },
  phone: { type: 'string' }, 'return-url-hosts': { type: 'string' }, 'any-return-url-host': { type: 'boolean' }, yes: { type: 'boolean' },
  grace: { type: 'string' }, 'per-minute': { type: 'string' }, 'per-day': { type: 'string' }, lift: { type: 'boolean' }, days: { type: 'string' },
  until: { type: 'string' }, note: { type: 'string' }, withdraw: { type: 'boolean' },
} as const;

type Values = Record<string, string | boolean | undefined>;

const usage = (message: string) => new AccountsCommandError(`${message} (see hotel-sandbox accounts --help)`, 2);

function wholeNumber(values: Values, name: string): number | undefined {
  const value = values[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !/^\d{1,12}$/.test(value)) throw usage(`--${name} must be a whole number`);
  return Number(value);
}

function idOf(positionals: readonly string[], index = 1): number {
  const text = positionals[index];
  if (text === undefined || !/^[1-9]\d{0,9}$/.test(text)) throw usage(`give the account's id (a number), got '${text ?? ''}'`);
  return Number(text);
}

const PROFILE_FLAGS = [['name', 'name'], ['contact', 'contact'], ['first-name', 'first_name'], ['last-name', 'last_name'], ['email', 'email'], ['phone', 'phone']] as const;

/** The profile flags given, as the control API's JSON body. */
function profileBody(values: Values): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [flag, field] of PROFILE_FLAGS) if (values[flag] !== undefined) body[field] = values[flag];
  if (values['any-return-url-host']) body.return_url_hosts = null;
  else if (typeof values['return-url-hosts'] === 'string') body.return_url_hosts = values['return-url-hosts'].split(',').map((host) => host.trim()).filter(Boolean);
  return body;
}

function quotaBody(values: Values): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  const perMinute = wholeNumber(values, 'per-minute');
  const perDay = wholeNumber(values, 'per-day');
  const days = wholeNumber(values, 'days');
  if (perMinute !== undefined) body.per_minute = perMinute;
  if (perDay !== undefined) body.per_day = perDay;
  if (values.lift) body.lifted = true;
  if (days !== undefined) body.days = days;
  if (values.until !== undefined) body.until = values.until;
  if (values.note !== undefined) body.note = values.note;
  return body;
}

/** Runs one action on the backend; resolves to what it answered. */
export async function runAction(backend: AccountsBackend, positionals: readonly string[], values: Values): Promise<unknown> {
  const action = positionals[0];
  switch (action) {
    case 'list':
      return backend.list({ query: values.query as string | undefined, offset: wholeNumber(values, 'offset'), limit: wholeNumber(values, 'limit') });
    case 'show':
      return backend.show(idOf(positionals));
    case 'create':
      return backend.create(profileBody(values));
    case 'update':
      return backend.update(idOf(positionals), profileBody(values));
    case 'disable':
    case 'enable':
      return backend.setStatus(idOf(positionals), action === 'disable' ? 'disabled' : 'active');
    case 'delete':
      if (!values.yes) throw usage('deleting an account deletes all its data: add --yes');
      return backend.delete(idOf(positionals));
    case 'issue-key':
      return backend.issueKey(idOf(positionals));
    case 'revoke-key':
    case 'roll-key': {
      const keyId = positionals[2];
      if (keyId === undefined) throw usage("give the key's id (key_…)");
      if (action === 'revoke-key') return backend.revokeKey(idOf(positionals), keyId);
      const grace = wholeNumber(values, 'grace');
      return backend.rollKey(idOf(positionals), keyId, grace === undefined ? {} : { grace_seconds: grace });
    }
    case 'quota':
      return backend.setQuota(idOf(positionals), values.withdraw ? null : quotaBody(values));
    default:
      throw usage(action === undefined ? 'give an action' : `unknown action '${action}'`);
  }
}

interface KeyShown { id: string; expires_at: string | null; rolled_to: string | null; state: string }
interface QuotaShown { per_minute: number | null; per_day: number | null; lifted: boolean; until: string | null; note: string | null; in_force: boolean }
interface AnswerShown {
  key?: string;
  key_id?: string;
  account?: { id: number; name: string; keys?: KeyShown[] };
  id?: number;
  name?: string;
  keys?: KeyShown[];
  quota?: QuotaShown | null;
  accounts?: Array<{ id: number; status: string; name: string; contact: string }>;
  total?: number;
}

/** "per minute 30, per day 5000 until 2026-12-31T00:00:00.000Z (in force)", or the sandbox's limits. */
function describeQuota(quota: QuotaShown | null | undefined): string {
  if (!quota) return "no quota of its own: the sandbox's limits apply";
  const limits = quota.lifted ? 'no limit of its own' : [quota.per_minute === null ? '' : `per minute ${quota.per_minute}`, quota.per_day === null ? '' : `per day ${quota.per_day}`].filter(Boolean).join(', ');
  return `quota ${limits}${quota.until ? ` until ${quota.until}` : ''}${quota.in_force ? ' (in force)' : ' (no longer in force)'}${quota.note ? `; note: ${quota.note}` : ''}`;
}

/**
 * What an answer prints as, for a person: one line saying what the action did (the key of an
 * issuing answer on a line of its own, and when a rolled key stops); `show` and `update` print the
 * account. `--json` prints the control API's answer instead.
 */
export function describeAnswer(answer: unknown, positionals: readonly string[] = []): string {
  const shown = answer as AnswerShown;
  if (typeof shown.key === 'string') {
    const lines = [`Account ${shown.account?.id ?? ''} (${shown.account?.name ?? ''}): key ${shown.key_id ?? ''}`, shown.key, 'The key is shown this once: store it now.'];
    const old = shown.account?.keys?.find((key) => key.rolled_to === shown.key_id);
    if (old) lines.push(old.expires_at === null || old.state === 'expired' ? `The old key ${old.id} has stopped.` : `The old key ${old.id} keeps working until ${old.expires_at} (real time).`);
    return lines.join('\n');
  }
  if (Array.isArray(shown.accounts)) {
    return [`${shown.total ?? shown.accounts.length} account(s)`, ...shown.accounts.map((a) => `${String(a.id).padStart(6)}  ${a.status.padEnd(8)}  ${a.name}  <${a.contact}>`)].join('\n');
  }
  const [action, , keyId] = positionals;
  if (action === 'revoke-key') return `Account ${shown.id} (${shown.name}): key ${keyId} revoked; it stops at once on every replica, and console sessions signed in with it end.`;
  if (action === 'quota') return `Account ${shown.id} (${shown.name}): ${describeQuota(shown.quota)}.`;
  return JSON.stringify(answer, null, 2);
}

/** A secret from VARIABLE or VARIABLE_FILE (options.ts, as the server reads it); a bad one is a usage error. */
function secret(variable: string, env: NodeJS.ProcessEnv): string | undefined {
  try {
    return secretText(variable, env, readSecretFile)?.text;
  } catch (error) {
    throw usage((error as Error).message);
  }
}

async function backendFor(values: Values, env: NodeJS.ProcessEnv): Promise<AccountsBackend> {
  if (values['database-url'] !== undefined) throw usage(secretFlagMessage('database-url', 'DATABASE_URL'));
  if (values.url !== undefined && values['db-file'] !== undefined) throw usage('give one of --url and --db-file');
  if (typeof values.url === 'string') {
    const token = secret('SANDBOX_ADMIN_TOKEN', env);
    if (!token) throw usage('--url needs the admin token in SANDBOX_ADMIN_TOKEN or SANDBOX_ADMIN_TOKEN_FILE');
    return accountsBackendOverHttp(values.url, token);
  }
  const databaseUrl = values['db-file'] === undefined ? secret('DATABASE_URL', env) : undefined;
  const dbFile = (values['db-file'] as string | undefined) ?? env.DB_FILE;
  if (!databaseUrl && !dbFile) throw usage('give --url or --db-file, or set DATABASE_URL, DATABASE_URL_FILE or DB_FILE');
  return accountsBackendOnStore(databaseUrl ? { databaseUrl } : { dbFile: dbFile! });
}

/** The command as commands.ts lists it (a Command; not imported, since commands.ts imports this); `out`/`err` for tests. */
export function accountsCommand(
  io: { out: (text: string) => void; err: (text: string) => void } = { out: (text) => console.log(text), err: (text) => console.error(text) },
  env: NodeJS.ProcessEnv = process.env,
): { summary: string; run(args: readonly string[]): Promise<number> } {
  return {
    summary: 'accounts ACTION …  partner accounts and their keys, on a running sandbox or its store (accounts --help)',
    async run(args) {
      let parsed: { values: Values; positionals: string[] };
      try {
        const { values, positionals } = parseArgs({ args: [...args], options: OPTIONS, strict: true, allowPositionals: true });
        parsed = { values, positionals };
      } catch (error) {
        io.err(`error: ${(error as Error).message.split('\n')[0]} (see hotel-sandbox accounts --help)`);
        return 2;
      }
      if (parsed.values.help || parsed.positionals.length === 0) {
        io.out(ACCOUNTS_USAGE);
        return parsed.values.help ? 0 : 2;
      }
      let backend: AccountsBackend | undefined;
      try {
        backend = await backendFor(parsed.values, env);
        const answer = await runAction(backend, parsed.positionals, parsed.values);
        io.out(parsed.values.json ? JSON.stringify(answer, null, 2) : describeAnswer(answer, parsed.positionals));
        return 0;
      } catch (error) {
        io.err(`error: ${(error as Error).message}`);
        return error instanceof AccountsCommandError ? error.exitCode : 2;
      } finally {
        await backend?.close().catch(() => {});
      }
    },
  };
}
