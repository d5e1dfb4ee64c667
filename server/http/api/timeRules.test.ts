/**
 * The time rules through the whole HTTP pipeline against their reference model
 * (server/testing/timeRules/model.ts): random sequences of search.php and hotel.php calls from 1–2
 * client addresses (X-Forwarded-For through a trusted loopback proxy) and 1–3 accounts (created
 * through the admin API, one of them in some scenarios with a quota increase), clock moves
 * through the control API (/_control/clock), account resets (/_control/reset) and real time passing
 * (a FakeClock; mostly not at all, so many calls share a millisecond). Every answer's status, and a
 * 429's Retry-After and window, must be the model's. The same property on the stores alone, with
 * real timers too: server/domain/timeRules.test.ts and server/store/postgresTimeRules.test.ts.
 * A failure prints its seed and shrunk sequence: TIME_RULES_SEED=<seed> TIME_RULES_PATH=<path> replays it.
 */
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { FakeClock } from '../../clock.js';
import { startTestServer, TEST_ADMIN_TOKEN, type TestServer } from '../../testing/testServer.js';
import { quotaOfScenario } from '../../testing/timeRules/storeSubject.js';
import { playScenario, RecordingClock, type TimeRulesSubject } from '../../testing/timeRules/driver.js';
import { propertyParameters, timeScenario, type TimeScenario } from '../../testing/timeRules/events.js';

const START = '2026-11-21T10:00:00Z';
const ADMIN = { authorization: `Bearer ${TEST_ADMIN_TOKEN}`, 'content-type': 'application/json' };
const TEAM = { contact: 'ops@rules.example', first_name: 'Tim', last_name: 'Rules', email: 'tim@rules.example', phone: '+31 20 555 0188' };

/** The scenario's accounts, made as an operator makes them (and its quota increase granted); their keys. */
async function accountsOf(server: TestServer, scenario: TimeScenario): Promise<string[]> {
  const keys: string[] = [];
  for (let account = 0; account < scenario.accounts; account++) {
    const created = await server.request('/_control/admin/accounts', { method: 'POST', headers: ADMIN, body: JSON.stringify({ ...TEAM, name: `Team ${account}` }) });
    if (created.status !== 201) throw new Error(`account creation answered ${created.status}: ${JSON.stringify(created.body)}`);
    const quota = quotaOfScenario(scenario.limits, account);
    if (quota) {
      const body = quota.lifted ? { lifted: true } : { per_minute: quota.per_minute, per_day: quota.per_day };
      const granted = await server.request(`/_control/admin/accounts/${created.body.account.id}/quota`, { method: 'PUT', headers: ADMIN, body: JSON.stringify(body) });
      if (granted.status !== 200) throw new Error(`quota answered ${granted.status}: ${JSON.stringify(granted.body)}`);
    }
    keys.push(created.body.key as string);
  }
  return keys;
}

describe('the time rules over HTTP agree with the model', () => {
  function httpSubject(server: TestServer, fake: FakeClock, KEYS: readonly string[]): TimeRulesSubject {
    let searchId: string | undefined;
    return {
      async request(account, ip, endpoint) {
        const body =
          endpoint === '/search.php'
            ? { apikey: KEYS[account], checkin: '2027-03-15', checkout: '2027-03-18', location: 'Amsterdam' }
            : { apikey: KEYS[account], id: 900004, ...(searchId ? { search_id: searchId } : { checkin: '2027-03-15', checkout: '2027-03-18' }) };
        const response = await server.post(endpoint, body, { headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.0.0.${ip + 1}` } });
        if (response.status === 429) {
          const text = String(response.body?.error ?? '');
          const window = /per minute/.test(text) ? 'minute' : /per day/.test(text) ? 'day' : undefined;
          const limit = Number(/(\d+) requests per/.exec(text)?.[1]);
          if (!window) throw new Error(`429 without a window named: ${text}`);
          const scope = /from your address/.test(text) ? 'address' : 'account';
          return { allowed: false, window, limit, retryAfterSeconds: Number(response.headers.get('retry-after')), scope };
        }
        // A search_id past its hour gives 400, after the limit counted the call; anything else is a failure here.
        if (response.status !== 200 && !(response.status === 400 && /search_id/.test(String(response.body?.error)))) {
          throw new Error(`${endpoint} answered ${response.status}: ${JSON.stringify(response.body)}`);
        }
        if (endpoint === '/search.php') searchId = response.body.search_id as string;
        return { allowed: true };
      },
      async move(account, change) {
        const body = 'advanceSeconds' in change ? { advance_seconds: change.advanceSeconds } : { offset_seconds: change.offsetSeconds };
        const response = await server.post('/_control/clock', { apikey: KEYS[account], ...body });
        if (response.status !== 200) throw new Error(`clock move answered ${response.status}: ${JSON.stringify(response.body)}`);
      },
      async reset(account) {
        const response = await server.post('/_control/reset', { apikey: KEYS[account] });
        if (response.status !== 200) throw new Error(`reset answered ${response.status}: ${JSON.stringify(response.body)}`);
      },
      tick(ms) {
        fake.set(new Date(fake.now().getTime() + ms));
      },
    };
  }

  /** A sandbox of the scenario's limits; its base clock moves only by the scenario's ticks. */
  async function play(scenario: TimeScenario): Promise<void> {
    const fake = new FakeClock(START);
    const { perMinute, perDay, ceilingPerMinute } = scenario.limits;
    const server = await startTestServer({ clock: fake, config: { rateLimits: { perMinute, perDay }, addressCeilingPerMinute: ceilingPerMinute, trustProxy: 'loopback' } });
    try {
      await playScenario(scenario, httpSubject(server, fake, await accountsOf(server, scenario)), new RecordingClock(fake), false);
    } finally {
      await server.close();
    }
  }

  it('random sequences of calls, clock moves and resets, many in one millisecond', async () => {
    await fc.assert(fc.asyncProperty(timeScenario, play), propertyParameters(60));
  });

  it('replayed: five identical searches, a move of 61 s, five more, all in one millisecond (issue 26)', async () => {
    const burst = Array.from({ length: 5 }, () => ({ kind: 'request' as const, account: 0, ip: 0, endpoint: '/search.php' as const }));
    await play({ accounts: 1, ips: 1, limits: { perMinute: 5, perDay: 200, ceilingPerMinute: 0 }, events: [...burst, { kind: 'advance', account: 0, seconds: 61 }, ...burst] });
  });

  it('an account with a quota increase beside two without, on one address with a ceiling: each account its own limits, the ceiling for all', async () => {
    const round = (account: number) => Array.from({ length: 5 }, () => ({ kind: 'request' as const, account, ip: 0, endpoint: '/search.php' as const }));
    await play({
      accounts: 3,
      ips: 1,
      limits: { perMinute: 2, perDay: 6, ceilingPerMinute: 11, raised: { 1: { perMinute: 4, perDay: 9 } } },
      events: [...round(0), ...round(1), ...round(2), { kind: 'tick', ms: 61_000 }, ...round(1), ...round(0), { kind: 'reset', account: 1 }, ...round(1)],
    });
  });
});
