import { describe, expect, it } from 'vitest';
import { createContractValidator } from '../../../conformance/contract/schema.js';
import { judgeExchange } from './conformance.js';

const validator = createContractValidator();
const json = { 'content-type': 'application/json; charset=utf-8' };

describe('judgeExchange', () => {
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

  it('flags a method other than POST, and judges no response when the client went away', () => {
    const verdict = judgeExchange(validator, { endpoint: '/search.php', method: 'GET', requestBody: null });
    expect(verdict).toEqual({
      request_valid: false,
      response_valid: true,
      violations: [{ where: 'request', path: '/method', message: 'GET is not an operation of the contract; use POST' }],
    });
  });
});
