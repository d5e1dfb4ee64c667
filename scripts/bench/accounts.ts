/**
 * `npm run bench -- accounts`: a sandbox with 10,000 accounts of 2 keys each (issue 27's scale)
 * beside one with only the 3 demo accounts, both started as `npm start` starts them with the
 * embedded store: start-up time, heap after a full GC and RSS at rest, and so the memory of one
 * idle account ((10,000-account heap − 3-account heap) / 10,000; the bar is 50 KB); then signing in
 * to the console and its pages (the partner's dashboard, the admin's first page of accounts) on
 * both; and in this process the key lookup over 3 and over 10,000 accounts (O(1): the same time).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FakeClock } from '../../server/clock.js';
import { issueKey } from '../../server/domain/apiKeys.js';
import { AccountRegistry, FIRST_ACCOUNT_ID, demoAccounts, type Account } from '../../server/domain/accounts.js';
import { dataModule, npmStartArguments, withPreload } from './processes.js';
import { PROBE, ask, firstHealthy, median } from './startup.js';

const ACCOUNTS = 10_000;
const ADMIN_TOKEN = 'bench-accounts-admin-token';
const SETTLE_MS = 3_000;

/** 10,000 accounts as the store keeps them, 2 keys each (their keys kept aside, to sign in with). */
function manyAccounts(count: number): { accounts: Account[]; keys: string[] } {
  const now = new Date();
  const keys: string[] = [];
  const accounts = Array.from({ length: count }, (_, index): Account => {
    const first = issueKey(now);
    const second = issueKey(now);
    keys.push(first.key);
    const id = FIRST_ACCOUNT_ID + index;
    return {
      id, name: `Team ${id}`, contact: `ops${id}@team.example`, first_name: 'Ada', last_name: `Lovelace ${id}`, email: `ada${id}@team.example`,
      phone: '+44 20 7946 0958', status: 'active', demo: false, created_at: now.toISOString(), quota: null, return_url_hosts: null,
      keys: [first.record, second.record],
    };
  });
  return { accounts, keys };
}

interface Sandbox {
  child: ChildProcess;
  base: string;
  readyMs: number;
  dir: string;
}

async function start(accounts: Account[]): Promise<Sandbox> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-accounts-'));
  const file = join(dir, 'db.json');
  await writeFile(file, JSON.stringify({ version: 1, seq: 0, nextBookingId: 1, bookings: [], outbox: [], accounts, nextAccountId: FIRST_ACCOUNT_ID + accounts.length }));
  const started = performance.now();
  const child = spawn(process.execPath, withPreload(npmStartArguments(), dataModule(PROBE)), {
    env: { ...process.env, PORT: '0', DB_FILE: file, LOG_LEVEL: 'silent', SANDBOX_ADMIN_TOKEN: ADMIN_TOKEN },
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  const { readyMs, base } = await firstHealthy(child, started);
  // The accounts are read before the server says it is ready; one call that needs them, to be sure.
  await fetch(`${base}/booking_overview.php`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"apikey":"demo-key-1"}' }).then((r) => r.arrayBuffer());
  return { child, base, readyMs, dir };
}

async function stop(sandbox: Sandbox): Promise<void> {
  sandbox.child.kill('SIGKILL');
  await rm(sandbox.dir, { recursive: true, force: true });
}

/** Milliseconds of `count` sequential runs of `work`, their median. */
async function medianMs(count: number, work: () => Promise<void>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  return Math.round(median(times) * 100) / 100;
}

/** A console sign-in (its 303 and cookie); within the 20 successful sign-ins a minute an address may make. */
async function signIn(base: string, secret: string): Promise<string> {
  const response = await fetch(`${base}/_control/ui/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base, 'sec-fetch-site': 'same-origin' },
    body: new URLSearchParams({ apikey: secret }).toString(),
    redirect: 'manual',
  });
  await response.arrayBuffer();
  if (response.status !== 303) throw new Error(`sign-in answered ${response.status}`);
  return (response.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
}

async function pageMs(base: string, path: string, cookie: string): Promise<number> {
  return medianMs(15, async () => {
    const response = await fetch(`${base}${path}`, { headers: { cookie } });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
  });
}

async function measure(accounts: Account[], partnerKey: string): Promise<Record<string, number>> {
  const sandbox = await start(accounts);
  try {
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const memory = await ask(sandbox.child);
    const signInMs = await medianMs(8, async () => void (await signIn(sandbox.base, partnerKey)));
    const partner = await signIn(sandbox.base, partnerKey);
    const admin = await signIn(sandbox.base, ADMIN_TOKEN);
    return {
      ready_ms: Math.round(sandbox.readyMs),
      heap_used_after_gc_mb: memory.heapUsedAfterGcMb,
      rss_mb: memory.rssMb,
      sign_in_ms_median: signInMs,
      dashboard_ms_median: await pageMs(sandbox.base, '/_control/ui', partner),
      admin_accounts_page_ms_median: await pageMs(sandbox.base, '/_control/ui/admin', admin),
    };
  } finally {
    await stop(sandbox);
  }
}

/** Nanoseconds per key lookup (AccountRegistry.check) over `accounts`, a median of 5 rounds of 20,000. */
function lookupNs(accounts: Account[], keys: string[]): number {
  const registry = new AccountRegistry(undefined, demoAccounts(), new FakeClock());
  for (const account of accounts) registry.put(account);
  const rounds: number[] = [];
  for (let round = 0; round < 5; round++) {
    const started = process.hrtime.bigint();
    for (let i = 0; i < 20_000; i++) if (registry.check(keys[i % keys.length]!).kind !== 'ok') throw new Error('a key was not found');
    rounds.push(Number(process.hrtime.bigint() - started) / 20_000);
  }
  return Math.round(median(rounds));
}

export async function benchAccounts(): Promise<Record<string, unknown>> {
  const { accounts, keys } = manyAccounts(ACCOUNTS);
  const demo = demoAccounts().map((account) => account.apikey);
  const three = await measure([], 'demo-key-1');
  const many = await measure(accounts, keys[ACCOUNTS - 1]!);
  const perAccountKb = Math.round(((many.heap_used_after_gc_mb! - three.heap_used_after_gc_mb!) * 1024 * 1024) / ACCOUNTS / 102.4) / 10;
  return {
    accounts: ACCOUNTS,
    keys_per_account: 2,
    demo_accounts_only: three,
    with_10000_accounts: many,
    heap_per_idle_account_kb: perAccountKb,
    rss_per_idle_account_kb: Math.round(((many.rss_mb! - three.rss_mb!) * 1024 * 1024) / ACCOUNTS / 102.4) / 10,
    key_lookup_ns: { over_3_accounts: lookupNs([], demo), over_10000_accounts: lookupNs(accounts, keys) },
  };
}
