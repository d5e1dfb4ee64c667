import { isIP } from 'node:net';

/** Server settings. Defaults are the API description's values; bin.ts reads env and flags. */
export interface RateLimits {
  perMinute: number;
  perDay: number;
}

export interface Config {
  /** Base URL used in links (booking_url, image URLs). */
  publicUrl: string;
  supportEmail: string;
  /**
   * How a client gets a higher rate limit, the 429's last sentence; unset: write to supportEmail
   * with the key's id. startSandbox() names its own option: there, the user is the operator.
   */
  rateLimitRaiseHint?: string;
  rateLimits: RateLimits;
  /**
   * Express "trust proxy" setting; false means the socket address is the client IP. bin.ts fills it
   * from parseTrustProxy (a hop count or a list of addresses, CIDRs and Express's named ranges).
   */
  trustProxy: boolean | number | string | string[];
  /** Mounts /_control/* (clock, reset, scenarios, pay, outbox). */
  controlApi: boolean;
  /** Validates every response against openapi.yaml (on in tests and dev). */
  validateResponses: boolean;
  /** Request bodies above this size get 413. */
  bodyLimitBytes: number;
  /** Origins allowed to call the API from a browser (CORS); empty: off; ['*']: any. */
  corsOrigins: string[];
  /**
   * SANDBOX_ADMIN_TOKEN: enables the whole-sandbox control calls (/_control/admin/*), which need
   * `Authorization: Bearer <token>`. Unset, they do not exist (404).
   */
  adminToken?: string;
  /**
   * Failed authentications per client IP and minute before further attempts get 429 (see
   * http/authThrottle.ts); unset: max(30, rate limit per minute + 20), above one conformance run.
   */
  authFailuresPerMinute?: number;
  /**
   * Search and hotel details requests per minute from one client address over all accounts, in
   * real time (the shared sandbox's ceiling, domain/addressCeiling.ts); 0 switches it off; unset:
   * 20 times the per-account limit per minute, at least 6,000 (what parallel conformance runs send).
   */
  addressCeilingPerMinute?: number;
  /**
   * Bookings an account keeps (BOOKINGS_PER_ACCOUNT): past it, a new booking retires the account's
   * oldest ones not confirmed; with that many confirmed, booking start answers 409. Bounds the
   * embedded store's memory by the number of accounts, not by traffic.
   */
  bookingsPerAccount: number;
  /** How long the `Test: slow` scenario waits when the call chooses no delay; unset, the scenario's own default (5.2 s, past the API's 5 s time-out). startSandbox({ slowMs }) and tests shorten it. */
  slowScenarioDelayMs?: number;
  /**
   * DEMO_ACCOUNTS: the demo accounts of fixtures/accounts.json (public keys, listed on `/`). On for
   * a local sandbox; a hosted one switches them off and issues accounts per team.
   */
  demoAccounts: boolean;
  /**
   * Reads of one account's records a minute (control API journal, certification, outbox, keys;
   * console pages and downloads), past which 429 (http/control/readBudget.ts); unset: 300.
   */
  readsPerMinute?: number;
  /** Successful console sign-ins per client address and minute (finding 8); unset: 20. */
  consoleSignInsPerMinute?: number;
}

export const SPEC_RATE_LIMITS: RateLimits = { perMinute: 5, perDay: 200 };

/** The address ceiling when none is configured: well above what several conformance runs send at once. */
export function defaultAddressCeilingPerMinute(rateLimits: RateLimits): number {
  return Math.max(6_000, 20 * rateLimits.perMinute);
}
/** 25 days of the 200 searches a day, each booked; about 25 MB of the embedded store's memory per account. */
export const DEFAULT_BOOKINGS_PER_ACCOUNT = 5_000;

/** The support address of the API description; a hosted sandbox names its own (SUPPORT_EMAIL). */
export const DEFAULT_SUPPORT_EMAIL = 'support@hotel-booking.example';

export function defaultConfig(overrides: Partial<Config> = {}): Config {
  return {
    publicUrl: 'http://127.0.0.1:3000',
    supportEmail: DEFAULT_SUPPORT_EMAIL,
    rateLimits: SPEC_RATE_LIMITS,
    trustProxy: false,
    controlApi: true,
    validateResponses: true,
    bodyLimitBytes: 64 * 1024,
    corsOrigins: [],
    bookingsPerAccount: DEFAULT_BOOKINGS_PER_ACCOUNT,
    demoAccounts: true,
    ...overrides,
  };
}

/** A setting that cannot be used; bin.ts prints the message and exits 2. */
export class ConfigError extends Error {}

const NAMED_PROXY_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * TRUST_PROXY / --trust-proxy as Express's "trust proxy" value. Off (unset, off, false, no, 0)
 * means the socket address is the client; a whole number is that many proxy hops; otherwise a
 * comma-separated list of IP addresses, CIDR ranges and Express's loopback/linklocal/uniquelocal.
 * `true` is refused: it trusts every hop, so any client could pick its address (and its rate-limit
 * allowance) with a made-up X-Forwarded-For.
 */
export function parseTrustProxy(text: string | undefined): false | number | string[] {
  const trimmed = (text ?? '').trim();
  if (trimmed === '' || /^(0|false|off|no)$/i.test(trimmed)) return false;
  if (/^true$/i.test(trimmed)) {
    throw new ConfigError(
      "TRUST_PROXY=true is refused: it trusts every X-Forwarded-For hop, so any client could forge its address " +
        'and dodge the rate limits. Give the number of proxies in front of the server (e.g. 1) or their addresses.',
    );
  }
  if (/^\d+$/.test(trimmed)) {
    const hops = Number(trimmed);
    if (!Number.isSafeInteger(hops)) throw new ConfigError(`TRUST_PROXY hop count is too large (got '${trimmed}')`);
    return hops;
  }
  const entries = trimmed.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    if (!NAMED_PROXY_RANGES.includes(entry) && !isAddressOrCidr(entry)) {
      throw new ConfigError(
        `TRUST_PROXY must be off, a number of hops, or a comma-separated list of IP addresses, CIDR ranges, ` +
          `${NAMED_PROXY_RANGES.join(', ')} (got '${entry}')`,
      );
    }
  }
  return entries;
}

const LOOPBACK_LISTENERS = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|localhost|\[::1\])$/i;

/**
 * The warning at start for a TRUST_PROXY hop count on a listener other clients can reach (finding 6
 * of the security review): a hop count believes the last N X-Forwarded-For entries whoever sent
 * them, so a client that reaches the server directly, not through the proxy, picks its own address
 * (and its rate-limit windows). The proxy's addresses or CIDR ranges trust only what the proxy sent.
 */
export function trustProxyWarning(trustProxy: Config['trustProxy'], host: string): string | undefined {
  if (typeof trustProxy !== 'number' || trustProxy < 1 || LOOPBACK_LISTENERS.test(host)) return undefined;
  return (
    `TRUST_PROXY=${trustProxy} is a hop count on ${host}, which clients can reach without the proxy: any of them can ` +
    "pick its client address (and its rate-limit windows) with X-Forwarded-For. Give the proxy's addresses or CIDR ranges " +
    'instead (TRUST_PROXY=10.0.0.5 or 10.0.0.0/24), or listen on 127.0.0.1 behind it.'
  );
}

function isAddressOrCidr(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}
