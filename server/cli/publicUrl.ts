/**
 * The base of links (booking_url, image URLs) when PUBLIC_URL is not set: the bound address, except
 * that an unspecified one (0.0.0.0, ::), which no client can connect to, becomes `localhost` on the
 * same port. So `docker run -p 3000:3000 IMAGE` hands out links that work from the host as they are.
 *
 * Never the request's Host header: links are kept with bookings and replayed to retries
 * (idempotency), and the finalization page's security policy names this base, so it must not follow
 * a header any client sets. Behind another port mapping or a proxy, PUBLIC_URL names the address.
 */
const UNSPECIFIED_HOSTS = new Set(['0.0.0.0', '::', '[::]', '::0', '0:0:0:0:0:0:0:0']);

/** `http://host:port` of the bound address, with brackets around an IPv6 literal. */
export function boundUrlOf(host: string, port: number): string {
  return `http://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${port}`;
}

export function defaultPublicUrl(host: string, port: number): string {
  return boundUrlOf(UNSPECIFIED_HOSTS.has(host) ? 'localhost' : host, port);
}

/** How --help shows the default. */
export const PUBLIC_URL_SHOWN_DEFAULT = 'http://HOST:PORT (localhost for 0.0.0.0 or ::)';
