/**
 * GET /readyz: 200 `{"status":"ready","store"}` while the store takes writes, else 503
 * `{"status":"not_ready","store","error"}` with a generic error. It needs no credential (load
 * balancers probe it), so it names no file, address or system error: those go to the log, once
 * when readiness is lost or its reason changes, and once when it comes back (a balancer probing
 * every second must not fill the log).
 */
import type { RequestHandler } from 'express';
import { ApiError } from '../../errors.js';
import type { Store } from '../../domain/ports/store.js';

export const NOT_READY_ERROR = 'The store cannot take writes';

/** What failed underneath: an ApiError's detail for the log, never the text its client would get. */
function causeOf(error: unknown): string {
  if (error instanceof ApiError && error.logDetail !== undefined) return error.logDetail;
  return (error as Error).message || String(error);
}

export function readiness(store: Store): RequestHandler {
  const kind = store.kind ?? 'unknown';
  /** Why the last check failed (undefined: it succeeded). */
  let lastFailure: string | undefined;
  return (req, res) => {
    const answer = (failure: string | undefined) => {
      if (failure !== lastFailure) {
        if (failure !== undefined) req.log.error({ detail: failure, store: kind }, `not ready: ${NOT_READY_ERROR.toLowerCase()} (${failure})`);
        else req.log.info({ store: kind }, 'ready again: the store takes writes');
        lastFailure = failure;
      }
      res.set('Cache-Control', 'no-store');
      if (failure === undefined) res.json({ status: 'ready', store: kind });
      else res.status(503).json({ status: 'not_ready', store: kind, error: NOT_READY_ERROR });
    };
    const check = store.checkReady?.() ?? Promise.resolve();
    check.then(
      () => answer(undefined),
      (error: unknown) => answer(causeOf(error)),
    );
  };
}
