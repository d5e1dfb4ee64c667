/**
 * The key life cycle as one explicit state machine (docs/operating.md, "Key life cycle"): what a key
 * may do in each of its states, and how actions move it between them. Every path that lets a key do
 * something (the API, the control API, the console) asks `keyMay`; every change of a key goes
 * through AccountAdmin, which applies the transitions below.
 *
 * Why a key in its grace period may make API calls and nothing else (finding 1 of issue 35): a
 * key is rolled because it leaked. If whoever holds it could still see, roll or revoke keys, or sign
 * in to the console, the roll would hand the account to them instead of taking it back.
 */
import type { ApiKeyRecord } from './apiKeys.js';

/** active: no end; expiring: rolled, works until its grace ends; expired: its grace ended; revoked: stopped. */
export type KeyState = 'active' | 'expiring' | 'expired' | 'revoked';

/** What a partner's key asks to do. */
export type KeyAction =
  /** The API, and the control API's calls on the account's own records (clock, reset, pay, outbox, journal, certification). */
  | 'api_call'
  /** See the account's keys (`/_control/keys`). */
  | 'list_keys'
  /** Roll, expire now or revoke a key of the account (itself or another). */
  | 'change_keys'
  /** Open a console session; a session lives only while its key may do this. */
  | 'console_sign_in';

export const KEY_ACTIONS: readonly KeyAction[] = ['api_call', 'list_keys', 'change_keys', 'console_sign_in'];

/** The table: which actions each state allows (an enabled account's key; a disabled or deleted account's key may do nothing). */
export const KEY_LIFECYCLE: Readonly<Record<KeyState, ReadonlySet<KeyAction>>> = {
  active: new Set(KEY_ACTIONS),
  expiring: new Set(['api_call']),
  expired: new Set(),
  revoked: new Set(),
};

/** Key changes (roll, expire now, revoke) a partner may make a minute, per account (finding 2: 1,000 rolls in 26 s). */
export const KEY_CHANGES_PER_MINUTE = 10;

export function keyState(key: ApiKeyRecord, nowMs: number): KeyState {
  if (key.revoked_at !== null) return 'revoked';
  if (key.expires_at === null) return 'active';
  return Date.parse(key.expires_at) <= nowMs ? 'expired' : 'expiring';
}

/** Whether a key may do `action` at real time `nowMs`, its account's status being `accountStatus`. */
export function keyMay(action: KeyAction, key: ApiKeyRecord, accountStatus: 'active' | 'disabled', nowMs: number): boolean {
  return accountStatus === 'active' && KEY_LIFECYCLE[keyState(key, nowMs)].has(action);
}

/** Usable keys (active or expiring): those that authenticate an API call. */
export const usableKeys = (keys: readonly ApiKeyRecord[], nowMs: number): number =>
  keys.filter((key) => KEY_LIFECYCLE[keyState(key, nowMs)].has('api_call')).length;

/**
 * Transitions (AccountAdmin applies them; each returns the changed key or a reason it may not):
 * - roll with grace g: active → expiring (g > 0) or expired (g = 0), and a new active key;
 * - expire now: expiring → expired;
 * - revoke: active or expiring → revoked (an expired or revoked key stays as it is);
 * - time: expiring → expired when its grace ends.
 */
export function expireNow(key: ApiKeyRecord, now: Date): ApiKeyRecord | string {
  const state = keyState(key, now.getTime());
  if (state !== 'expiring') return `Key ${key.id} is ${state}; only a key in its grace period can be expired now (revoke an active key instead)`;
  return { ...key, expires_at: now.toISOString() };
}
