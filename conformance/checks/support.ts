/** Helpers shared by the check files: request bodies and the short names of endpoints. */
import type { CheckContext } from '../kit/context.js';
import type { OkBody } from '../kit/client.js';
import type { Exchange } from '../kit/recorder.js';
import type { ApiPath, Check } from '../kit/types.js';

export type Body = Record<string, unknown>;

export const SHORT_NAMES: Readonly<Record<ApiPath, string>> = {
  '/search.php': 'search',
  '/hotel.php': 'hotel',
  '/booking.php': 'booking',
  '/booking_overview.php': 'overview',
  '/retrieve_booking.php': 'retrieve',
  '/book/cancel.php': 'cancel',
};

/** A key no implementation has issued. */
export const UNKNOWN_KEY = 'conformance-kit-unknown-key-0000';

/** A well-formed bookhash (30 letters and digits) that no booking has. */
export const UNKNOWN_BOOKHASH = 'ZZconformanceUnknownBooking000';

/** Identity with the Check type: lets a file declare checks as plain objects. */
export const defineCheck = (check: Check): Check => check;

/** `base` with `changes` applied; a change to `undefined` removes the field. */
export function withChanges(base: Body, changes: Body): Body {
  const body: Body = { ...base, ...changes };
  for (const [key, value] of Object.entries(changes)) if (value === undefined) delete body[key];
  return body;
}

/** The shared base search body with changes (no request is made for the base). */
export function searchWith(ctx: CheckContext, changes: Body): Promise<Exchange<OkBody<'/search.php'>>> {
  return ctx.api.postUnchecked('/search.php', withChanges({ ...ctx.fixtures.baseSearchRequest() }, changes));
}

/**
 * A valid body for each endpoint except for the key (which the caller sets or leaves out), so that
 * an auth check tests the key and nothing else: the order in which a server applies its checks is
 * not stated by the API description.
 */
export async function validBodyWithoutKey(ctx: CheckContext, path: ApiPath): Promise<Body> {
  switch (path) {
    case '/search.php': {
      const { apikey: _apikey, ...rest } = ctx.fixtures.baseSearchRequest();
      return rest;
    }
    case '/hotel.php': {
      const { response } = await ctx.fixtures.search();
      return { id: response.hotels[0]?.id, search_id: response.search_id };
    }
    case '/booking.php': {
      const { response } = await ctx.fixtures.search();
      return { service_hash: response.hotels[0]?.rate.service_hash };
    }
    case '/booking_overview.php':
      return {};
    case '/retrieve_booking.php':
    case '/book/cancel.php':
      return { bookhash: (await ctx.fixtures.processingBooking()).bookhash };
  }
}
