/**
 * The partner's `return_url` on booking_url: after payment the outcome page links back to it.
 * Only an absolute http(s) URL is accepted; anything else (javascript:, data:, relative or
 * protocol-relative URLs, credentials, whitespace) is ignored, so the link can never run code
 * or carry a password. The page renders it as a plain, HTML-escaped link, never a redirect.
 */

/** Longer values are ignored: a return link has no need for more (and the form stays small). */
export const MAX_RETURN_URL_LENGTH = 2048;

export interface ReturnUrl {
  /** The normalised absolute URL (WHATWG serialisation). */
  href: string;
  /** Host (and port) the link names, e.g. `partner.example`. */
  site: string;
}

export function acceptedReturnUrl(value: unknown): ReturnUrl | undefined {
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
  return { href: url.href, site: url.host };
}
