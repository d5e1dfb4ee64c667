/**
 * Plays a key scenario (events.ts) on the sandbox's accounts and keys and on the reference model
 * (model.ts) side by side, and throws at the first answer that differs, naming the event, both
 * answers and the events so far. The sandbox is what every path uses: AccountAdmin (the operator's
 * and the partner's changes, with the partner's key-change budget), AccountRegistry (what a key may
 * do: API calls, key lists, console sign-ins and sessions), over any Store, one per replica (each
 * replica a process of its own: its own registry, budget and sessions; PostgreSQL replicas share a
 * database and hear of each other's changes).
 *
 * After every event, besides its answer: every kept key's state, on every replica, is the model's;
 * every console session is open exactly when the model's is; and, whatever the model says, no key
 * that is not active may list or change keys or hold a session, and none makes a call past its grace.
 */
import { isDeepStrictEqual } from 'node:util';
import type { FakeClock } from '../../clock.js';
import { AccountAdmin } from '../../domain/accountAdmin.js';
import { AccountRegistry, type Account } from '../../domain/accounts.js';
import { keyState } from '../../domain/keyLifecycle.js';
import { ApiError } from '../../errors.js';
import { MinuteBudget } from '../../http/control/readBudget.js';
import type { Store } from '../../domain/ports/store.js';
import { ACCOUNTS, describeEvent, type RoutedEvent } from './events.js';
import { KeyModel } from './model.js';

const PROFILE = { name: 'Model Tours', contact: 'ops@model.example', first_name: 'Mo', last_name: 'Del', email: 'mo@model.example', phone: '+31 20 555 0100' };
const RATE_LIMITS = { perMinute: 5, perDay: 200 };

interface Replica {
  admin: AccountAdmin;
  registry: AccountRegistry;
  sessions: Array<{ accountId: number; keyId: string; open: boolean }>;
}

