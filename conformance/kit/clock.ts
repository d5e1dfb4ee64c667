/**
 * The kit's view of the server's time. Without a harness it is local time and waiting means
 * sleeping. With one it is the server clock (local time plus a known offset) and waiting means
 * moving that clock: a full run never sleeps.
 */
import type { ControlHarness } from '../harness.js';

export interface KitClock {
  /** Epoch ms on the server's timeline, as well as the kit knows it. */
  now(): number;
  /** Lets `ms` pass: sleeps, or moves the server clock. `why` is what the kit waits for (shown while sleeping). */
  pass(ms: number, why?: string): Promise<void>;
  /** true when time is moved rather than waited for. */
  readonly moves: boolean;
  /** Milliseconds slept / moved so far, for the report. */
  readonly sleptMs: number;
  readonly movedMs: number;
}

/** Told when a real wait starts (`ms` > 0) and when it ends (`ms` = 0). */
export type WaitListener = (ms: number, why: string) => void;

export class SleepingClock implements KitClock {
  readonly moves = false;
  sleptMs = 0;
  readonly movedMs = 0;
  constructor(private readonly onWait?: WaitListener) {}
  now(): number {
    return Date.now();
  }
  async pass(ms: number, why = 'the rate limit'): Promise<void> {
    if (ms <= 0) return;
    this.onWait?.(ms, why);
    await new Promise((resolve) => setTimeout(resolve, ms));
    this.sleptMs += ms;
    this.onWait?.(0, why);
  }
}

export class HarnessClock implements KitClock {
  readonly moves = true;
  readonly sleptMs = 0;
  movedMs = 0;
  private offsetMs = 0;

  /** @param followers harnesses of the run's other accounts, whose clocks move in step */
  constructor(
    private readonly harness: ControlHarness,
    private readonly followers: readonly ControlHarness[] = [],
  ) {}

  /** Aligns with the server clock (after a reset, or when in doubt). */
  async sync(serverNow?: Date): Promise<void> {
    const now = serverNow ?? (await this.harness.clock());
    this.offsetMs = now.getTime() - Date.now();
  }

  now(): number {
    return Date.now() + this.offsetMs;
  }

  async pass(ms: number): Promise<void> {
    if (ms <= 0) return;
    const seconds = Math.ceil(ms / 1000);
    this.movedMs += seconds * 1000;
    await Promise.all([this.harness.advance(seconds), ...this.followers.map((f) => f.advance(seconds))]);
    // The server clock moved by exactly `seconds`: move ours by as much rather than re-reading it,
    // whose answer arrives late by a varying delay on a loaded machine (the windows the kit computes
    // must keep one constant error, or a full window may look free).
    this.offsetMs += seconds * 1000;
  }
}
