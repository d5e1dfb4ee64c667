/** Numbers as each language writes them (decimal mark and thousands separator). */
import type { Language } from './languages.js';

const SEPARATORS: Readonly<Record<Language, { decimal: string; group: string }>> = {
  en: { decimal: '.', group: ',' },
  nl: { decimal: ',', group: '.' },
  de: { decimal: ',', group: '.' },
  fr: { decimal: ',', group: '\u202f' }, // narrow no-break space
  es: { decimal: ',', group: '.' },
};

const GROUPS = /\B(?=(\d{3})+(?!\d))/g;

/**
 * `value` with `digits` decimals in the language's notation. Hand-rolled: building an
 * Intl.NumberFormat per call would dominate the cost of a details response.
 */
export function formatNumber(value: number, digits: number, language: Language): string {
  const { decimal, group } = SEPARATORS[language];
  const [whole = '0', fraction] = value.toFixed(digits).split('.');
  const grouped = whole.replace(GROUPS, group);
  return fraction === undefined ? grouped : `${grouped}${decimal}${fraction}`;
}
