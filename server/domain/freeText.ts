/**
 * The one rule for free text the sandbox accepts and shows again (search `location`, a booking's
 * `client_remarks` from the finalization page or POST /_control/pay): no C0 or C1 control
 * character (U+0000–U+001F, U+007F–U+009F) and no bidirectional embedding, override or isolate
 * (U+202A–U+202E, U+2066–U+2069), which would garble or disguise the text where it is shown again
 * (the finalization page, e-mails, the console). Multi-line fields (`client_remarks`) may hold tab,
 * line feed and carriage return (a browser's textarea sends CR LF). The marks U+200E/U+200F stay
 * allowed: they only set the direction of neutral characters next to them, and right-to-left
 * writers type them. Refused text gets 400 naming the field, the character and its position.
 *
 * openapi.yaml carries the single-line rule on `location` as two JSON Schema keywords, marked
 * `x-reference-constraint`: `pattern` (FREE_TEXT_PATTERN, the control characters) and `not.pattern`
 * (BIDI_CONTROLS_PATTERN); control-api.yaml the multi-line one on `client_remarks`. A test keeps
 * them equal. The control characters are written `\xHH`, which every regex engine reads, and the
 * bidi controls sit apart under `not`: code generators that print `\uXXXX` escapes as the raw
 * characters (hey-api does) ignore `not`, so no raw control or bidi character reaches their code.
 */
import { badRequest } from '../errors.js';

/** The single-line rule's control characters, as a JSON Schema pattern (openapi.yaml's `pattern` on `location`). */
export const FREE_TEXT_PATTERN = '^[^\\x00-\\x1F\\x7F-\\x9F]*$';
/** The multi-line rule's: tab, LF and CR allowed (control-api.yaml's `pattern` on `client_remarks`). */
export const MULTI_LINE_FREE_TEXT_PATTERN = '^[^\\x00-\\x08\\x0B\\x0C\\x0E-\\x1F\\x7F-\\x9F]*$';
/** The bidirectional controls, as the pattern a free text must not match (the contract's `not.pattern`). */
export const BIDI_CONTROLS_PATTERN = '[\\u202A-\\u202E\\u2066-\\u2069]';
const BIDI = '\\u202A-\\u202E\\u2066-\\u2069';

const SINGLE_LINE_FORBIDDEN = new RegExp(`[\\u0000-\\u001F\\u007F-\\u009F${BIDI}]`, 'u');
const MULTI_LINE_FORBIDDEN = new RegExp(`[\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F${BIDI}]`, 'u');

/** The first forbidden character of `text`, with its position (in characters, from 1), or undefined. */
export function forbiddenCharacter(text: string, multiLine: boolean): { codePoint: string; position: number } | undefined {
  const match = (multiLine ? MULTI_LINE_FORBIDDEN : SINGLE_LINE_FORBIDDEN).exec(text);
  if (!match) return undefined;
  const codePoint = `U+${(match[0].codePointAt(0) as number).toString(16).toUpperCase().padStart(4, '0')}`;
  return { codePoint, position: Array.from(text.slice(0, match.index)).length + 1 };
}

/** The 400 message for `field`, or undefined when the text keeps the rule. */
export function freeTextProblem(field: string, text: string, multiLine: boolean): string | undefined {
  const found = forbiddenCharacter(text, multiLine);
  if (!found) return undefined;
  const allowed = multiLine ? ' (tab and line breaks are allowed)' : '';
  return `'${field}' must not contain control characters or bidirectional controls${allowed}: ${found.codePoint} at character ${found.position}`;
}

/** Throws 400 naming the field when `text` breaks the rule. */
export function checkFreeText(field: string, text: string | undefined, multiLine: boolean): void {
  if (text === undefined) return;
  const problem = freeTextProblem(field, text, multiLine);
  if (problem) throw badRequest(problem);
}
