/**
 * What every router and endpoint may use (built once per app by createApp): its own module, so that
 * app.ts imports the routers and the routers import only this, never app.ts.
 */
import type { Clock } from './clock.js';
import type { Config } from './config.js';
import type { AccountClocks } from './domain/accountClocks.js';
import type { AccountAdmin } from './domain/accountAdmin.js';
import type { AccountRegistry } from './domain/accounts.js';
import type { Bookings } from './domain/bookings/bookings.js';
import type { HotelDetailsService } from './domain/hotelDetails.js';
import type { SearchService } from './domain/search.js';
import type { World } from './domain/world/world.js';
import type { AuthThrottle } from './http/transport/authThrottle.js';
import type { ReadBudget } from './http/control/readBudget.js';
import type { RequestLimits } from './domain/requestLimits.js';
import type { Store } from './domain/ports/store.js';
import type { StubBook } from './domain/stubs/stubBook.js';

/** Everything an endpoint may use. Built once per app. */
export interface AppContext {
  store: Store;
  clock: Clock;
  /** One clock per account, read by every time rule of its requests and bookings. */
  clocks: AccountClocks;
  config: Config;
  world: World;
  /** Every account (demo and stored) in memory, found by key in O(1). */
  accounts: AccountRegistry;
  /** Creating, changing and deleting accounts and keys (control API, console, CLI). */
  accountAdmin: AccountAdmin;
  /** Section 8 on search.php and hotel.php: each account's windows per client IP (in the Store) and the address's ceiling. */
  requestLimits: RequestLimits;
  search: SearchService;
  hotelDetails: HotelDetailsService;
  bookings: Bookings;
  /** Failed authentications per client IP (base clock): 429 once too many; `failedTotal` counts them. */
  authThrottle: AuthThrottle;
  /** Reads of each account's records over the control API and the console (finding 4): 429 past the budget. */
  readBudget: ReadBudget;
  /** Each account's stubs (POST /_control/stubs/…), played by the API before the `Test` header. */
  stubs: StubBook;
  /** One account back to its first-start state (POST /_control/reset): nothing of other accounts changes. */
  resetAccount(accountId: number): Promise<void>;
  /** The whole sandbox back to first-start state (admin reset). */
  reset(): Promise<void>;
}
