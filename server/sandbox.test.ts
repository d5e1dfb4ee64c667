/** startSandbox(): what a partner's test run embeds. */
import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startSandbox } from './sandbox.js';

/** true when something accepts a TCP connection on the URL's port. */
function accepts(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port) });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe('startSandbox', () => {
  it('serves the API and the typed control API on a free port, and stop() leaves nothing behind', async () => {
    const sandbox = await startSandbox();
    const [first] = sandbox.accounts;
    expect(sandbox.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(first).toMatchObject({ apikey: 'demo-key-1', first_name: 'Anna' });

    const { data: clock, error } = await sandbox.control.POST('/clock', { body: { apikey: 'demo-key-1', advance_seconds: 3600 } });
    expect(error).toBeUndefined();
    expect(clock?.offset_seconds).toBe(3600);

    const checkin = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
    const checkout = new Date(Date.now() + 42 * 86_400_000).toISOString().slice(0, 10);
    const search = await fetch(`${sandbox.url}/search.php`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ apikey: first?.apikey, checkin, checkout, location: 'Amsterdam' }),
    });
    expect(search.status).toBe(200);
    const body = (await search.json()) as { hotels: Array<{ rate: { service_hash: string } }> };
    const booking = await fetch(`${sandbox.url}/booking.php`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ apikey: first?.apikey, service_hash: body.hotels[0]?.rate.service_hash }),
    });
    const started = (await booking.json()) as { booking_url: string };
    expect(booking.status).toBe(200);
    expect(started.booking_url.startsWith(`${sandbox.url}/`)).toBe(true);

    await sandbox.stop();
    await sandbox.stop(); // idempotent
    expect(await accepts(sandbox.url)).toBe(false);
  });

  it('keeps its store in a given directory, which stop() leaves in place, and two run side by side', async () => {
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    // eslint-disable-next-line @typescript-eslint/unbound-method -- node:path's functions do not use `this`
    const { join } = await import('node:path');
    const dataDir = mkdtempSync(join(tmpdir(), 'sandbox-test-'));
    try {
      const [a, b] = await Promise.all([startSandbox({ dataDir }), startSandbox()]);
      expect(a.url).not.toBe(b.url);
      await Promise.all([a.stop(), b.stop()]);
      expect(existsSync(join(dataDir, 'db.json'))).toBe(true);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("answers a 429 with its own option as the way to a higher limit, not a support address", async () => {
    const sandbox = await startSandbox({ rateLimitPerMinute: 1 });
    try {
      const checkin = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
      const checkout = new Date(Date.now() + 42 * 86_400_000).toISOString().slice(0, 10);
      const search = () =>
        fetch(`${sandbox.url}/search.php`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ apikey: sandbox.accounts[0]?.apikey, checkin, checkout, location: 'Amsterdam' }),
        });
      expect((await search()).status).toBe(200);
      const limited = await search();
      expect(limited.status).toBe(429);
      const { error } = (await limited.json()) as { error: string };
      expect(error).toContain('startSandbox({ rateLimitPerMinute');
      expect(error).not.toContain('@');
    } finally {
      await sandbox.stop();
    }
  });

  it('slowMs sets the delay of Test: slow, and one outside 0 to 60000 is refused before anything starts', async () => {
    await expect(startSandbox({ slowMs: -1 })).rejects.toThrow(/slowMs must be a whole number of milliseconds from 0 to 60000/);
    const sandbox = await startSandbox({ slowMs: 120 });
    try {
      const started = performance.now();
      const answer = await fetch(`${sandbox.url}/booking_overview.php`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', Test: 'slow' },
        body: JSON.stringify({ apikey: 'demo-key-1' }),
      });
      const waited = performance.now() - started;
      expect(answer.status).toBe(200);
      expect(waited).toBeGreaterThanOrEqual(115);
      expect(waited).toBeLessThan(3_000);
    } finally {
      await sandbox.stop();
    }
  });

  it('sandbox.stubs.add is typed from the contract, refused stubs reject with the violations, and sandbox.verify reads the journal', async () => {
    const sandbox = await startSandbox();
    try {
      const stub = await sandbox.stubs.add({
        operation: 'getHotelDetails',
        match: { body: { id: 900001 } },
        times: 1,
        response: { status: 404, body: { error: 'Hotel not found (stubbed)' } },
      });
      expect(stub).toMatchObject({ id: 'stub_1', remaining: 1 });
      const hotel = await fetch(`${sandbox.url}/hotel.php`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ apikey: 'demo-key-1', id: 900001 }),
      });
      expect(hotel.status).toBe(404);
      expect(await hotel.json()).toEqual({ error: 'Hotel not found (stubbed)' });

      // @ts-expect-error -- 418 is no status getHotelDetails declares: only `nonconforming: true` may send it
      const undeclared = sandbox.stubs.add({ operation: 'getHotelDetails', response: { status: 418, body: { error: 'teapot' } } });
      await expect(undeclared).rejects.toThrow(/does not keep openapi.yaml/);
      // @ts-expect-error -- a 404's body is { error: string }
      const wrongBody = sandbox.stubs.add({ operation: 'getHotelDetails', response: { status: 404, body: { message: 'x' } } });
      await expect(wrongBody).rejects.toMatchObject({ status: 400, violations: expect.arrayContaining([expect.objectContaining({ path: expect.any(String) })]) as unknown });
      await expect(sandbox.stubs.add({ operation: 'getHotelDetails', response: { status: 418, body: 'teapot' }, nonconforming: true })).resolves.toMatchObject({ nonconforming: true });

      await new Promise((resolve) => setTimeout(resolve, 50)); // the journal entry is written after the answer
      await expect(sandbox.verify({ operation: 'getHotelDetails', body: { id: 900001 }, count: 1 })).resolves.toMatchObject({ ok: true, matched: 1 });
      const missed = await sandbox.verify({ operation: 'getHotelDetails', body: { id: 900002 } });
      expect(missed).toMatchObject({ ok: false, matched: 0 });
      expect(missed.closest[0]?.differences).toEqual([{ path: '/body/id', expected: 900002, actual: 900001 }]);
      await sandbox.stubs.reset();
      expect((await sandbox.stubs.list()).stubs).toEqual([]);
    } finally {
      await sandbox.stop();
    }
  });
});
