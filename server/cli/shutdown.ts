/**
 * Graceful stop on SIGTERM/SIGINT: stop accepting connections, let in-flight requests finish
 * (their writes are durable before they answer), close keep-alive connections without racing their
 * clients, and exit 0 — after at most `graceMs`, when whatever is still open is cut. A second
 * signal exits at once (1).
 *
 * Closing a keep-alive connection the moment it is idle (what `server.close()` does) races a client
 * that is sending its next request on it: the request meets a closed socket ("other side closed")
 * although the server never read it. So while draining, every answer says `Connection: close` (the
 * client does not reuse the connection, and it closes once the answer is written), a request that
 * arrives on an open connection is answered, and only a connection that has stayed idle for
 * IDLE_QUIET_MS, receiving nothing, is closed: no busy client is sending on it.
 */
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { Server as NetServer } from 'node:net';
import type { Logger } from '../http/transport/requestLog.js';

/** How often idle keep-alive connections are looked at while draining. */
const IDLE_SWEEP_MS = 50;
/** How long a connection must stay idle, nothing received, before a draining server closes it. */
export const IDLE_QUIET_MS = 250;

export interface DrainOptions {
  graceMs: number;
  logger: Logger;
  exit?: (code: number) => void;
  /** How long a connection must have received nothing before the drain closes it (IDLE_QUIET_MS). */
  idleQuietMs?: number;
}

/** The answer a connection is writing (Node's own field): none once the last one is written. */
const currentResponse = (socket: Socket) => (socket as Socket & { _httpMessage?: { headersSent: boolean; setHeader(name: string, value: string): void } | null })._httpMessage ?? undefined;

/** Drains on SIGTERM/SIGINT; returns the same stop, for a caller that learns of a stop another way. */
export function drainOnSignals(server: Server, { graceMs, logger, exit = (code) => process.exit(code), idleQuietMs = IDLE_QUIET_MS }: DrainOptions): (signal: NodeJS.Signals) => void {
  // Per connection, not per request: the hot path pays nothing for this.
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  let draining = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (draining) {
      logger.warn({ signal }, 'second signal: exiting without waiting');
      server.closeAllConnections();
      return exit(1);
    }
    draining = true;
    server.prependListener('request', (_request, response) => response.setHeader('connection', 'close'));
    for (const socket of sockets) {
      const response = currentResponse(socket);
      if (response && !response.headersSent) response.setHeader('connection', 'close');
    }
    const quiet = new Map<Socket, { bytesRead: number; since: number }>();
    const sweep = setInterval(() => {
      const now = performance.now();
      for (const socket of sockets) {
        const seen = quiet.get(socket);
        if (currentResponse(socket) !== undefined || seen === undefined || seen.bytesRead !== socket.bytesRead) {
          quiet.set(socket, { bytesRead: socket.bytesRead, since: now });
        } else if (now - seen.since >= idleQuietMs) {
          socket.destroy();
        }
      }
    }, IDLE_SWEEP_MS);
    const deadline = setTimeout(() => {
      logger.warn({ grace_ms: graceMs }, 'grace period over: closing the connections still open');
      server.closeAllConnections();
    }, graceMs);
    // net.Server's close: stops listening and waits for the connections, without http.Server's
    // closing of idle ones at once (the race above).
    NetServer.prototype.close.call(server, () => {
      clearInterval(sweep);
      clearTimeout(deadline);
      logger.info('stopped');
      exit(0);
    });
    // Logged only once the listener is closed, so whoever reads this line finds new connections refused.
    logger.info({ signal, grace_ms: graceMs }, 'shutting down: finishing in-flight requests');
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
  return onSignal;
}
