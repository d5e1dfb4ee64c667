/**
 * The journal and certification routes of the control API (documented in control-api.yaml):
 * POST /journal and POST /certification, each for the account whose `apikey` is in the body.
 * Both read the same per-account journal the recorder writes; the report comes from the same
 * engine as `npm run certify`.
 */
import type { RequestHandler, Router } from 'express';
import { strictRouter } from '../transport/strictRouter.js';
import { certify } from '../../domain/certification/engine.js';
import { CERTIFICATION_PAGE_CSP, htmlReport } from '../../domain/certification/render/html.js';
import { junitReport } from '../../domain/certification/render/junit.js';
import { oldestFirst, parseJournalFilter } from '../../domain/journal/filter.js';
import { readJournalPage, type JournalPageStore } from './journalPage.js';
import { ApiError, badRequest } from '../../errors.js';
import type { RequestJournalStore } from '../api/journalRecorder.js';
import { accountOf, clockOf } from '../transport/apiPipeline.js';

const JOURNAL_FIELDS = ['apikey', 'endpoint', 'status', 'since', 'until', 'non_conforming', 'limit'];
const CERTIFICATION_FIELDS = ['apikey', 'format'];
const FORMATS = ['json', 'junit', 'html'] as const;

function onlyFields(body: Record<string, unknown>, allowed: readonly string[]): void {
  const unknown = Object.keys(body).find((field) => !allowed.includes(field));
  if (unknown !== undefined) throw badRequest(`Unknown field '${unknown}'; allowed: ${allowed.join(', ')}`);
}

/** The most bytes of entries one journal answer holds (the newest that fit; `omitted` says how many did not). */
export const MAX_JOURNAL_ANSWER_BYTES = 4 * 2 ** 20;

/**
 * @param chargeBytes counts an answer's bytes on the account's read budget (each started
 *   READ_UNIT_BYTES past the first is one more read), so a reader of large answers runs out sooner.
 */
export function journalControlRouter(store: RequestJournalStore & JournalPageStore, ofAccount: RequestHandler[], chargeBytes?: (accountId: number, bytes: number) => void): Router {
  const router = strictRouter();
  const journalOf = async (accountId: number) => oldestFirst(await store.requestJournal(accountId));
  // One read of an account's journal at a time (journal or certification): building and copying
  // entries is the costly part, and parallel readers of one account would multiply it for everybody.
  const reading = new Set<number>();
  const oneReadAtATime: RequestHandler = (_req, res, next) => {
    const accountId = accountOf(res).id;
    if (reading.has(accountId)) return next(new ApiError(429, "This account's journal is being read already; read it again once that answer is in", {}, { 'Retry-After': '1' }));
    reading.add(accountId);
    res.once('close', () => reading.delete(accountId));
    next();
  };

  router.post(
    '/journal',
    ...ofAccount,
    oneReadAtATime,
    async (req, res) => {
      const body = req.body as Record<string, unknown>;
      onlyFields(body, JOURNAL_FIELDS);
      const page = await readJournalPage(store, accountOf(res).id, parseJournalFilter(body), MAX_JOURNAL_ANSWER_BYTES);
      const { bytes } = page;
      // Reads are budgeted by what they cost: past the first, each started READ_UNIT_BYTES counts as one more read.
      chargeBytes?.(accountOf(res).id, bytes);
      res.type('json').send(`{"count":${page.entries.length},${page.omitted > 0 ? `"omitted":${page.omitted},` : ''}"entries":[${page.entries.join(',')}]}`);
    },
  );

  router.post(
    '/certification',
    ...ofAccount,
    oneReadAtATime,
    async (req, res) => {
      const body = req.body as Record<string, unknown>;
      onlyFields(body, CERTIFICATION_FIELDS);
      const format = body.format ?? 'json';
      if (!FORMATS.includes(format as (typeof FORMATS)[number])) throw badRequest(`'format' must be one of ${FORMATS.join(', ')}`);
      const report = certify(await journalOf(accountOf(res).id), { now: clockOf(res).now().toISOString() });
      if (format === 'junit') return res.type('application/xml').send(junitReport(report));
      if (format === 'html') {
        res.set({ 'Content-Security-Policy': CERTIFICATION_PAGE_CSP, 'X-Content-Type-Options': 'nosniff' });
        return res.type('html').send(htmlReport(report));
      }
      res.json(report);
    },
  );
  return router;
}
