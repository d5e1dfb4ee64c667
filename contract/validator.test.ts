import { describe, expect, it } from 'vitest';
import { CONTRACT_PATH, loadContract } from './document.js';
import { collectExamples } from './examples.js';
import { deref, pointer, resolvePointer } from './navigation.js';
import { listOperations } from './operations.js';
import { formatErrors, type ContractError, type ValidationResult } from './validationErrors.js';
import { createContractValidator } from './validator.js';

const doc = loadContract();
const contract = createContractValidator(doc);

function errorsOf(result: ValidationResult): ContractError[] {
  expect(result.ok).toBe(false);
  return result.ok ? [] : result.errors;
}

function example(name: string): unknown {
  return structuredClone(resolvePointer(doc, pointer('components', 'examples', name, 'value')));
}

describe('loadContract', () => {
  it('parses openapi.yaml once and returns the same frozen document', () => {
    expect(loadContract()).toBe(doc);
    expect(loadContract(CONTRACT_PATH)).toBe(doc);
    expect(doc.info.version).toBe('1.0.0');
    expect(Object.isFrozen(doc.components?.schemas)).toBe(true);
  });

  it('memoises the validator per document', () => {
    expect(createContractValidator()).toBe(contract);
    expect(contract.document).toBe(doc);
  });
});

