/**
 * Section 4 and 7: only POST is accepted; other methods give 405 (stated for search and hotel
 * details; the reference server does the same everywhere). Broken bodies give 400 (reference).
 */
import { expectStatus } from '../kit/assert.js';
import { API_PATHS, type ApiPath, type Check } from '../kit/types.js';
import { SHORT_NAMES, defineCheck } from './support.js';

const STATED_405: readonly ApiPath[] = ['/search.php', '/hotel.php'];

function getIs405(path: ApiPath): Check {
  const stated = STATED_405.includes(path);
  return defineCheck({
    id: `methods.${SHORT_NAMES[path]}.get-405`,
    title: `GET ${path} gives 405`,
    section: stated ? '4' : '4 (reference: every path)',
    tag: stated ? 'spec' : 'reference',
    needs: [],
    endpoints: [path],
    async run(ctx) {
      const response = await ctx.api.raw({ path, method: 'GET', undeclaredOk: !stated });
      expectStatus(response, 405, `GET ${path}`);
    },
  });
}

const otherMethods = defineCheck({
  id: 'methods.search.other-methods-405',
  title: 'PUT, DELETE and PATCH on /search.php give 405',
  section: '4',
  tag: 'spec',
  needs: [],
  endpoints: ['/search.php'],
  async run(ctx) {
    const body = JSON.stringify(ctx.fixtures.baseSearchRequest());
    for (const method of ['PUT', 'DELETE', 'PATCH']) {
      const response = await ctx.api.raw({ path: '/search.php', method, headers: { 'content-type': 'application/json' }, body });
      expectStatus(response, 405, `${method} /search.php with a valid body`);
    }
  },
});

const malformedJson = defineCheck({
  id: 'methods.booking.malformed-json-400',
  title: 'a body that is not valid JSON gives 400',
  section: '7 (reference: order of checks)',
  tag: 'reference',
  needs: [],
  endpoints: ['/booking.php'],
  async run(ctx) {
    const response = await ctx.api.raw({
      path: '/booking.php',
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"apikey": "${ctx.apikey}", "service_hash": `,
    });
    expectStatus(response, 400, 'POST /booking.php with truncated JSON');
  },
});

const wrongContentType = defineCheck({
  id: 'methods.booking.wrong-content-type-400',
  title: 'a body that is not declared application/json gives 400',
  section: '4 (reference: order of checks)',
  tag: 'reference',
  needs: [],
  endpoints: ['/booking.php'],
  async run(ctx) {
    const response = await ctx.api.raw({
      path: '/booking.php',
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: `apikey=${ctx.apikey}`,
    });
    expectStatus(response, 400, 'POST /booking.php with Content-Type text/plain');
  },
});

export const METHOD_CHECKS: Check[] = [...API_PATHS.map(getIs405), otherMethods, malformedJson, wrongContentType];
