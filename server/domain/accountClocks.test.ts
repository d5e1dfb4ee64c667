import { describe, expect, it } from 'vitest';
import { FakeClock } from '../clock.js';
import { processStore } from '../testing/processStore.js';
import { AccountClocks } from './accountClocks.js';
import { place } from './timeline.js';

const T0 = Date.parse('2026-11-21T10:00:00Z');

describe('AccountClocks', () => {
  it('gives each account its own offset over the base clock', async () => {
    const base = new FakeClock('2026-11-21T10:00:00Z');
    const store = processStore();
    const clocks = new AccountClocks(base, store);
    await clocks.advance(1, 3600);
    await clocks.setOffset(2, Date.parse('2027-01-01T00:00:00Z') - base.now().getTime());
    expect((await clocks.clockOf(1)).now().toISOString()).toBe('2026-11-21T11:00:00.000Z');
    expect((await clocks.clockOf(2)).now().toISOString()).toBe('2027-01-01T00:00:00.000Z');
    expect((await clocks.clockOf(3)).now().toISOString()).toBe('2026-11-21T10:00:00.000Z');
    base.advance(5); // real time flows for every account
    expect((await clocks.clockOf(1)).now().toISOString()).toBe('2026-11-21T11:00:05.000Z');
    await store.resetAccount(1);
    expect((await clocks.clockOf(1)).offsetMs).toBe(0);
    expect((await clocks.clockOf(2)).now().toISOString()).toBe('2027-01-01T00:00:05.000Z');
    await store.reset();
    expect((await clocks.clockOf(2)).offsetMs).toBe(0);
  });

  it('places past base instants on the account timeline with the offset then in force', async () => {
    const base = new FakeClock(new Date(T0));
    const clocks = new AccountClocks(base, processStore());
    base.advance(10);
    await clocks.advance(1, 100); // from T0+10 s: +100 s
    base.advance(10);
    await clocks.advance(1, -30); // from T0+20 s: +70 s
    const timeline = await clocks.timelineOf(1);
    expect(place(timeline, T0) - T0).toBe(0);
    expect(place(timeline, T0 + 15_000) - T0).toBe(115_000);
    expect(place(timeline, T0 + 25_000) - T0).toBe(95_000);
    expect(place(await clocks.timelineOf(2), T0)).toBe(T0);
  });

  it('shares offsets and their history through the store: a second AccountClocks sees the first one\'s moves', async () => {
    const base = new FakeClock(new Date(T0));
    const store = processStore();
    const first = new AccountClocks(base, store);
    const second = new AccountClocks(base, store);
    base.advance(10);
    await first.advance(1, 100);
    expect((await second.clockOf(1)).offsetMs).toBe(100_000);
    base.advance(10);
    await second.advance(1, -30);
    const timeline = await first.timelineOf(1);
    expect(place(timeline, T0) - T0).toBe(0);
    expect(place(timeline, T0 + 15_000) - T0).toBe(115_000);
    expect(place(timeline, T0 + 25_000) - T0).toBe(95_000);
  });

  it('keeps a bounded history: the offset in force a day ago and the changes since', async () => {
    const base = new FakeClock(new Date(T0));
    const clocks = new AccountClocks(base, processStore());
    await clocks.advance(1, 5);
    base.advance(2 * 86_400);
    await clocks.advance(1, 5);
    const timeline = await clocks.timelineOf(1);
    expect(place(timeline, T0 - 1) - (T0 - 1)).toBe(5000); // the day-old offset stands for all before it
    expect(place(timeline, base.now().getTime()) - base.now().getTime()).toBe(10_000);
  });
});
