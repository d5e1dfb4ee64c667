/**
 * The kit reads the contract's OpenAPI links (kit/links.ts, checks/links.ts): it lists them,
 * evaluates their runtime expressions, walks every link from search outward against the reference
 * server, walks an operation that only an in-memory copy of the contract has (no new code), fails
 * when that operation's answer breaks its schema, and catches the mutant whose overview lists an
 * unpaid booking.
 */
import type { RequestHandler } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkWalkCheck } from './checks/links.js';
import { loadContract, type OpenApiDocument } from '../contract/document.js';
import { contractLinks, fillLink, fillValue, operationById, type LinkSource } from './kit/links.js';
import { runConformance } from './kit/runner.js';
import type { RunReport } from './kit/types.js';
import { MUTANTS } from './testing/mutants/index.js';
import { runAgainstWrapped } from './testing/support/runAgainst.js';
import { startReferenceServer, type RunningServer } from './testing/support/referenceServer.js';

const CHECK = 'links.walk.from-search';

const source = (requestBody: unknown, responseBody: unknown, headers: Record<string, string> = {}): LinkSource => ({
  method: 'POST',
  url: 'http://127.0.0.1/search.php?x=1',
  request: { headers: { 'content-type': 'application/json' }, body: requestBody },
  response: { status: 200, headers: new Headers(headers), body: responseBody },
});

describe('links of openapi.yaml', () => {
  it('lists every link of the contract: search → hotel details, booking start; booking start → overview; overview → retrieve, cancel', () => {
    const links = contractLinks(loadContract()).map((l) => `${l.from} ${l.status} ${l.name} → ${l.to}`);
    expect(links).toEqual([
      'searchHotels 200 hotelDetails → getHotelDetails',
      'searchHotels 200 startBooking → startBooking',
      'startBooking 200 bookingOverview → getBookingOverview',
      'getBookingOverview 200 retrieveBooking → retrieveBooking',
      'getBookingOverview 200 cancelBooking → cancelBooking',
    ]);
  });

  it('fills a link from an exchange: whole expressions keep their type, embedded ones interpolate, a missing value is named', () => {
    const contract = loadContract();
    const link = contractLinks(contract).find((l) => l.name === 'hotelDetails');
    const target = operationById(contract, 'getHotelDetails');
    expect(link && target).toBeTruthy();
    const filled = fillLink(link!, target!, source({ apikey: 'k1' }, { search_id: 's-1', hotels: [{ id: 42 }] }));
    expect(filled).toEqual({ body: { apikey: 'k1', id: 42, search_id: 's-1' }, headers: {}, query: {}, missing: [] });

    const missing: string[] = [];
    const from = source({ apikey: 'k1' }, { hotels: [] }, { 'Retry-After': '7' });
    expect(fillValue({ id: '{$response.body#/hotels/0/id}', note: 'wait {$response.header.Retry-After} s, status {$statusCode}', m: '$method', q: '{$request.query.x}' }, from, missing)).toEqual({
      id: undefined,
      note: 'wait 7 s, status 200',
      m: 'POST',
      q: '1',
    });
    expect(missing).toEqual(['$response.body#/hotels/0/id']);
    expect(fillValue('{$response.body#/a~1b/c~0d}', source({}, { 'a/b': { 'c~d': true } }), [])).toBe(true);
    expect(() => fillValue('{$response.nonsense}', source({}, {}), [])).toThrow(/unsupported runtime expression/);
  });
});

