/** The languages texts are written in, and how a requested language code maps to one. */

export const SUPPORTED_LANGUAGES = ['en', 'nl', 'de', 'fr', 'es'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'en';

const SUPPORTED: ReadonlySet<string> = new Set(SUPPORTED_LANGUAGES);

export function isLanguage(code: string): code is Language {
  return SUPPORTED.has(code);
}

/**
 * The language texts are rendered in: the primary subtag of the code, case-insensitive
 * ("nl", "NL", "de-DE", "fr_BE"), when supported; otherwise English.
 */
export function textLanguageOf(code: string | undefined): Language {
  if (code === undefined) return FALLBACK_LANGUAGE;
  const separator = code.search(/[-_]/);
  const primary = (separator === -1 ? code : code.slice(0, separator)).toLowerCase();
  return isLanguage(primary) ? primary : FALLBACK_LANGUAGE;
}
