/**
 * Every flag and environment variable of the server (`server/bin.ts`, and the hotel-sandbox
 * package's bin with its own default store), in the order --help lists them.
 */
import { DEFAULT_BOOKINGS_PER_ACCOUNT, DEFAULT_SUPPORT_EMAIL, SPEC_RATE_LIMITS, parseTrustProxy } from '../config.js';
import { DEFAULT_DATABASE_POOL_SIZE, MAX_DATABASE_POOL_SIZE } from '../store/databasePoolSize.js';
import { SLOW_DELAY_HEADER, SLOW_DELAY_MAX_MS, SLOW_DELAY_MS, chooseSlowDelay } from '../domain/scenarios/catalogue.js';
import { parseCorsOrigins } from '../http/transport/cors.js';
import { LOG_LEVELS, type LogLevel } from '../http/transport/requestLog.js';
import { PUBLIC_URL_SHOWN_DEFAULT } from './publicUrl.js';
import { UsageError, anyText, onOff, oneOf, option, portNumber, positiveInteger } from './options.js';

/** An option parser from a parser that throws plain errors: a UsageError that names the flag or variable. */
function namingTheSource<T>(parse: (text: string) => T): (text: string, source: string) => T {
  return (text, source) => {
    try {
      return parse(text);
    } catch (error) {
      throw new UsageError(`${source}: ${(error as Error).message}`);
    }
  };
}

