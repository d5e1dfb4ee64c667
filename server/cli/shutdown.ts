/**
 * Graceful stop on SIGTERM/SIGINT: stop accepting connections, let in-flight requests finish
 * (their writes are durable before they answer), close keep-alive connections as soon as they are
 * idle, and exit 0 — after at most `graceMs`, when whatever is still open is cut. A second signal
 * exits at once (1).
 */
import type { Server } from 'node:http';
import type { Logger } from '../http/transport/requestLog.js';

/** How often idle keep-alive connections are closed while draining (a finished request leaves one). */
const IDLE_SWEEP_MS = 100;

export interface DrainOptions {
  graceMs: number;
  logger: Logger;
  exit?: (code: number) => void;
}

/** Drains on SIGTERM/SIGINT; returns the same stop, for a caller that learns of a stop another way. */
export function drainOnSignals(server: Server, { graceMs, logger, exit = (code) => process.exit(code) }: DrainOptions): (signal: NodeJS.Signals) => void {
  let draining = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (draining) {
      logger.warn({ signal }, 'second signal: exiting without waiting');
      server.closeAllConnections();
      return exit(1);
    }
    draining = true;
    const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
    const deadline = setTimeout(() => {
      logger.warn({ grace_ms: graceMs }, 'grace period over: closing the connections still open');
      server.closeAllConnections();
    }, graceMs);
    server.close(() => {
      clearInterval(sweep);
      clearTimeout(deadline);
      logger.info('stopped');
      exit(0);
    });
    server.closeIdleConnections();
    // Logged only once the listener is closed, so whoever reads this line finds new connections refused.
    logger.info({ signal, grace_ms: graceMs }, 'shutting down: finishing in-flight requests');
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
  return onSignal;
}
