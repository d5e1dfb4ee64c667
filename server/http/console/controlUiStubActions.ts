/**
 * The console's stub forms (POST /stubs/add, /stubs/remove, /stubs/reset), acting through the same
 * StubBook as the control API for the session's account; each answers with the dashboard, a
 * refused stub with the reason and the contract's violations.
 */
import type { Response, Router } from 'express';
import { ApiError } from '../../errors.js';
import type { ConsoleContext } from './controlUiContext.js';
import { dashboard } from './controlUiDashboard.js';
import { textField } from './controlUiForms.js';

export const STUB_ROUTES: ReadonlyArray<[string, string]> = [
  ['/stubs/add', 'POST'],
  ['/stubs/remove', 'POST'],
  ['/stubs/reset', 'POST'],
];

export function mountStubActions(router: Router, c: ConsoleContext): void {
  const { app, send } = c;
  /** A refused form: the dashboard with why, and the same status as the control API's. */
  const refusedWith = async (res: Response, error: unknown, what: string) => {
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    const violations = (error.extraBody.violations as Array<{ path: string; message: string }> | undefined) ?? [];
    const detail = violations.slice(0, 5).map((violation) => ` ${violation.path}: ${violation.message}.`).join('');
    send(res, error.status, await dashboard(app, c.signedOf(res), { kind: 'error', text: `${what}: ${error.message}${detail}` }));
  };

  router.post('/stubs/add', ...c.stateChange, async (req, res) => {
    const { account } = c.signedOf(res);
    try {
      let body: unknown;
      try {
        body = JSON.parse(textField(c.fields(req), 'stub') ?? '') as unknown;
      } catch {
        throw new ApiError(400, 'the stub is not JSON');
      }
      if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new ApiError(400, 'the stub must be a JSON object');
      const { apikey: _ignored, ...stub } = body as Record<string, unknown>;
      const added = await app.stubs.add(account.id, stub, (await app.clocks.clockOf(account.id)).now().toISOString());
      c.done(res, `Stub ${added.id} was added: ${added.operation} calls that match get its answer.`);
    } catch (error) {
      await refusedWith(res, error, 'The stub was not added');
    }
  });

  router.post('/stubs/remove', ...c.stateChange, async (req, res) => {
    const id = textField(c.fields(req), 'id') ?? '';
    if (!(await app.stubs.remove(c.signedOf(res).account.id, id))) {
      return refusedWith(res, new ApiError(404, `this account has no stub ${id}`), 'Not removed');
    }
    c.done(res, `Stub ${id} was removed.`);
  });

  router.post('/stubs/reset', ...c.stateChange, async (_req, res) => {
    await app.stubs.reset(c.signedOf(res).account.id);
    c.done(res, 'Every stub of this account was removed.');
  });
}
