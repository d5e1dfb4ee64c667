/** Text normalisation for matching place names typed by people. */

/** Letters that NFD does not decompose but people type without the mark. */
const FOLDED_LETTERS: Readonly<Record<string, string>> = {
  ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i',
};

const ASCII_ONLY = /^[\x20-\x7e]*$/;
const COMBINING_MARKS = /\p{M}+/gu;
const FOLDABLE = /[ßæœøłđðþı]/g;
const NON_ALPHANUMERIC_RUNS = /[^\p{L}\p{N}]+/gu;
const ASCII_NON_ALPHANUMERIC_RUNS = /[^a-z0-9]+/g;

/**
 * Lower case, without diacritics, punctuation or extra spaces:
 * "  Zürich,  Switzerland! " → "zurich switzerland", "St. Peter's" → "st peter s".
 */
export function normalizePlaceText(text: string): string {
  if (ASCII_ONLY.test(text)) {
    // Fast path for the common case (and for the 100k generated addresses).
    return text.toLowerCase().replace(ASCII_NON_ALPHANUMERIC_RUNS, ' ').trim();
  }
  return text
    .normalize('NFD')
    .replace(COMBINING_MARKS, '')
    .toLowerCase()
    .replace(FOLDABLE, (letter) => FOLDED_LETTERS[letter] ?? letter)
    .replace(NON_ALPHANUMERIC_RUNS, ' ')
    .trim();
}
