/**
 * Generated cases a lenient server would repair instead of refusing, each a case of its own: a
 * valid value in a wrong JSON type that parses back to it (`"72863"` for an integer hotel id,
 * `"true"` for a boolean, `[5000]` for a scalar, `3` for an array, `null` where the field is not
 * nullable), dates that parse but do not exist (`2027-04-31`) or lack zero padding (`2027-4-5`),
 * and the valid values exactly at each stated bound (minimum, maximum, maxLength, maxItems).
 *
 * The value is the base request's own where it has one (the hotel id of the shared search), so a
 * server that coerces answers 200 and is caught; a server that refuses gives 4xx.
 */
import { isObject, type JsonObject } from '../../contract/document.js';
import type { ApiPath } from '../kit/types.js';
import type { Body } from './support.js';

/** The request schema as generated.ts reads it (kept structural so neither file imports the other's internals). */
export interface FieldSchemas {
  required: readonly string[];
  properties: Readonly<Record<string, JsonObject>>;
}

/** A case whose value comes from the run's base body (built once the base body is known). */
export interface RuntimeCase {
  what: string;
  /** The changes to the base body, given it and its check-in date. */
  build: (base: Body, checkin: string) => { what: string; changes: Body };
}

const num = (v: unknown): v is number => typeof v === 'number';
const nullable = (s: JsonObject) => s.nullable === true || (Array.isArray(s.type) && s.type.includes('null'));
const json = (v: unknown) => JSON.stringify(v);

/** A valid value of a field when the base body has none: its default, example, minimum or first enum member. */
export function plainValue(s: JsonObject): unknown {
  if (s.default !== undefined) return s.default;
  if (s.example !== undefined) return s.example;
  if (Array.isArray(s.enum)) return s.enum[0];
  switch (s.type) {
    case 'integer':
    case 'number':
      return num(s.minimum) ? Math.max(s.minimum, num(s.maximum) ? Math.min(s.maximum, 1) : 1) : 1;
    case 'boolean':
      return true;
    case 'array': {
      const item = isObject(s.items) ? plainValue(s.items) : undefined;
      return item === undefined ? undefined : [item];
    }
    default:
      return undefined;
  }
}

/** The values a coercing server would turn into `value` of the field's type. */
function coercibleForms(s: JsonObject, value: unknown): Array<[string, unknown]> {
  const forms: Array<[string, unknown]> = [];
  if ((s.type === 'integer' || s.type === 'number') && num(value)) {
    forms.push(['a numeric string', String(value)], ['a numeric string with spaces', ` ${value} `], ['a numeric string in exponent form', value.toExponential()]);
  }
  if (s.type === 'boolean' && typeof value === 'boolean') {
    forms.push(['a string', String(value)], ['a string', String(!value)], ['a number', value ? 1 : 0], ['a number', value ? 0 : 1]);
  }
  if (s.type === 'array' && Array.isArray(value) && value.length > 0) {
    const [first] = value;
    forms.push(['a scalar (one item, not in an array)', first]);
    if (num(first)) forms.push(['an array of numeric strings', value.map(String)]);
  } else if (s.type !== 'array' && s.type !== 'object' && value !== undefined) {
    forms.push(['a one-element array', [value]]);
  }
  if (!nullable(s)) forms.push(['null (the field is not nullable)', null]);
  return forms;
}

/** Coercible wrong types, one case per field and form. */
export function coercibleCases(schema: FieldSchemas): RuntimeCase[] {
  const out: RuntimeCase[] = [];
  for (const [name, s] of Object.entries(schema.properties)) {
    if (name === 'apikey' || s.format === 'date') continue;
    // A placeholder of the type counts the forms when neither the base body nor the schema has a value.
    const sample = plainValue(s) ?? (s.type === 'string' ? 'x' : s.type === 'integer' || s.type === 'number' ? 1 : undefined);
    for (const [index, [form]] of coercibleForms(s, sample).entries()) {
      out.push({
        what: `${name} as ${form}`,
        build: (base) => {
          const value = (name in base ? base[name] : plainValue(s)) ?? sample;
          const sent = coercibleForms(s, value)[index]?.[1] ?? null;
          return { what: `${name} = ${json(sent)} (${form}; ${String(s.type)} expected)`, changes: { [name]: sent } };
        },
      });
    }
  }
  return out;
}

