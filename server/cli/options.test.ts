/** The declarative flag table: parsing, precedence, errors and --help from the same entries. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { UsageError, helpText, positiveInteger, readSettings } from './options.js';
import { SERVER_HELP, SERVER_OPTIONS } from './serverOptions.js';

/** Secret files as a test's own map (path: content); a path not in it is missing. */
const files = (contents: Record<string, string>) => (path: string) => {
  if (path in contents) return contents[path]!;
  throw Object.assign(new Error(`ENOENT: no such file, open '${path}'`), { code: 'ENOENT' });
};

const read = (argv: string[], env: Record<string, string> = {}, secretFiles: Record<string, string> = {}) => {
  const result = readSettings(SERVER_OPTIONS, argv, env, files(secretFiles));
  if (result.help) throw new Error('unexpected --help');
  return result.settings;
};

describe('readSettings', () => {
  it('gives the defaults with no flags and no environment', () => {
    expect(read([])).toEqual({
      port: 3000,
      host: '127.0.0.1',
      publicUrl: undefined,
      dbFile: 'data/db.json',
      databaseUrl: undefined,
      databasePoolSize: 10,
      rateLimitPerMinute: 5,
      rateLimitPerDay: 200,
      addressCeilingPerMinute: undefined,
      bookingsPerAccount: 5000,
      slowMs: 5200,
      trustProxy: false,
      demoAccounts: true,
      controlApi: true,
      validateResponses: true,
      corsOrigins: [],
      supportEmail: 'support@hotel-booking.example',
      logLevel: 'info',
      sandboxAdminToken: undefined,
      shutdownGraceSeconds: 10,
    });
  });

  it('reads DATABASE_POOL_SIZE, from 1 to 1000', () => {
    expect(read([], { DATABASE_POOL_SIZE: '25' })).toMatchObject({ databasePoolSize: 25 });
    expect(read(['--database-pool-size', '3'])).toMatchObject({ databasePoolSize: 3 });
    expect(() => read([], { DATABASE_POOL_SIZE: '0' })).toThrow(new UsageError("DATABASE_POOL_SIZE must be a positive integer (got '0')"));
    expect(() => read([], { DATABASE_POOL_SIZE: '10000' })).toThrow(new UsageError('DATABASE_POOL_SIZE must be at most 1000 (got 10000)'));
  });

  it('reads the environment; flags win; an empty variable is unset', () => {
    const env = { PORT: '4000', HOST: '0.0.0.0', LOG_LEVEL: 'debug', CORS_ORIGINS: 'http://localhost:5173', DB_FILE: '' };
    expect(read([], env)).toMatchObject({ port: 4000, host: '0.0.0.0', logLevel: 'debug', corsOrigins: ['http://localhost:5173'], dbFile: 'data/db.json' });
    expect(read(['--port', '5000', '--log-level=silent'], env)).toMatchObject({ port: 5000, host: '0.0.0.0', logLevel: 'silent' });
  });

  it('reads SLOW_MS / --slow-ms, the default delay of Test: slow, and refuses one outside 0 to 60000', () => {
    expect(read(['--slow-ms', '250'])).toMatchObject({ slowMs: 250 });
    expect(read([], { SLOW_MS: '0' })).toMatchObject({ slowMs: 0 });
    expect(() => read([], { SLOW_MS: '60001' })).toThrow(/SLOW_MS/);
    expect(() => read(['--slow-ms', '1.5'])).toThrow(/slow-ms/);
  });

  it('reads BOOKINGS_PER_ACCOUNT and refuses a value that is not a positive integer', () => {
    expect(read(['--bookings-per-account', '20'])).toMatchObject({ bookingsPerAccount: 20 });
    expect(read([], { BOOKINGS_PER_ACCOUNT: '7' })).toMatchObject({ bookingsPerAccount: 7 });
    expect(() => read([], { BOOKINGS_PER_ACCOUNT: '0' })).toThrow(/BOOKINGS_PER_ACCOUNT/);
  });

  it('turns switches off with --no-… or an off value, and refuses other values', () => {
    expect(read(['--no-control-api'])).toMatchObject({ controlApi: false, validateResponses: true });
    expect(read([], { CONTROL_API: 'off', VALIDATE_RESPONSES: 'false' })).toMatchObject({ controlApi: false, validateResponses: false });
    expect(read([], { CONTROL_API: 'on' })).toMatchObject({ controlApi: true });
    expect(read([], { DEMO_ACCOUNTS: 'off' })).toMatchObject({ demoAccounts: false });
    expect(read(['--no-demo-accounts'])).toMatchObject({ demoAccounts: false });
    expect(() => read([], { CONTROL_API: 'maybe' })).toThrow(new UsageError("CONTROL_API must be on or off (got 'maybe')"));
    expect(read(['--trust-proxy', '1'])).toMatchObject({ trustProxy: 1 });
    expect(() => read([], { TRUST_PROXY: 'true' })).toThrow(UsageError);
  });

  it('names the flag or the variable a bad value came from', () => {
    expect(() => read(['--port', '65536'])).toThrow(new UsageError("--port must be a port from 0 to 65535 (got '65536')"));
    expect(() => read([], { PORT: '-1' })).toThrow(new UsageError("PORT must be a port from 0 to 65535 (got '-1')"));
    expect(read(['--port', '0'])).toMatchObject({ port: 0 });
    expect(() => read([], { RATE_LIMIT_PER_DAY: 'lots' })).toThrow(new UsageError("RATE_LIMIT_PER_DAY must be a positive integer (got 'lots')"));
    expect(() => read([], { LOG_LEVEL: 'loud' })).toThrow(/^LOG_LEVEL must be one of trace, debug, info, warn, error, fatal, silent/);
    expect(() => read(['--cors-origins', 'http://a.example/'])).toThrow(/^--cors-origins: 'http:\/\/a.example\/' is not an origin/);
  });

  it('refuses an admin token with fewer than 16 non-whitespace characters', () => {
    expect(() => read([], { SANDBOX_ADMIN_TOKEN: ' '.repeat(16) })).toThrow(
      new UsageError('SANDBOX_ADMIN_TOKEN must have at least 16 non-whitespace characters (got 0)'),
    );
    expect(() => read([], { SANDBOX_ADMIN_TOKEN_FILE: '/run/secrets/admin' }, { '/run/secrets/admin': ' short token \t\n' })).toThrow(
      /^SANDBOX_ADMIN_TOKEN_FILE \(\/run\/secrets\/admin\) must have at least 16 non-whitespace characters \(got 10\)$/,
    );
    expect(() => read([], { SANDBOX_ADMIN_TOKEN: '0123456789abcde' })).toThrow(UsageError);
    expect(read([], { SANDBOX_ADMIN_TOKEN: '0123456789abcdef' })).toMatchObject({ sandboxAdminToken: '0123456789abcdef' });
  });

  it('takes secrets from the environment or a file, never from a flag', () => {
    const token = 'a-token-of-32-characters-0123456';
    // A flag is refused, whatever else is set, with where to put the secret instead.
    expect(() => read(['--sandbox-admin-token', token])).toThrow(
      new UsageError(
        '--sandbox-admin-token is not accepted: a secret on the command line shows in the process list; set SANDBOX_ADMIN_TOKEN or SANDBOX_ADMIN_TOKEN_FILE (a file holding it) instead',
      ),
    );
    expect(() => read(['--database-url=postgres://u:secret@db/s'], { DATABASE_URL: 'postgres://db/s' })).toThrow(
      /^--database-url is not accepted: .* set DATABASE_URL or DATABASE_URL_FILE/,
    );
    // From a file (Docker and Kubernetes secrets), its trailing newline dropped.
    const fromFiles = read([], { SANDBOX_ADMIN_TOKEN_FILE: '/s/token', DATABASE_URL_FILE: '/s/db' }, { '/s/token': `${token}\n`, '/s/db': 'postgres://u:p@db/s\r\n' });
    expect(fromFiles).toMatchObject({ sandboxAdminToken: token, databaseUrl: 'postgres://u:p@db/s' });
    expect(read([], { DATABASE_URL: 'postgres://db/s' })).toMatchObject({ databaseUrl: 'postgres://db/s' });
    // Both ways at once, a missing file, an empty one: one line naming the variable, never the secret.
    expect(() => read([], { SANDBOX_ADMIN_TOKEN: token, SANDBOX_ADMIN_TOKEN_FILE: '/s/token' }, { '/s/token': token })).toThrow(
      new UsageError('set SANDBOX_ADMIN_TOKEN or SANDBOX_ADMIN_TOKEN_FILE, not both'),
    );
    expect(() => read([], { DATABASE_URL_FILE: '/s/missing' })).toThrow(new UsageError('DATABASE_URL_FILE: cannot read /s/missing (ENOENT)'));
    expect(() => read([], { DATABASE_URL_FILE: '/s/empty' }, { '/s/empty': '\n' })).toThrow(new UsageError('DATABASE_URL_FILE: /s/empty is empty'));
    // The real reader stops at 64 KiB: a path to /dev/zero is refused, not read forever.
    expect(() => readSettings(SERVER_OPTIONS, [], { SANDBOX_ADMIN_TOKEN_FILE: '/dev/zero' })).toThrow(
      new UsageError('SANDBOX_ADMIN_TOKEN_FILE: cannot read /dev/zero (larger than 64 KiB, not a secret)'),
    );
    // An empty variable is unset, as for every setting.
    expect(read([], { SANDBOX_ADMIN_TOKEN: '', SANDBOX_ADMIN_TOKEN_FILE: '/s/token' }, { '/s/token': token })).toMatchObject({ sandboxAdminToken: token });
  });

  it('refuses unknown flags, stray arguments and missing values in one short line', () => {
    expect(() => read(['--bogus'])).toThrow(new UsageError("unknown option '--bogus'"));
    expect(() => read(['-x'])).toThrow(new UsageError("unknown option '-x'"));
    // A slip gets the flag it was near: a swapped pair, a hyphen too many, a value attached.
    expect(() => read(['--prot', '3000'])).toThrow(new UsageError("unknown option '--prot'; did you mean --port?"));
    expect(() => read(['--db_file=x.json'])).toThrow(new UsageError("unknown option '--db_file'; did you mean --db-file?"));
    expect(() => read(['--log-levl', 'warn'])).toThrow(new UsageError("unknown option '--log-levl'; did you mean --log-level?"));
    expect(() => read(['3000'])).toThrow(new UsageError("unexpected argument '3000'"));
    expect(() => read(['--port'])).toThrow(UsageError);
    expect(() => read(['--no-control-api=yes'])).toThrow(UsageError);
    for (const argv of [['--bogus'], ['--port'], ['extra']]) {
      try {
        read(argv);
      } catch (error) {
        expect((error as Error).message).not.toContain('\n');
      }
    }
  });

  it('recognises --help and -h', () => {
    expect(readSettings(SERVER_OPTIONS, ['--help'], {})).toEqual({ help: true });
    expect(readSettings(SERVER_OPTIONS, ['--port', 'x', '-h'], {}).help).toBe(true);
  });
});

