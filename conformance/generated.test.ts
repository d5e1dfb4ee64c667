/**
 * The generated checks (checks/generated.ts): the cases come from the spec-level request schemas,
 * are repeatable, stay within --negative, pass on the reference server in both profiles, and a
 * server that clamps out-of-range numbers instead of refusing them is caught.
 */
import { describe, expect, it } from 'vitest';
import { CATALOGUE } from './checks/index.js';
import { ANCHORS, adaptExample, casesFor, negativeCases, pick, prng, requestSchema, validCase } from './checks/generated.js';
import { boundaryCases } from './checks/coercibleCases.js';
import { loadContract } from '../contract/document.js';
import { specLevelContract } from './contract/specLevel.js';
import { MUTANTS } from './testing/mutants/index.js';
import { runAgainstWrapped } from './testing/support/runAgainst.js';

const generatedIds = CATALOGUE.filter((c) => c.group === 'generated').map((c) => c.id);

describe('generated cases', () => {
  it('come from the spec-level schema: no case for a constraint marked as the reference choice', () => {
    // service_hash's maxLength is x-reference-constraint: no too-long case for booking start.
    expect(negativeCases('/booking.php', 'too-long')).toEqual([]);
    expect(negativeCases('/booking.php', 'missing-required').map((c) => c.what)).toEqual(['without required service_hash']);
    const ranges = negativeCases('/search.php', 'out-of-range').map((c) => c.what);
    expect(ranges).toContain('radius = 10001 (maximum 10000)');
    expect(ranges).toContain('star_rating = [6] (maximum 5)');
    expect(negativeCases('/search.php', 'outside-enum').map((c) => c.what).join(' ')).toMatch(/kind|meal_type/);
    // The contract names the price rule (x-cross-field-rules), so its own example is the case.
    expect(negativeCases('/search.php', 'cross-field').map((c) => c.what).join('\n')).toMatch(/price_from.*price_to.*\(x-cross-field-rules example\)/);
    expect(negativeCases('/hotel.php', 'cross-field').map((c) => c.what).join('\n')).toMatch(/search-or-dates: .*\(x-cross-field-rules example\)/);
    // The key is never the field broken (the auth checks do that).
    for (const id of generatedIds) expect(id).not.toMatch(/apikey/);
    expect(JSON.stringify(negativeCases('/search.php', 'wrong-type'))).not.toContain('apikey');
  });

  it('read the cross-field rules the contract names (x-cross-field-rules), and add only the stated ones it does not name', () => {
    const doc = structuredClone(specLevelContract(loadContract()));
    (doc.paths['/search.php']!.post as Record<string, unknown>)['x-cross-field-rules'] = [
      { name: 'price-range', rule: '`price_from` ≤ `price_to`', status: 400, error: '^x$', example: { apikey: 'demo-key-1', checkin: '2027-06-14', checkout: '2027-06-16', location: 'Amsterdam', price_from: 300, price_to: 100 } },
    ];
    const cases = negativeCases('/search.php', 'cross-field', requestSchema('/search.php', doc));
    expect(cases[0]).toMatchObject({ what: 'price-range: `price_from` ≤ `price_to` (x-cross-field-rules example)', body: { price_from: 300, price_to: 100 } });
    expect(cases.map((c) => c.what)).not.toContain('price_from 500 above price_to 100'); // named by the contract: not twice
    expect(cases.map((c) => c.what)).toContain('checkout before checkin'); // stated, not named: still generated
    // The example is made the run's own: key, stay moved to the run's dates (same length), hotel id.
    expect(adaptExample({ apikey: 'demo-key-1', checkin: '2027-06-14', checkout: '2027-06-16', latitude: 52.37 }, { apikey: 'mine' }, '2026-12-20'))
      .toEqual({ apikey: 'mine', checkin: '2026-12-20', checkout: '2026-12-22', latitude: 52.37 });
    expect(adaptExample({ apikey: 'demo-key-1', id: 1 }, { apikey: 'mine', id: 42, search_id: 's' }, '2026-12-20')).toEqual({ apikey: 'mine', id: 42 });
  });

  it('include the wrong types a lenient server would coerce, each a case of its own, with the base request\'s own value', () => {
    const built = (path: '/search.php' | '/hotel.php', base: Record<string, unknown>) =>
      negativeCases(path, 'coercible-type').map((c) => c.build?.(base, '2027-01-10').changes);
    const hotel = built('/hotel.php', { apikey: 'k', id: 72863, search_id: 'abc' });
    for (const value of ['72863', ' 72863 ', '7.2863e+4', [72863], null]) expect(hotel).toContainEqual({ id: value });
    const search = built('/search.php', { apikey: 'k', latitude: 52.37, longitude: 4.9 });
    for (const change of [{ latitude: '52.37' }, { latitude: ' 52.37 ' }, { include_description: 'true' }, { include_description: 'false' }, { include_description: 0 }, { include_description: 1 }, { star_rating: 1 }, { star_rating: ['1'] }, { kind: 'Hotel' }, { radius: [5000] }, { currency: null }]) {
      expect(search).toContainEqual(change);
    }
    expect(JSON.stringify(search)).not.toContain('apikey');
  });

  it('include dates that parse but do not exist and dates without zero padding, in a stay that is otherwise valid', () => {
    const dates = negativeCases('/search.php', 'impossible-date').map((c) => c.build?.({}, '2027-01-10').changes);
    expect(dates).toEqual([
      { checkin: '2027-02-29', checkout: '2027-03-03' },
      { checkin: '2027-02-27', checkout: '2027-02-29' },
      { checkin: '2027-2-5', checkout: '2027-02-08' },
      { checkin: '2027-02-02', checkout: '2027-2-5' },
    ]);
    // Hotel details judge the dates on the live lookup: without search_id.
    expect(negativeCases('/hotel.php', 'impossible-date')[0]?.build?.({}, '2027-01-10').changes).toHaveProperty('search_id', undefined);
  });

  it('include each stated bound exactly, as a valid request', () => {
    const whats = boundaryCases(requestSchema('/search.php'), ANCHORS['/search.php']).map((c) => c.what);
    expect(whats).toEqual(expect.arrayContaining(['radius = 1 (at its minimum)', 'radius = 10000 (at its maximum)', 'persons = 5 (at its maximum)', 'star_rating = [0] (at its minimum)', 'kind with 16 items (at its maxItems)']));
  });

  it('are picked by a seeded PRNG: the same on every run, and bounded', () => {
    const all = negativeCases('/search.php', 'wrong-type');
    expect(pick(all, 3, prng('x'))).toEqual(pick(all, 3, prng('x')));
    expect(pick(all, 3, prng('x'))).toHaveLength(3);
    expect(pick(all, 100, prng('x'))).toHaveLength(all.length);
    expect(casesFor('/search.php', 3)).toBe(1);
    expect(casesFor('/booking_overview.php', 3)).toBe(3);
    expect(casesFor('/hotel.php', 0)).toBe(0);
    expect(casesFor('/hotel.php', 'all')).toBe(Number.POSITIVE_INFINITY);
    // Another seed, another pick: the pick rotates from run to run, and a printed seed replays it.
    const picks = new Set(['a', 'b', 'c', 'd', 'e'].map((seed) => JSON.stringify(pick(all, 3, prng(`${seed}:generated.search.wrong-type`)))));
    expect(picks.size).toBeGreaterThan(1);
  });

  it('valid cases keep to the schema (ranges, enums, price_from ≤ price_to) and never touch the anchors', () => {
    const schema = requestSchema('/search.php');
    const random = prng('valid');
    for (let i = 0; i < 50; i++) {
      const { changes } = validCase('/search.php', random, schema);
      for (const anchor of ['apikey', 'checkin', 'checkout', 'location', 'latitude', 'longitude']) expect(changes).not.toHaveProperty(anchor);
      if (typeof changes.radius === 'number') expect(changes.radius >= 1 && changes.radius <= 10000).toBe(true);
      if (typeof changes.persons === 'number') expect(changes.persons >= 1 && changes.persons <= 5).toBe(true);
      if (typeof changes.price_from === 'number' && typeof changes.price_to === 'number') expect(changes.price_from).toBeLessThanOrEqual(changes.price_to);
      if (Array.isArray(changes.kind)) expect(changes.kind.length).toBeLessThanOrEqual(3);
    }
  });
});

