/**
 * The shared sandbox's ceiling per client address and endpoint, over every account: what protects
 * its capacity. Each account's own windows (section 8, per client IP, endpoint and account) do not:
 * an account may move its clock on or reset itself, and both free its windows. The ceiling counts
 * in real (base) time, which no control call moves, and no account reset gives anything back (the
 * admin reset does).
 *
 * Real time is cut into whole seconds; a request in second s is refused when the requests taken in
 * seconds s−59 … s already reach the ceiling, with Retry-After the seconds until enough of them have
 * left. Sixty counters per address and endpoint, in this process (each replica guards its own
 * capacity), at most `maxKeys` of them, the least recently used dropped first.
 */
import type { RateLimitDecision } from './rateLimiter.js';

const SECONDS = 60;

/** One address and endpoint: requests taken per second, in a ring of the last 60 seconds. */
interface Ring {
  counts: Uint32Array;
  /** The newest second counted (ring slot second % 60). */
  newestSecond: number;
}

/** A request the ceiling let through; `giveBack` takes it out again (the account's own window refused it). */
export interface CeilingPlace {
  giveBack(): void;
}

export class AddressCeiling {
  private readonly rings = new Map<string, Ring>();

  constructor(
    /** Requests per minute per address and endpoint (0 or less: no ceiling). */
    readonly perMinute: number,
    private readonly maxKeys = 10_000,
  ) {}

  /** Takes a place for a request at base time `nowMs` under `key`, or refuses it (nothing taken). */
  take(key: string, nowMs: number): CeilingPlace | Extract<RateLimitDecision, { allowed: false }> {
    if (this.perMinute <= 0) return { giveBack: () => {} };
    const ring = this.ringOf(key, Math.floor(nowMs / 1000));
    // Real time never goes back; a base clock set back (a test's) counts as standing still.
    const second = ring.newestSecond;
    let taken = 0;
    for (let age = 0; age < SECONDS; age++) taken += ring.counts[(second - age) % SECONDS]!;
    if (taken >= this.perMinute) {
      // The oldest seconds leave first: wait until the window holds one place less than the ceiling.
      let freed = 0;
      let wait = 1;
      for (let age = SECONDS - 1; age >= 0; age--, wait++) {
        freed += ring.counts[(second - age) % SECONDS]!;
        if (taken - freed < this.perMinute) break;
      }
      return { allowed: false, window: 'minute', limit: this.perMinute, retryAfterSeconds: wait };
    }
    const slot = second % SECONDS;
    ring.counts[slot]! += 1;
    return {
      giveBack: () => {
        if (this.rings.get(key) === ring && ring.newestSecond - second < SECONDS && ring.counts[slot]! > 0) ring.counts[slot]! -= 1;
      },
    };
  }

  /** Forgets everything (the admin reset). */
  reset(): void {
    this.rings.clear();
  }

  /** Addresses and endpoints held (for tests of the bound). */
  get size(): number {
    return this.rings.size;
  }

  /** The key's ring moved on to `second` (older seconds cleared), as the most recently used. */
  private ringOf(key: string, second: number): Ring {
    let ring = this.rings.get(key);
    if (ring) this.rings.delete(key);
    else ring = { counts: new Uint32Array(SECONDS), newestSecond: second };
    this.rings.set(key, ring);
    if (second > ring.newestSecond) {
      const passed = Math.min(SECONDS, second - ring.newestSecond);
      for (let step = 1; step <= passed; step++) ring.counts[(ring.newestSecond + step) % SECONDS] = 0;
      ring.newestSecond = second;
    }
    if (this.rings.size > this.maxKeys) this.rings.delete(this.rings.keys().next().value as string);
    return ring;
  }
}
