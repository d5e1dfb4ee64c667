/**
 * API keys as the sandbox issues them: `hbs_test_` and 32 random base62 characters (190 bits of a
 * CSPRNG), shown once when issued and kept only as a SHA-256 digest (a fast hash is enough for a
 * random key: no dictionary holds it). Each key has a short public id (`key_` and 10 base62
 * characters) that the console, logs, metrics and the journal use to name it, and a hint (prefix
 * and last four characters) for people to tell their keys apart. A key can be revoked (it stops at
 * once) or rolled: a new key is issued and the old one keeps working until the end of a grace
 * period the partner chooses, at most ROLL_GRACE_MAX_SECONDS, as Stripe's "roll key" does.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export const KEY_PREFIX = 'hbs_test_';
const KEY_RANDOM_CHARACTERS = 32;
const KEY_ID_CHARACTERS = 10;
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** A key's public id: `key_` and letters, digits or `_` (the demo keys' ids are `key_demo1` …). */
export const KEY_ID_PATTERN = /^key_[A-Za-z0-9_]{1,40}$/;
/** The longest grace period of a rolled key: 24 hours. */
export const ROLL_GRACE_MAX_SECONDS = 24 * 3600;
/** Keys an account holds at most, revoked and expired ones included (the oldest of those go first). */
export const KEYS_PER_ACCOUNT = 20;
/** Keys an account may have usable at once. */
export const USABLE_KEYS_PER_ACCOUNT = 10;

/** A key as stored: never the key itself. */
export interface ApiKeyRecord {
  id: string;
  /** SHA-256 of the key, hex. */
  digest: string;
  /** `hbs_test_…Ab3x`: enough for a person to recognise it, nothing to use it. */
  hint: string;
  /** ISO 8601, real time. */
  created_at: string;
  /** A rolled key works until then (real time); null: no end. */
  expires_at: string | null;
  revoked_at: string | null;
  /** The key that replaced it, when it was rolled. */
  rolled_to: string | null;
}

/** Text drawn uniformly from base62 (bytes 248–255 are skipped, so no character is likelier). */
function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte >= 248) continue;
      out += BASE62[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

export const keyDigest = (key: string): string => createHash('sha256').update(key, 'utf8').digest('hex');

/** Whether two digests (hex) are equal, in constant time. */
export function digestsMatch(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

export const newKeyId = (): string => `key_${randomBase62(KEY_ID_CHARACTERS)}`;

/** The hint of a key: its prefix (up to the random part) and its last four characters. */
export function keyHint(key: string): string {
  const prefix = key.startsWith(KEY_PREFIX) ? KEY_PREFIX : '';
  return key.length <= prefix.length + 8 ? key : `${prefix}…${key.slice(-4)}`;
}

/** A new key and its record, issued at `now` (real time); `id` when the caller drew one already. */
export function issueKey(now: Date, id = newKeyId()): { key: string; record: ApiKeyRecord } {
  const key = `${KEY_PREFIX}${randomBase62(KEY_RANDOM_CHARACTERS)}`;
  return { key, record: { id, digest: keyDigest(key), hint: keyHint(key), created_at: now.toISOString(), expires_at: null, revoked_at: null, rolled_to: null } };
}

/** Why a key does not authenticate at real time `nowMs` ('revoked', 'expired'), or undefined when it does. */
export function keyRefusal(record: ApiKeyRecord, nowMs: number): 'revoked' | 'expired' | undefined {
  if (record.revoked_at !== null) return 'revoked';
  if (record.expires_at !== null && Date.parse(record.expires_at) <= nowMs) return 'expired';
  return undefined;
}

export const keyUsable = (record: ApiKeyRecord, nowMs: number): boolean => keyRefusal(record, nowMs) === undefined;

/**
 * The keys after adding `added`: past KEYS_PER_ACCOUNT the oldest revoked or expired ones go (a
 * usable key never goes; the caller refuses a key past USABLE_KEYS_PER_ACCOUNT first).
 */
export function withKey(keys: readonly ApiKeyRecord[], added: ApiKeyRecord, nowMs: number): ApiKeyRecord[] {
  const kept = [...keys, added];
  for (let index = 0; kept.length > KEYS_PER_ACCOUNT && index < kept.length; ) {
    if (keyUsable(kept[index]!, nowMs)) index++;
    else kept.splice(index, 1);
  }
  return kept;
}
