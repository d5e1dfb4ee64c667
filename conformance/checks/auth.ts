/**
 * Section 5: the key travels in the JSON body; missing gives 401, unknown gives 403, on every
 * endpoint. Each request is otherwise valid, so only the key can be the reason for the answer.
 */
import { errorText, expect, expectStatus } from '../kit/assert.js';
import { API_PATHS, type ApiPath, type Check } from '../kit/types.js';
import { SHORT_NAMES, UNKNOWN_KEY, defineCheck, validBodyWithoutKey } from './support.js';

function missingKey(path: ApiPath): Check {
  const name = SHORT_NAMES[path];
  return defineCheck({
    id: `auth.${name}.missing-key-401`,
    title: `${path} without apikey gives 401`,
    section: '5',
    tag: 'spec',
    needs: [],
    endpoints: [path],
    async run(ctx) {
      const body = await validBodyWithoutKey(ctx, path);
      const response = await ctx.api.postUnchecked(path, body);
      expectStatus(response, 401, `${path} without apikey`);
    },
  });
}

function unknownKey(path: ApiPath): Check {
  const name = SHORT_NAMES[path];
  return defineCheck({
    id: `auth.${name}.unknown-key-403`,
    title: `${path} with an unknown apikey gives 403`,
    section: '5',
    tag: 'spec',
    needs: [],
    endpoints: [path],
    async run(ctx) {
      const body = { apikey: UNKNOWN_KEY, ...(await validBodyWithoutKey(ctx, path)) };
      const response = await ctx.api.postUnchecked(path, body);
      expectStatus(response, 403, `${path} with apikey '${UNKNOWN_KEY}'`);
      expect(errorText(response) !== '', 'the 403 carries no error text');
    },
  });
}

const keyNotInHeader = defineCheck({
  id: 'auth.overview.key-in-header-ignored',
  title: 'a key sent in a header instead of the body gives 401',
  section: '5',
  tag: 'spec',
  needs: [],
  endpoints: ['/booking_overview.php'],
  async run(ctx) {
    const response = await ctx.api.raw({
      path: '/booking_overview.php',
      method: 'POST',
      headers: { 'content-type': 'application/json', apikey: ctx.apikey, authorization: `Bearer ${ctx.apikey}`, 'x-api-key': ctx.apikey },
      body: '{}',
    });
    expectStatus(response, 401, 'the key only in headers (apikey, Authorization, X-Api-Key)');
  },
});

export const AUTH_CHECKS: Check[] = [...API_PATHS.map(missingKey), ...API_PATHS.map(unknownKey), keyNotInHeader];
