/**
 * A round-robin reverse proxy with node:http, standing in for a load balancer in front of replicas:
 * each request goes to the next upstream in turn, with its method, path, headers and body, plus
 * X-Forwarded-For (the client's address, so replicas run with TRUST_PROXY see the client, not the
 * proxy). Each answer says which upstream gave it in X-Upstream (its index), for tests.
 */
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RoundRobinProxy {
  url: string;
  server: Server;
  /** Sends the next requests to these upstreams: for replicas started after the proxy (on port 0, PUBLIC_URL the proxy's). */
  setUpstreams(upstreams: readonly string[]): void;
  close(): Promise<void>;
}

/** Hop-by-hop headers are the proxy's own business (RFC 9110 §7.6.1). */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer']);

function forwardedHeaders(headers: IncomingHttpHeaders, clientAddress: string): IncomingHttpHeaders {
  const forwarded: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) if (!HOP_BY_HOP.has(name)) forwarded[name] = value;
  const earlier = headers['x-forwarded-for'];
  forwarded['x-forwarded-for'] = earlier ? `${String(earlier)}, ${clientAddress}` : clientAddress;
  return forwarded;
}

/**
 * Listens on a free port of `host`; `upstreams` are base URLs (http://127.0.0.1:port). With none,
 * it answers 502 until setUpstreams names some.
 */
export async function startRoundRobinProxy(upstreams: readonly string[], host = '127.0.0.1', port = 0): Promise<RoundRobinProxy> {
  let targets = upstreams.map((upstream) => new URL(upstream));
  let next = 0;
  const server = createServer((incoming, outgoing) => {
    if (targets.length === 0) {
      outgoing.writeHead(502, { 'content-type': 'application/json' });
      outgoing.end(JSON.stringify({ error: 'no upstream yet' }));
      return;
    }
    const index = next % targets.length;
    next = (next + 1) % targets.length;
    const target = targets[index]!;
    const upstream = request(
      {
        host: target.hostname,
        port: target.port,
        method: incoming.method,
        path: incoming.url,
        headers: forwardedHeaders(incoming.headers, incoming.socket.remoteAddress ?? 'unknown'),
      },
      (answer) => {
        const headers = Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !HOP_BY_HOP.has(name)));
        outgoing.writeHead(answer.statusCode ?? 502, { ...headers, 'x-upstream': String(index) });
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', (error) => {
      if (outgoing.headersSent) return outgoing.destroy(error);
      outgoing.writeHead(502, { 'content-type': 'application/json' });
      outgoing.end(JSON.stringify({ error: `upstream ${index} failed: ${error.message}` }));
    });
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://${host}:${address.port}`,
    server,
    setUpstreams(urls) {
      targets = urls.map((upstream) => new URL(upstream));
      next = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