export async function playKeyScenario(stores: readonly Store[], clock: FakeClock, events: readonly RoutedEvent[]): Promise<void> {
  const replicas: Replica[] = [];
  for (const store of stores) {
    const registry = new AccountRegistry(store, [], clock);
    await registry.ready();
    const admin = new AccountAdmin({ store, registry, clock, rateLimits: RATE_LIMITS, keyChanges: new MinuteBudget<number>(clock, 10) });
    const replica: Replica = { admin, registry, sessions: [] };
    registry.onGone((accountId) => {
      for (const session of replica.sessions) if (session.accountId === accountId) session.open = false;
    });
    replicas.push(replica);
  }
  const first = replicas[0]!;
  /** Per scenario account: its id and every key it was issued (secret and id), by key number. */
  const accounts: Array<{ id: number; keys: Array<{ secret: string; id: string }> }> = [];
  for (let i = 0; i < ACCOUNTS; i++) {
    const created = await first.admin.create(PROFILE);
    accounts.push({ id: created.account.id, keys: [{ secret: created.key, id: created.record.id }] });
  }
  const model = new KeyModel(ACCOUNTS, clock.now().getTime());
  await converge(replicas, accounts.map((account) => account.id));
  const trace: string[] = [];

  for (const event of events) {
    trace.push(describeEvent(event));
    const replica = replicas[event.replica % replicas.length]!;
    const expected = model.apply({ ...event, replica: event.replica % replicas.length });
    const actual = await play(replica, event);
    fail(actual.answer !== expected.answer, `answered ${actual.answer}, the model ${expected.answer}`);
    if (actual.issued !== undefined) {
      fail(expected.issued !== accounts[eventAccount(event)]!.keys.length, 'issued a key the model did not');
      accounts[eventAccount(event)]!.keys.push(actual.issued);
    }
    await converge(replicas, accounts.map((account) => account.id));
    checkStates();
  }

  function fail(failed: boolean, text: string): void {
    if (failed) throw new Error(`event ${trace.length} (${trace.at(-1)}): ${text}\nevents so far:\n  ${trace.join('\n  ')}`);
  }

  function eventAccount(event: RoutedEvent): number {
    return 'account' in event ? event.account : 0;
  }

  function keyOf(account: number, key: number) {
    const keys = accounts[account]!.keys;
    return keys[key % keys.length]!;
  }

  async function play(replica: Replica, event: RoutedEvent): Promise<{ answer: string; issued?: { secret: string; id: string } }> {
    const nowMs = clock.now().getTime();
    const status = async (work: () => Promise<unknown>, ok: string) => {
      try {
        await work();
        return ok;
      } catch (error) {
        if (error instanceof ApiError) return String(error.status);
        throw error;
      }
    };
    switch (event.kind) {
      case 'tick':
        clock.set(new Date(nowMs + event.seconds * 1000));
        return { answer: 'tick' };
      case 'call':
        return { answer: replica.registry.check(keyOf(event.account, event.key).secret).kind };
      case 'list': {
        const key = keyOf(event.account, event.key);
        const checked = replica.registry.check(key.secret);
        if (checked.kind !== 'ok') return { answer: 'refused' };
        return { answer: replica.registry.keyMay(checked.account.id, key.id, 'list_keys') ? 'listed' : '403' };
      }
      case 'signIn': {
        const key = keyOf(event.account, event.key);
        const checked = replica.registry.check(key.secret);
        if (checked.kind !== 'ok' || !replica.registry.keyMay(checked.account.id, key.id, 'console_sign_in')) return { answer: 'refused' };
        replica.sessions.push({ accountId: checked.account.id, keyId: key.id, open: true });
        return { answer: 'signed in' };
      }
      default:
        break;
    }
    const id = accounts[event.account]!.id;
    let issued: { secret: string; id: string } | undefined;
    const caller = (n: number) => ({ accountId: id, keyId: keyOf(event.account, n).id });
    const answer = await (async () => {
      switch (event.kind) {
        case 'issue':
          return status(async () => {
            const result = await replica.admin.issueKey(id);
            issued = { secret: result.key, id: result.record.id };
          }, '201');
        case 'roll':
          return status(async () => {
            const result = await replica.admin.rollKey(id, keyOf(event.account, event.target).id, event.grace, caller(event.caller));
            issued = { secret: result.key, id: result.record.id };
          }, '201');
        case 'expire':
          return status(() => replica.admin.expireOwnKey(caller(event.caller), keyOf(event.account, event.target).id), '200');
        case 'revoke':
          return status(() => replica.admin.revokeOwnKey(caller(event.caller), keyOf(event.account, event.target).id), '200');
        case 'adminRevoke':
          return status(() => replica.admin.revokeKey(id, keyOf(event.account, event.target).id), '200');
        case 'status':
          return status(() => replica.admin.setStatus(id, event.status), '200');
        case 'delete':
          return status(() => replica.admin.delete(id), '200');
      }
    })();
    return { answer, ...(issued ? { issued } : {}) };
  }

  /** Every replica's view of every key and session is the model's; and the table's promises hold whatever the model says. */
  function checkStates(): void {
    const nowMs = clock.now().getTime();
    const alive = model.sessionsAlive();
    for (const [index, replica] of replicas.entries()) {
      for (const [account, { id, keys }] of accounts.entries()) {
        const held: Account | undefined = replica.registry.byIdOf(id);
        const numberOf = (keyId: string) => keys.findIndex((key) => key.id === keyId);
        const states = held ? held.keys.map((key) => [numberOf(key.id), keyState(key, nowMs)]) : [];
        fail(JSON.stringify(states) !== JSON.stringify(model.states(account)), `replica ${index} holds keys ${JSON.stringify(states)}, the model ${JSON.stringify(model.states(account))}`);
        for (const key of held?.keys ?? []) {
          const state = keyState(key, nowMs);
          if (state === 'active') continue;
          fail(replica.registry.keyMay(id, key.id, 'change_keys') || replica.registry.keyMay(id, key.id, 'console_sign_in'), `${state} key ${key.id} may manage keys`);
          if (state !== 'expiring') fail(replica.registry.check(keys[numberOf(key.id)]!.secret).kind === 'ok', `${state} key ${key.id} still authenticates`);
        }
      }
      // A session lives while its key may sign in (as the console's signedIn checks on every page).
      for (const session of replica.sessions) session.open &&= replica.registry.keyMay(session.accountId, session.keyId, 'console_sign_in');
    }
    const open = model.sessions.map((session, i) => {
      const replica = replicas[session.replica]!;
      const ofReplica = model.sessions.slice(0, i).filter((other) => other.replica === session.replica).length;
      return replica.sessions[ofReplica]!.open;
    });
    fail(JSON.stringify(open) !== JSON.stringify(alive), `sessions open ${JSON.stringify(open)}, the model ${JSON.stringify(alive)}`);
  }
}

/** Waits (at most 5 s) until every replica's registry holds each account as the first one does. */
async function converge(replicas: readonly Replica[], ids: readonly number[]): Promise<void> {
  if (replicas.length < 2) return;
  const same = () => ids.every((id) => replicas.every((replica) => isDeepStrictEqual(replica.registry.byIdOf(id), replicas[0]!.registry.byIdOf(id))));
  for (let waited = 0; !same(); waited += 10) {
    if (waited > 5000) throw new Error('the replicas did not agree on the accounts within 5 s');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
