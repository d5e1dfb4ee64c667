import { describe, expect, it } from 'vitest';
import { exchangeRecord, type Exchange } from './recorder.js';

const exchange = (requestBody: unknown): Exchange => ({
  endpoint: '/search.php',
  method: 'POST',
  url: 'http://127.0.0.1:1/search.php',
  requestBody,
  status: 400,
  headers: new Headers(),
  text: '{"error":"x"}',
  json: { error: 'x' },
  data: undefined,
  ms: 1,
  schemaErrors: [],
  notes: [],
});

describe('exchangeRecord', () => {
  it('never puts a real API key into a report', () => {
    const record = exchangeRecord(exchange({ apikey: 'partner-secret-key', location: 'Amsterdam' }));
    expect(record.requestBody).not.toContain('partner-secret-key');
    expect(JSON.parse(record.requestBody as string)).toEqual({ apikey: '***', location: 'Amsterdam' });
  });

  it('shows empty, missing and non-string keys as sent, since the auth checks are about them', () => {
    expect(JSON.parse(exchangeRecord(exchange({ apikey: '' })).requestBody as string)).toEqual({ apikey: '' });
    expect(JSON.parse(exchangeRecord(exchange({ apikey: 42 })).requestBody as string)).toEqual({ apikey: 42 });
    expect(JSON.parse(exchangeRecord(exchange({ location: 'x' })).requestBody as string)).toEqual({ location: 'x' });
  });
});
