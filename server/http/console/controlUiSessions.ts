/**
 * Sessions of the sandbox console (/_control/ui): the API key is entered once and never travels
 * again; the browser holds only an opaque random session id (cookie), which maps here, in memory,
 * to the account and to the session's CSRF token. A session ends after an idle hour, after eight
 * hours in any case, on sign-out, or when the oldest of too many sessions is dropped. Sessions
 * live in this process: a restart signs everybody out, and replicas would need sticky sessions.
 */
import { randomBytes } from 'node:crypto';
import type { Clock } from '../../clock.js';
import { secretMatches } from '../../domain/accounts.js';

export const SESSION_IDLE_MS = 60 * 60 * 1000;
export const SESSION_MAX_MS = 8 * 60 * 60 * 1000;
/** Bounds the memory a flood of sign-ins can take; the oldest session goes first. */
export const MAX_SESSIONS = 10_000;

export interface ConsoleSession {
  readonly id: string;
  readonly accountId: number;
  /** Every state-changing form carries it; a page of another origin cannot read it. */
  readonly csrfToken: string;
  readonly createdMs: number;
  lastUsedMs: number;
  /** A one-shot message for the next page (what the last form did), after its redirect. */
  flash?: { kind: 'ok' | 'error'; text: string };
}

const randomToken = () => randomBytes(32).toString('base64url');

export class ConsoleSessions {
  /** In insertion order, so the first entry is the oldest session. */
  private readonly sessions = new Map<string, ConsoleSession>();

  constructor(private readonly clock: Clock) {}

  open(accountId: number): ConsoleSession {
    const nowMs = this.clock.now().getTime();
    while (this.sessions.size >= MAX_SESSIONS) {
      const oldest = this.sessions.keys().next().value as string;
      this.sessions.delete(oldest);
    }
    const session: ConsoleSession = { id: randomToken(), accountId, csrfToken: randomToken(), createdMs: nowMs, lastUsedMs: nowMs };
    this.sessions.set(session.id, session);
    return session;
  }

  /** The live session with this id (its idle time restarts), or undefined. */
  find(id: string | undefined): ConsoleSession | undefined {
    if (id === undefined) return undefined;
    const session = this.sessions.get(id);
    if (!session) return undefined;
    const nowMs = this.clock.now().getTime();
    if (nowMs - session.lastUsedMs > SESSION_IDLE_MS || nowMs - session.createdMs > SESSION_MAX_MS) {
      this.sessions.delete(id);
      return undefined;
    }
    session.lastUsedMs = nowMs;
    return session;
  }

  /** Whether `token` is the session's CSRF token (constant time). */
  static csrfMatches(session: ConsoleSession, token: unknown): boolean {
    return typeof token === 'string' && secretMatches(token, session.csrfToken);
  }

  close(id: string): void {
    this.sessions.delete(id);
  }

  get size(): number {
    return this.sessions.size;
  }
}
