import { startSandbox, type Sandbox } from 'hotel-sandbox';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createHotelClient, HotelApiError } from './client.js';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox?.stop());

it('gets 429 with Retry-After on the sixth search in a minute, and searches again after waiting that long', async () => {
  const { apikey } = sandbox.accounts[0]!;
  const client = createHotelClient({ baseUrl: sandbox.url, apikey });
  const checkin = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const checkout = new Date(Date.now() + 32 * 86_400_000).toISOString().slice(0, 10);
  const query = { location: 'Rotterdam', checkin, checkout };

  for (let i = 1; i <= 5; i += 1) expect((await client.search(query)).search_id, `search ${i}`).toBeTruthy();
  const limited = await client.search(query).catch((error: unknown) => error);
  expect(limited).toBeInstanceOf(HotelApiError);
  const { status, retryAfterSeconds, message } = limited as HotelApiError;
  expect(status).toBe(429);
  expect(message).toMatch(/rate limit/i);
  expect(Number.isInteger(retryAfterSeconds) && retryAfterSeconds! > 0).toBe(true);

  // Waiting Retry-After seconds, on the account's clock rather than the test's.
  await sandbox.control.POST('/clock', { body: { apikey, advance_seconds: retryAfterSeconds! } });
  expect((await client.search(query)).total_hotels).toBeGreaterThan(0);
});