describe('validateResponse', () => {
  it('accepts a valid example', () => {
    const result = contract.validateResponse('/search.php', 'post', 200, example('SearchResponseAmsterdam'));
    expect(result, formatErrors(result)).toEqual({ ok: true });
  });

  it('names the JSON path and the rule of a broken field', () => {
    const body = example('SearchResponseAmsterdam') as { hotels: Array<{ rate: { pricing: { total_price: string } } }> };
    body.hotels[0]!.rate.pricing.total_price = '412.5';
    const errors = errorsOf(contract.validateResponse('/search.php', 'post', 200, body));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({
      path: '/hotels/0/rate/pricing/total_price',
      rule: 'pattern "^[0-9]+(\\\\.[0-9]{2,3})?$"',
      schemaPath: '#/components/schemas/Money/pattern',
    });
    expect(formatErrors(errors)).toBe(
      '/hotels/0/rate/pricing/total_price: pattern "^[0-9]+(\\\\.[0-9]{2,3})?$" — must match pattern "^[0-9]+(\\.[0-9]{2,3})?$", got "412.5"',
    );
  });

  it('reports every error (allErrors), one line each', () => {
    const body = example('HotelResponseWithRooms') as Record<string, unknown> & { rooms: Array<Record<string, unknown>> };
    delete body.location;
    body.star_rating = 6;
    body.hotel_chain = 7;
    body.rooms[0]!.bathroom = 'Ensuite';
    body.rooms[0]!.extra = true; // HotelRoom does not forbid extra properties
    const errors = errorsOf(contract.validateResponse('/hotel.php', 'post', 200, body));
    expect(errors.map((e) => [e.path, e.rule])).toEqual(
      expect.arrayContaining([
        ['/location', 'required'],
        ['/star_rating', 'maximum 5'],
        ['/hotel_chain', 'type "string" nullable'],
        ['/rooms/0/bathroom', 'enum ["Private","Shared"]'],
      ]),
    );
    expect(errors).toHaveLength(4);
    expect(formatErrors(errors).split('\n')).toHaveLength(4);
  });

  it('accepts null where the contract says nullable and refuses it elsewhere', () => {
    const body = example('HotelResponseWithRooms') as Record<string, unknown>;
    body.times = null;
    body.hotel_chain = null;
    expect(contract.validateResponse('/hotel.php', 'post', 200, body).ok).toBe(true);
    body.name = null;
    expect(errorsOf(contract.validateResponse('/hotel.php', 'post', 200, body))).toMatchObject([{ path: '/name', rule: 'type "string"' }]);
  });

  it('checks formats (date, uri, email)', () => {
    const body = example('RetrieveConfirmed') as { booking: Record<string, unknown> };
    body.booking.arrival = '2026-02-30';
    body.booking.email = 'not an e-mail';
    const errors = errorsOf(contract.validateResponse('/retrieve_booking.php', 'post', 200, body));
    expect(errors.map((e) => [e.path, e.rule])).toEqual([
      ['/booking/arrival', 'format "date"'],
      ['/booking/email', 'format "email"'],
    ]);
  });

  it('fails for a status the operation does not declare', () => {
    const errors = errorsOf(contract.validateResponse('/booking_overview.php', 'post', 404, { error: 'Not found' }));
    expect(errors).toEqual([
      expect.objectContaining({ path: 'status', rule: 'status', message: expect.stringContaining('404 is not declared for POST /booking_overview.php') }),
    ]);
    expect(contract.matchStatus('/booking_overview.php', 'post', 404)).toBeUndefined();
    expect(contract.matchStatus('/search.php', 'POST', 429)).toBe('429');
  });

  it('validates error bodies against their own schema (the 409 needs status)', () => {
    expect(contract.validateResponse('/book/cancel.php', 'post', 409, { error: 'Already cancelled', status: 'already_cancelled' }).ok).toBe(true);
    expect(errorsOf(contract.validateResponse('/book/cancel.php', 'post', 409, { error: 'Already cancelled' }))).toMatchObject([
      { path: '/status', rule: 'required' },
    ]);
    expect(errorsOf(contract.validateResponse('/search.php', 'post', 400, { message: 'x' }))).toMatchObject([{ path: '/error', rule: 'required' }]);
  });

  it('fails a 429 without Retry-After, or with a non-integer one, when headers are given', () => {
    const body = { error: 'Rate limit exceeded: 5 requests per minute on search.php.' };
    // Without headers only the body is judged.
    expect(contract.validateResponse('/search.php', 'post', 429, body).ok).toBe(true);
    expect(errorsOf(contract.validateResponse('/search.php', 'post', 429, body, { 'content-type': 'application/json' }))).toEqual([
      { path: 'header:Retry-After', rule: 'required', message: 'required header Retry-After is missing' },
    ]);
    expect(errorsOf(contract.validateResponse('/hotel.php', 'post', 429, body, { 'Retry-After': 'soon' }))).toMatchObject([
      { path: 'header:Retry-After', rule: 'type "integer"' },
    ]);
    expect(errorsOf(contract.validateResponse('/hotel.php', 'post', 429, body, { 'retry-after': '0' }))).toMatchObject([
      { path: 'header:Retry-After', rule: 'minimum 1' },
    ]);
    expect(contract.validateResponse('/search.php', 'post', 429, body, { 'retry-after': '42' }).ok).toBe(true);
    expect(contract.validateResponse('/search.php', 'post', 429, body, new Headers({ 'Retry-After': '42' })).ok).toBe(true);
  });

  it('checks the 405 Allow header and the content type when headers are given', () => {
    const body = { error: 'Method GET not allowed; use POST' };
    expect(contract.validateResponse('/search.php', 'post', 405, body, { allow: 'POST', 'content-type': 'application/json; charset=utf-8' }).ok).toBe(true);
    expect(errorsOf(contract.validateResponse('/search.php', 'post', 405, body, { allow: 'GET' }))).toMatchObject([
      { path: 'header:Allow', rule: 'enum ["POST"]' },
    ]);
    expect(errorsOf(contract.validateResponse('/search.php', 'post', 405, body, { allow: 'POST', 'content-type': 'text/html' }))).toMatchObject([
      { path: 'header:Content-Type' },
    ]);
  });

  it('fails when a declared body is missing', () => {
    expect(errorsOf(contract.validateResponse('/booking.php', 'post', 200, undefined))).toMatchObject([{ path: '', rule: 'body' }]);
  });

  it('throws for an operation the contract does not have', () => {
    expect(() => contract.validateResponse('/nope.php', 'post', 200, {})).toThrow(/no operation POST \/nope.php/);
    expect(() => contract.validateResponse('/search.php', 'get', 200, {})).toThrow(/no operation GET \/search.php/);
  });
});

