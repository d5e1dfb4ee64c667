/**
 * The partner's `return_url` on booking_url: after payment the outcome page links back to it.
 * Only an absolute http(s) URL is accepted; anything else (javascript:, data:, relative or
 * protocol-relative URLs, credentials, whitespace) is ignored, so the link can never run code
 * or carry a password. The page renders it as a plain, HTML-escaped link, never a redirect.
 * An account may list the hosts its return URLs may name (finding 13 of the security review):
 * `partner.example` (on any port), `partner.example:8443` (that port only), `*.partner.example`
 * (its subdomains); a URL naming another host is ignored like an invalid one.
 */

/** Longer values are ignored: a return link has no need for more (and the form stays small). */
export const MAX_RETURN_URL_LENGTH = 2048;

export interface ReturnUrl {
  /** The normalised absolute URL (WHATWG serialisation). */
  href: string;
  /** Host (and port) the link names, e.g. `partner.example`. */
  site: string;
}

/** Whether `url`'s host is one `allowed` names (null or undefined: any host). */
export function hostAllowed(url: URL, allowed: readonly string[] | null | undefined): boolean {
  if (allowed === null || allowed === undefined) return true;
  return allowed.some((entry) => {
    const wildcard = entry.startsWith('*.');
    const pattern = wildcard ? entry.slice(2) : entry;
    const withPort = /:\d+$/.test(pattern) && !pattern.endsWith(']');
    const candidate = withPort ? url.host : url.hostname;
    return wildcard ? candidate.endsWith(`.${pattern}`) : candidate === pattern;
  });
}

export function acceptedReturnUrl(value: unknown, allowedHosts?: readonly string[] | null): ReturnUrl | undefined {
  if (typeof value !== 'string' || value.length > MAX_RETURN_URL_LENGTH) return undefined;
  // The scheme and `//` spelled out: the URL parser would also take `https:partner.example`.
  // eslint-disable-next-line no-control-regex -- the point: a return URL with a control character is refused
  if (!/^https?:\/\/[^/\\]/i.test(value) || /[\s\u0000-\u001f\u007f]/.test(value)) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username !== '' || url.password !== '' || url.host === '') {
    return undefined;
  }
  if (!hostAllowed(url, allowedHosts)) return undefined;
  return { href: url.href, site: url.host };
}
