/**
 * The reference model of keys and accounts (docs/operating.md, "Key life cycle"), written from the
 * table, not from the sandbox's code: what each event answers and what it changes. Keys are named
 * by the number of their issue within the account (0: the account's first key). Time is the
 * scenario's base time in ms.
 */
import type { KeyEvent } from './events.js';

export type ModelKeyState = 'active' | 'expiring' | 'expired' | 'revoked';
/** What an API call with a key answers: the API's 200 or its three 403s. */
export type CallAnswer = 'ok' | 'expired' | 'disabled' | 'unknown';

interface ModelKey {
  n: number;
  expiresMs: number | null;
  revoked: boolean;
  rolled: boolean;
}

interface ModelAccount {
  status: 'active' | 'disabled';
  deleted: boolean;
  /** Kept keys, oldest first (as the store keeps them). */
  keys: ModelKey[];
  issued: number;
}

interface ModelSession {
  account: number;
  key: number;
  replica: number;
  open: boolean;
}

const USABLE_MAX = 10;
const KEPT_MAX = 20;
const CHANGES_PER_MINUTE = 10;

export class KeyModel {
  readonly accounts: ModelAccount[];
  readonly sessions: ModelSession[] = [];
  /** Key changes taken, per replica and account (each process budgets its own). */
  private readonly changes = new Map<string, number[]>();

  constructor(accounts: number, public nowMs: number) {
    this.accounts = Array.from({ length: accounts }, () => ({ status: 'active', deleted: false, keys: [{ n: 0, expiresMs: null, revoked: false, rolled: false }], issued: 1 }));
  }

  /** The key number an event's key number names (modulo the keys ever issued). */
  keyNumber(account: number, key: number): number {
    return key % this.accounts[account]!.issued;
  }

  stateOf(key: ModelKey): ModelKeyState {
    if (key.revoked) return 'revoked';
    if (key.expiresMs === null) return 'active';
    return key.expiresMs <= this.nowMs ? 'expired' : 'expiring';
  }

  private kept(account: number, n: number): ModelKey | undefined {
    return this.accounts[account]!.keys.find((key) => key.n === n);
  }

  /** The kept keys' states, by key number. */
  states(account: number): Array<[number, ModelKeyState]> {
    const held = this.accounts[account]!;
    return held.deleted ? [] : held.keys.map((key) => [key.n, this.stateOf(key)]);
  }

  call(account: number, n: number): CallAnswer {
    const held = this.accounts[account]!;
    const key = this.kept(account, n);
    if (held.deleted || !key) return 'unknown';
    const state = this.stateOf(key);
    if (state === 'revoked') return 'unknown';
    if (state === 'expired') return 'expired';
    return held.status === 'disabled' ? 'disabled' : 'ok';
  }

  /** Only an active key of an enabled account may manage keys or hold a console session. */
  mayManage(account: number, n: number): boolean {
    const key = this.kept(account, n);
    return this.call(account, n) === 'ok' && key !== undefined && this.stateOf(key) === 'active';
  }

  private usable(account: number): number {
    return this.accounts[account]!.keys.filter((key) => ['active', 'expiring'].includes(this.stateOf(key))).length;
  }

  /** A new active key; past KEPT_MAX the oldest keys that are not usable go. */
  private add(account: number): number {
    const held = this.accounts[account]!;
    const n = held.issued++;
    held.keys.push({ n, expiresMs: null, revoked: false, rolled: false });
    for (let i = 0; held.keys.length > KEPT_MAX && i < held.keys.length; ) {
      if (['active', 'expiring'].includes(this.stateOf(held.keys[i]!))) i++;
      else held.keys.splice(i, 1);
    }
    return n;
  }

  /** A partner's change: 404 (no account), 403 (the caller may not manage keys), 429 (budget), or go on. */
  private partnerGate(account: number, caller: number, replica: number): number | undefined {
    if (this.accounts[account]!.deleted) return 404;
    if (!this.mayManage(account, caller)) return 403;
    const id = `${replica}:${account}`;
    const held = (this.changes.get(id) ?? []).filter((at) => at > this.nowMs - 60_000 && at <= this.nowMs);
    this.changes.set(id, held);
    if (held.length >= CHANGES_PER_MINUTE) return 429;
    held.push(this.nowMs);
    return undefined;
  }

