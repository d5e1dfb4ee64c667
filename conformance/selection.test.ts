/** Check selection: profile, --only/--skip tokens, needs, the opt-in expensive checks, run order. */
import { describe, expect, it } from 'vitest';
import { CATALOGUE } from './checks/index.js';
import { matchesToken, orderForRun, selectChecks, unknownTokens } from './kit/selection.js';
import type { CatalogueCheck, Need } from './kit/types.js';

const make = (id: string, extra: Partial<CatalogueCheck> = {}): CatalogueCheck => ({
  id, title: id, section: '4', tag: 'spec', needs: [], endpoints: [], group: id.split('.')[0] ?? '', run: async () => undefined, ...extra,
});

const catalogue = [
  make('auth.search.missing-key-401'),
  make('search.radius.max-accepted', { group: 'validation-search' }),
  make('search.unknown-field-400', { group: 'validation-search', tag: 'reference' }),
  make('states.cancel.success-body', { needs: ['control'] }),
  make('states.retrieve.other-account-403', { needs: ['apikey2'] }),
  make('limits.search.sixth-request-429', { labels: ['window'] }),
  make('limits.search.daily-200', { labels: ['expensive'] }),
  make('states.cancel.after-deadline-403', { needs: ['control', 'clock'] }),
];
const all: Record<Need, boolean> = { control: true, apikey2: true, clock: true };
const none: Record<Need, boolean> = { control: false, apikey2: false, clock: false };
const ids = (planned: ReturnType<typeof selectChecks>) => planned.map((p) => p.check.id);

describe('selectChecks', () => {
  it('profile spec leaves out reference checks; reference keeps all', () => {
    expect(ids(selectChecks(catalogue, { profile: 'spec', only: [], skip: [], has: all }))).not.toContain('search.unknown-field-400');
    expect(selectChecks(catalogue, { profile: 'reference', only: [], skip: [], has: all })).toHaveLength(catalogue.length);
  });

  it('--only and --skip take ids, prefixes, globs, groups, tags and labels', () => {
    const only = (tokens: string[]) => ids(selectChecks(catalogue, { profile: 'reference', only: tokens, skip: [], has: all })).sort();
    expect(only(['auth.search.missing-key-401'])).toEqual(['auth.search.missing-key-401']);
    expect(only(['states.cancel'])).toEqual(['states.cancel.after-deadline-403', 'states.cancel.success-body']);
    expect(only(['limits.*'])).toEqual(['limits.search.daily-200', 'limits.search.sixth-request-429']);
    expect(only(['validation-search'])).toEqual(['search.radius.max-accepted', 'search.unknown-field-400']);
    expect(only(['reference'])).toEqual(['search.unknown-field-400']);
    expect(only(['window'])).toEqual(['limits.search.sixth-request-429']);
    const skipped = ids(selectChecks(catalogue, { profile: 'reference', only: [], skip: ['states', 'limits.search.daily-200'], has: all }));
    expect(skipped).not.toContain('states.cancel.success-body');
    expect(skipped).not.toContain('limits.search.daily-200');
    expect(matchesToken(catalogue[1]!, 'search.radius.max')).toBe(false);
  });

  it('skips checks whose needs are missing, with the reason', () => {
    const planned = selectChecks(catalogue, { profile: 'spec', only: [], skip: [], has: none });
    const reason = (id: string) => planned.find((p) => p.check.id === id)?.skipReason;
    expect(reason('states.cancel.success-body')).toMatch(/--control URL/);
    expect(reason('states.retrieve.other-account-403')).toMatch(/--apikey2/);
    expect(reason('auth.search.missing-key-401')).toBeUndefined();
  });

  it('runs the expensive check only with a harness or when --only names it', () => {
    const reason = (has: Record<Need, boolean>, only: string[]) =>
      selectChecks(catalogue, { profile: 'spec', only, skip: [], has }).find((p) => p.check.id === 'limits.search.daily-200')?.skipReason;
    expect(reason(none, [])).toMatch(/expensive/);
    expect(reason(none, ['limits'])).toMatch(/expensive/);
    expect(reason(none, ['limits.search.daily-200'])).toBeUndefined();
    expect(reason(none, ['expensive'])).toBeUndefined();
    expect(reason(all, [])).toBeUndefined();
  });

  it('orders window checks first, clock movers late, expensive last', () => {
    const order = ids(orderForRun(catalogue.map((check) => ({ check }))));
    expect(order[0]).toBe('limits.search.sixth-request-429');
    expect(order.slice(-2)).toEqual(['states.cancel.after-deadline-403', 'limits.search.daily-200']);
  });

  it('finds tokens that match nothing', () => {
    expect(unknownTokens(catalogue, ['auth', 'nonsense.check'])).toEqual(['nonsense.check']);
  });
});

describe('the catalogue', () => {
  it('has unique ids, a title, a section and only known tags and needs', () => {
    expect(new Set(CATALOGUE.map((c) => c.id)).size).toBe(CATALOGUE.length);
    for (const c of CATALOGUE) {
      expect(c.title.length, c.id).toBeGreaterThan(5);
      expect(c.section, c.id).toMatch(/^\d/);
      expect(['spec', 'reference']).toContain(c.tag);
      for (const need of c.needs) expect(['control', 'apikey2', 'clock']).toContain(need);
    }
  });

  it('covers 401 and 403 on every endpoint and 405 on search and hotel as spec', () => {
    for (const name of ['search', 'hotel', 'booking', 'overview', 'retrieve', 'cancel']) {
      expect(CATALOGUE.some((c) => c.id === `auth.${name}.missing-key-401`)).toBe(true);
      expect(CATALOGUE.some((c) => c.id === `auth.${name}.unknown-key-403`)).toBe(true);
    }
    expect(CATALOGUE.find((c) => c.id === 'methods.search.get-405')?.tag).toBe('spec');
    expect(CATALOGUE.find((c) => c.id === 'methods.booking.get-405')?.tag).toBe('reference');
  });
});
