/**
 * A client's test against the hotel-sandbox container image, started by Testcontainers: a
 * GenericContainer of the image, port 3000 exposed, ready when GET /readyz answers 200; then the
 * booking flow (search, hotel details, booking start, payment through the control API, retrieve,
 * cancel) against the mapped port. Copy it into your project with this folder's package.json.
 *
 * HOTEL_IMAGE names the image: by default `hotel-sandbox`, the tag `docker build -t hotel-sandbox .`
 * gives it in a clone of the kit's repository (no registry holds the image until a release pushes it
 * to ghcr.io/<owner>/hotel-sandbox; then name that). Docker, or podman's Docker API (README.md here).
 */
import { existsSync } from 'node:fs';
import { GenericContainer, Wait, type StartedTestContainer } from 'testcontainers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const IMAGE = process.env.HOTEL_IMAGE ?? 'hotel-sandbox';
const APIKEY = 'demo-key-1';
const noDocker = !process.env.DOCKER_HOST && !existsSync('/var/run/docker.sock');
if (noDocker && process.env.CI === 'true') throw new Error('No Docker API (set DOCKER_HOST): the Testcontainers example cannot run in CI');

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response JSON off the wire; the test asserts its shape
type Json = Record<string, any>;

describe.skipIf(noDocker)('hotel-sandbox under Testcontainers', () => {
  let sandbox: StartedTestContainer;
  let baseUrl: string;

  beforeAll(async () => {
    sandbox = await new GenericContainer(IMAGE)
      .withExposedPorts(3000)
      .withEnvironment({ LOG_LEVEL: 'warn' })
      .withWaitStrategy(Wait.forHttp('/readyz', 3000).forStatusCode(200))
      .withStartupTimeout(120_000)
      .start();
    baseUrl = `http://${sandbox.getHost()}:${sandbox.getMappedPort(3000)}`;
  }, 180_000);

  afterAll(async () => {
    await sandbox?.stop();
  });

  async function post(path: string, body: Json): Promise<{ status: number; body: Json }> {
    const response = await fetch(baseUrl + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: response.status, body: (await response.json()) as Json };
  }

  it('books, pays, retrieves and cancels a refundable rate', async () => {
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const stay = { checkin: day(30), checkout: day(32) };
    const search = await post('/search.php', { apikey: APIKEY, location: 'Amsterdam', ...stay });
    expect(search.status).toBe(200);

    let serviceHash: string | undefined;
    for (const hotel of search.body.hotels.slice(0, 4)) {
      const details = await post('/hotel.php', { apikey: APIKEY, id: hotel.id, search_id: search.body.search_id });
      expect(details.status).toBe(200);
      serviceHash = details.body.rooms?.flatMap((room: Json) => room.rates).find((rate: Json) => rate.refundable)?.service_hash;
      if (serviceHash) break;
    }
    expect(serviceHash).toBeDefined();

    const booking = await post('/booking.php', { apikey: APIKEY, service_hash: serviceHash });
    expect(booking.status).toBe(200);
    // booking_url names the container's PUBLIC_URL; a test pays through the control API instead.
    const bookhash = new URL(booking.body.booking_url).searchParams.get('bookhash');
    expect((await post('/_control/pay', { apikey: APIKEY, bookhash, outcome: 'success' })).status).toBe(200);

    const retrieved = await post('/retrieve_booking.php', { apikey: APIKEY, bookhash });
    expect(retrieved.body.booking.status).toBe('booking_confirmed');
    const cancelled = await post('/book/cancel.php', { apikey: APIKEY, bookhash });
    expect(cancelled).toEqual({ status: 200, body: expect.objectContaining({ status: 'cancelled', bookhash }) });
  }, 120_000);

  it('a stub: the booking call meets a reset connection once, the retry books (verified from the journal)', async () => {
    // As WireMock's Fault.CONNECTION_RESET_BY_PEER, on this account only; the sandbox refuses a stub
    // whose answer breaks the contract, but faults are transport and always allowed.
    await post('/_control/stubs/reset', { apikey: APIKEY });
    const stub = await post('/_control/stubs/add', { apikey: APIKEY, operation: 'getBookingOverview', fault: 'connection_reset', times: 1 });
    expect(stub.status).toBe(201);
    await expect(post('/booking_overview.php', { apikey: APIKEY })).rejects.toThrow(); // the client sees the reset
    expect((await post('/booking_overview.php', { apikey: APIKEY })).status).toBe(200); // the retry gets the ordinary answer
    await new Promise((resolve) => setTimeout(resolve, 200)); // journal entries are written after the answer
    const verified = await post('/_control/verify', { apikey: APIKEY, operation: 'getBookingOverview', count: 2 });
    expect(verified.body).toMatchObject({ ok: true, matched: 2 });
  }, 60_000);
});
