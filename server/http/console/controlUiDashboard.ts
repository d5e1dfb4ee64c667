/**
 * The console's home (GET /): the sign-in page, or once signed in the dashboard of the account —
 * its clock, newest bookings and e-mails, request journal (filtered by the address) and
 * certification — read from the stores and handed to the views. The readers of the account's
 * outbox, journal and certification are shared with the other console pages.
 */
import type { Router } from 'express';
import type { Account } from '../../domain/accounts.js';
import { certify } from '../../domain/certification/engine.js';
import type { JournalEntry } from '../../domain/journal/entry.js';
import { filterJournal, oldestFirst, parseJournalFilter, type JournalFilter } from '../../domain/journal/filter.js';
import { ApiError } from '../../errors.js';
import type { AppContext } from '../../appContext.js';
import { consoleAccount, type ConsoleContext, type Signed } from './controlUiContext.js';
import { JOURNAL_PAGE_SIZE, type JournalView } from './controlUiJournalViews.js';
import { keyView } from '../../domain/accountAdmin.js';
import { ADMIN_PATH, LIST_LIMIT, dashboardPage, type ConsoleBooking, type ConsoleEmail, type Notice } from './controlUiViews.js';

/** The journal filter the dashboard offers, read from its address (a GET form). */
const FILTER_FIELDS = ['endpoint', 'status', 'non_conforming'] as const;

/** Sign-in succeeded but the cookie did not come back: the browser refused a Secure cookie over http. */
export const COOKIE_REFUSED = 'Your browser did not keep the session cookie. It is Secure: open the console over HTTPS, or at http://localhost or http://127.0.0.1.';

export function mountDashboard(router: Router, c: ConsoleContext): void {
  router.get(
    '/',
    (req, res, next) => {
      if (c.adminSignedIn(req)) return c.redirectHome(res, ADMIN_PATH);
      if (c.signedIn(req)) return next();
      c.send(res, 200, c.login(req.query['signed-in'] === undefined ? undefined : { kind: 'error', text: COOKIE_REFUSED }));
    },
    c.requireSession,
    async (req, res) => {
      const signed = c.signedOf(res);
      const notice = signed.session.flash;
      signed.session.flash = undefined;
      c.send(res, 200, await dashboard(c.app, signed, notice, req.query));
    },
  );
}

/** The dashboard page of a signed-in account, with a notice (what the last form did) and the journal filter of the address. */
export async function dashboard(app: AppContext, { session, account }: Signed, notice?: Notice, query: Record<string, unknown> = {}): Promise<string> {
  const clock = await app.clocks.clockOf(account.id);
  // Newest first: the store lists them in the order made (ids are random, bookingIds.ts).
  const records = [...(await app.store.bookingsOfAccount(account.id))].reverse();
  const emails = (await outboxOf(app, account)).reverse();
  const journal = await journalOf(app, account);
  return dashboardPage({
    account: consoleAccount(account),
    csrfToken: session.csrfToken,
    clock: { now: clock.now().toISOString(), offsetSeconds: clock.offsetMs / 1000 },
    bookingCount: records.length,
    bookings: records.slice(0, LIST_LIMIT).map((record): ConsoleBooking => {
      const detail = app.bookings.detail(record, clock);
      return {
        id: detail.id,
        bookhash: detail.bookhash,
        createdAt: detail.created_at,
        hotelName: detail.hotel_name,
        arrival: detail.arrival,
        departure: detail.departure,
        guestName: `${detail.first_name} ${detail.last_name}`,
        total: `${detail.total_price} ${detail.currency}`,
        status: detail.status,
        paid: detail.paid,
      };
    }),
    emailCount: emails.length,
    emails: emails.slice(0, LIST_LIMIT),
    journal: journalView(journal, query),
    certification: await certificationOf(app, account, journal),
    keys: account.keys.map((key) => keyView(key, app.clock.now().getTime())),
    demo: account.demo,
    signedInWith: session.keyId,
    stubs: await app.stubs.list(account.id),
    notice,
  });
}

/** The account's outbox, oldest first, numbered from 1. */
export const outboxOf = async (app: AppContext, account: Account): Promise<ConsoleEmail[]> =>
  (await app.store.outboxOfAccount(account.id)).map((email, index) => ({
    number: index + 1,
    to: email.to,
    subject: email.subject,
    sentAt: email.sent_at,
    bookhash: email.bookhash,
    text: email.text,
  }));

/** The account's request journal, oldest first. */
export const journalOf = async (app: AppContext, account: Account) => oldestFirst(await app.store.requestJournal(account.id));

/** The certification report of the account's journal, as of the account's clock. */
export const certificationOf = async (app: AppContext, account: Account, journal: readonly JournalEntry[]) =>
  certify(journal, { now: (await app.clocks.clockOf(account.id)).now().toISOString() });

/** One page of the matching calls, newest first; a filter that does not parse is reported and not applied, a page out of range is the nearest. */
function journalView(journal: JournalEntry[], query: Record<string, unknown>): JournalView {
  const input = Object.fromEntries(FILTER_FIELDS.filter((name) => query[name] !== undefined).map((name) => [name, query[name]]));
  let filter: JournalFilter = {};
  let filterError: string | undefined;
  try {
    filter = parseJournalFilter(input);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    filterError = error.message;
  }
  const matching = filterJournal(journal, filter);
  const pages = Math.max(1, Math.ceil(matching.length / JOURNAL_PAGE_SIZE));
  const asked = typeof query.page === 'string' && /^[1-9]\d{0,3}$/.test(query.page) ? Number(query.page) : 1;
  const page = Math.min(asked, pages);
  const newestFirst = matching.slice().reverse();
  return {
    entries: newestFirst.slice((page - 1) * JOURNAL_PAGE_SIZE, page * JOURNAL_PAGE_SIZE),
    page,
    pages,
    matching: matching.length,
    total: journal.length,
    endpoints: [...new Set(journal.map((entry) => entry.endpoint))].sort(),
    filter: { endpoint: filter.endpoint ?? '', status: filter.status === undefined ? '' : String(filter.status), nonConforming: filter.nonConforming ?? false },
    filterError,
  };
}
