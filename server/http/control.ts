/**
 * The sandbox control API (/_control/*), documented in server/control-api.yaml and not part of
 * the public contract. It moves the shared clock, resets state, lists scenario hotels, pays
 * bookings without a browser and shows the e-mail outbox. bin.ts can switch it off.
 */
import express, { Router } from 'express';
import type { AppContext } from '../app.js';
import { badRequest } from '../errors.js';
import type { ScenarioEffect } from '../domain/hotel.js';
import { asyncHandler } from './asyncHandler.js';
import { PAYMENT_OUTCOMES, type PaymentOutcome } from '../domain/bookings/payment.js';

export function controlRouter(context: AppContext): Router {
  const router = Router();
  router.use(express.json({ limit: '16kb' }));

  const clockState = () => ({ now: context.clock.now().toISOString() });
  router.get('/clock', (_req, res) => {
    res.json(clockState());
  });
  router.post('/clock', (req, res) => {
    const body = objectBody(req.body);
    if (body.now !== undefined) {
      const instant = typeof body.now === 'string' ? new Date(body.now) : new Date(NaN);
      if (Number.isNaN(instant.getTime())) throw badRequest("'now' must be an ISO 8601 date-time");
      context.clock.set(instant);
    } else if (body.advance_seconds !== undefined) {
      const seconds = body.advance_seconds;
      if (typeof seconds !== 'number' || !Number.isFinite(seconds)) {
        throw badRequest("'advance_seconds' must be a number");
      }
      context.clock.advance(seconds);
    } else {
      throw badRequest("Give 'now' (ISO 8601) or 'advance_seconds' (number)");
    }
    res.json(clockState());
  });

  router.post(
    '/reset',
    asyncHandler(async (_req, res) => {
      await context.reset();
      res.json({ status: 'reset', ...clockState() });
    }),
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
    });
  });

  router.post(
    '/pay',
    asyncHandler(async (req, res) => {
      const body = objectBody(req.body);
      if (typeof body.bookhash !== 'string') throw badRequest("'bookhash' is required");
      const outcome = body.outcome ?? 'success';
      if (!PAYMENT_OUTCOMES.includes(outcome as PaymentOutcome)) {
        throw badRequest(`'outcome' must be one of ${PAYMENT_OUTCOMES.join(', ')}`);
      }
      const booking = await context.bookings.pay(body.bookhash, outcome as PaymentOutcome, {
        clientRemarks: typeof body.client_remarks === 'string' ? body.client_remarks : undefined,
      });
      res.json({ status: 'ok', booking: context.bookings.detail(booking) });
    }),
  );

  router.get(
    '/outbox',
    asyncHandler(async (_req, res) => {
      const emails = await context.store.outbox();
      res.json({ count: emails.length, emails });
    }),
  );

  return router;
}

function objectBody(body: unknown): Record<string, unknown> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw badRequest('The request body must be a JSON object');
  }
  return body as Record<string, unknown>;
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