export const SERVER_OPTIONS = {
  port: option({ flag: 'port', env: 'PORT', placeholder: '<n>', fallback: 3000, help: 'Port to listen on (0: a free one, named in the listening line)', parse: portNumber }),
  host: option({ flag: 'host', env: 'HOST', placeholder: '<addr>', fallback: '127.0.0.1', help: 'Address to bind', parse: anyText }),
  publicUrl: option<string | undefined>({
    flag: 'public-url',
    env: 'PUBLIC_URL',
    placeholder: '<url>',
    fallback: undefined,
    shownDefault: PUBLIC_URL_SHOWN_DEFAULT,
    help: 'Base of links (booking_url, image URLs)',
    parse: anyText,
  }),
  dbFile: option<string | undefined>({
    flag: 'db-file',
    env: 'DB_FILE',
    placeholder: '<path>',
    fallback: 'data/db.json',
    help: 'Embedded store: lowdb snapshot + DB_FILE.journal, created on first start; never overwritten when unreadable',
    parse: anyText,
  }),
  databaseUrl: option<string | undefined>({
    flag: 'database-url',
    env: 'DATABASE_URL',
    secret: true,
    fallback: undefined,
    shownDefault: 'unset',
    help: 'postgres://… : PostgreSQL instead of DB_FILE (migrated at start); from the environment or DATABASE_URL_FILE, never a flag',
    parse: anyText,
  }),
  databasePoolSize: option({
    flag: 'database-pool-size',
    env: 'DATABASE_POOL_SIZE',
    placeholder: '<n>',
    fallback: DEFAULT_DATABASE_POOL_SIZE,
    help: `PostgreSQL connections per pool and replica, 1 to ${MAX_DATABASE_POOL_SIZE} (two pools, durable and transient, plus one listening connection)`,
    parse: (text, source) => {
      const size = positiveInteger(text, source);
      if (size > MAX_DATABASE_POOL_SIZE) throw new UsageError(`${source} must be at most ${MAX_DATABASE_POOL_SIZE} (got ${size})`);
      return size;
    },
  }),
  rateLimitPerMinute: option({
    flag: 'rate-limit-per-minute',
    env: 'RATE_LIMIT_PER_MINUTE',
    placeholder: '<n>',
    fallback: SPEC_RATE_LIMITS.perMinute,
    help: 'Search and hotel details, per client IP, endpoint and account',
    parse: positiveInteger,
  }),
  rateLimitPerDay: option({
    flag: 'rate-limit-per-day',
    env: 'RATE_LIMIT_PER_DAY',
    placeholder: '<n>',
    fallback: SPEC_RATE_LIMITS.perDay,
    help: 'Likewise, per day',
    parse: positiveInteger,
  }),
  addressCeilingPerMinute: option<number | undefined>({
    flag: 'address-ceiling-per-minute',
    env: 'ADDRESS_CEILING_PER_MINUTE',
    placeholder: '<n>',
    fallback: undefined,
    shownDefault: '20 x the per-minute limit, at least 6000',
    help: 'Search and hotel details per client IP and endpoint over all accounts, a minute of real time (0: none)',
    parse: (text, source) => (text.trim() === '0' ? 0 : positiveInteger(text, source)),
  }),
  bookingsPerAccount: option({
    flag: 'bookings-per-account',
    env: 'BOOKINGS_PER_ACCOUNT',
    placeholder: '<n>',
    fallback: DEFAULT_BOOKINGS_PER_ACCOUNT,
    help: 'Bookings an account keeps; past it a new one retires its oldest unconfirmed (all confirmed: 409)',
    parse: positiveInteger,
  }),
  slowMs: option({
    flag: 'slow-ms',
    env: 'SLOW_MS',
    placeholder: '<ms>',
    fallback: SLOW_DELAY_MS,
    help: `How long 'Test: slow' waits when the call sends no Test-Delay-Ms (0 to ${SLOW_DELAY_MAX_MS})`,
    parse: namingTheSource((text) => {
      const choice = chooseSlowDelay(text, SLOW_DELAY_MS);
      if (!choice.ok) throw new Error(choice.message.replace(SLOW_DELAY_HEADER, 'the delay'));
      return choice.delayMs;
    }),
  }),
  trustProxy: option<false | number | string[]>({
    flag: 'trust-proxy',
    env: 'TRUST_PROXY',
    placeholder: '<value>',
    fallback: false,
    shownDefault: 'off',
    help: 'Proxies trusted for the client IP: off, a number of hops, or addresses/CIDRs/loopback (true is refused)',
    parse: namingTheSource(parseTrustProxy),
  }),
  demoAccounts: option({
    flag: 'no-demo-accounts',
    env: 'DEMO_ACCOUNTS',
    switch: true,
    fallback: true,
    help: 'The demo accounts of fixtures/accounts.json, their keys on / (env: on/off; off for a hosted sandbox)',
    parse: onOff,
  }),
  controlApi: option({
    flag: 'no-control-api',
    env: 'CONTROL_API',
    switch: true,
    fallback: true,
    help: 'The sandbox control API under /_control/ (env: on/off)',
    parse: onOff,
  }),
  validateResponses: option({
    flag: 'no-validate-responses',
    env: 'VALIDATE_RESPONSES',
    switch: true,
    fallback: true,
    help: 'Validate every response against openapi.yaml (env: on/off)',
    parse: onOff,
  }),
  corsOrigins: option<string[]>({
    flag: 'cors-origins',
    env: 'CORS_ORIGINS',
    placeholder: '<origins>',
    fallback: [],
    shownDefault: 'off',
    help: "Comma-separated origins that may call the API from a browser; '*' for any",
    parse: namingTheSource(parseCorsOrigins),
  }),
  supportEmail: option({
    flag: 'support-email',
    env: 'SUPPORT_EMAIL',
    placeholder: '<address>',
    fallback: DEFAULT_SUPPORT_EMAIL,
    help: 'Where teams ask for a quota increase and help with a booking (the 429 and the booking e-mails name it)',
    parse: (text, source) => {
      const address = text.trim();
      if (!/^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/u.test(address)) throw new UsageError(`${source} must be an e-mail address such as api-support@example.com (got '${text}')`);
      return address;
    },
  }),
  logLevel: option<LogLevel>({
    flag: 'log-level',
    env: 'LOG_LEVEL',
    placeholder: '<level>',
    fallback: 'info',
    help: `Request log level: ${LOG_LEVELS.join(', ')} (pretty on a terminal, JSON lines otherwise)`,
    parse: oneOf(LOG_LEVELS),
  }),
  sandboxAdminToken: option<string | undefined>({
    flag: 'sandbox-admin-token',
    env: 'SANDBOX_ADMIN_TOKEN',
    secret: true,
    fallback: undefined,
    shownDefault: 'unset: no whole-sandbox calls',
    help: 'Enables /_control/admin/* and /metrics (Authorization: Bearer <token>); at least 16 non-whitespace characters; from the environment or SANDBOX_ADMIN_TOKEN_FILE, never a flag',
    parse: (text, source) => {
      if (text === '') return undefined;
      // Counted without whitespace: sixteen spaces (or a padded short word) is not a secret.
      const significant = text.replace(/\s/gu, '').length;
      if (significant < 16) throw new UsageError(`${source} must have at least 16 non-whitespace characters (got ${significant})`);
      return text;
    },
  }),
  shutdownGraceSeconds: option({
    flag: 'shutdown-grace-seconds',
    env: 'SHUTDOWN_GRACE_SECONDS',
    placeholder: '<n>',
    fallback: 10,
    help: 'On SIGTERM/SIGINT, how long in-flight requests may take before the server exits anyway',
    parse: positiveInteger,
  }),
};

/**
 * Where the embedded store goes when neither --db-file, DB_FILE nor DATABASE_URL names one: the
 * repository's data/db.json, or (the hotel-sandbox package) a new temporary directory that the
 * server removes when it exits, whatever the exit.
 */
export type DefaultStore = 'repository' | 'temporary';

export const TEMPORARY_STORE_TEXT = 'a new temporary directory, removed on exit';

/** The table for a default store: the repository's is SERVER_OPTIONS itself. */
export function serverOptions(defaultStore: DefaultStore): typeof SERVER_OPTIONS {
  if (defaultStore === 'repository') return SERVER_OPTIONS;
  return { ...SERVER_OPTIONS, dbFile: { ...SERVER_OPTIONS.dbFile, fallback: undefined, shownDefault: TEMPORARY_STORE_TEXT } };
}

export const SERVER_HELP = {
  usage: 'hotel-sandbox [flags]',
  about: 'The Hotel Booking API reference server (sandbox). Settings come from flags or the environment; flags win.',
};
