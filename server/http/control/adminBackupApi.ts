/**
 * GET /_control/admin/backup (control-api.yaml `downloadBackup`): a consistent copy of the embedded
 * store, taken by the running server between two journal writes (exactly what was acknowledged),
 * as a DB_FILE that `hotel-sandbox restore --from` puts in place. For an operator who reaches the
 * sandbox over HTTP only; with a shell, `hotel-sandbox backup` does the same from the files. With
 * PostgreSQL: 409, pg_dump is the tool. Exists only with an admin token.
 */
import { once } from 'node:events';
import type { Router } from 'express';
import type { AppContext } from '../../appContext.js';
import { ApiError } from '../../errors.js';
import { requireAdminToken } from '../transport/adminToken.js';
import { strictRouter } from '../transport/strictRouter.js';

const PATH = '/admin/backup';

export function adminBackupRouter(context: AppContext, token: string): Router {
  const router = strictRouter();
  router.get(
    PATH,
    requireAdminToken(token, context.authThrottle),
    async (req, res) => {
      const { store } = context;
      if (!store.backupText) {
        throw new ApiError(409, `This sandbox keeps its data in ${store.kind === 'postgres' ? 'PostgreSQL' : 'a database'}: back it up with pg_dump (docs/operating.md, "Back up")`);
      }
      const chunks = await store.backupText();
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      res.set({ 'Content-Type': 'application/json; charset=utf-8', 'Content-Disposition': `attachment; filename="hotel-sandbox-backup-${stamp}.json"` });
      // Pieces of 500 bookings, each waiting for the client to take the one before (a slow client holds no copy).
      for (const chunk of chunks) {
        if (res.destroyed) return;
        if (!res.write(chunk)) await Promise.race([once(res, 'drain'), once(res, 'close')]);
      }
      res.end();
      req.log.info({ store: store.kind }, 'backup downloaded');
    },
  );
  router.all(PATH, (req, _res, next) => {
    next(new ApiError(405, `Method ${req.method} not allowed; use GET`, {}, { Allow: 'GET, HEAD' }));
  });
  return router;
}
