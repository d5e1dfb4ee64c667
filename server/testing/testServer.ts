/**
 * Test harness: an in-process app on 127.0.0.1 with a FakeClock and an in-memory lowdb store,
 * response validation on. `post` returns status, headers and parsed body.
 */
import type { AddressInfo } from 'node:net';
import { createApp, type AppOptions } from '../app.js';
import { FakeClock } from '../clock.js';
import type { Config } from '../config.js';
import { createApiServer, type ServerLimits } from '../http/transport/serverLimits.js';
import { LowdbStore } from '../store/lowdbStore.js';
import type { Store } from '../domain/ports/store.js';

/** The admin token of test servers (SANDBOX_ADMIN_TOKEN). */
export const TEST_ADMIN_TOKEN = 'test-admin-token';

export interface TestServer {
  baseUrl: string;
  /** Base (real) time; the control API moves accounts' clocks over it. */
  clock: FakeClock;
  store: Store;
  /** The whole sandbox back to first-start state (admin reset) and the base clock to its start. */
  resetAll(): Promise<void>;
  post(path: string, body: unknown, init?: RequestInit): Promise<TestResponse>;
  request(path: string, init?: RequestInit): Promise<TestResponse>;
  /**
   * Resolves once every request the server has received so far is over: its response's 'close'
   * listeners (the request log's, the journal recorder's) have run. For asserting that something
   * did NOT happen after a request without sleeping.
   */
  idle(): Promise<void>;
  close(): Promise<void>;
}

export interface TestResponse {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- response JSON off the wire; tests assert its shape themselves
  body: any;
}

export async function startTestServer(
  options: {
    config?: Partial<Config>;
    clock?: FakeClock;
    store?: Store;
    world?: AppOptions['world'];
    serverLimits?: Partial<ServerLimits>;
    logger?: AppOptions['logger'];
  } = {},
): Promise<TestServer> {
  const clock = options.clock ?? new FakeClock('2026-11-21T10:00:00Z');
  const store = options.store ?? (await LowdbStore.inMemory());
  // publicUrl must be the real address, so the app is attached once the port is known.
  const server = createApiServer(undefined, options.serverLimits);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  const app = createApp({
    store,
    clock,
    world: options.world,
    logger: options.logger,
    config: { publicUrl: baseUrl, adminToken: TEST_ADMIN_TOKEN, ...options.config },
  });
  server.on('request', app);
  let open = 0;
  const waiting: Array<() => void> = [];
  server.on('request', (_req, res) => {
    open++;
    res.once('close', () => {
      // Listeners run in turn within one emit: by the time this promise's callbacks run, all have.
      if (--open === 0) for (const resolve of waiting.splice(0)) resolve();
    });
  });

  const request = async (path: string, init: RequestInit = {}): Promise<TestResponse> => {
    const response = await fetch(baseUrl + path, init);
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON (HTML page, image): keep the text
    }
    return { status: response.status, headers: response.headers, body };
  };
  return {
    baseUrl,
    clock,
    store,
    resetAll: async () => {
      const response = await request('/_control/admin/reset', { method: 'POST', headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` } });
      if (response.status !== 200) throw new Error(`admin reset: ${response.status} ${JSON.stringify(response.body)}`);
      clock.reset();
    },
    request,
    idle: () => (open === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiting.push(resolve))),
    post: (path, body, init = {}) =>
      request(path, {
        ...init,
        method: init.method ?? 'POST',
        headers: { 'content-type': 'application/json', ...(init.headers as Record<string, string> | undefined) },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      }),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections(); // fetch keeps connections alive; do not wait for them
        server.close(() => resolve());
      }),
  };
}
