/**
 * The sandbox as a library, for a partner's own test run (Vitest, Jest, node:test):
 *
 *     const sandbox = await startSandbox();
 *     // sandbox.url, sandbox.accounts[0].apikey, sandbox.control.POST('/clock', …)
 *     await sandbox.stop();
 *
 * It starts the reference server in this process on a free port of 127.0.0.1 with its embedded
 * store in a new temporary directory (or the given one), exactly as `npm start` builds it; `stop()`
 * closes every connection, the store and the directory it made, so nothing is left running. A
 * process that ends without stop() still removes the directory, or the next start does
 * (temporaryDirectory.ts).
 */
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import createClient, { type Client } from 'openapi-fetch';
import type { paths as ControlPaths } from '../contract/generated/control-api.js';
import { createApp } from './app.js';
import { OffsetClock, type Clock } from './clock.js';
import { demoAccounts } from './domain/accounts.js';
import { SLOW_DELAY_MS, chooseSlowDelay } from './domain/scenarios/catalogue.js';
import { createApiServer } from './http/transport/serverLimits.js';
import { LowdbStore } from './store/lowdbStore.js';
import { temporaryDirectory } from './temporaryDirectory.js';
import { sandboxStubs, type OperationId, type SandboxStubs, type Verification, type VerifyQuery } from './sandboxStubs.js';

export { SandboxControlError, type StubDefinition, type SandboxStubs, type Verification, type VerifyQuery } from './sandboxStubs.js';

export interface SandboxOptions {
  /** Port to listen on (default 0: a free one). */
  port?: number;
  /** Address to bind (default 127.0.0.1). */
  host?: string;
  /** Directory of the embedded store (default: a new temporary directory, removed by stop()). */
  dataDir?: string;
  /** The API's limits on search.php and hotel.php per client IP (defaults 5 and 200, as the API states). */
  rateLimitPerMinute?: number;
  rateLimitPerDay?: number;
  /** Validate every answer against the contract (default on: a broken answer is a loud 500). */
  validateResponses?: boolean;
  /** Enables the whole-sandbox control calls (`/_control/admin/…`); at least 16 non-space characters. */
  adminToken?: string;
  /** Real time by default; tests of the sandbox itself pass a clock they move. */
  clock?: Clock;
  /**
   * How long `Test: slow` waits when the call sends no `Test-Delay-Ms` (default 5,200 ms): set it to
   * just past your client's time-out, so a time-out test costs that and no more.
   */
  slowMs?: number;
  /** The demo accounts of fixtures/accounts.json (default on); off, only accounts created through the admin API exist. */
  demoAccounts?: boolean;
}

/** A demo account: its key selects it, and its guest data fills its bookings (none when `demoAccounts` is off). */
export interface SandboxAccount {
  apikey: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
}

export interface Sandbox {
  /** Base URL of the API, e.g. http://127.0.0.1:41234 (no trailing slash). */
  url: string;
  accounts: readonly SandboxAccount[];
  /** The control API (clock, reset, scenarios, pay, outbox, journal, certification), typed from its contract. */
  control: Client<ControlPaths>;
  /**
   * The stubs of an account (the first demo account's unless a key is given), typed from the
   * contract: `sandbox.stubs.add({ operation: 'getHotelDetails', match: { body: { id: 900001 } },
   * response: { status: 404, body: { error: 'Hotel not found' } } })`.
   */
  stubs: SandboxStubs;
  /** Whether the client sent what it should have, from the journal: `sandbox.verify({ operation: 'startBooking', count: 1 })`. */
  verify<O extends OperationId>(query: VerifyQuery<O>, apikey?: string): Promise<Verification>;
  /** Stops listening, closes every connection and the store, and removes the temporary directory. */
  stop(): Promise<void>;
}

/** `slowMs`, refused before anything starts when outside what a `Test-Delay-Ms` header may choose. */
function slowDelayOption(slowMs: number): number {
  const choice = chooseSlowDelay(String(slowMs), SLOW_DELAY_MS);
  if (!choice.ok) throw new RangeError(`startSandbox: slowMs${choice.message.slice(choice.message.indexOf(' must'))}`);
  return choice.delayMs;
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const slowScenarioDelayMs = options.slowMs === undefined ? undefined : slowDelayOption(options.slowMs);
  // Ours: removed by stop(), or when the process ends without it (temporaryDirectory.ts).
  const ownDir = options.dataDir === undefined ? temporaryDirectory() : undefined;
  const dataDir = options.dataDir ?? ownDir!.path;
  const store = await LowdbStore.open(join(dataDir, 'db.json'));
  const server = createApiServer();
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    await store.close();
    ownDir?.remove();
    throw error;
  }
  const { address, port, family } = server.address() as AddressInfo;
  const url = `http://${family === 'IPv6' ? `[${address}]` : address}:${port}`;
  const demo = options.demoAccounts === false ? [] : demoAccounts();
  // Built once the port is known: booking_url and image URLs point at it.
  const app = createApp({
    store,
    clock: options.clock ?? new OffsetClock(),
    accounts: demo,
    config: {
      demoAccounts: options.demoAccounts !== false,
      publicUrl: url,
      rateLimits: { perMinute: options.rateLimitPerMinute ?? 5, perDay: options.rateLimitPerDay ?? 200 },
      // The user started this sandbox: no support address can raise its limits, its options can.
      rateLimitRaiseHint:
        'This sandbox runs in your process: start it with higher limits, startSandbox({ rateLimitPerMinute: …, rateLimitPerDay: … }), ' +
        "or move this account's clock past the window (sandbox.control.POST('/clock', …)).",
      ...(options.validateResponses === undefined ? {} : { validateResponses: options.validateResponses }),
      ...(options.adminToken === undefined ? {} : { adminToken: options.adminToken }),
      ...(slowScenarioDelayMs === undefined ? {} : { slowScenarioDelayMs }),
    },
  });
  server.on('request', app);
  let stopped: Promise<void> | undefined;
  const control = createClient<ControlPaths>({ baseUrl: `${url}/_control` });
  const { stubs, verify } = sandboxStubs(control, () => {
    const first = demo[0];
    if (!first) throw new Error('startSandbox: no demo account (demoAccounts: false); pass the account\'s key to stubs and verify');
    return first.apikey;
  });
  return {
    url,
    accounts: demo.map(({ apikey, first_name, last_name, email, phone }) => ({ apikey, first_name, last_name, email, phone })),
    control,
    stubs,
    verify,
    stop() {
      stopped ??= (async () => {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
        await store.close();
        ownDir?.remove();
      })();
      return stopped;
    },
  };
}