describe('generated checks against servers', () => {
  it('pass on the reference server in both profiles', async () => {
    for (const profile of ['spec', 'reference'] as const) {
      const report = await runAgainstWrapped({}, profile, ['generated']);
      const notPassed = report.results.filter((r) => r.status !== 'passed').map((r) => `${r.id}: ${r.status} ${r.message ?? ''}`);
      expect(notPassed).toEqual([]);
      expect(report.results.length).toBe(generatedIds.length);
    }
  }, 120_000);

  it('list every case sent with its verdict, and run every case with a harness', async () => {
    const report = await runAgainstWrapped({}, 'spec', ['generated.hotel.coercible-type']);
    const [result] = report.results;
    expect(result?.cases?.length).toBe(negativeCases('/hotel.php', 'coercible-type').length);
    expect(result?.cases?.every((c) => c.passed && c.status === 400 && c.expect === '4xx with an error text')).toBe(true);
    expect(report.seed).toMatch(/^[0-9a-f]{8}$/);
  }, 60_000);

  it('catch a server that clamps out-of-range numbers instead of refusing them', async () => {
    const mutant = MUTANTS.find((m) => m.id === 'validation.out-of-range-numbers-clamped');
    if (!mutant) throw new Error('mutant missing');
    const report = await runAgainstWrapped(mutant, 'spec', mutant.caughtBy);
    const failed = report.results.filter((r) => r.status === 'failed');
    expect(failed.map((r) => r.id)).toContain('generated.search.out-of-range');
    expect(failed[0]?.message).toMatch(/expected a 4xx, got 200/);
  }, 120_000);
});
