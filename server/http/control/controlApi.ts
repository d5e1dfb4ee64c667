/**
 * The sandbox control API (/_control/*), documented in server/control-api.yaml and not part of
 * the public contract. Every call acts on one account, named by `apikey` in the JSON body as on
 * the API (so every call is a POST): its clock, its reset, its payments and its outbox. The
 * scenario list is the same for everybody and needs no key. Whole-sandbox calls live under
 * /_control/admin and exist only with an admin token. bin.ts can switch the whole API off.
 */
import type { Router } from 'express';
import type { AppContext } from '../../appContext.js';
import { changeAccountClock, clockState } from '../../domain/clockControl.js';
import { ApiError, badRequest } from '../../errors.js';
import type { ScenarioEffect } from '../../domain/hotel.js';
import { SCENARIOS } from '../../domain/scenarios/catalogue.js';
import { TEST_HEADER } from '../api/scenarioHeader.js';
import { journalControlRouter } from './journalControlApi.js';
import { adminAccountsRouter, ownKeysRouter } from './accountsControlApi.js';
import { operatorRouter } from './operatorApi.js';
import { stubsControlRouter } from './stubsControlApi.js';
import { accountOf, authenticate, clockOf, requireObjectBody } from '../transport/apiPipeline.js';
import { PAYMENT_OUTCOMES, type PaymentOutcome } from '../../domain/bookings/payment.js';
import { controlBodyBounds } from './controlBounds.js';
import { controlGuard } from './controlGuard.js';
import { chargeAnswerBytes, countsAsRead } from './readBudget.js';
import { requireAdminToken } from '../transport/adminToken.js';
import { jsonBody } from '../transport/jsonBody.js';
import { strictRouter } from '../transport/strictRouter.js';

const CLOCK_FIELDS = ['apikey', 'now', 'advance_seconds', 'offset_seconds'];

export function controlRouter(context: AppContext): Router {
  const router = strictRouter();
  router.use(controlGuard(context.config.publicUrl, context.config.corsOrigins), jsonBody(16 * 1024));
  if (context.config.adminToken !== undefined) router.use(operatorRouter(context, context.config.adminToken));
  if (context.config.adminToken !== undefined) router.use('/admin', adminRouter(context, context.config.adminToken));
  // Bounds first (control-api.yaml's maxLength, minimum, maximum: 400), then the key.
  const ofAccount = [requireObjectBody, controlBodyBounds(), authenticate(context.accounts, context.clocks, context.authThrottle, 'control')];
  // Reads of the account's records are budgeted per account (finding 4); clock and reset are not reads.
  const readOfAccount = [...ofAccount, countsAsRead(context.readBudget)];

  router.post(
    '/clock',
    ...ofAccount,
    async (req, res) => {
      const body = req.body as Record<string, unknown>;
      const unknown = Object.keys(body).filter((field) => !CLOCK_FIELDS.includes(field));
      if (unknown.length > 0) throw badRequest(`Unknown field '${unknown[0]}'; give 'now', 'advance_seconds' or 'offset_seconds'`);
      const changes = CLOCK_FIELDS.slice(1).filter((field) => body[field] !== undefined);
      if (changes.length > 1) throw badRequest("Give at most one of 'now', 'advance_seconds' and 'offset_seconds'");
      const id = accountOf(res).id;
      const seconds = (field: string): number => {
        const value = body[field];
        if (typeof value !== 'number' || !Number.isFinite(value)) throw badRequest(`'${field}' must be a number`);
        return value;
      };
      if (body.now !== undefined) {
        const instant = typeof body.now === 'string' ? new Date(body.now) : new Date(NaN);
        if (Number.isNaN(instant.getTime())) throw badRequest("'now' must be an ISO 8601 date-time");
        return res.json(clockState(await changeAccountClock(context.clocks, id, { now: instant })));
      }
      if (body.advance_seconds !== undefined) {
        return res.json(clockState(await changeAccountClock(context.clocks, id, { advanceSeconds: seconds('advance_seconds') })));
      }
      if (body.offset_seconds !== undefined) {
        return res.json(clockState(await changeAccountClock(context.clocks, id, { offsetSeconds: seconds('offset_seconds') })));
      }
      const clock = clockOf(res);
      res.json(clockState(clock)); // only the key: a read
    },
  );

  router.post(
    '/reset',
    ...ofAccount,
    async (_req, res) => {
      const { id } = accountOf(res);
      await context.resetAccount(id);
      res.json({ status: 'reset', ...clockState(await context.clocks.clockOf(id)) });
    },
  );

  router.get('/scenarios', (_req, res) => {
    res.json({
      scenarios: context.world.scenarioHotels().map((hotel) => ({
        id: hotel.id,
        name: hotel.name,
        latitude: hotel.latitude,
        longitude: hotel.longitude,
        city: hotel.city,
        effects: hotel.scenario,
        effect: scenarioDescription(hotel.scenario),
      })),
      test_header: {
        header: TEST_HEADER,
        scenarios: SCENARIOS.map(({ name, kind, appliesTo, effect }) => ({ name, kind, applies_to: appliesTo, effect })),
      },
    });
  });

  router.post(
    '/pay',
    ...ofAccount,
    async (req, res) => {
      const body = req.body as Record<string, unknown>;
      const bookhash = bookhashToPay(body);
      const outcome = body.outcome ?? 'success';
      if (!PAYMENT_OUTCOMES.includes(outcome as PaymentOutcome)) {
        throw badRequest(`'outcome' must be one of ${PAYMENT_OUTCOMES.join(', ')}`);
      }
      const clock = clockOf(res);
      const booking = await context.bookings.pay(bookhash, outcome as PaymentOutcome, clock, {
        clientRemarks: typeof body.client_remarks === 'string' ? body.client_remarks : undefined,
        owner: accountOf(res),
      });
      res.json({ status: 'ok', booking: context.bookings.detail(booking, clock) });
    },
  );

  router.post(
    '/outbox',
    ...readOfAccount,
    async (_req, res) => {
      const emails = await context.store.outboxOfAccount(accountOf(res).id);
      res.json({ count: emails.length, emails });
    },
  );

  router.use(journalControlRouter(context.store, readOfAccount, (accountId, bytes) => chargeAnswerBytes(context.readBudget, accountId, bytes)));
  router.use(ownKeysRouter(context, ofAccount, readOfAccount));
  router.use(stubsControlRouter(context.stubs, context.store, ofAccount, readOfAccount));

  // Reads are POSTs too, because the key travels in the body as on the API.
  router.all(['/clock', '/reset', '/pay', '/outbox', '/journal', '/certification'], (req, _res, next) => {
    next(new ApiError(405, `Method ${req.method} not allowed; use POST with 'apikey' in the JSON body`, {}, { Allow: 'POST' }));
  });
  return router;
}

