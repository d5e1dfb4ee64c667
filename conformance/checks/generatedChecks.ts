/**
 * The generated checks: for each operation and each kind of break with cases (generated.ts) one
 * check `generated.<operation>.<kind>`, whose cases must each get a 4xx with `{ "error": string }`,
 * never a 5xx or a 2xx; `generated.<operation>.valid` (requests built from the schemas) and
 * `generated.<operation>.boundaries` (every stated bound exactly) must not get 400.
 *
 * How many: with a harness, or `--negative all`, every case (the clock moves, so a case costs no
 * waiting); otherwise `--negative N` per operation and kind (search and hotel details, which are
 * rate limited, ceil(N/3)), picked by the run's `--seed`, which the report prints and which
 * replays the same pick. Every case sent is listed in the report with its verdict, and each one
 * that fails comes with its reproduction. The key is always the run's own key.
 */
import { errorText } from '../kit/assert.js';
import type { CheckContext } from '../kit/context.js';
import { CheckFailure } from '../kit/failures.js';
import type { Exchange } from '../kit/recorder.js';
import { API_PATHS, type ApiPath, type Check, type Endpoint, type KitSettings } from '../kit/types.js';
import { boundaryCases } from './coercibleCases.js';
import {
  ANCHORS, NEGATIVE_KINDS, VALID_CASES_WHEN_ALL, adaptExample, casesFor, negativeCases, pick, prng, requestSchema, validCase,
  type GeneratedCase, type NegativeKind,
} from './generated.js';
import { SHORT_NAMES, UNKNOWN_BOOKHASH, defineCheck, withChanges, type Body } from './support.js';

/** A valid body for the operation: the run's key and real data (shared search, a booking reference no booking has). */
async function baseBody(ctx: CheckContext, path: ApiPath): Promise<Body> {
  switch (path) {
    case '/search.php':
      return { ...ctx.fixtures.baseSearchRequest() };
    case '/hotel.php': {
      const { response, hotel } = await ctx.fixtures.search();
      return { apikey: ctx.apikey, id: hotel.id, search_id: response.search_id };
    }
    case '/booking.php': {
      const { hotel } = await ctx.fixtures.search();
      return { apikey: ctx.apikey, service_hash: hotel.rate.service_hash };
    }
    case '/booking_overview.php':
      return { apikey: ctx.apikey };
    case '/retrieve_booking.php':
    case '/book/cancel.php':
      // Not a real booking: a valid request that must not change a booking other checks share.
      return { apikey: ctx.apikey, bookhash: UNKNOWN_BOOKHASH };
  }
}

const baseCheckin = (base: Body, ctx: CheckContext): string => (typeof base.checkin === 'string' ? base.checkin : ctx.stay(30, 3).checkin);

