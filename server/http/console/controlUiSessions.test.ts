import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../clock.js';
import { ConsoleSessions, MAX_SESSIONS, SESSION_IDLE_MS, SESSION_MAX_MS } from './controlUiSessions.js';

describe('console sessions', () => {
  it('maps an opaque random id to the account, with its own CSRF token', () => {
    const sessions = new ConsoleSessions(new FakeClock());
    const a = sessions.open(1);
    const b = sessions.open(1);
    expect(a.id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a.id).not.toBe(b.id);
    expect(a.csrfToken).not.toBe(b.csrfToken);
    expect(sessions.find(a.id)?.accountId).toBe(1);
    expect(sessions.find('unknown')).toBeUndefined();
    expect(sessions.find(undefined)).toBeUndefined();
    expect(ConsoleSessions.csrfMatches(a, a.csrfToken)).toBe(true);
    for (const wrong of [b.csrfToken, '', undefined, ['x'], a.id]) expect(ConsoleSessions.csrfMatches(a, wrong)).toBe(false);
  });

  it('ends after an idle hour, after eight hours in any case, and on close', () => {
    const clock = new FakeClock();
    const sessions = new ConsoleSessions(clock);
    const idle = sessions.open(1);
    const busy = sessions.open(2);
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
    const closed = sessions.open(3);
    sessions.close(closed.id);
    expect(sessions.find(closed.id)).toBeUndefined();
  });

  it('keeps at most MAX_SESSIONS, dropping the oldest', () => {
    const sessions = new ConsoleSessions(new FakeClock());
    const first = sessions.open(1);
    for (let i = 0; i < MAX_SESSIONS; i++) sessions.open(2);
    expect(sessions.size).toBe(MAX_SESSIONS);
    expect(sessions.find(first.id)).toBeUndefined();
  });
});
