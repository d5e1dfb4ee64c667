import { describe, expect, it } from 'vitest';
import { PROPERTY_KINDS } from '../hotel.js';
import { planOf, viewsOf } from '../rates/roomCatalogue.js';
import { beddingIn, roomNameIn, roomTypeIn } from '../rates/roomText.js';
import { SUPPORTED_LANGUAGES, textLanguageOf, type Language } from './languages.js';
import { CATALOGUES, messagesFor, placeholdersOf } from './messages.js';
import { formatNumber } from './numbers.js';
import { englishLeftovers, englishPhrases } from '../../testing/englishLeftovers.js';

const english = CATALOGUES.en;
const englishKeys = Object.keys(english).sort();
const others = SUPPORTED_LANGUAGES.filter((language): language is Exclude<Language, 'en'> => language !== 'en');

describe('the catalogues', () => {
  it.each(others)('%s has exactly the keys of en, each with a non-empty text', (language) => {
    const catalogue: Record<string, string> = CATALOGUES[language];
    expect(englishKeys.filter((key) => !(key in catalogue)), 'missing keys').toEqual([]);
    expect(Object.keys(catalogue).filter((key) => !(key in english)), 'extra keys').toEqual([]);
    expect(Object.entries(catalogue).filter(([, text]) => text.trim() === '').map(([key]) => key), 'empty texts').toEqual([]);
  });

  it.each(others)('%s uses the placeholders of en in each text', (language) => {
    const catalogue: Record<string, string> = CATALOGUES[language];
    // {qualityF} is the feminine form of {quality}, {kindA} the kind with its article: either may stand.
    const normalise = (template: string) => [...new Set(placeholdersOf(template).map((name) => name.replace(/^(quality|kind)(F|A)$/, '$1')))].sort();
    const mismatched = englishKeys.filter((key) => normalise(catalogue[key] ?? '').join() !== normalise(english[key as keyof typeof english]).join());
    expect(mismatched).toEqual([]);
  });

  it.each(others)('%s is a translation, not a copy of en', (language) => {
    const catalogue: Record<string, string> = CATALOGUES[language];
    // Sentences are never the same; single words sometimes are ("Spa", "Bar", "Status").
    const copiedSentences = englishKeys.filter((key) => catalogue[key] === english[key as keyof typeof english] && /\s\S+\s/.test(catalogue[key] ?? '') && !/^\{\w+\}, \{\w+\}$/.test(catalogue[key] ?? ''));
    expect(copiedSentences).toEqual([]);
    const copied = englishKeys.filter((key) => catalogue[key] === english[key as keyof typeof english]);
    expect(copied.length / englishKeys.length).toBeLessThan(0.15);
  });

  it('fails the completeness check on a missing key', () => {
    const { noRooms: _dropped, ...incomplete } = english;
    expect(englishKeys.filter((key) => !(key in incomplete))).toEqual(['noRooms']);
  });
});

describe('textLanguageOf', () => {
  it('takes the primary subtag of any case, and falls back to en', () => {
    expect(['en', 'nl', 'NL', 'de-DE', 'fr_BE', 'Es-419', 'pt', 'pt-BR', '', 'english', 'x'].map(textLanguageOf))
      .toEqual(['en', 'nl', 'nl', 'de', 'fr', 'es', 'en', 'en', 'en', 'en', 'en']);
    expect(textLanguageOf(undefined)).toBe('en');
  });
});

describe('messages', () => {
  it('fills placeholders, picks singular or plural, and joins lists', () => {
    const nl = messagesFor('nl');
    expect(nl.t('policy.children.free', { age: 12 })).toBe('Kinderen tot en met 12 jaar verblijven gratis in bestaande bedden.');
    expect([nl.plural('nights', 1), nl.plural('nights', 3)]).toEqual(['1 nacht', '3 nachten']);
    expect(messagesFor('de').list(['a', 'b', 'c'])).toBe('a, b und c');
    expect(() => nl.t('policy.children.free')).toThrow(/needs a value for \{age\}/);
  });

  it('writes numbers as each language does', () => {
    expect(SUPPORTED_LANGUAGES.map((language) => formatNumber(12345.5, 2, language)))
      .toEqual(['12,345.50', '12.345,50', '12.345,50', '12\u202f345,50', '12.345,50']);
  });
});

describe('room texts', () => {
  const templates = PROPERTY_KINDS.flatMap((kind) => [...planOf(kind).pool, ...planOf(kind).big]);
  const views = [...new Set(PROPERTY_KINDS.flatMap((kind) => [...viewsOf({ kind, city: 'Amsterdam' } as never)]))];

  it.each(others)('translates every room name, view, room type and bedding into %s', (language) => {
    const phrases = englishPhrases(language);
    const texts = templates.flatMap((template) => [
      roomNameIn(`${template.quality} ${template.stem}`, language),
      ...views.map((view) => roomNameIn(`${template.quality} ${template.stem}, ${view}`, language)),
      roomTypeIn(`${template.quality} ${template.roomClass}`, language),
      beddingIn(template.bedding, language),
    ]);
    expect(englishLeftovers(texts, phrases, [])).toEqual([]);
    expect(roomNameIn('Superior Double Room, Canal view', language)).not.toBe('Superior Double Room, Canal view');
  });

  it('keeps English names in en and unknown names as they are', () => {
    expect(roomNameIn('Superior Double Room, Canal view', 'en')).toBe('Superior Double Room, Canal view');
    expect(roomNameIn('Presidential Igloo', 'fr')).toBe('Presidential Igloo');
    expect(roomNameIn('Superior Double Room, Moon view', 'fr')).toBe('Superior Double Room, Moon view');
    expect(roomNameIn('Superior Double Room', 'fr')).toBe('Chambre double Supérieure');
    expect(roomNameIn('Superior Studio', 'fr')).toBe('Studio Supérieur');
  });
});

describe('the English detector', () => {
  it('finds English phrases, but not the same words of the language itself or proper names', () => {
    const phrases = englishPhrases('nl');
    expect(englishLeftovers(['Gratis wifi in de hele accommodatie.', 'Spa', 'Bar', 'Status'], phrases, [])).toEqual([]);
    expect(englishLeftovers(['Pets are not allowed.'], phrases, [])).toHaveLength(1);
    expect(englishLeftovers(['Tuin', 'Garden'], phrases, [])).toEqual(['Garden (in "Garden")']);
    expect(englishLeftovers(['Hotel Royal Garden ligt aan de gracht'], phrases, ['Hotel Royal Garden'])).toEqual([]);
  });
});
