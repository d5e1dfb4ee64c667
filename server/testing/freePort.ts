import { createServer } from 'node:net';

/**
 * A port on 127.0.0.1 that was free a moment ago, for the benchmark scripts only (scripts/bench).
 * Tests never use it: something else may take the port before the server listens; they start servers
 * on port 0 and read the port (docs/architecture.md, "Tests").
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}
