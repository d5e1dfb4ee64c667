/** Choosing a stub for a call, and the field differences verify shows: pure functions. */
import { describe, expect, it } from 'vitest';
import { afterAnswer, chooseStub, subsetDifferences } from './match.js';
import { parseStub, type Stub, type StubSet } from './stub.js';

const stub = (id: string, fields: Record<string, unknown>): Stub => ({
  id, created_at: '2026-11-21T10:00:00.000Z', answered: 0,
  ...parseStub({ operation: 'searchHotels', response: { status: 200, body: {} }, ...fields }),
});
const call = (body: unknown, headers: Record<string, string> = {}) => ({ operation: 'searchHotels' as const, body: () => body, headers });

describe('subsetDifferences', () => {
  it('ignores extra keys, compares arrays element by element, and names each difference by its pointer', () => {
    expect(subsetDifferences({ a: 1, b: { c: [1, { d: 'x' }] } }, { a: 1, z: 9, b: { c: [1, { d: 'x', e: 2 }] } })).toEqual([]);
    expect(subsetDifferences({ a: 1, 'b/c': 2, list: [1, 2] }, { a: 2, list: [1] }, '/body')).toEqual([
      { path: '/body/a', expected: 1, actual: 2 },
      { path: '/body/b~1c', expected: 2, actual: undefined },
      { path: '/body/list', expected: [1, 2], actual: [1] },
    ]);
    expect(subsetDifferences({ a: 1 }, null)).toEqual([{ path: '/', expected: { a: 1 }, actual: null }]);
  });
});

describe('chooseStub', () => {
  it('takes the lowest priority number, then the newest; headers in any case; the state must be the account\'s', () => {
    const set: StubSet = {
      state: 'Started',
      nextId: 5,
      stubs: [
        stub('stub_1', { priority: 5 }),
        stub('stub_2', { priority: 5 }),
        stub('stub_3', { priority: 2, match: { headers: { 'X-Team': 'blue' } } }),
        stub('stub_4', { priority: 1, state: { when: 'later' } }),
      ],
    };
    expect(chooseStub(set, call({}))?.id).toBe('stub_2');
    expect(chooseStub(set, call({}, { 'x-team': 'blue' }))?.id).toBe('stub_3');
    expect(chooseStub({ ...set, state: 'later' }, call({}))?.id).toBe('stub_4');
    expect(chooseStub(set, { ...call({}), operation: 'startBooking' })).toBeUndefined();
  });

  it('reads the body only when a stub matches on it', () => {
    let reads = 0;
    const set: StubSet = { state: 'Started', nextId: 2, stubs: [stub('stub_1', {})] };
    chooseStub(set, { operation: 'searchHotels', body: () => ++reads, headers: {} });
    expect(reads).toBe(0);
  });

  it('afterAnswer takes a count, removes a spent stub and moves the state', () => {
    const set: StubSet = { state: 'Started', nextId: 2, stubs: [stub('stub_1', { times: 1, state: { next: 'done' } })] };
    expect(afterAnswer(set, 'stub_1')).toEqual({ state: 'done', nextId: 2, stubs: [] });
    const twice: StubSet = { ...set, stubs: [stub('stub_1', { times: 2 })] };
    expect(afterAnswer(twice, 'stub_1').stubs[0]).toMatchObject({ remaining: 1, answered: 1 });
  });
});
