/**
 * The generated checks (checks/generated.ts): the cases come from the spec-level request schemas,
 * are repeatable, stay within --negative, pass on the reference server in both profiles, and a
 * server that clamps out-of-range numbers instead of refusing them is caught.
 */
import { describe, expect, it } from 'vitest';
import { CATALOGUE } from './checks/index.js';
import { adaptExample, casesFor, negativeCases, pick, prng, requestSchema, validCase } from './checks/generated.js';
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

  it('are picked by a seeded PRNG: the same on every run, and bounded', () => {
    const all = negativeCases('/search.php', 'wrong-type');
    expect(pick(all, 3, prng('x'))).toEqual(pick(all, 3, prng('x')));
    expect(pick(all, 3, prng('x'))).toHaveLength(3);
    expect(pick(all, 100, prng('x'))).toHaveLength(all.length);
    expect(casesFor('/search.php', 3)).toBe(1);
    expect(casesFor('/booking_overview.php', 3)).toBe(3);
    expect(casesFor('/hotel.php', 0)).toBe(0);
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

  it('catch a server that clamps out-of-range numbers instead of refusing them', async () => {
    const mutant = MUTANTS.find((m) => m.id === 'validation.out-of-range-numbers-clamped');
    if (!mutant) throw new Error('mutant missing');
    const report = await runAgainstWrapped(mutant, 'spec', mutant.caughtBy);
    const failed = report.results.filter((r) => r.status === 'failed');
    expect(failed.map((r) => r.id)).toContain('generated.search.out-of-range');
    expect(failed[0]?.message).toMatch(/expected a 4xx, got 200/);
  }, 120_000);
});
