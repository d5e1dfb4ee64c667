/**
 * The admin token (`Authorization: Bearer <SANDBOX_ADMIN_TOKEN>`), checked the same way wherever it
 * opens something (/_control/admin/*, /metrics): 401 without one, 403 with a wrong one (compared in
 * constant time), and wrong ones count against the address's admin budget of the failed-authentication
 * throttle (authThrottle.ts), slowed and then refused like wrong API keys.
 */
import type { RequestHandler } from 'express';
import { secretMatches } from '../../domain/accounts.js';
import { ApiError, forbidden } from '../../errors.js';
import { ADMIN_PRINCIPAL, tooManyFailedAuthentications, waitTurn, type AuthThrottle } from './authThrottle.js';

export function requireAdminToken(token: string, throttle: AuthThrottle): RequestHandler {
  return async (req, _res, next) => {
    const match = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '');
    if (!match) {
      return next(new ApiError(401, 'Admin token required (Authorization: Bearer <SANDBOX_ADMIN_TOKEN>)', {}, { 'WWW-Authenticate': 'Bearer' }));
    }
    const matches = secretMatches(match[1] as string, token);
    const verdict = throttle.judge(req.ip ?? 'unknown', 'admin', matches ? ADMIN_PRINCIPAL : undefined);
    if (verdict.kind === 'refused') return next(tooManyFailedAuthentications(throttle.limitPerMinute, verdict.retryAfterSeconds));
    if (matches) return next();
    await waitTurn(verdict);
    next(forbidden('Invalid admin token'));
  };
}