const pad = (n: number) => String(n).padStart(2, '0');
const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * A month at least one month after the base check-in that has fewer than 31 days, and the first
 * day that does not exist in it; and a month after the check-in with its 5th day (single digit).
 */
function dateAnchors(checkin: string): { missing: string; lastReal: string; dayAfter: string; year: number; month: number } {
  let year = Number(checkin.slice(0, 4));
  let month = Number(checkin.slice(5, 7)) + 1;
  for (let i = 0; i < 12; i++, month++) {
    if (month > 12) [year, month] = [year + 1, 1];
    const length = daysIn(year, month);
    if (length < 31) {
      const next = month === 12 ? `${year + 1}-01` : `${year}-${pad(month + 1)}`;
      return { missing: `${year}-${pad(month)}-${length + 1}`, lastReal: `${year}-${pad(month)}-${pad(length - 1)}`, dayAfter: `${next}-03`, year, month };
    }
  }
  throw new Error(`no short month after ${checkin}`); // unreachable: every year has one
}

/** Dates that parse but do not exist, and dates without zero padding, for each pair of date fields. */
export function impossibleDateCases(path: ApiPath, schema: FieldSchemas): RuntimeCase[] {
  const dateFields = Object.entries(schema.properties).filter(([, s]) => s.format === 'date').map(([name]) => name);
  if (!dateFields.includes('checkin') || !dateFields.includes('checkout')) return [];
  // Hotel details with dates is the live lookup: without search_id, so the dates are what is judged.
  const extra: Body = path === '/hotel.php' ? { search_id: undefined } : {};
  const stay = (what: string, make: (a: ReturnType<typeof dateAnchors>) => Body): RuntimeCase => ({
    what,
    build: (_base, checkin) => {
      const changes = { ...extra, ...make(dateAnchors(checkin)) };
      return { what: `${what}: ${json(changes.checkin)} to ${json(changes.checkout)}`, changes };
    },
  });
  return [
    stay('checkin on a day that does not exist', (a) => ({ checkin: a.missing, checkout: a.dayAfter })),
    stay('checkout on a day that does not exist', (a) => ({ checkin: a.lastReal, checkout: a.missing })),
    stay('checkin without zero padding', (a) => ({ checkin: `${a.year}-${a.month}-5`, checkout: `${a.year}-${pad(a.month)}-08` })),
    stay('checkout without zero padding', (a) => ({ checkin: `${a.year}-${pad(a.month)}-02`, checkout: `${a.year}-${a.month}-5` })),
  ];
}

/** Keywords that give a string a shape of its own: any run of letters at its maxLength need not be valid (currency's anyOf of codes). */
const SHAPING_KEYWORDS = ['pattern', 'format', 'enum', 'const', 'anyOf', 'oneOf', 'allOf', 'not'] as const;

/**
 * Valid values exactly at each stated bound of the fields the generator may change (not the
 * anchors): minimum, maximum, maxLength (plain strings only: one with a pattern, format, enum or
 * subschemas has its own shape) and maxItems (distinct enum members).
 */
export function boundaryCases(schema: FieldSchemas, anchors: readonly string[]): Array<{ what: string; changes: Body }> {
  const out: Array<{ what: string; changes: Body }> = [];
  for (const [name, s] of Object.entries(schema.properties)) {
    if (anchors.includes(name)) continue;
    const target = s.type === 'array' && isObject(s.items) ? s.items : s;
    const wrap = (v: unknown) => (s.type === 'array' ? [v] : v);
    if (target.type === 'integer' || target.type === 'number') {
      if (num(target.minimum)) out.push({ what: `${name} = ${json(wrap(target.minimum))} (at its minimum)`, changes: { [name]: wrap(target.minimum) } });
      if (num(target.maximum)) out.push({ what: `${name} = ${json(wrap(target.maximum))} (at its maximum)`, changes: { [name]: wrap(target.maximum) } });
    }
    if (s.type === 'string' && num(s.maxLength) && SHAPING_KEYWORDS.every((keyword) => s[keyword] === undefined)) {
      out.push({ what: `${name} of ${s.maxLength} characters (at its maxLength)`, changes: { [name]: 'a'.repeat(s.maxLength) } });
    }
    if (s.type === 'array' && num(s.maxItems) && Array.isArray(target.enum) && target.enum.length >= s.maxItems) {
      out.push({ what: `${name} with ${s.maxItems} items (at its maxItems)`, changes: { [name]: target.enum.slice(0, s.maxItems) } });
    }
  }
  return out;
}
