import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../clock.js';
import { ADMIN_SESSION, ConsoleSessions, MAX_ADMIN_SESSIONS, MAX_SESSIONS, MAX_SESSIONS_PER_ACCOUNT, MAX_SESSIONS_PER_ADDRESS, SESSION_IDLE_MS, SESSION_MAX_MS } from './controlUiSessions.js';

describe('console sessions', () => {
  it('maps an opaque random id to the account, with its own CSRF token', () => {
    const sessions = new ConsoleSessions(new FakeClock());
    const a = sessions.open(1, 'key_a', '10.0.0.1');
    const b = sessions.open(1, 'key_a', '10.0.0.1');
    expect(a.id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a.id).not.toBe(b.id);
    expect(a.csrfToken).not.toBe(b.csrfToken);
    expect(sessions.find(a.id)).toMatchObject({ accountId: 1, keyId: 'key_a' });
    expect(sessions.find('unknown')).toBeUndefined();
    expect(sessions.find(undefined)).toBeUndefined();
    expect(ConsoleSessions.csrfMatches(a, a.csrfToken)).toBe(true);
    for (const wrong of [b.csrfToken, '', undefined, ['x'], a.id]) expect(ConsoleSessions.csrfMatches(a, wrong)).toBe(false);
  });

  it('ends after an idle hour, after eight hours in any case, and on close', () => {
    const clock = new FakeClock();
    const sessions = new ConsoleSessions(clock);
    const idle = sessions.open(1, null, 'a');
    const busy = sessions.open(2, null, 'a');
    clock.advance(SESSION_IDLE_MS / 1000 - 1);
    expect(sessions.find(busy.id)).toBeDefined();
    clock.advance(2);
    expect(sessions.find(idle.id)).toBeUndefined();
    for (let hour = 1; hour < SESSION_MAX_MS / SESSION_IDLE_MS; hour++) {
      clock.advance(SESSION_IDLE_MS / 1000 - 10);
      expect(sessions.find(busy.id), `hour ${hour}`).toBeDefined();
    }
    clock.advance(SESSION_IDLE_MS / 1000 - 10);
    expect(sessions.find(busy.id)).toBeUndefined();
    const closed = sessions.open(3, null, 'a');
    sessions.close(closed.id);
    expect(sessions.find(closed.id)).toBeUndefined();
  });

  it('evicts within the same account: signing in with a public key again and again signs out nobody else (finding 8)', () => {
    const sessions = new ConsoleSessions(new FakeClock());
    const others = [sessions.open(2, 'key_b', '10.0.0.2'), sessions.open(3, 'key_c', '10.0.0.3')];
    const firstOfOne = sessions.open(1, 'key_a', '10.0.0.9');
    for (let i = 0; i < 5 * MAX_SESSIONS_PER_ACCOUNT; i++) sessions.open(1, 'key_a', `10.1.${i >> 8}.${i & 255}`);
    expect(sessions.sessionsOf(1)).toBe(MAX_SESSIONS_PER_ACCOUNT);
    expect(sessions.find(firstOfOne.id)).toBeUndefined();
    for (const other of others) expect(sessions.find(other.id)).toBeDefined();
  });

  it('caps one account\'s sessions from one address, evicting only that account\'s oldest there: never another tenant\'s behind the same NAT, nor the admin\'s (finding 5)', () => {
    const sessions = new ConsoleSessions(new FakeClock());
    const nat = '10.0.0.66';
    const admin = sessions.open(ADMIN_SESSION, null, nat);
    const neighbour = sessions.open(2, 'key_b', nat);
    const elsewhere = sessions.open(1, 'key_a', '10.0.0.1');
    const first = sessions.open(1, 'key_a', nat);
    for (let i = 0; i < 3 * MAX_SESSIONS_PER_ADDRESS; i++) sessions.open(1, 'key_a', nat);
    expect(sessions.find(first.id)).toBeUndefined();
    for (const kept of [admin, neighbour, elsewhere]) expect(sessions.find(kept.id)).toBeDefined();
    expect(sessions.sessionsOf(1)).toBe(MAX_SESSIONS_PER_ADDRESS + 1);
  });

  it('keeps the admin\'s sessions apart: capped on their own, never evicted by partners\' sessions', () => {
    const sessions = new ConsoleSessions(new FakeClock());
    const admins = Array.from({ length: MAX_ADMIN_SESSIONS }, (_, i) => sessions.open(ADMIN_SESSION, null, `10.2.0.${i}`));
    for (let account = 1; account <= 50; account++) for (let i = 0; i < MAX_SESSIONS_PER_ACCOUNT; i++) sessions.open(account, 'k', `10.3.${account}.${i}`);
    for (const admin of admins) expect(sessions.find(admin.id)).toBeDefined();
    sessions.open(ADMIN_SESSION, null, '10.2.1.1');
    expect(sessions.sessionsOf(ADMIN_SESSION)).toBe(MAX_ADMIN_SESSIONS);
    expect(sessions.find(admins[0]!.id)).toBeUndefined();
  });

  it('past MAX_SESSIONS over all, the account holding the most loses its oldest', () => {
    const sessions = new ConsoleSessions(new FakeClock());
    const small = sessions.open(1, null, 'x');
    let n = 0;
    for (let account = 2; sessions.size < MAX_SESSIONS; account++) {
      for (let i = 0; i < (account === 2 ? MAX_SESSIONS_PER_ACCOUNT : 2) && sessions.size < MAX_SESSIONS; i++) sessions.open(account, null, `a${n++}`);
    }
    expect(sessions.sessionsOf(2)).toBe(MAX_SESSIONS_PER_ACCOUNT);
    sessions.open(99_999, null, 'new');
    expect(sessions.size).toBe(MAX_SESSIONS);
    expect(sessions.sessionsOf(2)).toBe(MAX_SESSIONS_PER_ACCOUNT - 1);
    expect(sessions.find(small.id)).toBeDefined();
  });

  it('closes every session of an account at once', () => {
    const sessions = new ConsoleSessions(new FakeClock());
    const mine = [sessions.open(1, 'k', 'a'), sessions.open(1, 'k', 'b')];
    const theirs = sessions.open(2, 'k2', 'a');
    sessions.closeAccount(1);
    for (const session of mine) expect(sessions.find(session.id)).toBeUndefined();
    expect(sessions.find(theirs.id)).toBeDefined();
  });
});
