/** Server settings. Defaults are the API description's values; bin.ts reads env and flags. */
export interface RateLimits {
  perMinute: number;
  perDay: number;
}

export interface Config {
  /** Base URL used in links (booking_url, image URLs). */
  publicUrl: string;
  supportEmail: string;
  rateLimits: RateLimits;
  /** Express "trust proxy" setting; false means the socket address is the client IP. */
  trustProxy: boolean | number | string;
  /** Mounts /_control/* (clock, reset, scenarios, pay, outbox). */
  controlApi: boolean;
  /** Validates every response against openapi.yaml (on in tests and dev). */
  validateResponses: boolean;
  /** Request bodies above this size get 400. */
  bodyLimitBytes: number;
  /** Origins allowed to call the API from a browser (CORS); empty: off; ['*']: any. */
  corsOrigins: string[];
  /**
   * SANDBOX_ADMIN_TOKEN: enables the whole-sandbox control calls (/_control/admin/*), which need
   * `Authorization: Bearer <token>`. Unset, they do not exist (404).
   */
  adminToken?: string;
}

export const SPEC_RATE_LIMITS: RateLimits = { perMinute: 5, perDay: 200 };

export function defaultConfig(overrides: Partial<Config> = {}): Config {
  return {
    publicUrl: 'http://127.0.0.1:3000',
    supportEmail: 'support@hotel-booking.example',
    rateLimits: SPEC_RATE_LIMITS,
    trustProxy: false,
    controlApi: true,
    validateResponses: true,
    bodyLimitBytes: 64 * 1024,
    corsOrigins: [],
    ...overrides,
  };
}
