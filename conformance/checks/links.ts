/**
 * The contract's OpenAPI `links`, walked as a stateful tool walks them (kit/links.ts): from a
 * search, every link of every answer is followed, its request filled from the answer by the
 * link's runtime expressions, and each linked operation must answer 2xx with a body the contract
 * accepts. Nothing here names an operation but the start: an operation that a new link leads to is
 * walked as the contract states it.
 *
 * The overview lists only bookings whose payment was attempted (section 3), and a cancel succeeds
 * only for a confirmed refundable booking before its deadline (4.6). So that every link has a 2xx
 * to give, the walk first makes the account's newest listed booking such a booking (started from
 * a refundable rate and paid through the harness); the booking the walk itself starts stays
 * unpaid and so unlisted.
 */
import { loadContract, type OpenApiDocument } from '../../contract/document.js';
import type { OperationInfo } from '../../contract/operations.js';
import { formatErrors } from '../../contract/validationErrors.js';
import { createContractValidator } from '../../contract/validator.js';
import { fail } from '../kit/assert.js';
import type { CheckContext } from '../kit/context.js';
import { walkLinks, type FilledRequest, type LinkSource, type LinkStep } from '../kit/links.js';
import type { Exchange } from '../kit/recorder.js';
import { API_PATHS, SEARCH, type ApiPath, type Check } from '../kit/types.js';
import { defineCheck } from './support.js';

function sourceOf(exchange: Exchange, requestHeaders: Record<string, string>): LinkSource {
  return {
    method: exchange.method,
    url: exchange.url,
    request: { headers: requestHeaders, body: exchange.requestBody },
    response: { status: exchange.status, headers: exchange.headers, body: exchange.json },
  };
}

const stepLine = (step: LinkStep) =>
  `${step.link.from} → ${step.link.to} (link ${step.link.name}): ${step.notFollowed ? `not followed: ${step.notFollowed}` : `${step.status}${step.problems.length > 0 ? ` — ${step.problems.join('; ')}` : ''}`}`;

/** The link walk over `doc` (default: openapi.yaml); the catalogue holds it over openapi.yaml. */
export function linkWalkCheck(doc?: OpenApiDocument): Check {
  return defineCheck({
    id: 'links.walk.from-search',
    title: "every OpenAPI link from search outward leads to a 2xx whose body the contract accepts (filled by the links' runtime expressions)",
    section: '4.1–4.6 (OpenAPI links of the contract)',
    tag: 'spec',
    needs: ['control'],
    endpoints: [...API_PATHS],
    async run(ctx: CheckContext) {
      const contract = doc ?? loadContract();
      const start = Object.values(contract.paths[SEARCH] ?? {}).find((op): op is { operationId: string } => typeof (op as { operationId?: unknown })?.operationId === 'string');
      if (!start) fail(`the contract has no operation at ${SEARCH} to start the walk from`);

      // A booking for the links out of the overview to act on: confirmed, refundable, the newest listed.
      const prepared = await ctx.fixtures.confirmedBooking(true);
      ctx.note(`prepared booking ${prepared.bookhash} (refundable, paid through the harness)`);

      // The first search of the walk: at the shared hotel, so that its first hotel is an ordinary one.
      const { hotel } = await ctx.fixtures.search();
      const headers = { 'content-type': 'application/json' };
      const first = await ctx.api.postUnchecked(SEARCH, { ...ctx.fixtures.baseSearchRequest(), latitude: hotel.latitude, longitude: hotel.longitude, radius: 1 });
      if (first.status !== 200) fail(`the search the walk starts from answered ${first.status}: ${first.text.slice(0, 200)}`);

      const validator = createContractValidator(contract);
      const exchanges = new WeakMap<LinkSource, Exchange>();
      const steps = await walkLinks(contract, start.operationId, sourceOf(first, headers), {
        async send(op: OperationInfo, request: FilledRequest) {
          const query = new URLSearchParams(request.query).toString();
          const sent = { ...headers, ...request.headers };
          const body = request.body === undefined ? undefined : JSON.stringify(request.body);
          const isApi = (API_PATHS as readonly string[]).includes(op.path) && op.method === 'post' && query === '';
          const exchange = isApi
            ? await ctx.api.raw({ path: op.path as ApiPath, method: 'POST', headers: sent, ...(body === undefined ? {} : { body }) })
            : await ctx.api.other(`${op.path}${query ? `?${query}` : ''}`, op.method.toUpperCase(), sent, body);
          const source = sourceOf(exchange, sent);
          exchanges.set(source, exchange);
          return source;
        },
        judge(op: OperationInfo, answer: LinkSource) {
          const exchange = exchanges.get(answer);
          // The six API operations are judged by the client (with the run's profile); others by this contract.
          if (exchange && exchange.endpoint !== 'other-operation') return exchange.schemaErrors;
          const result = validator.validateResponse(op.path, op.method, answer.response.status, answer.response.body, answer.response.headers);
          return result.ok ? [] : formatErrors(result).split('\n');
        },
      });

      if (steps.length === 0) fail(`the contract has no links out of ${start.operationId}: nothing to walk`);
      const broken = steps.filter((s) => s.notFollowed !== undefined || s.problems.length > 0);
      if (broken.length > 0) fail(`${broken.length} of ${steps.length} links did not lead to a conforming 2xx:\n${broken.map(stepLine).join('\n')}`);
      ctx.note(`walked ${steps.length} links: ${steps.map((s) => `${s.link.from} → ${s.link.to} ${s.status}`).join(', ')}`);
    },
  });
}

export const LINK_CHECKS: Check[] = [linkWalkCheck()];
