/**
 * nosniff on every answer, HSTS when PUBLIC_URL is https (finding 9 of issue 35).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/testServer.js';
import { HSTS_VALUE } from './securityHeaders.js';

const PROBES: Array<[string, RequestInit]> = [
  ['/openapi.yaml', {}],
  ['/openapi.json', {}],
  ['/metrics', {}],
  ['/no/such/path', {}],
  ['/search.php', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"apikey":"demo-key-1"}' }],
  ['/search.php', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'x' }],
  ['/_control/ui', {}],
  ['/_control/scenarios', {}],
];

describe('security headers', () => {
  let plain: TestServer;
  let https: TestServer;
  beforeAll(async () => {
    plain = await startTestServer();
    https = await startTestServer({ config: { publicUrl: 'https://sandbox.example' } });
  });
  afterAll(async () => {
    await plain.close();
    await https.close();
  });

  it('sends X-Content-Type-Options: nosniff on every answer, and no HSTS over http', async () => {
    for (const [path, init] of PROBES) {
      const answer = await plain.request(path, init);
      expect(answer.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(answer.headers.get('strict-transport-security'), path).toBeNull();
    }
  });

  it('sends Strict-Transport-Security on every answer when PUBLIC_URL is https', async () => {
    for (const [path, init] of PROBES) {
      const answer = await https.request(path, init);
      expect(answer.headers.get('strict-transport-security'), path).toBe(HSTS_VALUE);
      expect(answer.headers.get('x-content-type-options'), path).toBe('nosniff');
    }
  });
});
