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
    parameters: never;
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
                    /** @description Only the newest `limit` matching calls (still oldest first); at most 1,000, the calls an account's journal keeps. */
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
                        count: number;
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
                        count: number;
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