describe('validateRequest', () => {
  it('accepts a valid request and names unknown or missing fields', () => {
    expect(contract.validateRequest('/booking.php', 'post', { apikey: 'k', service_hash: '1-A-1-20261215-20261218-2' }).ok).toBe(true);
    const errors = errorsOf(contract.validateRequest('/booking.php', 'post', { apikey: 'k', servicehash: 'x' }));
    expect(errors.map((e) => [e.path, e.rule])).toEqual([
      ['/service_hash', 'required'],
      ['/servicehash', 'additionalProperties false'],
    ]);
  });

  it('applies bounds and item enums of search', () => {
    const errors = errorsOf(
      contract.validateRequest('/search.php', 'post', {
        apikey: 'k',
        checkin: '2026-12-15',
        checkout: '2026-12-18',
        location: 'Amsterdam',
        radius: 0,
        persons: 6,
        star_rating: [6],
        kind: ['Motel'],
        meal_type: ['allinclusive'],
      }),
    );
    expect(errors.map((e) => [e.path, e.rule.split(' ')[0]])).toEqual([
      ['/radius', 'minimum'],
      ['/persons', 'maximum'],
      ['/star_rating/0', 'maximum'],
      ['/kind/0', 'enum'],
      ['/meal_type/0', 'enum'],
    ]);
  });

  it('requires the body', () => {
    expect(errorsOf(contract.validateRequest('/booking_overview.php', 'post', undefined))).toMatchObject([{ rule: 'required' }]);
  });
});

describe('validateSchema and validatePointer', () => {
  it('validates against a named component', () => {
    expect(contract.validateSchema('Money', '12.00').ok).toBe(true);
    expect(errorsOf(contract.validateSchema('Bookhash', 'short'))).toMatchObject([{ path: '', rule: 'minLength 30' }]);
    expect(errorsOf(contract.validateSchema('ServiceHash', '4127-SUPDBL-5-20261215-20261218-2'))).toMatchObject([{ rule: expect.stringMatching(/^pattern /) }]);
    expect(() => contract.validateSchema('Nope', 1)).toThrow(/no schema components.schemas.Nope/);
  });

  it('validates against any schema node by pointer', () => {
    const taxes = pointer('components', 'schemas', 'Pricing', 'properties', 'taxes');
    expect(contract.validatePointer(taxes, null).ok).toBe(true);
    expect(contract.validatePointer(taxes, [{ name: 'city_tax', amount: '1.00', currency: 'EUR' }]).ok).toBe(true);
    expect(errorsOf(contract.validatePointer(taxes, [{ name: 'city_tax', amount: 1, currency: 'EUR' }]))).toMatchObject([{ path: '/0/amount' }]);
    expect(() => contract.validatePointer('#/components/schemas/Nope', 1)).toThrow(/No schema/);
  });
});

describe('document helpers', () => {
  it('lists the six POST operations with their statuses', () => {
    expect(listOperations(doc).map((o) => `${o.method} ${o.path} ${o.operationId}`)).toEqual([
      'post /search.php searchHotels',
      'post /hotel.php getHotelDetails',
      'post /booking.php startBooking',
      'post /booking_overview.php getBookingOverview',
      'post /retrieve_booking.php retrieveBooking',
      'post /book/cancel.php cancelBooking',
    ]);
    expect(contract.declaredStatuses('/book/cancel.php', 'post')).toEqual(['200', '400', '401', '403', '404', '405', '409', '413', '429', '502', '503']);
  });

  it('follows $refs to components', () => {
    const raw = resolvePointer(doc, '#/paths/~1search.php/post/responses/429');
    const { node, pointer: at } = deref(doc, raw, '#/paths/~1search.php/post/responses/429');
    expect(at).toBe('#/components/responses/TooManyRequests');
    expect(node).toHaveProperty('headers.Retry-After');
  });

  it('collects request and response examples, $refs followed', () => {
    const all = collectExamples(doc);
    const amsterdam = all.find((e) => e.path === '/search.php' && e.status === '200');
    expect(amsterdam).toMatchObject({ kind: 'response', name: 'byLocation', pointer: '#/components/examples/SearchResponseAmsterdam/value' });
    expect(all.filter((e) => e.kind === 'request').length).toBeGreaterThanOrEqual(6);
  });
});
