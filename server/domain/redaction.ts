/**
 * The one redaction step (issue 35): every text the sandbox keeps or shows about a call — a journal
 * entry's path, headers, query, body, violation messages and scenario, the request log's path —
 * passes `redactText`, which hides the caller's own secrets (the key it sent, wherever it sent it)
 * and anything shaped like a key this sandbox issues (`hbs_test_` and 32 base62 characters), so a
 * key put in a place the sandbox did not expect (a `Test` header, a path segment, a date field
 * echoed in a 400's message) is never printed. The demo keys are public and not hidden.
 */
import { KEY_PREFIX } from './apiKeys.js';

export const REDACTED = '***';

const KEY_SHAPE = new RegExp(`${KEY_PREFIX}[0-9A-Za-z]{32}`, 'g');

export function redactText(text: string, secrets: readonly string[] = []): string {
  // Most texts hold no secret: look before copying.
  let out = text.includes(KEY_PREFIX) ? text.replace(KEY_SHAPE, REDACTED) : text;
  for (const secret of secrets) if (secret !== '' && out.includes(secret)) out = out.split(secret).join(REDACTED);
  return out;
}

/** A text cut to `limit` characters, saying so (violation messages, scenario names: one call's text never fills a page). */
export function cutText(text: string, limit: number): string {
  return text.length <= limit ? text : `${text.slice(0, limit)}… [${text.length - limit} more characters cut]`;
}