/**
 * The booking a /pay call names: `bookhash`, or `booking_url` (the finalization page booking start
 * answered, `…/book/finalize?bookhash=…`), so that a client or an Arazzo workflow holding only
 * booking_url can pay without parsing it. Exactly one of the two.
 */
function bookhashToPay(body: Record<string, unknown>): string {
  if (body.bookhash !== undefined && body.booking_url !== undefined) throw badRequest("Give 'bookhash' or 'booking_url', not both");
  if (body.booking_url === undefined) {
    if (typeof body.bookhash !== 'string') throw badRequest("'bookhash' (or 'booking_url') is required");
    return body.bookhash;
  }
  let url: URL | undefined;
  try {
    url = typeof body.booking_url === 'string' ? new URL(body.booking_url) : undefined;
  } catch {
    url = undefined;
  }
  const bookhash = url?.pathname.endsWith('/book/finalize') ? url.searchParams.get('bookhash') : null;
  if (bookhash === null || bookhash === '') {
    throw badRequest("'booking_url' must be the booking_url booking start answered (…/book/finalize?bookhash=…)");
  }
  return bookhash;
}

/** Whole-sandbox calls: `Authorization: Bearer <SANDBOX_ADMIN_TOKEN>`, compared in constant time. */
function adminRouter(context: AppContext, token: string): Router {
  const router = strictRouter();
  router.use(requireAdminToken(token, context.authThrottle));
  router.post(
    '/reset',
    async (_req, res) => {
      await context.reset();
      res.json({ status: 'reset', scope: 'sandbox', now: context.clock.now().toISOString() });
    },
  );
  router.use(adminAccountsRouter(context));
  return router;
}

/** "price increase at booking (percent 10)" — readable without the README. */
function scenarioDescription(effects: ScenarioEffect[]): string {
  return effects
    .map(({ kind, ...parameters }) => {
      const details = Object.entries(parameters).map(([name, value]) => `${name} ${String(value)}`);
      return details.length > 0 ? `${kind.replace(/_/g, ' ')} (${details.join(', ')})` : kind.replace(/_/g, ' ');
    })
    .join('; ');
}
