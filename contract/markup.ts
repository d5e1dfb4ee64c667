/**
 * Escaping for the HTML and XML this project writes (pages, console, reports, JUnit): one place, so
 * that every writer escapes alike.
 */
const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text for HTML content or a quoted attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/** Drops what XML 1.0 cannot contain at all (most control characters, lone surrogates, U+FFFE/U+FFFF). */
export function xmlSafe(value: string): string {
  // eslint-disable-next-line no-control-regex -- XML 1.0 allows exactly tab, LF and CR of the controls; the rest are dropped
  return value.replace(/[^\x09\x0A\x0D\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '');
}

/** XML element text: always well-formed. */
export function xmlText(value: string): string {
  return xmlSafe(value).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** An XML attribute value in double quotes; whitespace characters kept as references, so they survive. */
export function xmlAttr(value: string): string {
  return xmlText(value).replace(/"/g, '&quot;').replace(/'/g, '&apos;').replace(/\t/g, '&#9;').replace(/\n/g, '&#10;').replace(/\r/g, '&#13;');
}
