/**
 * Escaping for the HTML and XML this project writes (pages, console, reports, JUnit): one place, so
 * that every writer escapes alike. Both show control characters (C0 but tab, LF and CR; C1) and
 * bidirectional embeddings, overrides and isolates visibly, as `\u202E`: raw, they would garble or
 * disguise what a page or a report shows (a journal entry, a certification reason, a check's
 * message can carry whatever a client or a server sent), the rule free text already follows
 * (server/domain/freeText.ts).
 */
const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

// eslint-disable-next-line no-control-regex -- the point: these characters are found to be shown
const INVISIBLE_CONTROLS = /[\x00-\x08\x0B\x0C\x0E-\x1F\x7F-\x9F\u202A-\u202E\u2066-\u2069]/g;

/** `text` with each control or bidirectional control character written as its `\uXXXX` escape. */
export function visibleControls(text: string): string {
  return text.replace(INVISIBLE_CONTROLS, (char) => `\\u${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`);
}

/** Text for HTML content or a quoted attribute value (controls shown visibly, see above). */
export function escapeHtml(text: string): string {
  return visibleControls(text).replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/** Controls shown visibly (see above); then drops what XML 1.0 cannot contain at all (lone surrogates, U+FFFE/U+FFFF). */
export function xmlSafe(value: string): string {
  // eslint-disable-next-line no-control-regex -- XML 1.0 allows exactly tab, LF and CR of the controls (the others are escapes by now)
  return visibleControls(value).replace(/[^\x09\x0A\x0D\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '');
}

/** XML element text: always well-formed. */
export function xmlText(value: string): string {
  return xmlSafe(value).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** An XML attribute value in double quotes; whitespace characters kept as references, so they survive. */
export function xmlAttr(value: string): string {
  return xmlText(value).replace(/"/g, '&quot;').replace(/'/g, '&apos;').replace(/\t/g, '&#9;').replace(/\n/g, '&#10;').replace(/\r/g, '&#13;');
}

/** HTML that is already safe: the output of `html`, or a constant of ours (never a client's text). */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

function renderHole(value: unknown): string {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(renderHole).join('');
  if (value === null || value === undefined || value === false) return '';
  // eslint-disable-next-line @typescript-eslint/no-base-to-string -- template holes hold text, numbers and SafeHtml; objects are a caller bug caught in review
  return escapeHtml(String(value));
}

/**
 * The template tag of every HTML page and report: `html\`<p>${text}</p>\`` with `text` escaped unless
 * it is already SafeHtml, so no value can be rendered unescaped by accident; arrays are concatenated;
 * null, undefined and false render nothing.
 */
export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  let out = strings[0] ?? '';
  for (let i = 0; i < values.length; i++) out += renderHole(values[i]) + (strings[i + 1] ?? '');
  return new SafeHtml(out);
}
