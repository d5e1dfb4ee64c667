/**
 * Test support: finds English text in a response that should be in another language. The
 * English texts are the literal parts of the en catalogue (between placeholders) that the
 * other language translates differently and that are not words of that language's own
 * catalogue (so "Spa", "Bar" or "Status" are never flagged where they are correct).
 */
import type { Language } from '../domain/i18n/languages.js';
import { CATALOGUES } from '../domain/i18n/messages.js';

const EDGE_PUNCTUATION = /^[\s,.;:()!?¿¡“”‘’«»„]+|[\s,.;:()!?¿¡“”‘’«»„]+$/g;
const HAS_LETTER = /\p{L}/u;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Matches `phrase` as whole words: "Room" is not found in "Rooms" or "Roomservice". */
function wholeWords(phrase: string): RegExp {
  return new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(phrase)}(?![\\p{L}\\p{N}])`, 'u');
}

/** The English phrases that must not appear in a response in `language`. */
export function englishPhrases(language: Exclude<Language, 'en'>): Array<{ phrase: string; pattern: RegExp }> {
  const english = CATALOGUES.en;
  const target = CATALOGUES[language];
  const targetText = Object.values(target).join('\n');
  const phrases = new Set<string>();
  for (const [key, template] of Object.entries(english)) {
    if (target[key as keyof typeof english] === template) continue;
    for (const part of template.split(/\{\w+\}/)) {
      const phrase = part.replace(EDGE_PUNCTUATION, '');
      if (HAS_LETTER.test(phrase)) phrases.add(phrase);
    }
  }
  return [...phrases]
    .map((phrase) => ({ phrase, pattern: wholeWords(phrase) }))
    .filter(({ pattern }) => !pattern.test(targetText));
}

/**
 * The English phrases found in `texts`, after removing proper names (hotel names, cities,
 * addresses, people), which are the same in every language.
 */
export function englishLeftovers(
  texts: readonly string[],
  phrases: ReadonlyArray<{ phrase: string; pattern: RegExp }>,
  properNames: readonly string[],
): string[] {
  const names = [...properNames].filter((name) => name.length > 0).sort((a, b) => b.length - a.length);
  const found = new Set<string>();
  for (const original of texts) {
    let text = original;
    for (const name of names) text = text.split(name).join(' ');
    for (const { phrase, pattern } of phrases) if (pattern.test(text)) found.add(`${phrase} (in "${original}")`);
  }
  return [...found];
}

/** Keys whose values are identifiers or proper names, the same in every language (see openapi.yaml `language`). */
const NOT_TEXT_KEYS = new Set([
  'name', 'address', 'city', 'postal_code', 'hotel_chain', 'country_code', 'kind', 'type', 'room_class', 'quality',
  'bedding', 'capacity', 'bathroom', 'meal', 'category', 'region_type', 'payment_methods', 'electricity',
]);

/** Every string in a JSON response that is meant to be read by people. */
export function textLeaves(value: unknown, key = ''): string[] {
  if (typeof value === 'string') return NOT_TEXT_KEYS.has(key) ? [] : [value];
  if (Array.isArray(value)) return value.flatMap((item) => textLeaves(item, key));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([child, item]) => textLeaves(item, child));
  }
  return [];
}

const ENTITIES: Readonly<Record<string, string>> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

/** The visible text and the human-readable attributes (aria-label, alt, placeholder) of a page. */
export function pageTexts(html: string): string[] {
  const decode = (text: string) => text.replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity);
  const withoutStyle = html.replace(/<style>[\s\S]*?<\/style>/g, '');
  const attributes = [...withoutStyle.matchAll(/\s(?:aria-label|alt|placeholder)="([^"]*)"/g)].map((match) => decode(match[1] ?? ''));
  const visible = withoutStyle.split(/<[^>]*>/).map((text) => decode(text).trim()).filter((text) => text.length > 0);
  return [...visible, ...attributes];
}
