/**
 * Dates and hotel-local wall times as each language writes them: "Sat, 19 December 2026" and
 * "Sat, 19 December 2026, 23:59". The values are zone-less hotel-local wall times, so they are
 * formatted as UTC instants of the same digits: the wall time is shown exactly as stored, with no
 * conversion that a daylight-saving gap could shift. Callers name the hotel's zone beside it.
 */
import type { Language } from './languages.js';

const LOCALES: Readonly<Record<Language, string>> = { en: 'en-GB', nl: 'nl-NL', de: 'de-DE', fr: 'fr-FR', es: 'es-ES' };

interface Formats {
  date: Intl.DateTimeFormat;
  time: Intl.DateTimeFormat;
}

const FORMATS = new Map<Language, Formats>();

function formatsOf(language: Language): Formats {
  let formats = FORMATS.get(language);
  if (formats === undefined) {
    const locale = LOCALES[language];
    formats = {
      date: new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
      time: new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' }),
    };
    FORMATS.set(language, formats);
  }
  return formats;
}

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::\d{2})?)?$/;

/** The wall time's digits as a UTC instant; undefined when the text is no date (or date-time). */
function wallTimeAsUtc(value: string): { instant: Date; hasTime: boolean } | undefined {
  const match = WALL_TIME.exec(value);
  if (!match) return undefined;
  const [year, month, day, hour = 0, minute = 0] = match.slice(1).map((part) => (part === undefined ? undefined : Number(part)));
  const instant = new Date(Date.UTC(year!, month! - 1, day, hour, minute));
  // Date.UTC rolls 2026-02-30 over to March (and 25:00 to the next day): such a value is shown as stored.
  if (instant.getUTCMonth() !== month! - 1 || instant.getUTCDate() !== day || instant.getUTCHours() !== hour) return undefined;
  return { instant, hasTime: match[4] !== undefined };
}

/** `YYYY-MM-DD` as "Sat, 19 December 2026" in the language (a value that is no date as given). */
export function formatDate(date: string, language: Language): string {
  const parsed = wallTimeAsUtc(date);
  return parsed ? formatsOf(language).date.format(parsed.instant) : date;
}

/** `YYYY-MM-DDTHH:MM[:SS]` (a hotel-local wall time) as "Sat, 19 December 2026, 23:59" in the language. */
export function formatWallTime(dateTime: string, language: Language): string {
  const parsed = wallTimeAsUtc(dateTime);
  if (!parsed) return dateTime;
  const { date, time } = formatsOf(language);
  return parsed.hasTime ? `${date.format(parsed.instant)}, ${time.format(parsed.instant)}` : date.format(parsed.instant);
}