describe('positiveInteger', () => {
  it('accepts whole numbers from 1 and nothing else', () => {
    expect(positiveInteger('42', 'N')).toBe(42);
    for (const text of ['0', '-3', '1.5', '3abc', ' ', '1e3', '0x10', '99999999999999999999']) {
      expect(() => positiveInteger(text, 'N'), text).toThrow(UsageError);
    }
  });
});

describe('SUPPORT_EMAIL', () => {
  it('names the support address of the 429 and the e-mails; anything but an address is refused', () => {
    expect(readSettings(SERVER_OPTIONS, [], {})).toMatchObject({ settings: { supportEmail: 'support@hotel-booking.example' } });
    expect(readSettings(SERVER_OPTIONS, [], { SUPPORT_EMAIL: ' api-help@partner-sandbox.example ' })).toMatchObject({ settings: { supportEmail: 'api-help@partner-sandbox.example' } });
    expect(readSettings(SERVER_OPTIONS, ['--support-email', 'a@b.example'], { SUPPORT_EMAIL: 'c@d.example' })).toMatchObject({ settings: { supportEmail: 'a@b.example' } });
    for (const bad of ['support', 'a b@c.example', '<a@b.example>', '@b.example']) {
      expect(() => readSettings(SERVER_OPTIONS, [], { SUPPORT_EMAIL: bad }), bad).toThrow(/SUPPORT_EMAIL must be an e-mail address/);
    }
  });
});

