import { describe, expect, it } from 'vitest';
import { createContractValidator } from '../../../contract/validator.js';
import { judgeExchange } from './conformance.js';

const validator = createContractValidator();
const json = { 'content-type': 'application/json; charset=utf-8' };

describe('judgeExchange', () => {
  it('judges a scenario-caused answer against the scenario, not as a status the operation does not declare', () => {
    const error = { error: 'Simulated server error (Test header: server_error); the request was not processed.' };
    const call = { endpoint: '/booking.php', method: 'POST', requestBody: { apikey: 'demo-key-1234567890', service_hash: '72863-SUPSTEMLT-3-20270715-20270718-2' } };
    const without = judgeExchange(validator, { ...call, response: { status: 500, body: error, headers: json } });
    expect(without.response_valid).toBe(false); // 500 is no answer of booking.php ...
    const played = judgeExchange(validator, { ...call, scenario: 'server_error', response: { status: 500, body: error, headers: json } });
    expect(played).toEqual({ request_valid: true, response_valid: true, violations: [] }); // ... but the scenario's
    const limited = judgeExchange(validator, { ...call, scenario: 'rate_limited', response: { status: 429, body: { error: 'Too many' }, headers: { ...json, 'Retry-After': '10' } } });
    expect(limited.response_valid).toBe(true);
    // Still judged: a scenario answer that is not the documented one is flagged.
    const wrong = judgeExchange(validator, { ...call, scenario: 'rate_limited', response: { status: 500, body: 'oops', headers: json } });
    expect(wrong.response_valid).toBe(false);
    expect(wrong.violations.map((v) => v.path)).toEqual(['status', '/error', 'header:retry-after']);
    // A domain scenario is judged by the contract as usual.
    expect(judgeExchange(validator, { ...call, scenario: 'sold_out', response: { status: 500, body: error, headers: json } }).response_valid).toBe(false);
  });

  it('passes a conforming exchange', () => {
    const verdict = judgeExchange(validator, {
      endpoint: '/booking_overview.php',
      method: 'POST',
      requestBody: { apikey: 'demo-key-1234567890' },
      response: { status: 200, body: { status: 'ok', count: 0, bookings: [] }, headers: json },
    });
    expect(verdict).toEqual({ request_valid: true, response_valid: true, violations: [] });
  });

  it('names what is wrong on each side', () => {
    const verdict = judgeExchange(validator, {
      endpoint: '/retrieve_booking.php',
      method: 'POST',
      requestBody: { apikey: 'demo-key-1234567890', bookhash: 42 },
      response: { status: 200, body: { status: 'ok' }, headers: json },
    });
    expect(verdict.request_valid).toBe(false);
    expect(verdict.response_valid).toBe(false);
    expect(verdict.violations).toContainEqual(expect.objectContaining({ where: 'request', path: '/bookhash' }));
    expect(verdict.violations).toContainEqual(expect.objectContaining({ where: 'response', path: '/booking' }));
  });

  it('judges the Test header against the operation, exactly as the server does: another case is not conforming', () => {
    const call = { endpoint: '/booking_overview.php', method: 'POST', requestBody: { apikey: 'demo-key-1234567890' } };
    const refused = { status: 400, body: { error: "Unknown Test scenario 'SLOW'" }, headers: json };
    const upper = judgeExchange(validator, { ...call, requestHeaders: { test: 'SLOW' }, response: refused });
    expect(upper.request_valid).toBe(false);
    expect(upper.violations).toContainEqual(expect.objectContaining({ where: 'request', path: 'header:Test' }));
    // Not applicable to the endpoint: as refused as an unknown value.
    expect(judgeExchange(validator, { ...call, requestHeaders: { Test: 'payment_declined' }, response: refused }).request_valid).toBe(false);
    for (const value of ['slow', ' standard ']) {
      expect(judgeExchange(validator, { ...call, requestHeaders: { TEST: value } }).request_valid, value).toBe(true);
    }
  });

  it('flags a method other than POST, and judges no response when the client went away', () => {
    const verdict = judgeExchange(validator, { endpoint: '/search.php', method: 'GET', requestBody: null });
    expect(verdict).toEqual({
      request_valid: false,
      response_valid: true,
      violations: [{ where: 'request', path: '/method', message: 'GET is not an operation of the contract; use POST' }],
    });
  });
});
