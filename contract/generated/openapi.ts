/* Generated from openapi.yaml by `npm run gen`. Do not edit by hand. */

export type paths = {
    "/search.php": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Search hotels near a place
         * @description Finds hotels near a place (free text) or coordinates for a date range and returns at most 15
         *     hotels, each with its single cheapest rate that meets the filters. Only the meal plans `nomeal`
         *     and `breakfast` exist; other plans are filtered out. Rate limited (5/minute, 200/day per client
         *     IP).
         *
         *     Rules a schema cannot state: `checkin` must not be in the past; `checkout` must be after
         *     `checkin`; the stay is at most 30 nights; `location` is required unless both `latitude` and
         *     `longitude` are given, and `latitude` and `longitude` go together; `price_from` must not exceed
         *     `price_to`. Each broken rule gives 400.
         *
         *     `search_id` is valid for 1 hour. An identical search within that hour returns the cached
         *     response with the same `search_id`.
         *
         *     **Reference behaviour:**
         *     - Hotels are ordered by distance from the search point, nearest first: the response holds the
         *       nearest hotels (at most 15) that have at least one rate meeting all filters. Closed hotels
         *       are never returned.
         *     - `price_from`/`price_to` are compared with the rate's `total_price` in the display currency,
         *       inclusive.
         *     - When both `location` and coordinates are given, the coordinates win and no geocoding happens.
         *     - A `location` that cannot be geocoded gives 400 `Unknown location '…'`; when known places are
         *       one or two edits away it adds `Did you mean: A, B, C?` (at most three).
         *     - `search.location_resolved` names what `location` was geocoded to: its name, its kind (`city`,
         *       `airport`, `station`, `landmark`, `place`, `postcode`, `address`) and the point searched
         *       around. Names in other scripts resolve for the 1,000 largest cities ("Москва", "東京", "القاهرة").
         *     - "Identical search" means an identical search of the same account: identical parameters
         *       after defaults and case normalisation, and the same `apikey`. The cache and its
         *       `search_id`s are per account, so an account never receives another account's `search_id`
         *       (which would expire on the other's schedule); the cached response is served until 1 hour
         *       after that account made it, so every `search_id` handed out is valid for what remains of
         *       its own account's hour.
         *     - An empty filter array means "no filter".
         *     - `amenities`, `short_description` and the rate's `room.room_name` are in the requested
         *       `language` (see `LanguageCode`).
         */
        post: operations["searchHotels"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/hotel.php": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Hotel details with rooms and rates
         * @description Returns the static hotel data plus all rooms and rates (up to 4 rates per room) for the dates.
         *     Give either `search_id` (preferred; the rates come from the cached search and
         *     `availability.source` is `search_cache`) or `checkin` + `checkout` (a fresh live lookup with
         *     `persons`, `currency` and `residency`; `availability.source` is `live`). Neither gives 400.
         *     An unknown hotel id gives 404. When no rooms are available, `availability` has
         *     `source: live`, the two dates and a fixed `message`, and `rooms` is `[]`. Rate limited
         *     (5/minute, 200/day per client IP). Live availability for identical requests is cached for
         *     30 minutes; static hotel data for 30 days.
         *
         *     Rules for a live lookup: `checkin` not in the past, `checkout` after `checkin`, at most
         *     30 nights, `checkin` and `checkout` together; each broken rule gives 400.
         *
         *     **Reference behaviour:**
         *     - When both `search_id` and dates are given, `search_id` wins and the dates, `persons`,
         *       `currency` and `residency` are ignored.
         *     - An unknown or expired `search_id` (older than 1 hour) gives 400
         *       `search_id '…' is unknown or has expired; search again`. So does one the server no
         *       longer holds: it keeps each account's latest 1,000 searches (memory is bounded per
         *       account), so after more searches within the hour the oldest reads as expired and the
         *       client searches again. A `search_id` belongs to the
         *       account that searched: another account's `search_id` is unknown to this one. The
         *       30-minute live-availability cache is per account too.
         *     - With a valid `search_id`, any hotel id is accepted (not only the 15 the search returned):
         *       its rates are those for the search's dates, persons, currency and residency, and the
         *       search's cheapest rate for a returned hotel is always among them.
         *     - A closed hotel (`is_closed: true`) has no rooms: the no-rooms shape is returned.
         *     - The no-rooms `message` is `No rooms are available for the requested dates.` in English, and
         *       its translation in the other supported languages; every text follows `language` (see
         *       `LanguageCode`).
         *     - The availability rules (400) are checked before the hotel id (404).
         *     - With a `search_id`, the rates are priced as of the moment of the search, so they are exactly
         *       the rates the search saw, for the whole hour.
         */
        post: operations["getHotelDetails"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/booking.php": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start a booking for one rate
         * @description Starts a booking for the rate identified by `service_hash` (from any rate of a search or
         *     hotel-details response, passed unchanged). No guest data is sent: it is taken from the account
         *     that owns the key. The booking is created in status `processing`; the service verifies
         *     availability, locks the rate, confirms pricing and prepares the payment session. The guest must
         *     be directed to `booking_url`, the finalization page, which shows hotel name, room type,
         *     bedding, dates, nights, total price, city tax (if any), meal plan, the cancellation policy with
         *     its deadline and pre-filled guest details, and has one button that pays and confirms. Not
         *     rate limited.
         *
         *     **Reference behaviour:**
         *     - `service_hash` is validated completely, each failure a 400 saying what is wrong: the format
         *       `{hotel_id}-{room_code}-{rate_type}-{YYYYMMDD}-{YYYYMMDD}-{persons}`, a hotel that exists, a
         *       room code of that hotel, a rate type 1–4, real dates with check-in not in the past, checkout
         *       after check-in and at most 30 nights, and persons 1–5 within the room's capacity.
         *     - A well-formed reference whose rate is no longer offered (sold out on those dates, the
         *       meal/refundability combination not offered, or the hotel closed) gives **409**
         *       `The rate is no longer available; search again`.
         *     - The booking's price, meal, bedding and cancellation terms are a snapshot of the rate at this
         *       moment, in the currency and residency of the latest search or hotel-details response in
         *       which this account received that `service_hash` within the last hour (EUR and `nl`
         *       otherwise). The booking also keeps that response's `language` (`en` otherwise): its
         *       `room_name`, finalization page and e-mails are in it; `?lang=` on the page overrides it.
         *     - `booking_url` is `{public_url}/book/finalize?bookhash={bookhash}`; the same 30-character
         *       `bookhash` is used with retrieve and cancel.
         *     - The reference server never produces status `new`; it is listed because the API description
         *       names it. Clients should treat `new` like `processing`.
         *     - Every 400 for a rate reference reads `Invalid service_hash '<value>': <reason>`.
         *     - When the price changed at the supplier (scenario hotel 900008, +10%), the booking is made at
         *       the new price: `total_price`, nightly prices and penalties all rise, and the finalization
         *       page shows the old and the new price before payment; retrieve shows the new price.
         *     - When the room sold out at the supplier (scenario hotel 900009), booking start answers
         *       **409** `The rate is no longer available; search again (the hotel supplier reports the room
         *       as sold out)` and creates no booking, so nothing is charged and nothing is listed.
         *       `booking_failed` therefore only ever follows a payment attempt (section 3) and is listed by
         *       the overview.
         *     - Payment happens on the finalization page (or `POST /_control/pay` on the sandbox). Only a
         *       `processing` booking can be paid; a failed payment is final (start a new booking). Sandbox
         *       test cards: 4242 4242 4242 4242 → `booking_confirmed` (`paid: yes`, `supplier_order_id`
         *       `SUP-` + 8 characters); 4000 0000 0000 0002 → `payment_failed` (`paid: no`);
         *       4000 0000 0000 0119 → card accepted but the supplier rejects: `booking_failed`
         *       (`paid: refunded` at once). Remarks are trimmed, cut to 1000 characters, and empty becomes
         *       null.
         *     - A successful payment puts a booking confirmation e-mail to the guest (in the booking's
         *       language) in the outbox, in the same durable write as `booking_confirmed`; a failed one
         *       sends nothing. The cancellation e-mail follows a successful cancel.
         *     - The finalization page also shows the VAT when it is not included (as hotel details'
         *       `pricing.vat`, on the booked price), and writes dates in the page language, e.g.
         *       `Sat, 19 December 2026` and deadlines as `Sat, 19 December 2026, 23:59 (Europe/Amsterdam)`
         *       (hotel-local wall times, the hotel's zone named).
         *     - `return_url`: a partner may append `&return_url=<absolute http(s) URL>` (URL-encoded) to
         *       `booking_url`. After payment the outcome page shows a plain link back to it (never an
         *       automatic redirect); it is carried through the payment form and its redirect. Anything
         *       else — `javascript:`, `data:`, relative or protocol-relative URLs, URLs with credentials,
         *       whitespace, more than 2048 characters — is ignored without an error.
         *     - `Idempotency-Key` header (IETF httpapi idempotency-key draft), optional: a client that may
         *       retry a booking start sends a unique key (1–255 printable ASCII characters, e.g. a UUID) with
         *       it. A repeat with the same key by the same account within 24 hours (account clock) gets the
         *       first answer again (same status and body, the same `booking_url`) and never makes a second
         *       booking, also when both requests arrive at the same time (the later one waits for the first,
         *       and answers 409 if that takes more than 10 seconds). The same key with a different request
         *       body gives **422**. A malformed key (empty, longer than 255 characters, or with characters
         *       outside printable ASCII) gives 400. Only a started booking is remembered: a request refused
         *       with a 4xx leaves the key unused, so the corrected request may use it. Without the header
         *       nothing changes.
         *     - When the booking cannot be stored (disk full or unwritable, database unreachable) the answer
         *       is **503** with `Retry-After: 1`, and nothing was booked.
         *     - A sandbox account keeps at most `BOOKINGS_PER_ACCOUNT` bookings (5,000 by default). Past it, a
         *       new booking retires the account's oldest bookings that are not confirmed (unpaid, failed or
         *       cancelled; their `booking_url` and bookhash then find nothing, 404); when all it holds are
         *       confirmed, booking start answers **409** `This sandbox account holds N confirmed bookings, the
         *       most it keeps; cancel some, or reset the account, to book again.` and books nothing.
         */
        post: operations["startBooking"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/booking_overview.php": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * List the account's bookings
         * @description Lists the bookings of the key's account where a payment was attempted (`payment_failed`,
         *     `booking_failed`, `booking_confirmed`, `booking_cancelled`), sorted by `booked_at`, newest
         *     first. `bookings` may be empty; `count` is the number of bookings returned. Not rate limited.
         *
         *     **Reference behaviour:** bookings with the same `booked_at` second are listed the later-made
         *     first (booking ids are random, so they do not order). No paging: every booking of the account
         *     is listed.
         */
        post: operations["getBookingOverview"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/retrieve_booking.php": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Retrieve one booking in full
         * @description Returns one booking of the key's account, in any status including `processing`. Internal
         *     system fields (hashes, internal ids, payment-provider details) are not returned. Not rate
         *     limited.
         *
         *     **Reference behaviour:** a `bookhash` that is not 30 letters and digits gives 400 (it cannot
         *     exist); a well-formed one that does not exist gives 404; a booking of another account gives
         *     403 and reveals nothing about it.
         *
         *     **Reference behaviour (statuses):** retrieve answers 200 in every status the server produces:
         *     `processing` (started, no payment attempted; `paid: no`), `payment_failed` (the payment was
         *     declined; `paid: no`, `supplier_order_id: null`; final: the booking is never paid or
         *     cancelled afterwards, a new booking start is needed), `booking_failed` (`paid: refunded`),
         *     `booking_confirmed` (`paid: yes`) and `booking_cancelled`. `new` is never produced.
         */
        post: operations["retrieveBooking"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/book/cancel.php": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a confirmed, refundable booking
         * @description Cancels a booking. Cancellation is irreversible. Preconditions, all of which must hold: status
         *     is `booking_confirmed`; the rate is refundable; the current time is before
         *     `free_cancellation_before`. Not confirmed gives 409 (`status: already_cancelled` when it was
         *     already cancelled); non-refundable or past the deadline gives 403 with a text naming the
         *     support address. On success the status becomes `booking_cancelled`, the cancellation is sent
         *     to the hotel supplier immediately, a confirmation e-mail goes to the guest, and payment
         *     settlement is handled within two working days. A failure at the supplier gives 502.
         *
         *     **Reference behaviour:**
         *     - Preconditions are checked in this order: ownership (403), status (409), refundable (403),
         *       deadline (403).
         *     - The 409 body's `status` is `already_cancelled` for a cancelled booking and otherwise the
         *       booking's current status (`processing`, `payment_failed`, `booking_failed`, `new`).
         *     - A booking of another account gives 403 and changes nothing.
         *     - Settlement: `paid` stays `yes` after the cancel and becomes `refunded` at the same time of
         *       day on the second working day (Monday to Friday, UTC) after the cancel, on the server's clock.
         *     - The deadline is exclusive: at `free_cancellation_before` itself it is too late.
         *     - The cancellation e-mail (subject `Your booking at <hotel> is cancelled`) is written together
         *       with the status change; failed attempts send none.
         *     - 502 leaves the booking `booking_confirmed`; it can be cancelled again once the supplier has
         *       recovered (on the reference server's scenario hotel: 600 seconds after the first failed
         *       attempt).
         *     - Of many simultaneous cancels of one booking exactly one succeeds; the others get 409
         *       `already_cancelled`.
         */
        post: operations["cancelBooking"];
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
         * @description A money amount as decimal text. **Reference behaviour:** exactly as many decimals as the currency's ISO 4217 minor unit: none for JPY, ISK, KRW, CLP, VND; two for EUR, USD and most others; three for KWD, BHD (the pattern cannot tie the decimals to the currency field).
         * @example 1642.68
         */
        Money: string;
        /**
         * @description ISO 4217 currency code.
         * @example EUR
         */
        CurrencyCode: string;
        /**
         * @description The display currency, ISO 4217. **Reference behaviour:** one of the codes of the server's
         *     exchange-rate table (fixtures/exchange-rates.json, checked by
         *     server/http/api/contractTables.test.ts); a city tax may be in another (local) currency.
         * @example EUR
         * @enum {string}
         */
        DisplayCurrency: "AED" | "AUD" | "BRL" | "CAD" | "CHF" | "CLP" | "CNY" | "COP" | "CZK" | "DKK" | "EGP" | "EUR" | "GBP" | "HKD" | "HUF" | "IDR" | "ILS" | "INR" | "ISK" | "JPY" | "KES" | "KRW" | "MAD" | "MXN" | "MYR" | "NOK" | "NZD" | "PEN" | "PHP" | "PLN" | "QAR" | "RON" | "RSD" | "SAR" | "SEK" | "SGD" | "THB" | "TRY" | "TWD" | "USD" | "VND" | "ZAR";
        /**
         * Format: date
         * @description A calendar date, `YYYY-MM-DD`.
         * @example 2027-07-15
         */
        Date: string;
        /**
         * Format: uri
         * @description An absolute http(s) URL.
         * @example http://127.0.0.1:3000/images/hotels/72863/1.jpg
         */
        HttpUrl: string;
        /**
         * @description ISO 8601 date-time. **Reference behaviour:** without zone, `YYYY-MM-DDTHH:MM:SS`, in the hotel's local time; a real calendar date and time of day (the pattern knows month lengths and leap years).
         * @example 2027-07-12T23:59:00
         */
        LocalDateTime: string;
        /**
         * @description Date-time as `YYYY-MM-DD HH:MM:SS` (UTC on the reference server), a real calendar date and time of day (the pattern knows month lengths and leap years).
         * @example 2027-05-31 09:00:00
         */
        BookingTimestamp: string;
        /**
         * @description Meal plan. Only `nomeal` and `breakfast` exist; other plans are filtered out.
         * @enum {string}
         */
        Meal: "nomeal" | "breakfast";
        /**
         * @description Property type.
         * @enum {string}
         */
        PropertyKind: "Hotel" | "Apartment" | "Resort" | "BNB" | "Hostel" | "Guesthouse" | "Apart-hotel" | "Boutique_and_Design" | "Camping" | "Castle" | "Cottages_and_Houses" | "Farm" | "Glamping" | "Mini-hotel" | "Sanatorium" | "Villas_and_Bungalows";
        /** @description 0 (unrated) to 5. */
        StarRating: number;
        /**
         * @description A `ServiceHash` as the server issues it in a rate: the hotel id, a room code of 1–24 upper-case
         *     letters and digits, the rate type, the two dates and persons. Booking start takes any
         *     `ServiceHash`; answers carry only these.
         * @example 72863-SUPSTEMLT-3-20270715-20270718-2
         */
        IssuedServiceHash: string;
        /**
         * @description Rate reference, passed unchanged to booking start. A deterministic string of the form
         *     `{hotel_id}-{room_code}-{rate_type}-{YYYYMMDD}-{YYYYMMDD}-{persons}` (check-in date,
         *     check-out date, persons). `rate_type`: 1 = non-refundable + nomeal, 2 = non-refundable +
         *     breakfast, 3 = refundable + nomeal, 4 = refundable + breakfast.
         *
         *     **Reference behaviour:** `room_code` is 1–24 upper-case letters and digits, stable per room
         *     type of a hotel. (The API description does not state its character set or length, so the
         *     pattern below accepts any room code without the rate-type/date/persons tail.) At most 200
         *     characters; the room code's `{1,176}` is what those 200 leave it, written out so that tools
         *     which generate values from the pattern (Specmatic) need not search an unbounded `.+`. Booking start takes it from any rate of a search or hotel-details response,
         *     unchanged, and validates it completely: one off the pattern gets the same 400 as any other
         *     malformed one (`Invalid service_hash '…': <reason>`).
         * @example 72863-SUPSTEMLT-3-20270715-20270718-2
         */
        ServiceHash: string;
        /**
         * @description 30-character booking reference; used for retrieve and cancel. **Reference behaviour:** a
         *     bookhash that is not a 30-character string gives 400 (request schema); a 30-character one
         *     that names no booking gives 404.
         * @example tQoM15cfJXeYh2yBOH7Wn3T4jpqYrK
         */
        Bookhash: string;
        /**
         * @description Booking status. `booking_confirmed` = active reservation; `booking_cancelled` = cancelled;
         *     `booking_failed` = failed after payment; `payment_failed` = payment did not complete;
         *     `processing` = created, awaiting payment on the finalization page.
         *
         *     **Reference behaviour:** `new` is never produced by the reference server (see booking start).
         * @enum {string}
         */
        BookingStatus: "new" | "processing" | "booking_failed" | "booking_confirmed" | "booking_cancelled" | "payment_failed";
        /**
         * @description Statuses of bookings where a payment was attempted.
         * @enum {string}
         */
        OverviewStatus: "payment_failed" | "booking_failed" | "booking_confirmed" | "booking_cancelled";
        /**
         * @description The account's API key. Required in every body. Missing gives 401, unknown gives 403; both are
         *     checked before any other rule of the body.
         *
         *     **Reference behaviour:** an empty string or `null` counts as missing (401); any other value
         *     that is no account's key, a non-string included, is unknown (403).
         * @example demo-key-1
         */
        ApiKey: string;
        /**
         * @description Guest residency, ISO 3166-1 alpha-2 (case-insensitive).
         *
         *     **Reference behaviour:** this pattern is the server's whole bound: any two letters are
         *     accepted (an unassigned code such as `zz` prices as any other residency), anything else gives
         *     400 naming `residency`. Unlike `currency` (a table of supported codes) and `language` (any code,
         *     five with their own texts), the server keeps no list of residencies to bound it by.
         * @default nl
         * @example nl
         */
        ResidencyCode: string;
        /**
         * @description Response language code (case-insensitive), a language with an optional region, e.g. `nl`,
         *     `NL`, `de-DE`, `es-419`.
         *
         *     **Reference behaviour:**
         *     - Supported languages: `en`, `nl`, `de`, `fr`, `es`, chosen by the primary subtag (`de-AT`
         *       and `DE` give German). Any other code gives the English texts, not an error; the response
         *       echoes the code as asked, lower case (`pt-br`).
         *     - In the chosen language: descriptions (titles and texts), `short_description`, the search
         *       `amenities` list, the hotel amenity `group` names and their `included`/`paid` items,
         *       `quick_features` (short labels such as `parking`, `air conditioning`), `policies`,
         *       `important_notes`, room `room_name`, `room_type`, `view`, `floor` and `amenities` (room
         *       amenities are labels such as `Wi-Fi`, `Private shower`), the search rate's
         *       `room.room_name`, and the no-rooms `availability.message`. Numbers inside texts use the
         *       language's decimal mark and grouping (`EUR 12,50` in `nl`).
         *     - The same in every language, because partners map on them or they are names:
         *       `type`/`kind`, `room_class`, `quality`, `bedding`, `capacity`, `bathroom`, `meal`, image
         *       `category`, `region_type`, `payment_methods`, `electricity`, and the names of hotels,
         *       chains, streets and cities.
         *     - A booking takes the language of the search or hotel-details response that last offered its
         *       `service_hash` to the account (`en` when none did within the hour): retrieve and overview
         *       give `room_name` in it, and the finalization page and the cancellation e-mail are written
         *       in it. The page takes a `lang` query parameter (same codes) that overrides it.
         * @default en
         * @example en
         */
        LanguageCode: string;
        /**
         * @description The language of a search: a `LanguageCode` (same pattern, bound and behaviour), whose
         *     default on search is `nl` (API description 4.1), where hotel details default to `en` (4.2).
         * @default nl
         * @example nl
         */
        SearchLanguageCode: string;
        /**
         * @description Display currency, an ISO 4217 code, case-insensitive (`EUR`, `eur` and `Eur` are the same code);
         *     the answer echoes it upper case.
         *
         *     **Reference behaviour:** the first branch lists the codes the server supports (its exchange-rate
         *     table, checked by server/http/api/contractTables.test.ts), upper case as ISO 4217 writes them,
         *     for tools that show choices; the second keeps what contract 1.0.0 accepted (any three letters,
         *     any case), so no v1 client is refused for the case of a code. A code outside the table, in any
         *     case, gives 400 naming the supported codes.
         *
         *     Both branches are bounded (the enum; three letters with `maxLength: 3`). No `maxLength` stands
         *     beside the `anyOf`: openapi-zod-client turns one there into `.max()` on a zod union, which has none.
         * @default EUR
         * @example EUR
         */
        RequestCurrency: string | components["schemas"]["DisplayCurrency"];
        /**
         * @description Number of guests, 1 to 5, single room.
         * @default 2
         */
        Persons: number;
        /**
         * @description Search parameters. `location` is required unless both `latitude` and `longitude` are given.
         *     `checkin` must not be in the past, `checkout` must be after `checkin`, at most 30 nights.
         */
        SearchRequest: {
            apikey: components["schemas"]["ApiKey"];
            /**
             * Format: date
             * @description Check-in date, `YYYY-MM-DD`; not in the past (today or later, local date at the search point).
             */
            checkin: string;
            /**
             * Format: date
             * @description Check-out date, `YYYY-MM-DD`; after `checkin`, at most 30 nights later.
             */
            checkout: string;
            /**
             * @description Free text (city, street address, landmark, airport, point of interest), geocoded by the service. Required unless `latitude` and `longitude` are given.
             *
             *     **Reference behaviour:** free text (this field, and a booking's remarks on the payment page) must not contain C0 or C1 control characters (U+0000–U+001F, U+007F–U+009F; the remarks may hold tab and line breaks) or bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069), which would garble or disguise the text where it is shown again; such text gets 400 naming the field, the character and its position (`request/body/location 'location' must not contain control characters or bidirectional controls: U+202E at character 10`).
             *
             *     **Reference behaviour:** the sandbox geocodes offline. Case, accents, punctuation and word order do not matter, and a country ("Berlin, Germany", "Paris, FR") or US state ("Paris, TX") narrows the match. Precision by what is typed:
             *     - an airport (IATA code or name), a landmark, square, neighbourhood or well-known street of a large city ("Leidseplein", "berlin alexanderplatz", "Champs-Élysées, Paris"): that point; a street is one central point on it ("Keizersgracht 312, Amsterdam");
             *     - an address with a US ZIP code or Canadian postcode: the ZIP code's or forward sortation area's centroid;
             *     - any other address with a city ("Hauptstraße 5, 10827 Berlin"): the city centre, since the sandbox has no house-level data; a UK or Dutch postcode alone ("SW1A 2AA", "1012 JS"): its post town's centre;
             *     - a city: its centre.
             *     Names as people type them also resolve: airports by IATA or ICAO code, by name with or without the word for airport in many languages ("Flughafen München", "Aéroport Charles de Gaulle"), as `{city} airport` (the city's main airport) or `{city} {code}` ("Paris CDG"); a city's main station by local name or abbreviation ("Zürich HB", "Utrecht Centraal", "Berlin Hbf"); street-type abbreviations ("Times Sq", "Friedrichstr."); landmarks by their names in other languages ("Eiffelturm", "Köln Dom"); a typo one edit away from a known city or place when only one is that near ("Amsterdm").
             *     Text that names no known place, or only unknown words besides a city ("Narnia, Paris"), gives 400 `Unknown location '…'`, followed by `Did you mean: …?` with up to three known names one or two edits away when there are any.
             */
            location?: string;
            /** @description Alternative to `location`, with `longitude`; skips geocoding. */
            latitude?: number;
            /** @description With `latitude`. */
            longitude?: number;
            residency?: components["schemas"]["ResidencyCode"];
            language?: components["schemas"]["SearchLanguageCode"];
            currency?: components["schemas"]["RequestCurrency"];
            /**
             * @description Search radius in metres, 1 to 10000.
             * @default 5000
             */
            radius?: number;
            persons?: components["schemas"]["Persons"];
            /** @description Only hotels with one of these star ratings (0 = unrated). */
            star_rating?: components["schemas"]["StarRating"][];
            /** @description Only properties of these types. */
            kind?: components["schemas"]["PropertyKind"][];
            /** @description Only rates with one of these meal plans. */
            meal_type?: components["schemas"]["Meal"][];
            /** @description Minimum total price of the stay (display currency). **Reference behaviour:** any integer up to 2^53-1 (9007199254740991, the largest I-JSON carries exactly); more gives 400. */
            price_from?: number;
            /** @description Maximum total price of the stay (display currency); not below `price_from`. **Reference behaviour:** any integer up to 2^53-1 (9007199254740991); more gives 400. */
            price_to?: number;
            /**
             * @description true adds `short_description` to each hotel.
             * @default false
             */
            include_description?: boolean;
            /**
             * @description false omits `amenities` from each hotel.
             * @default true
             */
            include_amenities?: boolean;
        };
        /**
         * @description Give `search_id`, or `checkin` and `checkout`. Neither gives 400. `persons`, `currency` and
         *     `residency` are used only with `checkin`/`checkout`.
         */
        HotelRequest: {
            apikey: components["schemas"]["ApiKey"];
            /** @description Hotel id from a search response (`hotels[].id`); lookup by name is impossible. **Reference behaviour:** any id up to 2^53-1 (9007199254740991, the largest integer I-JSON carries exactly) is looked up, and one that names no hotel gives 404; a larger number gives 400. */
            id: number;
            /** @description From a search response; valid 1 hour. Preferred. The rates come from the cached search (`availability.source` = `search_cache`). */
            search_id?: string;
            /**
             * Format: date
             * @description With `checkout`, for a fresh live lookup (`availability.source` = `live`).
             */
            checkin?: string;
            /**
             * Format: date
             * @description With `checkin`.
             */
            checkout?: string;
            persons?: components["schemas"]["Persons"];
            currency?: components["schemas"]["RequestCurrency"];
            residency?: components["schemas"]["ResidencyCode"];
            language?: components["schemas"]["LanguageCode"];
        };
        BookingRequest: {
            apikey: components["schemas"]["ApiKey"];
            service_hash: components["schemas"]["ServiceHash"];
        };
        ApiKeyRequest: {
            apikey: components["schemas"]["ApiKey"];
        };
        BookhashRequest: {
            apikey: components["schemas"]["ApiKey"];
            /** @description The 30-character booking reference. **Reference behaviour:** anything but 30 letters and digits gives 400. */
            bookhash: string;
        };
        SearchResponse: {
            /** @description Identifier of this search; valid 1 hour; passed to hotel details. */
            search_id: string;
            search: components["schemas"]["SearchMetadata"];
            /** @description Number of hotels returned, maximum 15. */
            total_hotels: number;
            hotels: components["schemas"]["SearchHotel"][];
        };
        /** @description The search parameters as applied, defaults included. */
        SearchMetadata: {
            checkin: components["schemas"]["Date"];
            checkout: components["schemas"]["Date"];
            nights: number;
            /** @description Latitude of the search point (the geocoded location or the given coordinates). */
            latitude: number;
            longitude: number;
            radius_m: number;
            currency: components["schemas"]["DisplayCurrency"];
            /** @description The response language as asked, lower case (`nl`, `pt-br`). */
            language: string;
            /** @description The guest residency as asked, lower case (ISO 3166-1 alpha-2). */
            residency: string;
            persons: number;
            location_resolved?: components["schemas"]["ResolvedLocation"];
        };
        /**
         * @description **Reference behaviour:** what the free-text `location` was geocoded to, so a partner sees why
         *     these hotels came back. Present when the search point came from `location`; absent when
         *     coordinates were given. `latitude` and `longitude` equal the search point.
         */
        ResolvedLocation: {
            /** @description The place found, e.g. `Amsterdam, Netherlands`, `Amsterdam Airport Schiphol (AMS)`, `Berlin Hauptbahnhof, Berlin`. */
            name: string;
            /**
             * @description What was matched, which is also the precision: `city` (its centre), `airport`, `station`
             *     (a main railway station), `landmark` (a sight), `place` (a square, neighbourhood or street),
             *     `postcode` (the area's centroid) or `address` (a hotel's street address).
             * @enum {string}
             */
            kind: "city" | "airport" | "station" | "landmark" | "place" | "postcode" | "address";
            latitude: number;
            longitude: number;
        };
        SearchHotel: {
            /** @description Hotel id, used as `id` in hotel details. */
            id: number;
            name: string;
            address: string;
            city: string;
            /** @description ISO 3166-1 alpha-2. */
            country_code: string;
            star_rating: components["schemas"]["StarRating"];
            kind: components["schemas"]["PropertyKind"];
            latitude: number;
            longitude: number;
            image: components["schemas"]["HttpUrl"];
            /** @description Comma-separated amenity names; included by default, omitted when `include_amenities` is false. */
            amenities?: string | null;
            /** @description Present only when `include_description` is true. */
            short_description?: string | null;
            rate: components["schemas"]["SearchRate"];
        };
        /** @description The single cheapest rate of the hotel that meets the filters. */
        SearchRate: {
            service_hash: components["schemas"]["IssuedServiceHash"];
            /** @description Internal reference of the booking system; no action needed. */
            search_hash: string;
            room: components["schemas"]["SearchRateRoom"];
            meal: components["schemas"]["Meal"];
            pricing: components["schemas"]["Pricing"];
            cancellation: components["schemas"]["Cancellation"];
        };
        SearchRateRoom: {
            room_name: string;
            room_class: string;
            bedding: string;
        };
        /**
         * @description Prices of a rate. `total_price` is the total display price for the whole stay; use it for
         *     comparison.
         *
         *     **Reference behaviour:** `total_price` is the sum of `price_per_night`; `average_per_night` is
         *     present in hotel-details responses and omitted in search; `charge_amount`/`charge_currency`
         *     are null when the display currency is the supplier's currency (EUR) and otherwise give the
         *     EUR amount actually charged; `taxes` is always present (`[]` when none are payable on top);
         *     `vat` is omitted when VAT is included.
         */
        Pricing: {
            total_price: components["schemas"]["Money"];
            currency: components["schemas"]["DisplayCurrency"];
            /** @description One price per night, in order. */
            price_per_night: components["schemas"]["Money"][];
            /** @description Present in hotel-details responses. Decimals as the currency's ISO 4217 minor unit. */
            average_per_night?: string | null;
            /** @description Actual charge; may differ from `total_price` through currency conversion. */
            charge_amount?: string | null;
            /** @description Currency of `charge_amount`. */
            charge_currency?: string | null;
            /** @description Extra taxes NOT included in `total_price`; empty or absent when included (shown only if not included and amount > 0). */
            taxes?: components["schemas"]["Tax"][] | null;
            vat?: components["schemas"]["Vat"];
        };
        Tax: {
            /**
             * @description e.g. `city_tax`.
             * @example city_tax
             */
            name: string;
            amount: components["schemas"]["Money"];
            currency: components["schemas"]["CurrencyCode"];
        };
        /** @description VAT when not included in the price; absent when included. */
        Vat: {
            amount: components["schemas"]["Money"];
            currency: components["schemas"]["CurrencyCode"];
        } | null;
        Cancellation: {
            /** @description Deadline for free cancellation (ISO 8601 date-time; **reference behaviour:** zone-less, in the hotel's local time); null means non-refundable. */
            free_cancellation_before: string | null;
            /** @description Penalty periods. */
            policies: components["schemas"]["PenaltyPolicy"][];
        };
        /**
         * @description One penalty period.
         *
         *     **Reference behaviour:** `penalty_amount` is the penalty in the display currency and
         *     `penalty_charge` the same penalty in the charge currency (EUR) — the amount actually charged.
         *     A refundable rate has one period from `free_cancellation_before` to check-out (12:00) whose
         *     penalty is the first night; a non-refundable rate has one period from the moment the rate was
         *     quoted to check-out whose penalty is the total price.
         */
        PenaltyPolicy: {
            starts_at: components["schemas"]["LocalDateTime"];
            ends_at: components["schemas"]["LocalDateTime"];
            penalty_amount: components["schemas"]["Money"];
            penalty_charge: components["schemas"]["Money"];
        };
        /**
         * @description Static hotel data (always present) plus the availability part. When a hotel exists but has
         *     no detailed local data, its detail fields are null: **reference behaviour:** `hotel_chain`,
         *     `times`, `property`, `descriptions`, `images`, `amenities`, `quick_features`, `policies` and
         *     `important_notes` are null; `id`, `name`, `type`, `star_rating`, `is_closed` and `location`
         *     are still given.
         */
        HotelResponse: {
            id: number;
            name: string;
            type: components["schemas"]["PropertyKind"];
            star_rating: components["schemas"]["StarRating"];
            is_closed: boolean;
            hotel_chain: string | null;
            location: components["schemas"]["HotelLocation"];
            times: components["schemas"]["HotelTimes"];
            property: components["schemas"]["HotelProperty"];
            descriptions: components["schemas"]["HotelDescription"][] | null;
            /** @description Images are 1024x768. **Reference behaviour:** JPEG (`image/jpeg`) at `.jpg` URLs; the extension always matches the content type. */
            images: components["schemas"]["HotelImage"][] | null;
            amenities: components["schemas"]["AmenityGroup"][] | null;
            /** @description e.g. parking, internet, pool. */
            quick_features: string[] | null;
            policies: components["schemas"]["HotelPolicies"];
            /** @description Special notes from the hotel. */
            important_notes: string | null;
            availability: components["schemas"]["Availability"];
            /** @description Empty array when no rooms are available. */
            rooms: components["schemas"]["HotelRoom"][] | null;
        };
        HotelLocation: {
            address: string;
            postal_code: string;
            latitude: number;
            longitude: number;
            city: string;
            country_code: string;
            region_type: string | null;
            /** @description **Reference behaviour:** the nearest airport with an IATA code within 60 km. */
            airport_iata: string | null;
            distance_to_center_m: number | null;
            /**
             * @description **Reference behaviour:** the hotel's phone number in E.164 form (`+` and digits), a number
             *     valid for the hotel's country (by libphonenumber's metadata) and stable per hotel; null for
             *     a hotel without detailed local data. Bookings carry the same number as `hotel_phone`, in
             *     international format.
             */
            phone?: string | null;
        };
        HotelTimes: {
            /** @example 15:00 */
            check_in: string;
            /** @example 11:00 */
            check_out: string;
            /** @description **Reference behaviour:** null when the front desk is open 24 hours. */
            front_desk_open: string | null;
            front_desk_close: string | null;
        } | null;
        HotelProperty: {
            total_rooms: number | null;
            floors: number | null;
            year_built: number | null;
            year_renovated: number | null;
            payment_methods: string[] | null;
            electricity: string | null;
        } | null;
        HotelDescription: {
            title: string;
            text: string;
        };
        HotelImage: {
            /** Format: uri */
            url: string;
            category: string;
        };
        AmenityGroup: {
            group: string;
            included: string[];
            paid: string[];
        };
        /**
         * @description Hotel policies by topic. The API description does not show the value shapes.
         *     **Reference behaviour:** each value is a human-readable text, or null when the hotel states
         *     nothing on that topic.
         */
        HotelPolicies: {
            internet: unknown;
            parking: unknown;
            meals: unknown;
            pets: unknown;
            extra_beds: unknown;
            cots: unknown;
            shuttle: unknown;
            children_beds: unknown;
            additional_fees: unknown;
        } | null;
        /** @description Present when dates or a `search_id` are given. `message` appears only when no rooms are available. */
        Availability: {
            /** @enum {string} */
            source: "search_cache" | "live";
            checkin: components["schemas"]["Date"];
            checkout: components["schemas"]["Date"];
            nights: number;
            currency: string;
            /** @description A fixed text saying no rooms are available for the requested dates; only when `rooms` is empty. */
            message?: string;
        } | null;
        /** @description One entry per unique room type (grouped by class + quality + bedding). */
        HotelRoom: {
            /** @description Full room name. */
            room_name: string;
            room_type: string;
            /** @description e.g. Room, Suite, Studio, Apartment. */
            room_class: string;
            /** @description e.g. Standard, Superior, Deluxe, Comfort, Economy. */
            quality: string;
            /** @description e.g. Double Bed, Twin Beds, Single, Multiple Beds. */
            bedding: string;
            /** @description Omitted when 0. */
            bedrooms?: number;
            /** @description e.g. Single, Double, Triple, Quadruple. */
            capacity: string;
            /** @enum {string} */
            bathroom: "Private" | "Shared";
            /** @description Omitted when none. */
            view?: string;
            /**
             * @description Omitted when false.
             * @enum {boolean}
             */
            balcony?: true;
            /**
             * @description Omitted when false.
             * @enum {boolean}
             */
            family_room?: true;
            /**
             * @description Omitted when false.
             * @enum {boolean}
             */
            club_room?: true;
            /** @description Omitted when none. */
            floor?: string;
            /** @description Room-level tags. */
            amenities: string[];
            /**
             * @description Up to 4 rates, in this order: nomeal non-refundable, nomeal refundable, breakfast
             *     non-refundable, breakfast refundable. Only combinations that exist are listed; only the
             *     cheapest per combination is shown.
             */
            rates: components["schemas"]["HotelRate"][];
        };
        HotelRate: {
            service_hash: components["schemas"]["IssuedServiceHash"];
            /** @description Internal; no action needed. */
            search_hash: string;
            meal: components["schemas"]["Meal"];
            /** @description true = free cancellation before the deadline; false = non-refundable. */
            refundable: boolean;
            pricing: components["schemas"]["Pricing"];
            cancellation: components["schemas"]["Cancellation"];
            booking: components["schemas"]["RateBookingInfo"];
        };
        RateBookingInfo: {
            rooms_available: number;
            any_residency: boolean;
            is_package_rate: boolean;
        };
        BookingResponse: {
            /** @enum {string} */
            status: "ok";
            /** @description URI of the finalization page. Direct the guest there. */
            booking_url: components["schemas"]["HttpUrl"];
        };
        BookingOverviewResponse: {
            /** @enum {string} */
            status: "ok";
            /** @description Number of bookings returned. */
            count: number;
            /** @description Newest first by `booked_at`. */
            bookings: components["schemas"]["BookingOverviewItem"][];
        };
        BookingOverviewItem: {
            /** @description Internal booking id. Reference behaviour: a random 9-digit integer, unique in the sandbox, so that it reveals nothing about how many bookings the sandbox or any other account has made. */
            booking_id: number;
            bookhash: components["schemas"]["Bookhash"];
            booked_at: components["schemas"]["BookingTimestamp"];
            arrival: components["schemas"]["Date"];
            departure: components["schemas"]["Date"];
            /** @description First + last name. */
            guest_name: string;
            hotel_name: string;
            room_name: string;
            status: components["schemas"]["OverviewStatus"];
        };
        RetrieveBookingResponse: {
            /** @enum {string} */
            status: "ok";
            booking: components["schemas"]["BookingDetail"];
        };
        /**
         * @description One booking in full. Internal system fields (hashes, internal ids, payment-provider details)
         *     are omitted. Fields `user_id`, `hotel_id` and `status_description` may appear on other
         *     implementations; they are internal and not guaranteed.
         *
         *     **Reference behaviour:** the hotel's phone and image are joined as `hotel_phone` and
         *     `hotel_image`; `total_price` and `currency` are the price actually booked (after any price
         *     change at booking); `paid` is `no` until a payment succeeds, `yes` after it, and `refunded`
         *     once a refund has settled (two working days after a cancel, or at once when the supplier
         *     rejected a paid booking: `booking_failed`).
         */
        BookingDetail: {
            /** @description Internal booking id. Reference behaviour: a random 9-digit integer, unique in the sandbox, so that it reveals nothing about how many bookings the sandbox or any other account has made. */
            id: number;
            arrival: components["schemas"]["Date"];
            departure: components["schemas"]["Date"];
            persons: number;
            first_name: string;
            last_name: string;
            /** Format: email */
            email: string;
            phone: string;
            /** @description Guest remarks entered during booking. */
            client_remarks: string | null;
            bookhash: components["schemas"]["Bookhash"];
            room_name: string;
            bedding: string;
            meal: components["schemas"]["Meal"];
            total_price: components["schemas"]["Money"];
            currency: components["schemas"]["DisplayCurrency"];
            /** @description true if free cancellation is available. */
            refundable: boolean;
            /** @description null if non-refundable. */
            free_cancellation_before: string | null;
            status: components["schemas"]["BookingStatus"];
            /** @description Payment status, e.g. `yes`, `no`, `refunded`. The full set is not stated by the API description; **reference behaviour:** exactly `no`, `yes`, `refunded`. */
            paid: string;
            /** @description Supplier order reference; set once the supplier confirmed the booking. */
            supplier_order_id: string | null;
            hotel_name: string;
            hotel_address: string;
            hotel_city: string;
            hotel_country: string;
            hotel_stars: number;
            /** @description **Reference behaviour:** field name chosen by the reference server. */
            hotel_phone?: string | null;
            /**
             * Format: uri
             * @description **Reference behaviour:** field name chosen by the reference server; an absolute http(s) URL.
             */
            hotel_image?: string | null;
            created_at: components["schemas"]["BookingTimestamp"];
        };
        CancelResponse: {
            /** @enum {string} */
            status: "cancelled";
            booking_id: number;
            bookhash: components["schemas"]["Bookhash"];
        };
        ErrorResponse: {
            /** @description Human-readable error text. */
            error: string;
        };
        /** @description The 409 cancel error. `status` is `already_cancelled` when the booking was already cancelled; **reference behaviour:** otherwise the booking's current status. */
        CancelConflictResponse: {
            error: string;
            status: string;
        };
    };
    responses: {
        /** @description API key missing */
        Unauthorized: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": "Missing API key (field 'apikey' in the JSON body)"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description API key invalid */
        Forbidden: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": "Invalid API key"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description Method was not POST. **Reference behaviour:** given on every path, with `Allow: POST`. */
        MethodNotAllowed: {
            headers: {
                Allow: components["headers"]["Allow"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": "Method GET not allowed; use POST"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description **Reference behaviour:** the body is over 64 KiB (65536 bytes); answered without reading it, on every path. */
        PayloadTooLarge: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": "The request body is too large (limit 65536 bytes)"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /**
         * @description **Reference behaviour:** too many failed authentications (unknown `apikey`) from the client IP
         *     in the last minute, and this one would wait more than 3 seconds for its turn (past the
         *     budget, failed attempts are answered one a second). Retry after the given seconds (see
         *     "Failed authentications" in the API description). The text: `Too many failed
         *     authentications from your address (30 per minute; further ones are answered one a second).
         *     Retry after 4 seconds.` A right key is never refused.
         */
        TooManyFailedAuthentications: {
            headers: {
                "Retry-After": components["headers"]["RetryAfter"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": "Too many failed authentications from your address (30 per minute; further ones are answered one a second). Retry after 4 seconds."
                 *     }
                 */
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /**
         * @description Rate limit exceeded. The error text begins with a rate-limit message naming the limit reached.
         *     **Reference behaviour:** then how to ask for a quota increase (section 8): the support address,
         *     and the public id of the key the request was made with (see "Quota increase" in the API
         *     description).
         *     **Reference behaviour:** also given, with the text `Too many failed authentications from your
         *     address (…)`, to an unknown key while the client IP's failed authentications queue more than
         *     3 seconds ahead (see TooManyFailedAuthentications).
         */
        TooManyRequests: {
            headers: {
                "Retry-After": components["headers"]["RetryAfter"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicyOnRefusal"];
                RateLimit: components["headers"]["RateLimitOnRefusal"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /**
         * @description **Reference behaviour:** the data could not be stored or read (disk full or unwritable,
         *     database unreachable). Nothing was changed; retry after the given seconds.
         */
        StorageUnavailable: {
            headers: {
                "Retry-After": components["headers"]["RetryAfter"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": "The service could not save or read data (storage unavailable); nothing was changed, please retry shortly."
                 *     }
                 */
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description Missing or invalid parameters */
        BadRequestSearch: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description Missing or invalid parameters */
        BadRequestHotel: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description Missing or invalid bookhash */
        BadRequestBookhash: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": "request/body must have required property 'bookhash'"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description Booking not found */
        BookingNotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
    };
    parameters: {
        /**
         * @description **Sandbox extension: a production implementation ignores it**, and the conformance kit never
         *     sends it. In the manner of Expedia Rapid's `Test:` header, it makes the sandbox answer this call
         *     as in a chosen scenario, for any hotel or booking, so a client can test how it handles each
         *     case on demand. Values are exact, as the `enum` spells them (`SLOW` gives 400). The header is read after every
         *     other check of the request (method, body, `apikey`, rate limit, request schema): an invalid
         *     request fails as without it, and a valid one gets the scenario. A request with the header
         *     counts towards the rate limits like any other. `GET /_control/scenarios` lists the values.
         *
         *     - `standard` (every endpoint): the ordinary answer.
         *     - `no_availability` (search, hotel details, booking start): search answers 200 with no hotels,
         *       hotel details 200 with no rooms and the no-rooms `availability.message`, booking start 409
         *       `The rate is no longer available; search again` and creates no booking.
         *     - `price_changed` (booking start): as hotel 900008, the booking is made at a price 10% higher;
         *       the finalization page shows the old and the new price before payment.
         *     - `sold_out` (booking start): as hotel 900009, 409 `The rate is no longer available; search
         *       again (the hotel supplier reports the room as sold out)`; no booking is created.
         *     - `supplier_unavailable` (booking start, cancel): on booking start it marks the booking, and
         *       as for hotel 900010 every cancel of it gives 502 until 600 s (on the account's clock) after
         *       the first failed attempt, then succeeds. Sent on a cancel, that cancel gives 502 (after the
         *       cancel's own 404/403/409 checks) and the booking stays confirmed.
         *     - `payment_declined` (booking start): marks the booking; its payment is declined whatever the
         *       card (`payment_failed`, `paid: no`).
         *     - `supplier_rejects` (booking start): marks the booking; its payment is accepted, then the
         *       supplier rejects the booking whatever the card (`booking_failed`, `paid: refunded`).
         *     - `slow` (every endpoint): the ordinary answer after 5.2 seconds, past the 5-second time-out and
         *       under the 6 s default time-out of tools such as Specmatic, or after the milliseconds the
         *       `Test-Delay-Ms` header chooses (0 to 60000), so that a time-out test takes as long as the
         *       client's own time-out. If the client closes the connection first, the request is not
         *       processed at all.
         *     - `server_error` (every endpoint): 500 `{"error": "Simulated server error (Test header:
         *       server_error); the request was not processed."}`.
         *     - `rate_limited` (every endpoint): 429 at once with `Retry-After: 10` and the real limit's error
         *       text of the endpoint it was sent to, marked as simulated (on search: `Rate limit exceeded: 5
         *       requests per minute on search.php. Retry after 10 seconds. (Simulated: Test header
         *       rate_limited.)`). On an endpoint that is not rate limited (booking start, overview, retrieve,
         *       cancel) the text names that endpoint with the search limit, although no such limit applies there.
         *     - `connection_reset` (every endpoint): the connection is reset (TCP RST) without an answer.
         *
         *     `server_error`, `rate_limited` and `connection_reset` process nothing. The 500 and a 429 on an
         *     endpoint that is not rate limited are outside this operation's declared responses on purpose:
         *     they are what a failing service or an intermediary may answer. An unknown value, or one that
         *     does not apply to the endpoint, gives 400 naming the values allowed there.
         *
         *     This parameter is booking start's, where every value applies; each other operation has its
         *     own `Test` parameter whose `enum` lists exactly the values that apply there (the server's
         *     scenario catalogue, checked by server/http/api/contractTables.test.ts).
         *
         *     **Examples.** The example of every `Test` parameter is `standard`, the ordinary answer, so that
         *     example-driven tools (Dredd, Portman, Prism's example mode, Schemathesis' example phase), which
         *     send a parameter's example, run the normal flow. The fault scenarios are named examples under
         *     `x-scenario-examples` below, which those tools do not send: pick one from there (or from the
         *     `enum`) to test a fault on purpose. (Not under `examples`: Schemathesis' example phase sends every
         *     entry of a parameter's `examples`.)
         * @example standard
         */
        TestScenario: "standard" | "no_availability" | "price_changed" | "sold_out" | "supplier_unavailable" | "payment_declined" | "supplier_rejects" | "slow" | "server_error" | "rate_limited" | "connection_reset";
        /**
         * @description **Sandbox extension: a production implementation ignores it. Reference behaviour.** The delay
         *     of a `Test: slow` call in milliseconds, 0 to 60000; without it `slow` waits 5.2 s (a server
         *     started with `startSandbox({ slowMs })` or `--slow-ms` waits that instead). Without
         *     `Test: slow` it changes nothing (so that tools sending every header's example get the
         *     ordinary answer); outside 0 to 60000 it gives 400 whatever the `Test` header.
         * @example 200
         */
        TestDelayMs: number;
        /**
         * @description **Sandbox extension: a production implementation ignores it.** The `Test` scenario header on
         *     search (what each value does: the `TestScenario` parameter of booking start). Values are
         *     exact, as the `enum` spells them; any other value gives 400 naming the values allowed here. The
         *     example is `standard` (the ordinary answer), so that example-driven tools run the normal flow.
         * @example standard
         */
        TestScenarioSearch: "standard" | "no_availability" | "slow" | "server_error" | "rate_limited" | "connection_reset";
        /**
         * @description **Sandbox extension: a production implementation ignores it.** The `Test` scenario header on
         *     hotel details (what each value does: the `TestScenario` parameter of booking start). Values are
         *     exact, as the `enum` spells them; any other value gives 400 naming the values allowed here. The
         *     example is `standard` (the ordinary answer), so that example-driven tools run the normal flow.
         * @example standard
         */
        TestScenarioHotel: "standard" | "no_availability" | "slow" | "server_error" | "rate_limited" | "connection_reset";
        /**
         * @description **Sandbox extension: a production implementation ignores it.** The `Test` scenario header on
         *     booking overview (what each value does: the `TestScenario` parameter of booking start). Values are
         *     exact, as the `enum` spells them; any other value gives 400 naming the values allowed here. The
         *     example is `standard` (the ordinary answer), so that example-driven tools run the normal flow.
         * @example standard
         */
        TestScenarioOverview: "standard" | "slow" | "server_error" | "rate_limited" | "connection_reset";
        /**
         * @description **Sandbox extension: a production implementation ignores it.** The `Test` scenario header on
         *     retrieve booking (what each value does: the `TestScenario` parameter of booking start). Values are
         *     exact, as the `enum` spells them; any other value gives 400 naming the values allowed here. The
         *     example is `standard` (the ordinary answer), so that example-driven tools run the normal flow.
         * @example standard
         */
        TestScenarioRetrieve: "standard" | "slow" | "server_error" | "rate_limited" | "connection_reset";
        /**
         * @description **Sandbox extension: a production implementation ignores it.** The `Test` scenario header on
         *     cancel (what each value does: the `TestScenario` parameter of booking start). Values are
         *     exact, as the `enum` spells them; any other value gives 400 naming the values allowed here. The
         *     example is `standard` (the ordinary answer), so that example-driven tools run the normal flow.
         * @example standard
         */
        TestScenarioCancel: "standard" | "supplier_unavailable" | "slow" | "server_error" | "rate_limited" | "connection_reset";
    };
    requestBodies: never;
    headers: {
        /**
         * @description **Reference behaviour:** the account's quota policies on this endpoint, as the IETF RateLimit
         *     header fields state them (draft-ietf-httpapi-ratelimit-headers-10): a List of its two windows,
         *     each a quoted name with `q` (the requests the window holds) and `w` (its length in seconds):
         *     `"minute";q=5;w=60, "day";q=200;w=86400`. The windows are per client IP, endpoint and account
         *     (see "Rate limits on a shared sandbox"); an account with a raised quota states its own `q`.
         * @example "minute";q=5;w=60, "day";q=200;w=86400
         */
        RateLimitPolicy: string;
        /**
         * @description **Reference behaviour:** what the account's windows on this endpoint hold once this request
         *     is counted (IETF RateLimit header fields, draft-ietf-httpapi-ratelimit-headers-10): for each
         *     window of RateLimit-Policy, `r` the requests left and `t` the whole seconds until the oldest
         *     counted request leaves the window (judged on the account's clock, like the limit itself):
         *     `"minute";r=4;t=60, "day";r=199;t=86400`.
         * @example "minute";r=4;t=60, "day";r=199;t=86400
         */
        RateLimit: string;
        /**
         * @description **Reference behaviour:** as on a 200 (RateLimitPolicy), when an account's window refused the
         *     request; absent from a 429 of the address's ceiling or of the failed-authentication throttle.
         * @example "minute";q=5;w=60, "day";q=200;w=86400
         */
        RateLimitPolicyOnRefusal: string;
        /**
         * @description **Reference behaviour:** as on a 200 (RateLimit), when an account's window refused the request:
         *     the full window's `r` is 0 and its `t` equals Retry-After; absent from a 429 of the address's
         *     ceiling or of the failed-authentication throttle.
         * @example "minute";r=0;t=42, "day";r=195;t=86400
         */
        RateLimitOnRefusal: string;
        /** @description Whole seconds until the window that is full frees a place. */
        RetryAfter: number;
        /** @description The allowed method. */
        Allow: "POST";
    };
    pathItems: never;
};
export type $defs = Record<string, never>;
export interface operations {
    searchHotels: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description **Sandbox extension: a production implementation ignores it.** The `Test` scenario header on
                 *     search (what each value does: the `TestScenario` parameter of booking start). Values are
                 *     exact, as the `enum` spells them; any other value gives 400 naming the values allowed here. The
                 *     example is `standard` (the ordinary answer), so that example-driven tools run the normal flow.
                 * @example standard
                 */
                Test?: components["parameters"]["TestScenarioSearch"];
                /**
                 * @description **Sandbox extension: a production implementation ignores it. Reference behaviour.** The delay
                 *     of a `Test: slow` call in milliseconds, 0 to 60000; without it `slow` waits 5.2 s (a server
                 *     started with `startSandbox({ slowMs })` or `--slow-ms` waits that instead). Without
                 *     `Test: slow` it changes nothing (so that tools sending every header's example get the
                 *     ordinary answer); outside 0 to 60000 it gives 400 whatever the `Test` header.
                 * @example 200
                 */
                "Test-Delay-Ms"?: components["parameters"]["TestDelayMs"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SearchRequest"];
            };
        };
        responses: {
            /** @description Search results */
            200: {
                headers: {
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SearchResponse"];
                };
            };
            400: components["responses"]["BadRequestSearch"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            405: components["responses"]["MethodNotAllowed"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getHotelDetails: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description **Sandbox extension: a production implementation ignores it.** The `Test` scenario header on
                 *     hotel details (what each value does: the `TestScenario` parameter of booking start). Values are
                 *     exact, as the `enum` spells them; any other value gives 400 naming the values allowed here. The
                 *     example is `standard` (the ordinary answer), so that example-driven tools run the normal flow.
                 * @example standard
                 */
                Test?: components["parameters"]["TestScenarioHotel"];
                /**
                 * @description **Sandbox extension: a production implementation ignores it. Reference behaviour.** The delay
                 *     of a `Test: slow` call in milliseconds, 0 to 60000; without it `slow` waits 5.2 s (a server
                 *     started with `startSandbox({ slowMs })` or `--slow-ms` waits that instead). Without
                 *     `Test: slow` it changes nothing (so that tools sending every header's example get the
                 *     ordinary answer); outside 0 to 60000 it gives 400 whatever the `Test` header.
                 * @example 200
                 */
                "Test-Delay-Ms"?: components["parameters"]["TestDelayMs"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["HotelRequest"];
            };
        };
        responses: {
            /** @description Static hotel data plus availability */
            200: {
                headers: {
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HotelResponse"];
                };
            };
            400: components["responses"]["BadRequestHotel"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description Hotel not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Hotel 999999999 not found"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            405: components["responses"]["MethodNotAllowed"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    startBooking: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description **Sandbox extension: a production implementation ignores it**, and the conformance kit never
                 *     sends it. In the manner of Expedia Rapid's `Test:` header, it makes the sandbox answer this call
                 *     as in a chosen scenario, for any hotel or booking, so a client can test how it handles each
                 *     case on demand. Values are exact, as the `enum` spells them (`SLOW` gives 400). The header is read after every
                 *     other check of the request (method, body, `apikey`, rate limit, request schema): an invalid
                 *     request fails as without it, and a valid one gets the scenario. A request with the header
                 *     counts towards the rate limits like any other. `GET /_control/scenarios` lists the values.
                 *
                 *     - `standard` (every endpoint): the ordinary answer.
                 *     - `no_availability` (search, hotel details, booking start): search answers 200 with no hotels,
                 *       hotel details 200 with no rooms and the no-rooms `availability.message`, booking start 409
                 *       `The rate is no longer available; search again` and creates no booking.
                 *     - `price_changed` (booking start): as hotel 900008, the booking is made at a price 10% higher;
                 *       the finalization page shows the old and the new price before payment.
                 *     - `sold_out` (booking start): as hotel 900009, 409 `The rate is no longer available; search
                 *       again (the hotel supplier reports the room as sold out)`; no booking is created.
                 *     - `supplier_unavailable` (booking start, cancel): on booking start it marks the booking, and
                 *       as for hotel 900010 every cancel of it gives 502 until 600 s (on the account's clock) after
                 *       the first failed attempt, then succeeds. Sent on a cancel, that cancel gives 502 (after the
                 *       cancel's own 404/403/409 checks) and the booking stays confirmed.
                 *     - `payment_declined` (booking start): marks the booking; its payment is declined whatever the
                 *       card (`payment_failed`, `paid: no`).
                 *     - `supplier_rejects` (booking start): marks the booking; its payment is accepted, then the
                 *       supplier rejects the booking whatever the card (`booking_failed`, `paid: refunded`).
                 *     - `slow` (every endpoint): the ordinary answer after 5.2 seconds, past the 5-second time-out and
                 *       under the 6 s default time-out of tools such as Specmatic, or after the milliseconds the
                 *       `Test-Delay-Ms` header chooses (0 to 60000), so that a time-out test takes as long as the
                 *       client's own time-out. If the client closes the connection first, the request is not
                 *       processed at all.
                 *     - `server_error` (every endpoint): 500 `{"error": "Simulated server error (Test header:
                 *       server_error); the request was not processed."}`.
                 *     - `rate_limited` (every endpoint): 429 at once with `Retry-After: 10` and the real limit's error
                 *       text of the endpoint it was sent to, marked as simulated (on search: `Rate limit exceeded: 5
                 *       requests per minute on search.php. Retry after 10 seconds. (Simulated: Test header
                 *       rate_limited.)`). On an endpoint that is not rate limited (booking start, overview, retrieve,
                 *       cancel) the text names that endpoint with the search limit, although no such limit applies there.
                 *     - `connection_reset` (every endpoint): the connection is reset (TCP RST) without an answer.
                 *
                 *     `server_error`, `rate_limited` and `connection_reset` process nothing. The 500 and a 429 on an
                 *     endpoint that is not rate limited are outside this operation's declared responses on purpose:
                 *     they are what a failing service or an intermediary may answer. An unknown value, or one that
                 *     does not apply to the endpoint, gives 400 naming the values allowed there.
                 *
                 *     This parameter is booking start's, where every value applies; each other operation has its
                 *     own `Test` parameter whose `enum` lists exactly the values that apply there (the server's
                 *     scenario catalogue, checked by server/http/api/contractTables.test.ts).
                 *
                 *     **Examples.** The example of every `Test` parameter is `standard`, the ordinary answer, so that
                 *     example-driven tools (Dredd, Portman, Prism's example mode, Schemathesis' example phase), which
                 *     send a parameter's example, run the normal flow. The fault scenarios are named examples under
                 *     `x-scenario-examples` below, which those tools do not send: pick one from there (or from the
                 *     `enum`) to test a fault on purpose. (Not under `examples`: Schemathesis' example phase sends every
                 *     entry of a parameter's `examples`.)
                 * @example standard
                 */
                Test?: components["parameters"]["TestScenario"];
                /**
                 * @description **Sandbox extension: a production implementation ignores it. Reference behaviour.** The delay
                 *     of a `Test: slow` call in milliseconds, 0 to 60000; without it `slow` waits 5.2 s (a server
                 *     started with `startSandbox({ slowMs })` or `--slow-ms` waits that instead). Without
                 *     `Test: slow` it changes nothing (so that tools sending every header's example get the
                 *     ordinary answer); outside 0 to 60000 it gives 400 whatever the `Test` header.
                 * @example 200
                 */
                "Test-Delay-Ms"?: components["parameters"]["TestDelayMs"];
                /**
                 * @description **Reference behaviour:** makes a retried booking start safe (see above): 1–255 printable
                 *     ASCII characters, unique per request, remembered per account for 24 hours. Any other
                 *     value gives 400.
                 * @example 4f9c2a0e-8b7d-4c1e-9a55-0d3b6f1e2c77
                 */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BookingRequest"];
            };
        };
        responses: {
            /** @description Booking started */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BookingResponse"];
                };
            };
            /** @description Missing or invalid service_hash */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            405: components["responses"]["MethodNotAllowed"];
            /** @description **Reference behaviour:** the rate is no longer available, or the sandbox account holds as many confirmed bookings as it keeps */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The rate is no longer available; search again (the hotel supplier reports the room as sold out)"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            /** @description **Reference behaviour:** the Idempotency-Key was already used with a different request body */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "This Idempotency-Key was already used with a different request body; use a new key for a new request."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            429: components["responses"]["TooManyFailedAuthentications"];
            503: components["responses"]["StorageUnavailable"];
        };
    };
    getBookingOverview: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description **Sandbox extension: a production implementation ignores it.** The `Test` scenario header on
                 *     booking overview (what each value does: the `TestScenario` parameter of booking start). Values are
                 *     exact, as the `enum` spells them; any other value gives 400 naming the values allowed here. The
                 *     example is `standard` (the ordinary answer), so that example-driven tools run the normal flow.
                 * @example standard
                 */
                Test?: components["parameters"]["TestScenarioOverview"];
                /**
                 * @description **Sandbox extension: a production implementation ignores it. Reference behaviour.** The delay
                 *     of a `Test: slow` call in milliseconds, 0 to 60000; without it `slow` waits 5.2 s (a server
                 *     started with `startSandbox({ slowMs })` or `--slow-ms` waits that instead). Without
                 *     `Test: slow` it changes nothing (so that tools sending every header's example get the
                 *     ordinary answer); outside 0 to 60000 it gives 400 whatever the `Test` header.
                 * @example 200
                 */
                "Test-Delay-Ms"?: components["parameters"]["TestDelayMs"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ApiKeyRequest"];
            };
        };
        responses: {
            /** @description The account's bookings */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BookingOverviewResponse"];
                };
            };
            /** @description **Reference behaviour:** the body is refused as on every path (malformed JSON, a content type other than `application/json`, JSON nested deeper than 32 levels, or an unknown field; a body over 64 KiB gets 413). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Malformed JSON in the request body"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            405: components["responses"]["MethodNotAllowed"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyFailedAuthentications"];
            503: components["responses"]["StorageUnavailable"];
        };
    };
    retrieveBooking: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description **Sandbox extension: a production implementation ignores it.** The `Test` scenario header on
                 *     retrieve booking (what each value does: the `TestScenario` parameter of booking start). Values are
                 *     exact, as the `enum` spells them; any other value gives 400 naming the values allowed here. The
                 *     example is `standard` (the ordinary answer), so that example-driven tools run the normal flow.
                 * @example standard
                 */
                Test?: components["parameters"]["TestScenarioRetrieve"];
                /**
                 * @description **Sandbox extension: a production implementation ignores it. Reference behaviour.** The delay
                 *     of a `Test: slow` call in milliseconds, 0 to 60000; without it `slow` waits 5.2 s (a server
                 *     started with `startSandbox({ slowMs })` or `--slow-ms` waits that instead). Without
                 *     `Test: slow` it changes nothing (so that tools sending every header's example get the
                 *     ordinary answer); outside 0 to 60000 it gives 400 whatever the `Test` header.
                 * @example 200
                 */
                "Test-Delay-Ms"?: components["parameters"]["TestDelayMs"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BookhashRequest"];
            };
        };
        responses: {
            /** @description The booking */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RetrieveBookingResponse"];
                };
            };
            400: components["responses"]["BadRequestBookhash"];
            401: components["responses"]["Unauthorized"];
            /** @description API key invalid, or the booking belongs to another account */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            404: components["responses"]["BookingNotFound"];
            405: components["responses"]["MethodNotAllowed"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyFailedAuthentications"];
            503: components["responses"]["StorageUnavailable"];
        };
    };
    cancelBooking: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description **Sandbox extension: a production implementation ignores it.** The `Test` scenario header on
                 *     cancel (what each value does: the `TestScenario` parameter of booking start). Values are
                 *     exact, as the `enum` spells them; any other value gives 400 naming the values allowed here. The
                 *     example is `standard` (the ordinary answer), so that example-driven tools run the normal flow.
                 * @example standard
                 */
                Test?: components["parameters"]["TestScenarioCancel"];
                /**
                 * @description **Sandbox extension: a production implementation ignores it. Reference behaviour.** The delay
                 *     of a `Test: slow` call in milliseconds, 0 to 60000; without it `slow` waits 5.2 s (a server
                 *     started with `startSandbox({ slowMs })` or `--slow-ms` waits that instead). Without
                 *     `Test: slow` it changes nothing (so that tools sending every header's example get the
                 *     ordinary answer); outside 0 to 60000 it gives 400 whatever the `Test` header.
                 * @example 200
                 */
                "Test-Delay-Ms"?: components["parameters"]["TestDelayMs"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BookhashRequest"];
            };
        };
        responses: {
            /** @description Cancelled */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "cancelled",
                     *       "booking_id": 961340641,
                     *       "bookhash": "tQoM15cfJXeYh2yBOH7Wn3T4jpqYrK"
                     *     }
                     */
                    "application/json": components["schemas"]["CancelResponse"];
                };
            };
            400: components["responses"]["BadRequestBookhash"];
            401: components["responses"]["Unauthorized"];
            /** @description API key invalid, booking of another account, free-cancellation deadline passed, or rate non-refundable */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            404: components["responses"]["BookingNotFound"];
            405: components["responses"]["MethodNotAllowed"];
            /** @description Booking not in status `booking_confirmed` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CancelConflictResponse"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyFailedAuthentications"];
            /** @description Cancellation failed at the hotel supplier */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The hotel supplier could not process the cancellation; the booking is still confirmed. Please try again later."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            503: components["responses"]["StorageUnavailable"];
        };
    };
}
