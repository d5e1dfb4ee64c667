/**
 * The sandbox's `Test` request header is a sandbox extension (openapi.yaml, TestScenario): a
 * production implementation ignores it, so the conformance kit must never send it, or it would
 * judge the reference server's scenarios instead of its ordinary behaviour.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './kit/client.js';
import { SleepingClock } from './kit/clock.js';
import { SlidingWindowScheduler, specLimits } from './kit/limiter.js';
import { API_PATHS } from './kit/types.js';

describe('the conformance kit never sends the Test header', () => {
  const seen: IncomingHttpHeaders[] = [];
  const server = createServer((req, res) => {
    seen.push(req.headers);
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
  });
  let baseUrl = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('in any request of its client: typed posts, raw requests and the finalization page', async () => {
    const api = new ApiClient({
      baseUrl,
      clock: new SleepingClock(),
      scheduler: new SlidingWindowScheduler(specLimits(100, 1000), 0),
      timeoutMs: 2000,
    });
    for (const path of API_PATHS) await api.postUnchecked(path, { apikey: 'demo-key-1' });
    await api.raw({ path: '/search.php', method: 'GET' });
    await api.page(`${baseUrl}/book/finalize?bookhash=x`);
    expect(seen.length).toBe(API_PATHS.length + 2);
    for (const headers of seen) expect(Object.keys(headers)).not.toContain('test');
  });

  it('in any check: no kit source names a Test header', () => {
    const root = fileURLToPath(new URL('.', import.meta.url));
    const sources = (readdirSync(root, { recursive: true }) as string[])
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .map((file) => join(root, file));
    expect(sources.length).toBeGreaterThan(10);
    for (const file of sources) {
      expect(readFileSync(file, 'utf8'), file).not.toMatch(/['"]?\btest['"]?\s*:\s*['"`]/i);
    }
  });
});