/** openapi.yaml with one more operation, reached only by a link from the overview. */
function contractWithStatusOperation(): OpenApiDocument {
  const doc = structuredClone<OpenApiDocument>(loadContract());
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a hand-built OpenAPI fragment, written field by field
  const paths = doc.paths as Record<string, any>;
  paths['/booking_status.php'] = {
    post: {
      operationId: 'getBookingStatus',
      description: 'A newer operation: the status of one booking.',
      requestBody: {
        required: true,
        content: { 'application/json': { schema: { type: 'object', required: ['apikey', 'bookhash'], properties: { apikey: { type: 'string' }, bookhash: { type: 'string' } } } } },
      },
      responses: {
        '200': {
          description: 'The status',
          content: {
            'application/json': {
              schema: { type: 'object', required: ['bookhash', 'status'], additionalProperties: false, properties: { bookhash: { type: 'string', pattern: '^[A-Za-z0-9]{30}$' }, status: { type: 'string' } } },
            },
          },
        },
      },
    },
  };
  paths['/booking_overview.php'].post.responses['200'].links.bookingStatus = {
    operationId: 'getBookingStatus',
    requestBody: { apikey: '{$request.body#/apikey}', bookhash: '{$response.body#/bookings/0/bookhash}' },
  };
  return doc;
}

/** The new operation on the server: in front of the reference app (test-only), as `answer` says. */
function statusOperation(answer: (bookhash: unknown) => unknown, seen: unknown[]): RequestHandler {
  return (req, res, next) => {
    if (req.path !== '/booking_status.php') return next();
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (text += chunk));
    req.on('end', () => {
      const body = JSON.parse(text) as { bookhash?: unknown };
      seen.push(body);
      res.status(200).json(answer(body.bookhash));
    });
  };
}

describe('the link walk (check links.walk.from-search)', () => {
  let server: RunningServer;
  const seen: unknown[] = [];
  let broken = false;
  beforeAll(async () => {
    server = await startReferenceServer({
      front: () => [statusOperation((bookhash) => (broken ? { bookhash, status: 'booking_cancelled', extra: 1 } : { bookhash, status: 'booking_cancelled' }), seen)],
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  const run = (only: string[], catalogue?: Parameters<typeof runConformance>[0]['catalogue']): Promise<RunReport> =>
    runConformance({ baseUrl: server.url, apikey: 'demo-key-1', control: server.url, profile: 'spec', only, timeoutMs: 15_000, ...(catalogue ? { catalogue } : {}) });

  it('walks every link of openapi.yaml from search against the reference server, each answered 2xx and conforming', async () => {
    const report = await run([CHECK]);
    const result = report.results.find((r) => r.id === CHECK);
    expect(result?.status, result?.message).toBe('passed');
    expect(result?.message).toMatch(/walked 5 links: searchHotels → getHotelDetails 200, searchHotels → startBooking 200, startBooking → getBookingOverview 200, getBookingOverview → retrieveBooking 200, getBookingOverview → cancelBooking 200/);
    expect(seen).toEqual([]);
  }, 60_000);

  it('walks an operation that only the contract knows (a link added to an in-memory copy), with no new code; fails when its answer breaks its schema', async () => {
    const check = { ...linkWalkCheck(contractWithStatusOperation()), group: 'links' };
    const report = await run([CHECK], [check]);
    const result = report.results.find((r) => r.id === CHECK);
    expect(result?.status, result?.message).toBe('passed');
    expect(result?.message).toMatch(/walked 6 links: .*getBookingOverview → getBookingStatus 200/);
    expect(report.requestsPerEndpoint['other-operation']).toBe(1);
    expect(seen).toEqual([{ apikey: 'demo-key-1', bookhash: expect.stringMatching(/^[A-Za-z0-9]{30}$/) }]);

    broken = true;
    const failed = (await run([CHECK], [check])).results.find((r) => r.id === CHECK);
    expect(failed?.status).toBe('failed');
    expect(failed?.message).toMatch(/getBookingOverview → getBookingStatus \(link bookingStatus\): 200 — .*extra/);
  }, 90_000);

  it('catches the mutant whose overview lists a booking no payment was attempted for (the cancel link then gets 409)', async () => {
    const mutant = MUTANTS.find((m) => m.id === 'state.overview-lists-processing');
    expect(mutant?.caughtBy).toContain(CHECK);
    const report = await runAgainstWrapped(mutant!, 'spec', [CHECK]);
    const result = report.results.find((r) => r.id === CHECK);
    expect(result?.status).toBe('failed');
    expect(result?.message).toMatch(/getBookingOverview → cancelBooking \(link cancelBooking\): 409/);
  }, 60_000);
});
