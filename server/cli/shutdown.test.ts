/**
 * drainOnSignals under keep-alive traffic: every request a client sent is answered, or its new
 * connection is refused; none meets a connection closed under it ("other side closed"), and the
 * drain ends with exit 0 soon after the traffic stops.
 */
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../http/transport/requestLog.js';
import { createApiServer } from '../http/transport/serverLimits.js';
import { drainOnSignals } from './shutdown.js';

/**
 * Closing a connection idle for this long races a client that sends on it just then: a real client
 * sends again at once, but one starved of CPU by parallel test files can pause for a quarter second.
 * The test keeps the rule and widens the quiet time, so only a closed busy connection can fail it.
 */
const IDLE_QUIET_MS = 1_000;

const signalHandlers: ((signal: NodeJS.Signals) => void)[] = [];
afterEach(() => {
  for (const handler of signalHandlers.splice(0)) {
    process.off('SIGTERM', handler);
    process.off('SIGINT', handler);
  }
});

/** The error code a failed request ended with (fetch wraps the socket's, or names the close). */
function failure(error: unknown): string {
  const { cause } = error as { cause?: { code?: string; message?: string } };
  return cause?.code ?? cause?.message ?? String(error);
}

/** One drain under `workers` keep-alive clients: what the clients met, and when the server exited. */
async function drainUnderTraffic(workers: number) {
  // Answers take 0-3 ms, as the API's fast paths do: connections go idle and are reused all the time.
  const server = createApiServer((_request, response) => {
    setTimeout(() => response.end('{"status":"ok"}'), Math.floor(Math.random() * 4));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  let exited: { code: number; at: number } | undefined;
  const drain = drainOnSignals(server, { graceMs: 5_000, logger: createLogger('silent'), exit: (code) => (exited = { code, at: performance.now() }), idleQuietMs: IDLE_QUIET_MS });
  signalHandlers.push(drain);

  let answered = 0;
  const errors: string[] = [];
  const client = async () => {
    // Bounded: a client stops at its first failed request, or after 5,000 answers.
    for (let sent = 0; sent < 5_000; sent++) {
      try {
        // fetch keeps connections alive and reuses them, as partners' clients do.
        const response = await fetch(url, { method: 'POST', body: '{}' });
        await response.text();
        answered++;
      } catch (error) {
        errors.push(failure(error));
        return;
      }
    }
  };
  const clients = Array.from({ length: workers }, client);
  while (answered < 200) await new Promise((resolve) => setTimeout(resolve, 5));
  const signalled = performance.now();
  drain('SIGTERM');
  await Promise.all(clients);
  const trafficEnded = performance.now();
  for (let waited = 0; exited === undefined && waited < 5_000; waited += 10) await new Promise((resolve) => setTimeout(resolve, 10));
  return { answered, errors, exited, signalled, trafficEnded };
}

describe('drainOnSignals', () => {
  // retry: a connection the client left idle before the signal can still be closed just as the client
  // picks it (the race RFC 9112 leaves to clients); seen once in 11 runs beside another test file. The
  // code before the drain fix failed every run with several resets, so two retries still catch it.
  it('answers or refuses every request of keep-alive clients, never closes a connection under one, and exits 0', { timeout: 60_000, retry: 2 }, async () => {
    for (let run = 0; run < 5; run++) {
      const { answered, errors, exited, trafficEnded } = await drainUnderTraffic(6);
      expect(answered).toBeGreaterThanOrEqual(200);
      // Once the listener is closed, a client that needs a new connection is refused: that is all it may meet.
      expect(errors.filter((code) => code !== 'ECONNREFUSED')).toEqual([]);
      expect(exited?.code).toBe(0);
      // Idle connections wait IDLE_QUIET_MS before they are closed, not the grace period.
      expect(exited!.at - trafficEnded).toBeLessThan(IDLE_QUIET_MS + 1_000);
    }
  });
});
