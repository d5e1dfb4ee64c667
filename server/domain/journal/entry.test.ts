import { describe, expect, it } from 'vitest';
import { JOURNAL_REQUEST_BODY_BYTES, JOURNAL_RESPONSE_BODY_BYTES, NOT_RECORDED, REDACTED, buildEntry, type ObservedExchange } from './entry.js';

const KEY = 'secret-key-42';

function observed(overrides: Partial<ObservedExchange['request']> = {}, extra: Partial<ObservedExchange> = {}): ObservedExchange {
  return {
    id: 7,
    at: '2026-12-01T10:00:00.000Z',
    clientAddress: '10.0.0.1',
    request: { method: 'post', url: '/search.php', headers: { 'Content-Type': 'application/json' }, body: { apikey: KEY, location: 'Paris' }, ...overrides },
    response: { status: 200, headers: { 'Content-Type': 'application/json', 'Retry-After': 30 }, body: { search_id: 's' } },
    durationMs: 12.6,
    ...extra,
  };
}

describe('buildEntry', () => {
  it('records the exchange with the key replaced and the facts certification reads', () => {
    const entry = buildEntry(observed());
    expect(entry).toEqual({
      id: 7,
      at: '2026-12-01T10:00:00.000Z',
      client_address: '10.0.0.1',
      endpoint: '/search.php',
      key_location: 'body',
      request: { method: 'POST', path: '/search.php', headers: { 'content-type': 'application/json' }, query: {}, body: { apikey: REDACTED, location: 'Paris' } },
      response: { status: 200, headers: { 'content-type': 'application/json', 'retry-after': '30' }, body: { search_id: 's' } },
      duration_ms: 13,
      conformance: { request_valid: true, response_valid: true, violations: [] },
      scenario: null,
      key_id: null,
    });
  });

  it('keeps the values of allow-listed request headers only: credentials a client sends by mistake never (finding 1)', () => {
    const secrets = {
      Cookie: 'session=abc123', 'Proxy-Authorization': 'Basic dXNlcjpwYXNz', 'X-Amz-Security-Token': 'FwoGZXIvYXdzEJr',
      'X-Goog-Iap-Jwt-Assertion': 'eyJhbGciOi', 'X-CSRF-Token': 'csrf-7f3a9q', Forwarded: 'for=10.1.2.3',
    };
    const entry = buildEntry(observed({ headers: { ...secrets, 'User-Agent': 'partner-client/1.2', Test: 'slow', 'Idempotency-Key': 'k-1', 'X-Api-Key': 'nope' } }, { keyId: 'key_abc' }));
    for (const name of Object.keys(secrets)) expect(entry.request.headers[name.toLowerCase()]).toBe(NOT_RECORDED);
    for (const value of Object.values(secrets)) expect(JSON.stringify(entry)).not.toContain(value);
    expect(entry.request.headers).toMatchObject({ 'user-agent': 'partner-client/1.2', test: 'slow', 'idempotency-key': 'k-1', 'x-api-key': REDACTED });
    expect(entry.key_location).toBe('header');
    expect(entry.key_id).toBe('key_abc');
  });

  it('keeps at most its bound of a body, marked cut with the size it had (finding 4)', () => {
    const big = { apikey: KEY, location: 'x'.repeat(64 * 1024) };
    const entry = buildEntry(observed({ body: big }, { response: { status: 200, headers: {}, body: { text: 'y'.repeat(200_000) } } }));
    const requestBody = entry.request.body as string;
    expect(typeof requestBody).toBe('string');
    expect(requestBody).toMatch(/… \[cut by the journal: 655\d\d bytes, the first 8192 characters kept\]$/);
    expect(requestBody.length).toBeLessThan(JOURNAL_REQUEST_BODY_BYTES + 100);
    expect(requestBody).not.toContain(KEY);
    expect((entry.response.body as string).length).toBeLessThan(JOURNAL_RESPONSE_BODY_BYTES + 100);
    expect(buildEntry(observed()).request.body).toEqual({ apikey: REDACTED, location: 'Paris' });
  });

  it.each([
    { where: 'header', request: { headers: { 'X-Api-Key': KEY } } },
    { where: 'header', request: { headers: { 'X-Custom': `token ${KEY}` } } },
    { where: 'query', request: { url: `/search.php?apikey=${KEY}&x=1` } },
    { where: 'query', request: { url: '/search.php', query: { token: KEY } } },
  ])('notices the key in a $where and never keeps it', ({ where, request }) => {
    const entry = buildEntry(observed(request));
    expect(entry.key_location).toBe(where);
    expect(JSON.stringify(entry)).not.toContain(KEY);
    expect(entry.request.path).toBe('/search.php');
  });

  it('hides a known key sent only in a header, and in a non-JSON body or the response', () => {
    const entry = buildEntry(
      observed({ headers: { authorization: `Bearer ${KEY}` }, body: `apikey=${KEY}` }, { secrets: [KEY], response: { status: 400, headers: {}, body: `echo ${KEY}` } }),
    );
    expect(entry.key_location).toBe('header');
    expect(entry.request.body).toBe(`apikey=${REDACTED}`);
    expect(JSON.stringify(entry)).not.toContain(KEY);
  });

  it('says missing when there is no key, and keeps raw and empty bodies', () => {
    expect(buildEntry(observed({ body: '{not json' })).key_location).toBe('missing');
    expect(buildEntry(observed({ body: '{not json' })).request.body).toBe('{not json');
    expect(buildEntry(observed({ body: Buffer.from('') })).request.body).toBeNull();
    expect(buildEntry(observed({ body: { apikey: '' } })).key_location).toBe('missing');
  });

  it('keeps the conformance verdict and the scenario it is given', () => {
    const conformance = { request_valid: false, response_valid: true, violations: [{ where: 'request' as const, path: '/body/checkin', message: 'must match format "date"' }] };
    const entry = buildEntry(observed({}, { conformance, scenario: 'slow' }));
    expect(entry.conformance).toEqual(conformance);
    expect(entry.scenario).toBe('slow');
  });
});

describe('a frozen response body (a cached answer)', () => {
  it('has one redacted, frozen journal form per set of secrets, shared by the entries that show it', () => {
    const body = Object.freeze({ note: `key ${KEY} echoed`, apikey: KEY });
    const first = buildEntry(observed({}, { response: { status: 200, headers: {}, body } }));
    const second = buildEntry(observed({}, { response: { status: 200, headers: {}, body } }));
    expect(first.response.body).toEqual({ note: `key ${REDACTED} echoed`, apikey: REDACTED });
    expect(second.response.body).toBe(first.response.body);
    expect(Object.isFrozen(first.response.body)).toBe(true);
    const otherSecrets = buildEntry(observed({ body: { apikey: 'other-key' } }, { response: { status: 200, headers: {}, body } }));
    expect(otherSecrets.response.body).not.toBe(first.response.body);
    expect(otherSecrets.response.body).toEqual({ note: `key ${KEY} echoed`, apikey: REDACTED });
  });
});