function resolveDates(changes: Body, base: Body, ctx: CheckContext): Body {
  const checkin = baseCheckin(base, ctx);
  const dayBefore = new Date(Date.parse(`${checkin}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  return Object.fromEntries(Object.entries(changes).map(([k, v]) => [k, v === '$checkin' ? checkin : v === '$checkin-1' ? dayBefore : v]));
}

/** The request a case sends, and what it breaks, readably. */
function requestOf(c: GeneratedCase, base: Body, ctx: CheckContext): { what: string; body: Body } {
  const checkin = baseCheckin(base, ctx);
  if (c.body) return { what: c.what, body: adaptExample(c.body, base, checkin) };
  if (c.build) {
    const built = c.build(base, checkin);
    return { what: built.what, body: withChanges(base, built.changes) };
  }
  return { what: c.what, body: withChanges(base, resolveDates(c.changes, base, ctx)) };
}

const answer = (e: Exchange) => `${e.status} ${e.text.replace(/\s+/g, ' ').slice(0, 160)}`;

/** What a generated check spends requests on: hotel details and booking start search first. */
const generatedEndpoints = (path: ApiPath): Endpoint[] => (path === '/hotel.php' || path === '/booking.php' ? ['/search.php', path] : [path]);

/** The run's number of generated cases for `path`; skips the check when `--negative 0` switched them off. */
function generatedCount(ctx: CheckContext, path: ApiPath): number {
  const count = casesFor(path, ctx.settings.negative);
  if (count === 0) ctx.skip('generated cases switched off (--negative 0)');
  return count;
}

/** The requests a generated check of `path` with `cases` cases sends under these settings (its ETA). */
const planned = (path: ApiPath, cases: number) => (settings: KitSettings) => ({ [path]: Math.min(cases, casesFor(path, settings.negative)) });

/** Sends each request; a verdict per case goes into the report, the failures into one CheckFailure. */
async function sendAll(ctx: CheckContext, path: ApiPath, requests: ReadonlyArray<{ what: string; body: Body }>, expect: 'refused' | 'accepted'): Promise<void> {
  const problems: string[] = [];
  for (const { what, body } of requests) {
    const response = await ctx.api.postUnchecked(path, body);
    let problem: string | undefined;
    if (expect === 'refused') {
      if (response.status < 400 || response.status >= 500) problem = `expected a 4xx, got ${answer(response)}`;
      else if (errorText(response) === '') problem = `the ${response.status} has no { "error": string } — ${answer(response)}`;
    } else if (response.status === 400 || response.status >= 500) problem = `expected no 400 or 5xx, got ${answer(response)}`;
    ctx.recordCase({ what, status: response.status, passed: problem === undefined, expect: expect === 'refused' ? '4xx with an error text' : 'not 400, not 5xx' }, response);
    if (problem) problems.push(`${what}: ${problem}`);
  }
  const verb = expect === 'refused' ? 'invalid requests to %s not refused' : 'valid requests to %s refused';
  if (problems.length > 0) throw new CheckFailure(`${problems.length} of ${requests.length} generated ${verb.replace('%s', path)}:\n${problems.join('\n')}`);
  ctx.note(`${requests.length} generated (seed ${ctx.settings.seed}); each case in the report`);
}

function negativeCheck(path: ApiPath, kind: NegativeKind): Check {
  const id = `generated.${SHORT_NAMES[path]}.${kind}`;
  return defineCheck({
    id,
    title: `generated ${kind.replace(/-/g, ' ')} requests to ${path} each get a 4xx with an error text`,
    section: '4, 7 (generated from the request schema)',
    tag: 'spec',
    needs: [],
    endpoints: generatedEndpoints(path),
    plannedRequests: planned(path, negativeCases(path, kind).length),
    async run(ctx) {
      const all = negativeCases(path, kind);
      const count = generatedCount(ctx, path);
      const cases = count >= all.length ? all : pick(all, count, prng(`${ctx.settings.seed}:${id}`));
      const base = await baseBody(ctx, path);
      await sendAll(ctx, path, cases.map((c) => requestOf(c, base, ctx)), 'refused');
    },
  });
}

function validCheck(path: ApiPath): Check {
  const id = `generated.${SHORT_NAMES[path]}.valid`;
  return defineCheck({
    id,
    title: `generated valid requests to ${path} (schema values, optional fields sometimes) are not refused with 400`,
    section: '4 (generated from the request schema)',
    tag: 'spec',
    needs: [],
    endpoints: generatedEndpoints(path),
    plannedRequests: (settings) => {
      const n = casesFor(path, settings.negative);
      return { [path]: Number.isFinite(n) ? n : VALID_CASES_WHEN_ALL };
    },
    async run(ctx) {
      const wanted = generatedCount(ctx, path);
      const count = Number.isFinite(wanted) ? wanted : VALID_CASES_WHEN_ALL;
      const random = prng(`${ctx.settings.seed}:${id}`);
      const seen = new Set<string>();
      const cases: GeneratedCase[] = [];
      for (let i = 0; i < count * 4 && cases.length < count; i++) {
        const c = validCase(path, random);
        const key = JSON.stringify(c.changes);
        if (seen.has(key)) continue;
        seen.add(key);
        cases.push(c);
      }
      const base = await baseBody(ctx, path);
      await sendAll(ctx, path, cases.map((c) => ({ what: c.what, body: withChanges(base, c.changes) })), 'accepted');
    },
  });
}

function boundaryCheck(path: ApiPath): Check {
  const id = `generated.${SHORT_NAMES[path]}.boundaries`;
  return defineCheck({
    id,
    title: `generated requests to ${path} with a value exactly at each stated bound (minimum, maximum, maxLength, maxItems) are not refused with 400`,
    section: '4 (generated from the request schema)',
    tag: 'spec',
    needs: [],
    endpoints: generatedEndpoints(path),
    plannedRequests: planned(path, boundaryCases(requestSchema(path), ANCHORS[path]).length),
    async run(ctx) {
      const cases = pick(boundaryCases(requestSchema(path), ANCHORS[path]), generatedCount(ctx, path), prng(`${ctx.settings.seed}:${id}`));
      const base = await baseBody(ctx, path);
      await sendAll(ctx, path, cases.map((c) => ({ what: c.what, body: withChanges(base, c.changes) })), 'accepted');
    },
  });
}

/** One check per operation and kind that the spec-level request schema gives cases for, and the valid ones per operation. */
export const GENERATED_CHECKS: Check[] = API_PATHS.flatMap((path) => [
  ...NEGATIVE_KINDS.filter((kind) => negativeCases(path, kind).length > 0).map((kind) => negativeCheck(path, kind)),
  validCheck(path),
  ...(boundaryCases(requestSchema(path), ANCHORS[path]).length > 0 ? [boundaryCheck(path)] : []),
]);
