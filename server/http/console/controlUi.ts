/**
 * The sandbox console (/_control/ui): a partner signs in with an API key and sees that account's
 * bookings, outbox, request journal, certification report and clock, downloads the report, moves
 * the clock and resets the account — server-rendered forms, no script. It acts through the same
 * domain functions as the control API (never over HTTP), for the account of the session only.
 *
 * The router mounts the console's pages by what they serve — the home page and dashboard
 * (controlUiDashboard.ts), signing in and out (controlUiSignIn.ts), the clock, reset and key roll
 * (controlUiAccountActions.ts), one e-mail, one journal call and the report's downloads
 * (controlUiRecords.ts), the admin's accounts and keys (controlUiAdmin.ts, signed in with the admin
 * token) — over the sessions and form guards of controlUiContext.ts, then answers
 * every other method with 405, every other path with 404, and unreadable forms with 400, as pages.
 * It is mounted before the JSON-only control router, and only with it.
 */
import type { NextFunction, Request, Response, Router } from 'express';
import type { AppContext } from '../../appContext.js';
import { strictRouter } from '../transport/strictRouter.js';
import { mountAccountActions } from './controlUiAccountActions.js';
import { STUB_ROUTES, mountStubActions } from './controlUiStubActions.js';
import { ADMIN_ROUTES, mountAdmin } from './controlUiAdmin.js';
import { consoleContext, type ConsoleContext } from './controlUiContext.js';
import { mountDashboard } from './controlUiDashboard.js';
import { CERTIFICATION_DOWNLOADS } from './controlUiJournalViews.js';
import { mountRecords } from './controlUiRecords.js';
import { mountSignIn } from './controlUiSignIn.js';
import { consoleMessagePage } from './controlUiViews.js';

/** Every path of the console and the methods it answers (HEAD with GET), for the 405s. */
const ALLOWED: ReadonlyArray<[string, string]> = [
  ['/', 'GET, HEAD'],
  ['/login', 'POST'],
  ['/logout', 'POST'],
  ['/clock', 'POST'],
  ['/reset', 'GET, HEAD, POST'],
  ['/keys/roll', 'POST'],
  ...STUB_ROUTES,
  ['/outbox/:number', 'GET, HEAD'],
  ['/journal/:id', 'GET, HEAD'],
  ...CERTIFICATION_DOWNLOADS.map((download): [string, string] => [`/${download.file}`, 'GET, HEAD']),
  ...ADMIN_ROUTES,
];

export function controlUiRouter(context: AppContext): Router {
  const router = strictRouter();
  const c = consoleContext(context);
  mountDashboard(router, c);
  mountSignIn(router, c);
  mountAccountActions(router, c);
  mountStubActions(router, c);
  mountRecords(router, c);
  mountAdmin(router, c);
  mountFallbacks(router, c);
  return router;
}

/** 405 for another method on a console path, 404 for any other path, and errors as pages. */
function mountFallbacks(router: Router, { send }: ConsoleContext): void {
  for (const [path, allow] of ALLOWED) {
    router.all(path, (req, res) => {
      res.set('Allow', allow);
      send(res, 405, consoleMessagePage('Method not allowed', `${req.method} is not allowed here; use ${allow}.`));
    });
  }
  router.use((_req, res) => send(res, 404, consoleMessagePage('Not found', 'The sandbox console has no such page.')));

  // Unreadable forms (too large, bad encoding) and anything unexpected become an HTML page.
  router.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
    const status = (error as { status?: number }).status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      return send(res, 400, consoleMessagePage('Unreadable form', 'The form could not be read; reload the console and try again.'));
    }
    console.error('[control ui]', error);
    send(res, 500, consoleMessagePage('Something went wrong', 'The console could not finish this. Reload it to see the account as it is now.'));
  });
}
