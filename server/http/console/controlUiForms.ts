/**
 * Reading the sandbox console's forms: what a clock form asks for, as the ClockChange the control
 * API's clock call also takes. Form fields are text, so each is checked against its exact shape
 * and anything else is a 400 that says what to enter.
 */
import { DateTime } from 'luxon';
import type { ClockChange } from '../../domain/clockControl.js';
import { badRequest } from '../../errors.js';

export type FormFields = Record<string, unknown>;

const UNIT_SECONDS: Readonly<Record<string, number>> = { minutes: 60, hours: 3600, days: 86_400 };
const CLOCK_FIELDS = ['now', 'advance_seconds', 'offset_seconds', 'amount'];

/** A datetime-local value (`2026-11-19T10:00` or with seconds) is UTC; a full ISO instant may name its zone. */
const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/;
const ZONED_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/i;
const WHOLE_NUMBER = /^-?\d{1,12}$/;

export function textField(form: FormFields, name: string): string | undefined {
  const value = form[name];
  return typeof value === 'string' ? value.trim() : undefined;
}

function wholeNumber(form: FormFields, name: string, what: string): number {
  const text = textField(form, name) ?? '';
  if (!WHOLE_NUMBER.test(text)) throw badRequest(`${what} must be a whole number`);
  return Number(text);
}

export function clockChangeOfForm(form: FormFields): ClockChange {
  const given = CLOCK_FIELDS.filter((field) => form[field] !== undefined);
  if (given.length !== 1) throw badRequest('Use one of the clock forms: set a time, or advance by an amount');
  switch (given[0]) {
    case 'now': {
      const text = textField(form, 'now') ?? '';
      // Luxon refuses what Date would roll over (February 30th, 24:30).
      const parsed = LOCAL_DATE_TIME.test(text) || ZONED_DATE_TIME.test(text) ? DateTime.fromISO(text, { zone: 'utc' }) : undefined;
      const instant = parsed?.isValid ? parsed.toJSDate() : new Date(NaN);
      if (Number.isNaN(instant.getTime())) throw badRequest('Give the time as YYYY-MM-DDTHH:MM:SS (UTC)');
      return { now: instant };
    }
    case 'advance_seconds':
      return { advanceSeconds: wholeNumber(form, 'advance_seconds', 'The step') };
    case 'offset_seconds':
      return { offsetSeconds: wholeNumber(form, 'offset_seconds', 'The offset') };
    default: {
      const unitName = textField(form, 'unit') ?? '';
      const unit = Object.hasOwn(UNIT_SECONDS, unitName) ? UNIT_SECONDS[unitName] : undefined;
      if (unit === undefined) throw badRequest(`The unit must be one of ${Object.keys(UNIT_SECONDS).join(', ')}`);
      return { advanceSeconds: wholeNumber(form, 'amount', 'The amount') * unit };
    }
  }
}
