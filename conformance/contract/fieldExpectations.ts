/**
 * What the spec checklist (spec-checklist.ts) says about one field, and the shapes the API
 * description gives many fields alike (money as decimal text, dates, hashes, the enums), so each
 * table of fields (searchAndHotelFields.ts, bookingFields.ts, requestFields.ts) states a field in one line.
 */

export type JsonType = 'string' | 'integer' | 'number' | 'boolean' | 'object' | 'array';
export type Scalar = string | number | boolean;

export interface ItemExpectation {
  type: JsonType;
  enum?: readonly Scalar[];
  minimum?: number;
  maximum?: number;
  format?: 'date' | 'uri' | 'email';
  /** Required properties of object items. */
  requiredKeys?: readonly string[];
}

export interface FieldExpectation {
  /** Section of the API description the field comes from. */
  section: string;
  /** `components.schemas` name that holds the field. */
  schema: string;
  /** Dotted path from that schema: `location.region_type`; `[]` steps into array items: `descriptions[].title`. */
  field: string;
  type: JsonType;
  /** The field may be null (default: false — null must be refused). */
  nullable?: boolean;
  /**
   * true: listed in the parent's `required`; false: must NOT be listed (the description says it is
   * omitted/absent/present only sometimes, or it is an optional request field); undefined: the
   * description does not say.
   */
  required?: boolean;
  format?: 'date' | 'uri' | 'email';
  enum?: readonly Scalar[];
  minimum?: number;
  maximum?: number;
  /** Default value the description states (request fields). */
  default?: Scalar;
  items?: ItemExpectation;
  /** Keys an object (or a nullable object) must declare. */
  keys?: readonly string[];
  /** Values the schema must accept (shapes the description shows). */
  accepts?: readonly unknown[];
  /** Values the schema must refuse. */
  rejects?: readonly unknown[];
}

export const MEALS = ['nomeal', 'breakfast'] as const;
export const PROPERTY_KINDS = [
  'Hotel', 'Apartment', 'Resort', 'BNB', 'Hostel', 'Guesthouse', 'Apart-hotel', 'Boutique_and_Design',
  'Camping', 'Castle', 'Cottages_and_Houses', 'Farm', 'Glamping', 'Mini-hotel', 'Sanatorium', 'Villas_and_Bungalows',
] as const;
export const OVERVIEW_STATUSES = ['payment_failed', 'booking_failed', 'booking_confirmed', 'booking_cancelled'] as const;
export const DETAIL_STATUSES = ['new', 'processing', 'booking_failed', 'booking_confirmed', 'booking_cancelled'] as const;
export const POLICY_KEYS = ['internet', 'parking', 'meals', 'pets', 'extra_beds', 'cots', 'shuttle', 'children_beds', 'additional_fees'] as const;

/** Money amounts are decimal text (section 2, General). */
export const money = { type: 'string', accepts: ['412.50', '0.00'], rejects: [412.5] } as const;
/** Cancellation date-times: ISO 8601 without zone (section 2, General). */
export const localDateTime = { type: 'string', accepts: ['2026-12-12T23:59:00'] } as const;
/** booked_at / created_at: `YYYY-MM-DD HH:MM:SS` (section 2, General). */
export const bookingTimestamp = { type: 'string', accepts: ['2026-11-21 10:15:42'] } as const;
export const date = { type: 'string', format: 'date', accepts: ['2026-12-15'], rejects: ['15-12-2026'] } as const;
export const bookhash = { type: 'string', accepts: ['FSOo7WWCeMn6BJB68o7UxMRi9gahXs'], rejects: ['FSOo7WWCeMn6BJB68o7UxMRi9gahX'] } as const;
export const serviceHash = { type: 'string', accepts: ['4127-SUPDBL-1-20261215-20261218-2'] } as const;

/** A field of one table, before its section and schema are filled in. */
export type Row = Omit<FieldExpectation, 'section' | 'schema'>;
/** The fields of one schema, as the description's section lists them. */
export const rows = (section: string, schema: string, fields: readonly Row[]): FieldExpectation[] =>
  fields.map((f) => ({ section, schema, ...f }));