describe("docs/operating.md's settings table", () => {
  it('names every setting with its variable, and its flag unless it is a secret', () => {
    const text = readFileSync(new URL('../../docs/operating.md', import.meta.url), 'utf8');
    const table = text.slice(text.indexOf('## Settings'), text.indexOf('## Discover the sandbox'));
    for (const spec of Object.values(SERVER_OPTIONS)) {
      const row = table.split('\n').find((line) => line.startsWith(`| \`${spec.env}\``));
      expect(row, spec.env).toBeDefined();
      if ('secret' in spec) expect(row).toContain(`\`${spec.env}_FILE\``);
      else expect(row).toContain(`\`--${spec.flag}\``);
    }
  });
});

describe('helpText', () => {
  const text = helpText(SERVER_OPTIONS, SERVER_HELP.usage, SERVER_HELP.about);

  it('lists every flag with its variable, default and meaning', () => {
    for (const spec of Object.values(SERVER_OPTIONS)) {
      const row = text.split('\n').find((line) => line.includes(spec.help));
      expect(row, spec.flag).toBeDefined();
      expect(row).toContain(spec.env!);
      // A secret has no flag: its row names the variable and its _FILE twin.
      if ('secret' in spec) expect(row!.trimStart()).toMatch(new RegExp(`^\\(no flag\\)\\s+${spec.env}\\[_FILE\\]`));
      else expect(row!.trimStart().startsWith(`--${spec.flag}`)).toBe(true);
    }
    expect(text).toMatch(/--port <n>\s+PORT\s+3000\s+Port to listen on/);
    expect(text).toMatch(/--public-url <url>\s+PUBLIC_URL\s+http:\/\/HOST:PORT/);
    expect(text).toMatch(/--no-control-api\s+CONTROL_API\s+on/);
    expect(text).toMatch(/-h, --help\s+Show this help and exit/);
    expect(text.startsWith(`Usage: ${SERVER_HELP.usage}`)).toBe(true);
  });

  it("shows what this environment sets (an image's own settings), never a secret's value", () => {
    const token = 'a-very-secret-admin-token';
    const shown = helpText(SERVER_OPTIONS, SERVER_HELP.usage, SERVER_HELP.about, {
      HOST: '0.0.0.0', DB_FILE: '/data/db.json', SHUTDOWN_GRACE_SECONDS: '8', SANDBOX_ADMIN_TOKEN: token, DATABASE_URL_FILE: '/run/secrets/db', PORT: '',
    });
    expect(shown).toMatch(/--host <addr>\s+HOST\s+0\.0\.0\.0 \(set\)\s+Address to bind/);
    expect(shown).toMatch(/--db-file <path>\s+DB_FILE\s+\/data\/db\.json \(set\)/);
    expect(shown).toMatch(/--shutdown-grace-seconds <n>\s+SHUTDOWN_GRACE_SECONDS\s+8 \(set\)/);
    expect(shown).toMatch(/SANDBOX_ADMIN_TOKEN\[_FILE\]\s+set \(SANDBOX_ADMIN_TOKEN\)/);
    expect(shown).toMatch(/DATABASE_URL\[_FILE\]\s+set \(DATABASE_URL_FILE\)/);
    // An empty variable is unset: the default shows.
    expect(shown).toMatch(/--port <n>\s+PORT\s+3000\s+Port/);
    expect(shown).not.toContain(token);
  });
});

describe('a secret file this user may not read', () => {
  it('names the uid and the fix', () => {
    const refused = (path: string): string => {
      throw Object.assign(new Error(`EACCES: permission denied, open '${path}'`), { code: 'EACCES' });
    };
    expect(() => readSettings(SERVER_OPTIONS, [], { SANDBOX_ADMIN_TOKEN_FILE: '/run/secrets/token' }, refused)).toThrow(
      /^SANDBOX_ADMIN_TOKEN_FILE: cannot read \/run\/secrets\/token \(EACCES\)\. This process runs as uid \d+, gid \d+: the file must be readable by it \(chown .*chmod 0440\)\.$/,
    );
  });
});
