/**
 * Servers that quietly coerce JSON types (section 4: each field has a type): each repairs one kind
 * of wrong type it can parse, on every operation, by the contract's request schemas, and answers as
 * if the value were right. Only the generated coercible-type and impossible-date cases catch them.
 */
import { isObject, type JsonObject } from '../../../contract/document.js';
import { requestSchema } from '../../checks/generated.js';
import { GENERATED_CHECKS } from '../../checks/generatedChecks.js';
import { API_PATHS, type ApiPath } from '../../kit/types.js';
import { rewriteRequest } from './middleware.js';
import type { Loose, Mutant } from './types.js';

type Coerce = (value: unknown, schema: JsonObject) => unknown;

const SCHEMAS = new Map<ApiPath, Readonly<Record<string, JsonObject>>>(API_PATHS.map((path) => [path, requestSchema(path).properties]));

/** A front that applies `coerce` to every field of every operation's body (and to array items). */
function coercing(coerce: Coerce) {
  return () => [
    rewriteRequest(API_PATHS, (body: Loose, req) => {
      const properties = SCHEMAS.get(req.path as ApiPath) ?? {};
      const out = { ...body };
      for (const [name, schema] of Object.entries(properties)) {
        if (!(name in out) || name === 'apikey') continue;
        let value = coerce(out[name], schema);
        if (schema.type === 'array' && Array.isArray(value) && isObject(schema.items)) value = value.map((item) => coerce(item, schema.items as JsonObject));
        if (value === undefined) delete out[name];
        else out[name] = value;
      }
      return out;
    }),
  ];
}

const numeric = (v: unknown) => (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : v);
const pad = (n: number) => String(n).padStart(2, '0');
const DATE = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;

/** Every generated check of these kinds (an operation without such fields has none). */
const caughtBy = (...kinds: string[]) => GENERATED_CHECKS.map((c) => c.id).filter((id) => kinds.some((kind) => id.endsWith(`.${kind}`)));

export const COERCION_MUTANTS: Mutant[] = [
  {
    id: 'coercion.numeric-strings',
    breaks: 'a numeric string where the contract says integer or number ("72863", " 52.37 ", "1e3") is parsed as the number',
    section: '4',
    front: coercing((v, s) => (s.type === 'integer' || s.type === 'number' ? numeric(v) : v)),
    caughtBy: caughtBy('coercible-type'),
  },
  {
    id: 'coercion.boolean-strings',
    breaks: '"true", "false", 0 and 1 where the contract says boolean are taken as the boolean',
    section: '4',
    front: coercing((v, s) => (s.type !== 'boolean' ? v : v === 'true' || v === 1 ? true : v === 'false' || v === 0 ? false : v)),
    caughtBy: caughtBy('coercible-type'),
  },
  {
    id: 'coercion.one-element-arrays',
    breaks: 'a one-element array where the contract says a scalar is taken as its element',
    section: '4',
    front: coercing((v, s) => (s.type !== 'array' && Array.isArray(v) && v.length === 1 ? v[0] : v)),
    caughtBy: caughtBy('coercible-type'),
  },
  {
    id: 'coercion.scalar-as-array',
    breaks: 'a scalar where the contract says an array is taken as a list of one',
    section: '4',
    front: coercing((v, s) => (s.type === 'array' && v !== null && v !== undefined && !Array.isArray(v) ? [v] : v)),
    caughtBy: caughtBy('coercible-type'),
  },
  {
    id: 'coercion.null-as-absent',
    breaks: 'null for a field that is not nullable is taken as the field left out (its default)',
    section: '4',
    front: coercing((v) => (v === null ? undefined : v)),
    caughtBy: caughtBy('coercible-type'),
  },
  {
    id: 'coercion.impossible-dates-rolled-over',
    breaks: 'a date that parses but does not exist (2027-02-30) is rolled over into the next month',
    section: '4.1, 4.2',
    front: coercing((v, s) => {
      const m = s.format === 'date' && typeof v === 'string' ? DATE.exec(v) : null;
      if (!m || m[2]!.length !== 2 || m[3]!.length !== 2) return v;
      return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))).toISOString().slice(0, 10);
    }),
    caughtBy: caughtBy('impossible-date'),
  },
  {
    id: 'coercion.unpadded-dates-padded',
    breaks: 'a date without zero padding (2027-4-5) is padded instead of refused',
    section: '4.1, 4.2',
    front: coercing((v, s) => {
      const m = s.format === 'date' && typeof v === 'string' ? DATE.exec(v) : null;
      return m ? `${m[1]}-${pad(Number(m[2]))}-${pad(Number(m[3]))}` : v;
    }),
    caughtBy: caughtBy('impossible-date'),
  },
];
