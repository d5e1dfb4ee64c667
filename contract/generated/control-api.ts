/* Generated from server/control-api.yaml by `npm run gen`. Do not edit by hand. */

export type paths = {
    "/clock": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Read, set or move the account's clock
         * @description With only `apikey` it reads the account's clock. With one of `now` (jump to an instant; the
         *     clock keeps running from there), `advance_seconds` (move it; negative moves back) or
         *     `offset_seconds` (set the offset over real time exactly; 0 is real time) it changes it and
         *     answers the new state. Moving it forward expires that account's caches and search_ids and
         *     frees rate-limit windows for that account exactly as waiting would. Other fields, or more
         *     than one change, are a 400. The clock stays between 2000-01-01T00:00:00Z and
         *     2100-12-31T23:59:59Z and moves at most 50 years per call; anything else (`advance_seconds`
         *     of 1e300, a year -500 or +275760) gets 400 naming the range and leaves the clock as it was,
         *     so bookings made anywhere in the range stay servable.
         */
        post: operations["clock"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The account back to its first-start state
         * @description Removes the account's bookings and their e-mails, forgets its search results, live
         *     lookups and offers, and returns its clock to real time. Other accounts are untouched;
         *     booking ids keep counting (they are shared by all accounts); the IP's rate-limit windows
         *     stay (see the description above).
         */
        post: operations["resetAccount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/scenarios": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the scenario hotels and the Test header's scenarios
         * @description The hotels that reproduce supplier edge cases through the public API, with id, position and
         *     effect (`scenarios`), and the scenarios the sandbox's `Test` request header selects for any
         *     hotel or booking (`test_header`: name, the endpoints it may be sent to, effect; see
         *     openapi.yaml, parameter `TestScenario`). The same for every account, so no key is needed.
         */
        get: operations["listScenarios"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pay one of the account's bookings without a browser
         * @description Drives the same code path as the finalization page's pay button, on the account's clock.
         *     `success` confirms the booking (`booking_confirmed`, paid `yes`, supplier order id set);
         *     `payment_failed` declines the card; `booking_failed` accepts the card but the supplier
         *     rejects the booking (paid `refunded`). A booking of another account is 403 (as
         *     retrieve_booking.php) and an unknown one 404; neither shows any booking data. A booking
         *     that is not payable gives 409 and does not change. The booking is named by `bookhash`, or by
         *     `booking_url` exactly as booking start answered it (`…/book/finalize?bookhash=…`), so that a
         *     client or a workflow (arazzo.yaml) holding only `booking_url` pays without parsing it; give
         *     one of the two (both, neither, or a `booking_url` without a bookhash gives 400).
         */
        post: operations["pay"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/outbox": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The e-mails the service sent about the account's bookings
         * @description The account's e-mails (to, subject, text, bookhash, sent_at), oldest first. Cleared by the account's reset.
         */
        post: operations["listOutbox"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/journal": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The account's request journal, with filters
         * @description Every API call of the account (the six endpoints), recorded once its answer is finished:
         *     time on the account's clock, client address, the request (method, path, headers, query,
         *     body), the response (status, headers, body), the duration, and whether request and response
         *     conform to `openapi.yaml`, with the violations. The apikey never appears: wherever a client
         *     put it (body, a header, the query string) it is replaced by `***`, and `key_location` says
         *     where it was. A call that names its account only by a key in a header or the query string
         *     (and so got a 401) is recorded too.
         *
         *     Reference behaviour: the newest 1,000 calls per account are kept, stored with the other
         *     state (so with every store). The embedded store also bounds all accounts' journals together
         *     (6,000 calls and 32 MB of bodies): past that, the account holding the most loses its oldest
         *     calls first, so one busy account never pushes another below an even share. Entries come oldest first with ids increasing per account;
         *     a call whose client went away before the answer shows status 499 and no response body.
         *     Cleared by the account's reset.
         */
        post: operations["listJournal"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/certification": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The account's certification report, computed from its journal
         * @description Which client behaviours the account's journal shows, in the spirit of a supplier's
         *     certification checklist but computed, not ticked: the whole flow; waiting the full
         *     Retry-After after a 429; 5 calls a minute on search and hotel details; at most one retry of
         *     a timed-out call; handling price change, sold out and no availability (the sandbox `Test`
         *     header scenarios); no loop on a 409; 403 deadline and non-refundable not retried; a 502 on
         *     cancel retried later, a few times at most; no malformed request repeated after its 400; the
         *     key never in a header or a query string. Each rule is `passed`, `failed` or `not_seen`, with
         *     the journal entry ids as evidence. `npm run certify` prints the same report.
         */
        post: operations["certification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The account's API keys, by id
         * @description The keys of the account whose `apikey` is in the body, by public id: hint (prefix and last
         *     four characters), when issued, when a rolled key expires, when revoked, the key it was rolled
         *     to, and its state (`active`, `expiring`: rolled and still in its grace period, `expired`,
         *     `revoked`). `key_id` is the key this call was made with. Never a key itself. Only an active
         *     key may list keys: a key in its grace period makes API calls only (403), so whoever holds a
         *     leaked, rolled key learns nothing of the key that replaced it.
         */
        post: operations["listOwnKeys"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/keys/roll": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Roll one of the account's keys
         * @description Issues a new key for the account and keeps the rolled one (`key_id`, by default the key this
         *     call is made with) working for `grace_seconds` more (0 to 86,400: it stops at once, or up to
         *     24 hours later; 3,600 when left out), as Stripe's "roll key" does, so a partner can put the new
         *     key in place before the old one stops. The new key is in this answer and nowhere else, ever.
         *     A key that is revoked, expired or rolled already gives 409, as does a demo account's key.
         *     Only an active key may call this (a key in its grace period: 403). With a grace period the
         *     rolled key stays usable, so a roll that would make 11 usable keys gives 409 (roll with
         *     `grace_seconds: 0`, or expire or revoke a key first). Key changes are limited to 10 a minute
         *     per account (429 with Retry-After).
         */
        post: operations["rollOwnKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/stubs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The account's stubs, and its stub state
         * @description **Reference behaviour.** The stubs of the account whose `apikey` is in the body, oldest first,
         *     each with the calls it answered and, for one added with `times`, the calls it still answers;
         *     and the account's stub state (`Started` until a stub's `state.next` moves it). A read: counted
         *     in the account's read budget.
         */
        post: operations["listStubs"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/stubs/add": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add a stub, checked against openapi.yaml
         * @description **Reference behaviour, in the manner of WireMock's stub mappings, and checked against the
         *     contract as Specmatic checks its examples.** From the next call on, the account's calls of
         *     `operation` (an operationId of openapi.yaml) that hold `match.body` (a subset of the JSON
         *     body: extra fields are ignored, arrays match element by element) and `match.headers` (names
         *     in any case, values exact) get this stub's answer instead of the ordinary one, after every
         *     check of the request (method, body, key, rate limit, request schema: a stub answers only a
         *     call the contract accepts) and before the `Test` header. Of several matching stubs the lowest
         *     `priority` wins (1 to 100, 5 by default), and among equals the newest. A stub answers `times`
         *     calls and then is removed, or until it is removed (`/stubs/remove`, `/stubs/reset`, the account
         *     reset). With `state`, it answers only while the account's stub state is `state.when`, and then
         *     moves it to `state.next` (WireMock's scenarios, one per account, starting at `Started`).
         *
         *     The answer is `response` (a status, headers and a JSON body), after `delay_ms` (a fixed number
         *     of milliseconds, or `{min, max}` for a random one; at most 60,000), or a `fault`:
         *     `connection_reset` (TCP reset), `empty_response` (the connection closes before any answer),
         *     `cut_body` (the response's headers and half its body, then the connection closes),
         *     `malformed_json` (a body that is not JSON) or `trickle` (the response's body in small chunks,
         *     one every `trickle_interval_ms`, in at most 60 s).
         *
         *     **Checked when added.** A `response` that would not validate against openapi.yaml for that
         *     operation and status (an undeclared status, the body's shape, enums and formats, a required
         *     header such as `Retry-After` on 429) is refused with 400 and the `violations`, unless
         *     `nonconforming` is true: then it is added, and the journal shows each of its answers as
         *     deliberately outside the contract. Faults are transport, not contract: never judged.
         *
         *     **Every stub is the account's own:** no other account's call ever meets it. An account keeps
         *     at most 50 stubs and 256 KB of them (409 past either). Stubs live in the store: every replica
         *     answers them, and a restart keeps them. Each answer is in the journal as scenario `stub`,
         *     naming the stub, and counts as scenario traffic in `/metrics`.
         */
        post: operations["addStub"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/stubs/remove": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Remove one of the account's stubs
         * @description The stub of this id goes at once, on every replica. 404 when the account has none of this id
         *     (another account's stub is never found).
         */
        post: operations["removeStub"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/stubs/reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Remove every stub of the account, and its stub state
         * @description Every stub of the account goes, its stub state is `Started` again and stub ids start at
         *     `stub_1`. (The account reset, `/reset`, does this too.) Answers the empty list.
         */
        post: operations["resetStubs"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Did the client send what it should have? (from the journal)
         * @description **Reference behaviour, WireMock's `verify(count, postRequestedFor(…))`.** Counts the account's
         *     journalled calls of `operation` whose JSON body holds `body` (a subset, as a stub's
         *     `match.body`; the `apikey` is never compared) and whose recorded headers hold `headers`. `ok`
         *     is whether exactly `count` matched (at least one without `count`). When none matched,
         *     `closest` shows up to three calls of the operation with the fewest differences, each
         *     difference a JSON pointer (`/body/location`, `header:test`) with what was expected and what
         *     the call held (`actual` absent: the call did not have it). The journal keeps the newest
         *     1,000 calls of the account. A read: counted in the account's read budget.
         */
        post: operations["verifyCalls"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/keys/expire": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * End a rolled key's grace period now
         * @description "Expire now": the key `key_id`, rolled and still in its grace period (state `expiring`), stops
         *     at once on every replica, for when the rolled key leaked. Only an active key may call this
         *     (a key in its grace period makes API calls only: 403). A key in another state gives 409; key
         *     changes (roll, expire, revoke) are limited to 10 a minute per account (429 with Retry-After).
         */
        post: operations["expireOwnKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/keys/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke another of the account's keys
         * @description The key `key_id` stops at once on every replica. Only an active key may call this, and not
         *     on itself (409: roll it instead, or revoke it from another active key), so an account keeps
         *     a key that works. Revoking a revoked key changes nothing. Key changes are limited to 10 a
         *     minute per account (429 with Retry-After).
         */
        post: operations["revokeOwnKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The whole sandbox back to first-start state (admin)
         * @description Removes every account's bookings and e-mails, clears every cache, offer and rate-limit
         *     window, and returns every account's clock to real time. Booking ids start at 1 again.
         *     Exists only with an admin token (404 otherwise).
         */
        post: operations["resetSandbox"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the accounts (admin)
         * @description Every account, demo and created, by id, a page at a time (`offset`, `limit` up to 200), those
         *     whose id, name or contact contains `q` (any case). `total` counts all that match. Keys by id
         *     only; never a key, never its digest.
         */
        get: operations["listAccounts"];
        put?: never;
        /**
         * Create an account with its first key (admin)
         * @description A new account for a partner team: its name and contact, the guest profile its bookings use,
         *     and optionally the hosts a `return_url` may name. It is created with one key, in one durable
         *     write (never an account without its key, never half an account; a full disk answers 503 and
         *     creates nothing). The key is in this answer only. Ids start at 1,000 and are never given twice.
         */
        post: operations["createAccount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/accounts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The account's id (the demo accounts 1 to 999, created ones from 1,000).
                 * @example 1000
                 */
                id: components["parameters"]["AccountId"];
            };
            cookie?: never;
        };
        /**
         * One account (admin)
         * @description The account with its profile, status, quota (and whether it is in force now), return_url hosts and keys by id.
         */
        get: operations["showAccount"];
        put?: never;
        post?: never;
        /**
         * Delete an account and all its data (admin)
         * @description The account, its keys and everything it owns go, in one durable write: bookings, e-mails,
         *     request journal, idempotency records, clock, searches, offers, rate-limit windows, console
         *     sessions. Its keys stop at once on every replica. Its id is never given again. A demo account gives 409.
         */
        delete: operations["deleteAccount"];
        options?: never;
        head?: never;
        /**
         * Change an account's profile or return_url hosts (admin)
         * @description Any of the profile fields and `return_url_hosts` (null allows any host); the others stay. A demo account gives 409.
         */
        patch: operations["changeAccount"];
        trace?: never;
    };
    "/admin/accounts/{id}/disable": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The account's id (the demo accounts 1 to 999, created ones from 1,000).
                 * @example 1000
                 */
                id: components["parameters"]["AccountId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Disable an account (admin)
         * @description Its keys are refused (403 saying the account is disabled) and its console sessions end; its data stays until it is enabled or deleted.
         */
        post: operations["disableAccount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/accounts/{id}/enable": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The account's id (the demo accounts 1 to 999, created ones from 1,000).
                 * @example 1000
                 */
                id: components["parameters"]["AccountId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Enable a disabled account (admin)
         * @description Its keys authenticate again (those not revoked or expired meanwhile).
         */
        post: operations["enableAccount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/accounts/{id}/keys": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The account's id (the demo accounts 1 to 999, created ones from 1,000).
                 * @example 1000
                 */
                id: components["parameters"]["AccountId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Issue a further key (admin)
         * @description A new key for the account, shown in this answer only. At most 10 usable keys at once (409 past it); past 20 kept, the oldest revoked or expired go.
         */
        post: operations["issueKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/accounts/{id}/keys/{keyId}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The account's id (the demo accounts 1 to 999, created ones from 1,000).
                 * @example 1000
                 */
                id: components["parameters"]["AccountId"];
                /**
                 * @description The key's public id.
                 * @example key_4fGh7Jk2Lm
                 */
                keyId: components["parameters"]["KeyId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke a key (admin)
         * @description The key stops at once, on every replica within a second, answered `Invalid API key` as an unknown key is; console sessions signed in with it end.
         */
        post: operations["revokeKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/accounts/{id}/keys/{keyId}/roll": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The account's id (the demo accounts 1 to 999, created ones from 1,000).
                 * @example 1000
                 */
                id: components["parameters"]["AccountId"];
                /**
                 * @description The key's public id.
                 * @example key_4fGh7Jk2Lm
                 */
                keyId: components["parameters"]["KeyId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Roll a key (admin)
         * @description As the partner's own `/keys/roll`, for any account's key.
         */
        post: operations["rollKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/accounts/{id}/quota": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The account's id (the demo accounts 1 to 999, created ones from 1,000).
                 * @example 1000
                 */
                id: components["parameters"]["AccountId"];
            };
            cookie?: never;
        };
        get?: never;
        /**
         * Grant a quota increase (admin)
         * @description The API description's quota increase (section 8). It raises the account's own limits on
         *     search and hotel details, per client IP and endpoint as always: `per_minute` and/or `per_day`
         *     (at least the sandbox's limits), or `lifted: true` (no limit of the account's own; its
         *     requests are still counted). For a period (`until`, real time, within a year, or `days`) or
         *     for good. The address's ceiling over all accounts stays as it is: it protects the shared
         *     sandbox. Replaces any earlier increase. A demo account gives 409.
         */
        put: operations["grantQuota"];
        post?: never;
        /**
         * Withdraw a quota increase (admin)
         * @description The account is back on the sandbox's limits.
         */
        delete: operations["withdrawQuota"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/journal": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * One team's request journal, for an operator (admin)
         * @description The request journal of the account `account_id` names (the `account_id` of the request log
         *     and of `http_team_requests_total`), with the filters of `/journal`, read with the admin token
         *     instead of the team's key: an operator finds a team's failing calls without asking the team
         *     for its key. The entries are those `/journal` gives the team (the apikey never appears).
         *     Exists only with an admin token (404 otherwise); an `account_id` no account has is 404.
         */
        post: operations["readTeamJournal"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/backup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A consistent copy of the embedded store (admin)
         * @description Every booking, e-mail and Idempotency-Key record of the embedded store as of the call, taken
         *     by the running server between two journal writes (exactly what was acknowledged), as a file in
         *     the format of `DB_FILE`, to keep and later put in place with `hotel-sandbox restore --from
         *     FILE` (the server stopped). For an operator who reaches the sandbox over HTTP only; with a
         *     shell, `hotel-sandbox backup` does the same from the store's files. A sandbox on PostgreSQL
         *     answers 409: back it up with `pg_dump`. Exists only with an admin token (404 otherwise).
         */
        get: operations["downloadBackup"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
};
export type webhooks = Record<string, never>;
export type components = {
    schemas: {
        /**
         * @description An operationId of openapi.yaml
         * @enum {string}
         */
        StubOperation: "searchHotels" | "getHotelDetails" | "startBooking" | "getBookingOverview" | "retrieveBooking" | "cancelBooking";
        StubViolation: {
            path: string;
            message: string;
        };
        StubResponse: {
            status: number;
            /** @description Header names (HTTP tokens) to values; not the framing ones (Content-Length, Transfer-Encoding, Connection) */
            headers?: {
                [key: string]: string;
            };
            /** @description The JSON body (absent, no body) */
            body?: unknown;
        };
        /** @description A stub to add; `response`, `fault` or both (`cut_body` and `trickle` need the response they break) */
        NewStub: {
            apikey: components["schemas"]["ApiKey"];
            operation: components["schemas"]["StubOperation"];
            name?: string;
            /** @default 5 */
            priority?: number;
            match?: {
                /** @description A subset the call's JSON body must hold */
                body?: Record<string, never>;
                headers?: {
                    [key: string]: string;
                };
            };
            /** @description Answers this many calls, then is removed; absent, until removed */
            times?: number;
            state?: {
                when?: string;
                next?: string;
            };
            response?: components["schemas"]["StubResponse"];
            /** @enum {string} */
            fault?: "connection_reset" | "empty_response" | "cut_body" | "malformed_json" | "trickle";
            /** @description Milliseconds before the answer, or a random delay in [min, max] */
            delay_ms?: number | {
                min: number;
                max: number;
            };
            /** @default 100 */
            trickle_interval_ms?: number;
            /**
             * @description Add it although its answer breaks openapi.yaml (to test a client's robustness)
             * @default false
             */
            nonconforming?: boolean;
        };
        Stub: {
            id: string;
            name: string | null;
            operation: components["schemas"]["StubOperation"];
            priority: number;
            match: {
                body?: Record<string, never>;
                headers?: {
                    [key: string]: string;
                };
            };
            /** @description Calls it still answers (null, until removed) */
            remaining: number | null;
            state: {
                when?: string;
                next?: string;
            } | null;
            /** @description The answer (status, headers, body); null for a fault alone */
            response: {
                status?: number;
                headers?: {
                    [key: string]: string;
                };
                body?: unknown;
            } | null;
            fault: string | null;
            delay: {
                fixed_ms?: number;
                min_ms?: number;
                max_ms?: number;
            } | null;
            trickle_interval_ms: number | null;
            nonconforming: boolean;
            /** Format: date-time */
            created_at: string;
            answered: number;
        };
        StubList: {
            /** @description The account's stub state (`Started` until a stub moves it) */
            state: string;
            stubs: components["schemas"]["Stub"][];
        };
        KeyView: {
            /** @description The key's public id, by which logs, metrics, the console and the journal name it. */
            id: string;
            /** @description The prefix and last four characters, to tell keys apart (for a demo key, a note saying so). */
            hint: string;
            /** Format: date-time */
            created_at: string;
            /**
             * Format: date-time
             * @description When a rolled key stops (real time).
             */
            expires_at: string | null;
            /** Format: date-time */
            revoked_at: string | null;
            /** @description The id of the key that replaced it. */
            rolled_to: string | null;
            /** @enum {string} */
            state: "active" | "expiring" | "expired" | "revoked";
        };
        Account: {
            id: number;
            name: string;
            contact: string;
            /** @description The guest profile of the account's bookings. */
            guest: {
                first_name: string;
                last_name: string;
                email: string;
                phone: string;
            };
            /** @enum {string} */
            status: "active" | "disabled";
            /** @description A demo account of fixtures/accounts.json (not stored, not changeable). */
            demo: boolean;
            /** Format: date-time */
            created_at: string;
            quota: {
                /** @description null keeps the sandbox's limit. */
                per_minute: number | null;
                per_day: number | null;
                lifted: boolean;
                /**
                 * Format: date-time
                 * @description The end of the increase (real time); null for good.
                 */
                until: string | null;
                note: string;
                /** Format: date-time */
                granted_at: string;
                in_force: boolean;
            } | null;
            /** @description The hosts a return_url may name (`*.` for subdomains); null allows any. */
            return_url_hosts: string[] | null;
            keys: components["schemas"]["KeyView"][];
        };
        NewAccount: {
            /** @description The team or company. */
            name: string;
            /**
             * Format: email
             * @description Who to write to about the account.
             */
            contact: string;
            /** @description The guest profile of the account's bookings, as the demo accounts have one; no control or bidirectional characters. */
            first_name: string;
            last_name: string;
            /** Format: email */
            email: string;
            /** @description In international form, e.g. `+31 20 555 0101`. */
            phone: string;
            return_url_hosts?: components["schemas"]["ReturnUrlHosts"];
        };
        AccountChange: {
            name?: string;
            /** Format: email */
            contact?: string;
            first_name?: string;
            last_name?: string;
            /** Format: email */
            email?: string;
            phone?: string;
            return_url_hosts?: components["schemas"]["ReturnUrlHosts"];
        };
        /**
         * @description Finding 13 of the security review: the hosts a `return_url` on the account's booking_url may
         *     name (`partner.example`, `*.partner.example` for its subdomains, `localhost:8080`); any other is
         *     ignored, as an invalid one is. null (the default) allows any host: the outcome page shows the
         *     return link as a plain link naming its host, never a redirect, so a partner testing from any
         *     machine is not stopped; a list narrows it. Each entry is checked against the Public Suffix List
         *     (its private section too): no public suffix and no wildcard over one (`com`, `*.co.uk`,
         *     `*.github.io`: 400), ports 1–65535, host names of at most 253 characters, IPv6 addresses in
         *     brackets that parse (`[::1]:8443`).
         */
        ReturnUrlHosts: string[] | null;
        QuotaRequest: {
            /** @description At least the sandbox's limit per minute (5 unless configured otherwise). */
            per_minute?: number;
            /** @description At least the sandbox's limit per day (200 unless configured otherwise). */
            per_day?: number;
            /** @default false */
            lifted?: boolean;
            /** Format: date-time */
            until?: string;
            days?: number;
            /** @description The partner's use case, for the operator's records. */
            note?: string;
        };
        /**
         * @description The account's API key, as on the API (openapi.yaml `ApiKey`): missing or empty gives 401,
         *     unknown 403. Like every bound of a request body here, a longer one gives 400 before the key
         *     is judged.
         * @example demo-key-1
         */
        ApiKey: string;
        Error: {
            error: string;
        };
        JournalEntry: {
            /** @description Increasing per account. */
            id: number;
            /**
             * Format: date-time
             * @description When the call arrived, on the account's clock.
             */
            at: string;
            client_address: string;
            /** @description The path without its query string. */
            endpoint: string;
            /**
             * @description Where the call carried the apikey (header or query when it was there, even if also in the body).
             * @enum {string}
             */
            key_location: "body" | "header" | "query" | "missing";
            request: {
                method: string;
                path: string;
                headers: {
                    [key: string]: string;
                };
                query: Record<string, never>;
                /** @description Any JSON - the body with `apikey` as `***`; the raw text when it was not JSON; null when empty. */
                body: unknown;
            };
            response: {
                status: number;
                headers: {
                    [key: string]: string;
                };
                /** @description Any JSON - the response body; null when there was none. */
                body: unknown;
            };
            duration_ms: number;
            conformance: {
                request_valid: boolean;
                response_valid: boolean;
                violations: {
                    /** @enum {string} */
                    where: "request" | "response";
                    path: string;
                    message: string;
                }[];
            };
            /** @description The sandbox scenario the server played for this call (its `Test` header), or null; a header the server ignored is not recorded. */
            scenario: string | null;
            /** @description The public id of the key the call was made with (never the key); absent in entries recorded before keys had ids. */
            key_id?: string | null;
            /** @description The account's stub that answered this call (its `scenario` is then `stub`); absent otherwise. */
            stub?: {
                id: string;
                name: string | null;
                /** @description Added with `nonconforming`; the violations of its answer say they are deliberate. */
                nonconforming: boolean;
                fault: string | null;
            };
        };
        CertificationReport: {
            /**
             * @description certified when every rule passed; failed when any failed; else incomplete.
             * @enum {string}
             */
            verdict: "certified" | "failed" | "incomplete";
            certified: boolean;
            /** Format: date-time */
            generated_at: string;
            entries: {
                count: number;
                /** Format: date-time */
                first_at: string | null;
                /** Format: date-time */
                last_at: string | null;
            };
            summary: {
                passed: number;
                failed: number;
                not_seen: number;
            };
            rules: {
                id: string;
                title: string;
                looks_for: string;
                /** @enum {string} */
                verdict: "passed" | "failed" | "not_seen";
                reason: string;
                /** @description Journal entry ids. */
                evidence: number[];
            }[];
            failed: string[];
            not_seen: string[];
        };
    };
    responses: {
        /** @description The account's keys as they are now (as `/keys` lists them) */
        OwnKeys: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    account_id: number;
                    key_id: string;
                    keys: components["schemas"]["KeyView"][];
                };
            };
        };
        /** @description No `Authorization Bearer` header */
        AdminTokenMissing: {
            headers: {
                "WWW-Authenticate"?: "Bearer";
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description No admin token configured, or the control API is off */
        AdminDisabled: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The store could not save the change (disk full, database away); nothing was changed. Retry after the given seconds. */
        StorageUnavailable: {
            headers: {
                "Retry-After"?: number;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The account as it is now */
        AccountAnswer: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Account"];
            };
        };
        /** @description The key just issued, shown this once, and the account with it */
        KeyIssued: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "account": {
                 *         "id": 1000,
                 *         "name": "Acme Travel",
                 *         "contact": "ops@acme.example",
                 *         "guest": {
                 *           "first_name": "Ada",
                 *           "last_name": "Lovelace",
                 *           "email": "ada@acme.example",
                 *           "phone": "+44 20 7946 0958"
                 *         },
                 *         "status": "active",
                 *         "demo": false,
                 *         "created_at": "2026-11-21T10:00:00.000Z",
                 *         "quota": null,
                 *         "return_url_hosts": null,
                 *         "keys": [
                 *           {
                 *             "id": "key_4fGh7Jk2Lm",
                 *             "hint": "hbs_test_…0GjA",
                 *             "created_at": "2026-11-21T10:00:00.000Z",
                 *             "expires_at": null,
                 *             "revoked_at": null,
                 *             "rolled_to": null,
                 *             "state": "active"
                 *           }
                 *         ]
                 *       },
                 *       "key": "hbs_test_7Qm2yXv9R4kPz8Lw3Ht6Ns1Bc5Df0GjA",
                 *       "key_id": "key_4fGh7Jk2Lm",
                 *       "note": "The key is shown this once: store it now (the sandbox keeps only its digest)."
                 *     }
                 */
                "application/json": {
                    account: components["schemas"]["Account"];
                    /** @description The key itself. Never shown again; the sandbox keeps only its SHA-256 digest. */
                    key: string;
                    key_id: string;
                    note: string;
                };
            };
        };
        /** @description The account's clock */
        Clock: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    /** Format: date-time */
                    now: string;
                    /** @description The account's offset over real time (0 = real time). */
                    offset_seconds: number;
                };
            };
        };
        /** @description No `apikey` in the JSON body */
        MissingKey: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /**
         * @description Too many failed authentications from the client IP in the last minute (unknown API keys on
         *     the API and this control API, wrong keys at the console's sign-in, counted together; 30 a
         *     minute, or the API rate limit per minute plus 20 when that is more; wrong admin tokens on a
         *     budget of their own). Past it, the IP's failed attempts are answered one a second, and one
         *     that would wait more than 3 seconds for its turn gets this 429. A right key or token is never
         *     slowed or refused, from any IP; other IPs are never affected. Retry after the given seconds.
         *     Counted in this process's memory, on the real (base) clock, never an account's clock; the
         *     admin reset forgets it.
         */
        TooManyFailedAuthentications: {
            headers: {
                /** @description Seconds until this attempt's turn (past the budget, one failed attempt a second) */
                "Retry-After"?: number;
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": "Too many failed authentications from your address (30 per minute; further ones are answered one a second). Retry after 4 seconds."
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The `apikey` names no account, or the request carries a foreign `Origin` (see CrossOrigin) */
        UnknownKey: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The control API is switched off (--no-control-api) */
        Disabled: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /**
         * @description The request carries an `Origin` header that is not allowed, or (with the key) an unknown
         *     API key. Allowed are the origin of `PUBLIC_URL` (when it names a loopback or unspecified
         *     address, also its `127.0.0.1`, `localhost` and `[::1]` spellings on the same scheme and
         *     port) and the origins listed in `CORS_ORIGINS` (never `*`); never the request's own `Host`,
         *     which a page on a domain rebound by DNS to this server controls. The Origin check keeps web
         *     pages on other sites from driving the control API through a visitor's browser.
         */
        CrossOrigin: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description A control POST whose Content-Type is not `application/json` (an HTML form, text/plain, none). */
        NotJson: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Invalid control request */
        BadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Error */
        Error: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
    };
    parameters: {
        /**
         * @description The account's id (the demo accounts 1 to 999, created ones from 1,000).
         * @example 1000
         */
        AccountId: string;
        /**
         * @description The key's public id.
         * @example key_4fGh7Jk2Lm
         */
        KeyId: string;
    };
    requestBodies: {
        Account: {
            content: {
                /**
                 * @example {
                 *       "apikey": "demo-key-1"
                 *     }
                 */
                "application/json": {
                    apikey: components["schemas"]["ApiKey"];
                };
            };
        };
        OwnKeyChange: {
            content: {
                /**
                 * @example {
                 *       "apikey": "hbs_test_7Qm2yXv9R4kPz8Lw3Ht6Ns1Bc5Df0GjA",
                 *       "key_id": "key_8fK2mQ9xLp"
                 *     }
                 */
                "application/json": {
                    apikey: components["schemas"]["ApiKey"];
                    /** @description The key to change (its public id). */
                    key_id: string;
                };
            };
        };
    };
    headers: never;
    pathItems: never;
};
export type $defs = Record<string, never>;
export interface operations {
    clock: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    apikey: components["schemas"]["ApiKey"];
                    /** Format: date-time */
                    now?: string;
                    advance_seconds?: number;
                    offset_seconds?: number;
                };
            };
        };
        responses: {
            200: components["responses"]["Clock"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["MissingKey"];
            403: components["responses"]["UnknownKey"];
            404: components["responses"]["Disabled"];
            415: components["responses"]["NotJson"];
            429: components["responses"]["TooManyFailedAuthentications"];
        };
    };
    resetAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: components["requestBodies"]["Account"];
        responses: {
            /** @description Reset done; the account's clock */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "reset";
                        /** Format: date-time */
                        now: string;
                        offset_seconds: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["MissingKey"];
            403: components["responses"]["UnknownKey"];
            404: components["responses"]["Disabled"];
            415: components["responses"]["NotJson"];
            429: components["responses"]["TooManyFailedAuthentications"];
        };
    };
    listScenarios: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Scenario hotels */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        test_header: {
                            /** @enum {string} */
                            header: "Test";
                            scenarios: {
                                /** @example payment_declined */
                                name: string;
                                /**
                                 * @description `transport`: the server fails the call itself; `domain`: a supplier outcome, on booking.php stored on the booking for its later steps.
                                 * @enum {string}
                                 */
                                kind: "none" | "domain" | "transport";
                                applies_to: string[];
                                effect: string;
                            }[];
                        };
                        scenarios: {
                            id: number;
                            name: string;
                            latitude: number;
                            longitude: number;
                            city: string;
                            effects: {
                                kind: string;
                            }[];
                            effect: string;
                        }[];
                    };
                };
            };
            403: components["responses"]["CrossOrigin"];
            404: components["responses"]["Disabled"];
        };
    };
    pay: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "apikey": "demo-key-1",
                 *       "bookhash": "Xk3PqL9mN2vR8tY4wZ6aB1cD5eF7gH",
                 *       "outcome": "success"
                 *     }
                 */
                "application/json": {
                    apikey: components["schemas"]["ApiKey"];
                    /** @description The booking's bookhash (or give `booking_url` instead); 30 characters. */
                    bookhash?: string;
                    /** @description The booking_url booking start answered (instead of `bookhash`). */
                    booking_url?: string;
                    /**
                     * @default success
                     * @enum {string}
                     */
                    outcome?: "success" | "payment_failed" | "booking_failed";
                    /**
                     * @description The guest's remarks, as on the finalization page. No C0 or C1 control character
                     *     except tab, line feed and carriage return, and no bidirectional embedding,
                     *     override or isolate (U+202A–U+202E, U+2066–U+2069); otherwise 400 naming the
                     *     field, the character and its position, and nothing is paid. At most 1,000
                     *     characters, as on the finalization page; more gives 400.
                     */
                    client_remarks?: string;
                };
            };
        };
        responses: {
            /** @description Paid; the booking as retrieve_booking.php shows it */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "ok";
                        booking: Record<string, never>;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["MissingKey"];
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            409: components["responses"]["Error"];
            415: components["responses"]["NotJson"];
            429: components["responses"]["TooManyFailedAuthentications"];
        };
    };
    listOutbox: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: components["requestBodies"]["Account"];
        responses: {
            /** @description The account's outbox */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        count: number;
                        emails: {
                            to: string;
                            subject: string;
                            text: string;
                            bookhash: string;
                            /** Format: date-time */
                            sent_at: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["MissingKey"];
            403: components["responses"]["UnknownKey"];
            404: components["responses"]["Disabled"];
            415: components["responses"]["NotJson"];
            429: components["responses"]["TooManyFailedAuthentications"];
        };
    };
    listJournal: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "apikey": "demo-key-1",
                 *       "endpoint": "/search.php",
                 *       "status": "4xx"
                 *     }
                 */
                "application/json": {
                    apikey: components["schemas"]["ApiKey"];
                    /** @description Only calls to this path (`/search.php`; the leading slash may be left out). */
                    endpoint?: string;
                    /** @description An exact status (`429`) or a class (`"4xx"`). */
                    status?: number | string;
                    /**
                     * Format: date-time
                     * @description Only calls at or after this instant (account clock).
                     */
                    since?: string;
                    /**
                     * Format: date-time
                     * @description Only calls at or before this instant (account clock).
                     */
                    until?: string;
                    /** @description Only calls whose request or response does not conform to openapi.yaml. */
                    non_conforming?: boolean;
                    /** @description Only the newest `limit` matching calls (still oldest first). A journal keeps an account's last 1,000 calls, so a larger limit returns them all; the bound is the largest integer JSON carries exactly (I-JSON), as contract 1.0.0 set none. */
                    limit?: number;
                };
            };
        };
        responses: {
            /** @description The matching journal entries, oldest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The entries in this answer. */
                        count: number;
                        /**
                         * @description Matching calls left out, the oldest ones, because an answer holds at most 4 MB of
                         *     entries (finding 3 of issue 35: a journal of maximum-size calls answered 27 MB).
                         *     Ask for them with `until` (before the oldest entry shown) or a smaller `limit`.
                         *     Absent when every matching call is in the answer. The journal is read from its
                         *     newest end and the read stops at the budget, so the calls older than the cut are
                         *     counted, not read: with a filter (`endpoint`, `status`, `since`, `until`,
                         *     `non_conforming`) the count is at most that many. Each started 256 KB of an answer
                         *     past the first counts as one more read of the account's read budget.
                         */
                        omitted?: number;
                        entries: components["schemas"]["JournalEntry"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["MissingKey"];
            403: components["responses"]["UnknownKey"];
            404: components["responses"]["Disabled"];
            429: components["responses"]["TooManyFailedAuthentications"];
        };
    };
    certification: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "apikey": "demo-key-1"
                 *     }
                 */
                "application/json": {
                    apikey: components["schemas"]["ApiKey"];
                    /**
                     * @description The JSON report, a JUnit XML file, or a self-contained HTML page.
                     * @default json
                     * @enum {string}
                     */
                    format?: "json" | "junit" | "html";
                };
            };
        };
        responses: {
            /** @description The report */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CertificationReport"];
                    "application/xml": string;
                    "text/html": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["MissingKey"];
            403: components["responses"]["UnknownKey"];
            404: components["responses"]["Disabled"];
            429: components["responses"]["TooManyFailedAuthentications"];
        };
    };
    listOwnKeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: components["requestBodies"]["Account"];
        responses: {
            /** @description The account's keys */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        account_id: number;
                        key_id: string;
                        keys: components["schemas"]["KeyView"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["MissingKey"];
            403: components["responses"]["UnknownKey"];
            404: components["responses"]["Disabled"];
            415: components["responses"]["NotJson"];
            429: components["responses"]["TooManyFailedAuthentications"];
        };
    };
    rollOwnKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "apikey": "hbs_test_7Qm2yXv9R4kPz8Lw3Ht6Ns1Bc5Df0GjA",
                 *       "grace_seconds": 3600
                 *     }
                 */
                "application/json": {
                    apikey: components["schemas"]["ApiKey"];
                    /** @description The key to roll (its public id); the key of this call when left out. */
                    key_id?: string;
                    /**
                     * @description How long the rolled key keeps working (real time).
                     * @default 3600
                     */
                    grace_seconds?: number;
                };
            };
        };
        responses: {
            201: components["responses"]["KeyIssued"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["MissingKey"];
            403: components["responses"]["UnknownKey"];
            404: components["responses"]["Error"];
            409: components["responses"]["Error"];
            415: components["responses"]["NotJson"];
            429: components["responses"]["TooManyFailedAuthentications"];
        };
    };
    listStubs: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: components["requestBodies"]["Account"];
        responses: {
            /** @description The account's stubs */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StubList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["MissingKey"];
            403: components["responses"]["UnknownKey"];
            404: components["responses"]["Disabled"];
            415: components["responses"]["NotJson"];
            429: components["responses"]["TooManyFailedAuthentications"];
        };
    };
    addStub: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "apikey": "demo-key-1",
                 *       "operation": "getHotelDetails",
                 *       "match": {
                 *         "body": {
                 *           "id": 900001
                 *         }
                 *       },
                 *       "times": 1,
                 *       "response": {
                 *         "status": 404,
                 *         "body": {
                 *           "error": "Hotel not found"
                 *         }
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["NewStub"];
            };
        };
        responses: {
            /** @description The stub, added */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Stub"];
                };
            };
            /**
             * @description A field is missing, unknown or out of its bounds, or the answer does not keep openapi.yaml
             *     (then `violations` lists where and why)
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                        violations?: components["schemas"]["StubViolation"][];
                    };
                };
            };
            401: components["responses"]["MissingKey"];
            403: components["responses"]["UnknownKey"];
            404: components["responses"]["Disabled"];
            /** @description The account holds 50 stubs or 256 KB of them already */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is larger than 16 KB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            415: components["responses"]["NotJson"];
            429: components["responses"]["TooManyFailedAuthentications"];
        };
    };
    removeStub: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "apikey": "demo-key-1",
                 *       "id": "stub_1"
                 *     }
                 */
                "application/json": {
                    apikey: components["schemas"]["ApiKey"];
                    /** @description The stub's id (`stub_1`, …) */
                    id: string;
                };
            };
        };
        responses: {
            /** @description Removed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        removed: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["MissingKey"];
            403: components["responses"]["UnknownKey"];
            /** @description The account has no stub with this id (or the control API is off) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            415: components["responses"]["NotJson"];
            429: components["responses"]["TooManyFailedAuthentications"];
        };
    };
    resetStubs: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: components["requestBodies"]["Account"];
        responses: {
            /** @description The account's stubs, none */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StubList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["MissingKey"];
            403: components["responses"]["UnknownKey"];
            404: components["responses"]["Disabled"];
            415: components["responses"]["NotJson"];
            429: components["responses"]["TooManyFailedAuthentications"];
        };
    };
    verifyCalls: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "apikey": "demo-key-1",
                 *       "operation": "searchHotels",
                 *       "body": {
                 *         "location": "Paris"
                 *       },
                 *       "count": 1
                 *     }
                 */
                "application/json": {
                    apikey: components["schemas"]["ApiKey"];
                    operation: components["schemas"]["StubOperation"];
                    /** @description The fields the calls' bodies must hold */
                    body?: Record<string, never>;
                    headers?: {
                        [key: string]: string;
                    };
                    count?: number;
                };
            };
        };
        responses: {
            /** @description The verification */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ok: boolean;
                        operation: components["schemas"]["StubOperation"];
                        matched: number;
                        /** @description The count asked for, or `at least 1` */
                        expected: number | "at least 1";
                        /** @description The journal ids of the matching calls, oldest first (at most 100) */
                        calls: number[];
                        closest: {
                            id: number;
                            /** Format: date-time */
                            at: string;
                            differences: {
                                path: string;
                                expected: unknown;
                                actual?: unknown;
                            }[];
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["MissingKey"];
            403: components["responses"]["UnknownKey"];
            404: components["responses"]["Disabled"];
            415: components["responses"]["NotJson"];
            429: components["responses"]["TooManyFailedAuthentications"];
        };
    };
    expireOwnKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: components["requestBodies"]["OwnKeyChange"];
        responses: {
            200: components["responses"]["OwnKeys"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["MissingKey"];
            403: components["responses"]["UnknownKey"];
            404: components["responses"]["Error"];
            409: components["responses"]["Error"];
            415: components["responses"]["NotJson"];
            429: components["responses"]["TooManyFailedAuthentications"];
        };
    };
    revokeOwnKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: components["requestBodies"]["OwnKeyChange"];
        responses: {
            200: components["responses"]["OwnKeys"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["MissingKey"];
            403: components["responses"]["UnknownKey"];
            404: components["responses"]["Error"];
            409: components["responses"]["Error"];
            415: components["responses"]["NotJson"];
            429: components["responses"]["TooManyFailedAuthentications"];
        };
    };
    resetSandbox: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Reset done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "reset";
                        /** @enum {string} */
                        scope: "sandbox";
                        /** Format: date-time */
                        now: string;
                    };
                };
            };
            /** @description No `Authorization Bearer` header */
            401: {
                headers: {
                    "WWW-Authenticate"?: "Bearer";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            403: components["responses"]["Error"];
            /** @description No admin token configured, or the control API is off */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            415: components["responses"]["NotJson"];
            429: components["responses"]["TooManyFailedAuthentications"];
        };
    };
    listAccounts: {
        parameters: {
            query?: {
                /** @description Accounts to skip (a whole number, 0 by default). */
                offset?: string;
                /** @description Accounts in the page (1 to 200, 50 by default). */
                limit?: string;
                q?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of accounts */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        total: number;
                        offset: number;
                        limit: number;
                        accounts: components["schemas"]["Account"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["AdminTokenMissing"];
            403: components["responses"]["Error"];
            404: components["responses"]["AdminDisabled"];
            429: components["responses"]["TooManyFailedAuthentications"];
        };
    };
    createAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Acme Travel",
                 *       "contact": "ops@acme.example",
                 *       "first_name": "Ada",
                 *       "last_name": "Lovelace",
                 *       "email": "ada@acme.example",
                 *       "phone": "+44 20 7946 0958"
                 *     }
                 */
                "application/json": components["schemas"]["NewAccount"];
            };
        };
        responses: {
            201: components["responses"]["KeyIssued"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["AdminTokenMissing"];
            403: components["responses"]["Error"];
            404: components["responses"]["AdminDisabled"];
            415: components["responses"]["NotJson"];
            429: components["responses"]["TooManyFailedAuthentications"];
            503: components["responses"]["StorageUnavailable"];
        };
    };
    showAccount: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The account's id (the demo accounts 1 to 999, created ones from 1,000).
                 * @example 1000
                 */
                id: components["parameters"]["AccountId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["AccountAnswer"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["AdminTokenMissing"];
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            429: components["responses"]["TooManyFailedAuthentications"];
        };
    };
    deleteAccount: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The account's id (the demo accounts 1 to 999, created ones from 1,000).
                 * @example 1000
                 */
                id: components["parameters"]["AccountId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "deleted";
                        id: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["AdminTokenMissing"];
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            409: components["responses"]["Error"];
            429: components["responses"]["TooManyFailedAuthentications"];
            503: components["responses"]["StorageUnavailable"];
        };
    };
    changeAccount: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The account's id (the demo accounts 1 to 999, created ones from 1,000).
                 * @example 1000
                 */
                id: components["parameters"]["AccountId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "return_url_hosts": [
                 *         "partner.example",
                 *         "*.partner.example"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["AccountChange"];
            };
        };
        responses: {
            200: components["responses"]["AccountAnswer"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["AdminTokenMissing"];
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            409: components["responses"]["Error"];
            415: components["responses"]["NotJson"];
            429: components["responses"]["TooManyFailedAuthentications"];
            503: components["responses"]["StorageUnavailable"];
        };
    };
    disableAccount: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The account's id (the demo accounts 1 to 999, created ones from 1,000).
                 * @example 1000
                 */
                id: components["parameters"]["AccountId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["AccountAnswer"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["AdminTokenMissing"];
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            409: components["responses"]["Error"];
            429: components["responses"]["TooManyFailedAuthentications"];
        };
    };
    enableAccount: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The account's id (the demo accounts 1 to 999, created ones from 1,000).
                 * @example 1000
                 */
                id: components["parameters"]["AccountId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["AccountAnswer"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["AdminTokenMissing"];
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            409: components["responses"]["Error"];
            429: components["responses"]["TooManyFailedAuthentications"];
        };
    };
    issueKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The account's id (the demo accounts 1 to 999, created ones from 1,000).
                 * @example 1000
                 */
                id: components["parameters"]["AccountId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            201: components["responses"]["KeyIssued"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["AdminTokenMissing"];
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            409: components["responses"]["Error"];
            429: components["responses"]["TooManyFailedAuthentications"];
        };
    };
    revokeKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The account's id (the demo accounts 1 to 999, created ones from 1,000).
                 * @example 1000
                 */
                id: components["parameters"]["AccountId"];
                /**
                 * @description The key's public id.
                 * @example key_4fGh7Jk2Lm
                 */
                keyId: components["parameters"]["KeyId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["AccountAnswer"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["AdminTokenMissing"];
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            409: components["responses"]["Error"];
            429: components["responses"]["TooManyFailedAuthentications"];
        };
    };
    rollKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The account's id (the demo accounts 1 to 999, created ones from 1,000).
                 * @example 1000
                 */
                id: components["parameters"]["AccountId"];
                /**
                 * @description The key's public id.
                 * @example key_4fGh7Jk2Lm
                 */
                keyId: components["parameters"]["KeyId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "grace_seconds": 86400
                 *     }
                 */
                "application/json": {
                    /** @default 3600 */
                    grace_seconds?: number;
                };
            };
        };
        responses: {
            201: components["responses"]["KeyIssued"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["AdminTokenMissing"];
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            409: components["responses"]["Error"];
            415: components["responses"]["NotJson"];
            429: components["responses"]["TooManyFailedAuthentications"];
        };
    };
    grantQuota: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The account's id (the demo accounts 1 to 999, created ones from 1,000).
                 * @example 1000
                 */
                id: components["parameters"]["AccountId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["QuotaRequest"];
            };
        };
        responses: {
            200: components["responses"]["AccountAnswer"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["AdminTokenMissing"];
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            409: components["responses"]["Error"];
            415: components["responses"]["NotJson"];
            429: components["responses"]["TooManyFailedAuthentications"];
        };
    };
    withdrawQuota: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The account's id (the demo accounts 1 to 999, created ones from 1,000).
                 * @example 1000
                 */
                id: components["parameters"]["AccountId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["AccountAnswer"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["AdminTokenMissing"];
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            409: components["responses"]["Error"];
            429: components["responses"]["TooManyFailedAuthentications"];
        };
    };
    readTeamJournal: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "account_id": 1,
                 *       "status": "5xx"
                 *     }
                 */
                "application/json": {
                    /** @description The account whose journal to read (the request log's `account_id`). */
                    account_id: number;
                    /** @description Only calls to this path (`/search.php`; the leading slash may be left out). */
                    endpoint?: string;
                    /** @description An exact status (`429`) or a class (`"4xx"`). */
                    status?: number | string;
                    /**
                     * Format: date-time
                     * @description Only calls at or after this instant (the account's clock).
                     */
                    since?: string;
                    /**
                     * Format: date-time
                     * @description Only calls at or before this instant (the account's clock).
                     */
                    until?: string;
                    /** @description Only calls whose request or response does not conform to openapi.yaml. */
                    non_conforming?: boolean;
                    /** @description Only the newest `limit` matching calls (still oldest first). */
                    limit?: number;
                };
            };
        };
        responses: {
            /** @description The matching journal entries of the account, oldest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        account_id: number;
                        /** @description The entries in this answer. */
                        count: number;
                        /**
                         * @description Matching calls left out, the oldest ones, because an answer holds at most 4 MB of
                         *     entries, as in `/journal`. Ask for them with `until` or a smaller `limit`. Absent
                         *     when every matching call is in the answer.
                         */
                        omitted?: number;
                        entries: components["schemas"]["JournalEntry"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            /** @description No `Authorization Bearer` header */
            401: {
                headers: {
                    "WWW-Authenticate"?: "Bearer";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            403: components["responses"]["Error"];
            /** @description No admin token configured, the control API is off, or no account has this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            415: components["responses"]["NotJson"];
            429: components["responses"]["TooManyFailedAuthentications"];
        };
    };
    downloadBackup: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The store as a `DB_FILE` (sent as an attachment) */
            200: {
                headers: {
                    "Content-Disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {integer} */
                        version: 1;
                        /** @description The journal change the copy includes. */
                        seq?: number;
                        nextBookingId: number;
                        bookings: Record<string, never>[];
                        outbox: Record<string, never>[];
                        idempotency?: Record<string, never>[];
                    };
                };
            };
            /** @description A request the server cannot read (malformed request line or headers, answered by the HTTP server itself) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No `Authorization Bearer` header */
            401: {
                headers: {
                    "WWW-Authenticate"?: "Bearer";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            403: components["responses"]["Error"];
            /** @description No admin token configured, or the control API is off */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The sandbox keeps its data in PostgreSQL (use pg_dump) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyFailedAuthentications"];
        };
    };
}