  /** Applies an event; its answer (a status, or a call's answer, or whether a session opened). */
  apply(event: KeyEvent & { replica: number }): { answer: string; issued?: number } {
    switch (event.kind) {
      case 'tick':
        this.nowMs += event.seconds * 1000;
        return { answer: 'tick' };
      case 'call':
        return { answer: this.call(event.account, this.keyNumber(event.account, event.key)) };
      case 'list': {
        const n = this.keyNumber(event.account, event.key);
        return { answer: this.call(event.account, n) !== 'ok' ? 'refused' : this.mayManage(event.account, n) ? 'listed' : '403' };
      }
      case 'signIn': {
        const n = this.keyNumber(event.account, event.key);
        if (!this.mayManage(event.account, n)) return { answer: 'refused' };
        this.sessions.push({ account: event.account, key: n, replica: event.replica, open: true });
        return { answer: 'signed in' };
      }
      case 'issue': {
        const held = this.accounts[event.account]!;
        if (held.deleted) return { answer: '404' };
        if (this.usable(event.account) >= USABLE_MAX) return { answer: '409' };
        return { answer: '201', issued: this.add(event.account) };
      }
      case 'roll': {
        const caller = this.keyNumber(event.account, event.caller);
        const gate = this.partnerGate(event.account, caller, event.replica);
        if (gate !== undefined) return { answer: String(gate) };
        const target = this.kept(event.account, this.keyNumber(event.account, event.target));
        if (!target) return { answer: '404' };
        if (this.stateOf(target) !== 'active' || target.rolled) return { answer: '409' };
        if (event.grace > 0 && this.usable(event.account) >= USABLE_MAX) return { answer: '409' };
        target.expiresMs = this.nowMs + event.grace * 1000;
        target.rolled = true;
        return { answer: '201', issued: this.add(event.account) };
      }
      case 'expire': {
        const caller = this.keyNumber(event.account, event.caller);
        const gate = this.partnerGate(event.account, caller, event.replica);
        if (gate !== undefined) return { answer: String(gate) };
        const target = this.kept(event.account, this.keyNumber(event.account, event.target));
        if (!target) return { answer: '404' };
        if (this.stateOf(target) !== 'expiring') return { answer: '409' };
        target.expiresMs = this.nowMs;
        return { answer: '200' };
      }
      case 'revoke': {
        const caller = this.keyNumber(event.account, event.caller);
        const gate = this.partnerGate(event.account, caller, event.replica);
        if (gate !== undefined) return { answer: String(gate) };
        const n = this.keyNumber(event.account, event.target);
        if (n === caller) return { answer: '409' };
        const target = this.kept(event.account, n);
        if (!target) return { answer: '404' };
        target.revoked = true;
        return { answer: '200' };
      }
      case 'adminRevoke': {
        const target = this.accounts[event.account]!.deleted ? undefined : this.kept(event.account, this.keyNumber(event.account, event.target));
        if (!target) return { answer: '404' };
        target.revoked = true;
        return { answer: '200' };
      }
      case 'status': {
        const held = this.accounts[event.account]!;
        if (held.deleted) return { answer: '404' };
        if (event.status === 'disabled' && held.status === 'active') this.closeSessions(event.account);
        held.status = event.status;
        return { answer: '200' };
      }
      case 'delete': {
        const held = this.accounts[event.account]!;
        if (held.deleted) return { answer: '404' };
        held.deleted = true;
        this.closeSessions(event.account);
        return { answer: '200' };
      }
    }
  }

  private closeSessions(account: number): void {
    for (const session of this.sessions) if (session.account === account) session.open = false;
  }

  /** Whether each session is still open: it ends for good when its key may no longer sign in. */
  sessionsAlive(): boolean[] {
    return this.sessions.map((session) => {
      session.open &&= this.mayManage(session.account, session.key);
      return session.open;
    });
  }
}
