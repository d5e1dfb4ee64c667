/** A quota increase's range follows the sandbox's own limits: never an empty range "from 1000000000 to 100000". */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors.js';
import { MAX_QUOTA_PER_MINUTE, quotaInput } from './accountInput.js';

const NOW = new Date('2026-12-01T00:00:00Z');

function refusal(body: Record<string, unknown>, defaults: { perMinute: number; perDay: number }): string {
  try {
    quotaInput(body, defaults, NOW);
  } catch (error) {
    if (error instanceof ApiError) return error.message;
    throw error;
  }
  throw new Error(`accepted: ${JSON.stringify(body)}`);
}

describe('quotaInput', () => {
  it('grants a raise on a sandbox whose own limits are above the fixed caps', () => {
    const high = { perMinute: 1_000_000_000, perDay: 200_000_000 };
    expect(quotaInput({ per_minute: 2_000_000_000, per_day: 300_000_000 }, high, NOW)).toMatchObject({ per_minute: 2_000_000_000, per_day: 300_000_000 });
    const message = refusal({ per_minute: 999 }, high);
    const [, least, most] = /from (\d+) \(the sandbox's limit\) to (\d+)/.exec(message)!.map(Number);
    expect(least).toBe(1_000_000_000);
    expect(most).toBeGreaterThan(least!);
  });

  it('keeps the fixed cap for the usual limits', () => {
    expect(refusal({ per_minute: MAX_QUOTA_PER_MINUTE + 1 }, { perMinute: 5, perDay: 200 })).toBe(`'per_minute' must be a whole number from 5 (the sandbox's limit) to ${MAX_QUOTA_PER_MINUTE}`);
    expect(quotaInput({ per_minute: MAX_QUOTA_PER_MINUTE }, { perMinute: 5, perDay: 200 }, NOW).per_minute).toBe(MAX_QUOTA_PER_MINUTE);
  });
});
