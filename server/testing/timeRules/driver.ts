/**
 * Plays a time-rule scenario (events.ts) on the sandbox and on the reference model (model.ts) side
 * by side, and throws at the first answer that differs, naming the event and both answers.
 *
 * The base clock is either a FakeClock (base time moves only by the scenario's ticks) or real time
 * (ticks are ignored; events come as fast as the sandbox takes them, so many share a millisecond):
 * the model is told the base millisecond each event was stamped with, read off the clock the
 * sandbox used.
 */
import type { Clock } from '../../clock.js';
import type { LimitVerdict } from '../../domain/requestLimits.js';
import { TimeRulesModel, type Verdict } from './model.js';
import type { TimeEvent, TimeScenario } from './events.js';

/** The sandbox as the scenario drives it. */
export interface TimeRulesSubject {
  /** A rate-limited request of `account` from client `ip` to `endpoint`: its verdict. */
  request(account: number, ip: number, endpoint: string): Promise<LimitVerdict>;
  /** Moves the account's clock. */
  move(account: number, change: { advanceSeconds: number } | { offsetSeconds: number }): Promise<void>;
  reset(account: number): Promise<void>;
  /** Base time passes by `ms` (fake timers), or nothing (real timers). */
  tick(ms: number): void;
}

/** A base clock that remembers its last reading: the millisecond the sandbox stamped an event with. */
export class RecordingClock implements Clock {
  lastMs = Number.NaN;
  constructor(private readonly inner: Clock) {}
  now(): Date {
    const now = this.inner.now();
    this.lastMs = now.getTime();
    return now;
  }
}

/** The client address of the scenario's IP number. */
export function addressOf(ip: number): string {
  return `10.0.0.${ip + 1}`;
}

/** Comparable form of a verdict. */
export function verdictOf(decision: LimitVerdict | Verdict): string {
  return decision.allowed ? 'allowed' : `429 ${decision.scope} ${decision.window} (limit ${decision.limit}, Retry-After ${decision.retryAfterSeconds})`;
}

export async function playScenario(scenario: TimeScenario, subject: TimeRulesSubject, base: RecordingClock, realTimers: boolean): Promise<void> {
  const model = new TimeRulesModel(scenario.limits, base.now().getTime());
  /** The model's base time follows the millisecond the sandbox stamped the event with (never back). */
  const follow = () => {
    if (base.lastMs > model.baseMs) model.tick(base.lastMs - model.baseMs);
  };
  const trace: string[] = [];
  for (const event of scenario.events) {
    trace.push(describe(event));
    await step(event);
  }

  async function step(event: TimeEvent): Promise<void> {
    switch (event.kind) {
      case 'tick':
        if (!realTimers) {
          subject.tick(event.ms);
          model.tick(event.ms);
        }
        return;
      case 'request': {
        const actual = await subject.request(event.account, event.ip, event.endpoint);
        follow();
        const expected = model.request(event.account, `${addressOf(event.ip)}|${event.endpoint}`);
        if (verdictOf(actual) !== verdictOf(expected)) {
          throw new Error(
            `event ${trace.length} (${describe(event)}) at base ${new Date(model.baseMs).toISOString()}: ` +
              `the sandbox answered ${verdictOf(actual)}, the model ${verdictOf(expected)}\nevents so far:\n  ${trace.join('\n  ')}`,
          );
        }
        return;
      }
      case 'advance': {
        const offsetMs = model.offsetAfter(event.account) + event.seconds * 1000;
        await subject.move(event.account, { advanceSeconds: event.seconds });
        follow();
        model.moveClock(event.account, offsetMs);
        return;
      }
      case 'offset':
        await subject.move(event.account, { offsetSeconds: event.offsetSeconds });
        follow();
        model.moveClock(event.account, event.offsetSeconds * 1000);
        return;
      case 'reset':
        await subject.reset(event.account);
        follow();
        model.resetAccount(event.account);
        return;
    }
  }
}

export function describe(event: TimeEvent): string {
  switch (event.kind) {
    case 'tick':
      return `tick ${event.ms} ms`;
    case 'request':
      return `account ${event.account} from ip ${event.ip}: ${event.endpoint}`;
    case 'advance':
      return `account ${event.account}: advance ${event.seconds} s`;
    case 'offset':
      return `account ${event.account}: offset ${event.offsetSeconds} s`;
    case 'reset':
      return `account ${event.account}: reset`;
  }
}
