/**
 * Message catalogues (one per language, en is the reference) compiled once at load into
 * ready-to-join parts, so a text costs a map lookup and a short join per use.
 */
import { de } from './catalogues/de.js';
import { en } from './catalogues/en.js';
import { es } from './catalogues/es.js';
import { fr } from './catalogues/fr.js';
import { nl } from './catalogues/nl.js';
import type { Language } from './languages.js';

import type { Catalogue, MessageKey } from './catalogue.js';

export type { Catalogue, MessageKey };
/** Every language has every key of en, and no other (the compiler checks each catalogue). */

export const CATALOGUES: Readonly<Record<Language, Catalogue>> = { en, nl, de, fr, es };

export type MessageValues = Readonly<Record<string, string | number>>;

const PLACEHOLDER = /\{(\w+)\}/g;

/** Literal text at even indices, placeholder names at odd ones. */
type Compiled = readonly string[];

function compile(template: string): Compiled {
  return template.split(PLACEHOLDER);
}

/** The names of the placeholders of a template, e.g. ["name", "city"]. */
export function placeholdersOf(template: string): string[] {
  return compile(template).filter((_, index) => index % 2 === 1);
}

/** The texts of one language. */
export class Messages {
  private readonly compiled: ReadonlyMap<string, Compiled>;

  constructor(readonly language: Language, catalogue: Catalogue) {
    this.compiled = new Map(Object.entries(catalogue).map(([key, template]) => [key, compile(template)]));
  }

  /** The text of `key` with its placeholders filled in; a missing value is a programming error. */
  t(key: MessageKey, values?: MessageValues, count?: number): string {
    const parts = this.compiled.get(key);
    if (parts === undefined) throw new Error(`No message '${key}' in ${this.language}`);
    if (parts.length === 1) return parts[0] as string;
    let text = parts[0] as string;
    for (let i = 1; i < parts.length; i += 2) {
      const name = parts[i] as string;
      const value = name === 'count' && count !== undefined ? count : values?.[name];
      if (value === undefined) throw new Error(`Message '${key}' needs a value for {${name}}`);
      text += value + (parts[i + 1] as string);
    }
    return text;
  }

  /** The singular (`key.one`) or plural (`key.other`) form for this count, which fills {count}. */
  plural(key: PluralKey, count: number, values?: MessageValues): string {
    return this.t(`${key}${count === 1 ? '.one' : '.other'}` as MessageKey, values, count);
  }

  /** "a, b and c" in this language. */
  list(items: readonly string[]): string {
    if (items.length <= 1) return items[0] ?? '';
    return `${items.slice(0, -1).join(', ')}${this.t('list.and')}${items[items.length - 1]}`;
  }
}

/** Keys that exist as `.one` and `.other`. */
export type PluralKey = MessageKey extends infer K ? (K extends `${infer Base}.one` ? Base : never) : never;

const MESSAGES: Readonly<Record<Language, Messages>> = Object.fromEntries(
  Object.entries(CATALOGUES).map(([language, catalogue]) => [language, new Messages(language as Language, catalogue)]),
) as Record<Language, Messages>;

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(en, key);
}

export function messagesFor(language: Language): Messages {
  return MESSAGES[language];
}
