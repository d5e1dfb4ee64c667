/**
 * `hotel-sandbox accounts ACTION …`: the operator's accounts and keys from a terminal, against a
 * running sandbox (`--url`, through the admin control API with SANDBOX_ADMIN_TOKEN) or its store
 * (`--database-url` for PostgreSQL, safe beside running replicas, which hear of each change; or
 * `--db-file` for the embedded store, only while no server has that file open). Both ways run the
 * same input rules and the same AccountAdmin as the control API, and print the same answers
 * (`--json`: as the control API gives them).
 */
import { parseArgs } from 'node:util';
import { AccountsCommandError, accountsBackendOverHttp, accountsBackendOnStore, type AccountsBackend } from './accountsBackends.js';

export { AccountsCommandError };

export const ACCOUNTS_USAGE = `Usage: hotel-sandbox accounts ACTION [ARGUMENTS] (--url URL | --database-url URL | --db-file PATH) [--json]

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
  --url URL            a running sandbox; the admin token from SANDBOX_ADMIN_TOKEN (never a flag)
  --database-url URL   its PostgreSQL store (or DATABASE_URL); running replicas hear of each change
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

/** What an answer prints as, for a person (the key of an issuing answer on a line of its own). */
export function describeAnswer(answer: unknown): string {
  const shown = answer as { key?: string; key_id?: string; account?: { id: number; name: string }; accounts?: Array<{ id: number; status: string; name: string; contact: string }>; total?: number };
  if (typeof shown.key === 'string') {
    return `Account ${shown.account?.id ?? ''} (${shown.account?.name ?? ''}): key ${shown.key_id ?? ''}\n${shown.key}\nThe key is shown this once: store it now.`;
  }
  if (Array.isArray(shown.accounts)) {
    return [`${shown.total ?? shown.accounts.length} account(s)`, ...shown.accounts.map((a) => `${String(a.id).padStart(6)}  ${a.status.padEnd(8)}  ${a.name}  <${a.contact}>`)].join('\n');
  }
  return JSON.stringify(answer, null, 2);
}

async function backendFor(values: Values, env: NodeJS.ProcessEnv): Promise<AccountsBackend> {
  const targets = ['url', 'database-url', 'db-file'].filter((flag) => values[flag] !== undefined);
  if (targets.length > 1) throw usage('give one of --url, --database-url and --db-file');
  if (typeof values.url === 'string') {
    const token = env.SANDBOX_ADMIN_TOKEN;
    if (!token) throw usage('--url needs the admin token in SANDBOX_ADMIN_TOKEN');
    return accountsBackendOverHttp(values.url, token);
  }
  const databaseUrl = (values['database-url'] as string | undefined) ?? (values['db-file'] === undefined ? env.DATABASE_URL : undefined);
  const dbFile = (values['db-file'] as string | undefined) ?? env.DB_FILE;
  if (!databaseUrl && !dbFile) throw usage('give --url, --database-url or --db-file (or DATABASE_URL or DB_FILE)');
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
        io.out(parsed.values.json ? JSON.stringify(answer, null, 2) : describeAnswer(answer));
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
