/**
 * One account does the worst legitimate things at once while another makes ordinary calls, and the
 * other's latency is measured idle and during (issue 35: "one account cannot slow another"). Used
 * by `npm run bench -- neighbours` (scripts/bench/neighbours.ts) and, with looser bounds, by
 * server/http/api/neighbours.test.ts. The noisy account:
 * - fills its journal with calls carrying maximum-size headers (a 14,000-character `Test` header
 *   and a 1,500-character User-Agent: each a quick 400 of /booking_overview.php, not rate-limited);
 * - reads its journal at its full read budget, from several readers at once;
 * - rolls keys with a grace period until the usable-key cap or the key-change budget stops it;
 * - holds connections open with `Test: slow` (on /booking_overview.php).
 * The quiet account calls /booking_overview.php (not rate-limited) one call after another.
 */

/** p50 and p99 of durations (ms). */
export function summarise(samplesMs: number[]): { p50_ms: number; p99_ms: number; n: number } {
  const sorted = [...samplesMs].sort((a, b) => a - b);
  const at = (fraction: number) => sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1))] ?? NaN;
  const round = (value: number) => Math.round(value * 100) / 100;
  return { p50_ms: round(at(0.5)), p99_ms: round(at(0.99)), n: sorted.length };
}

export interface NeighbourFigures {
  idle: ReturnType<typeof summarise>;
  busy: ReturnType<typeof summarise>;
  /** 5xx answers the quiet account got (there must be none). */
  quietErrors: number;
  /** What the noisy account managed: answers by kind. */
  noisy: Record<string, number>;
}

const json = { 'content-type': 'application/json' };

async function createAccount(base: string, adminToken: string, name: string): Promise<string> {
  const answer = await fetch(`${base}/_control/admin/accounts`, {
    method: 'POST',
    headers: { ...json, authorization: `Bearer ${adminToken}` },
    body: JSON.stringify({ name, contact: 'ops@neighbours.example', first_name: 'Nei', last_name: 'Bour', email: 'nei@neighbours.example', phone: '+31 20 555 0123' }),
  });
  if (answer.status !== 201) throw new Error(`creating ${name}: ${answer.status} ${await answer.text()}`);
  return ((await answer.json()) as { key: string }).key;
}

/** `count` sequential calls of the quiet account: their durations and how many were 5xx. */
async function quietCalls(base: string, key: string, until: () => boolean, max: number): Promise<{ ms: number[]; errors: number }> {
  const ms: number[] = [];
  let errors = 0;
  const body = JSON.stringify({ apikey: key });
  while (ms.length < max && !until()) {
    const started = performance.now();
    const answer = await fetch(`${base}/booking_overview.php`, { method: 'POST', headers: json, body });
    await answer.arrayBuffer();
    ms.push(performance.now() - started);
    if (answer.status >= 500) errors++;
  }
  return { ms, errors };
}

export async function noisyNeighbour(base: string, adminToken: string, options: { seconds: number; readers?: number; slowConnections?: number; quietCalls?: number }): Promise<NeighbourFigures> {
  const quietKey = await createAccount(base, adminToken, 'Quiet Tours');
  let noisyKey = await createAccount(base, adminToken, 'Noisy Tours');
  const maxCalls = options.quietCalls ?? 300;
  const idle = await quietCalls(base, quietKey, () => false, maxCalls);

  const noisy: Record<string, number> = {};
  const note = (kind: string, status: number) => {
    noisy[`${kind} ${status}`] = (noisy[`${kind} ${status}`] ?? 0) + 1;
  };
  const endsAt = Date.now() + options.seconds * 1000;
  const over = () => Date.now() >= endsAt;
  const post = async (kind: string, path: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; text: string }> => {
    try {
      const answer = await fetch(`${base}${path}`, { method: 'POST', headers: { ...json, ...headers }, body: JSON.stringify(body) });
      const text = await answer.text();
      note(kind, answer.status);
      return { status: answer.status, text };
    } catch {
      note(kind, 0);
      return { status: 0, text: '' };
    }
  };
  const fill = async () => {
    const heavy = { test: 'x'.repeat(14_000), 'user-agent': 'y'.repeat(1_500) };
    // booking_overview.php is not rate-limited: every call is journalled (an unknown field: a quick 400).
    for (let i = 0; i < 600 && !over(); i++) await post('fill', '/booking_overview.php', { apikey: noisyKey, checkin: 'x' }, heavy);
  };
  const read = async () => {
    while (!over()) {
      const answer = await post('journal', '/_control/journal', { apikey: noisyKey });
      if (answer.status === 429) await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const roll = async () => {
    while (!over()) {
      const answer = await post('roll', '/_control/keys/roll', { apikey: noisyKey, grace_seconds: 3600 });
      if (answer.status === 201) noisyKey = (JSON.parse(answer.text) as { key: string }).key;
      else await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };
  const slow = async () => {
    while (!over()) await post('slow', '/booking_overview.php', { apikey: noisyKey }, { test: 'slow' });
  };
  const noise = Promise.all([
    fill(),
    ...Array.from({ length: options.readers ?? 4 }, read),
    roll(),
    ...Array.from({ length: options.slowConnections ?? 20 }, slow),
  ]);
  // The quiet account's calls start once the journal holds some heavy calls.
  await new Promise((resolve) => setTimeout(resolve, Math.min(1000, options.seconds * 200)));
  const busy = await quietCalls(base, quietKey, over, maxCalls * 10);
  await noise;
  return { idle: summarise(idle.ms), busy: summarise(busy.ms), quietErrors: idle.errors + busy.errors, noisy };
}
