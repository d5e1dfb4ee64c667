/**
 * `npm run bench -- neighbours` (issue 35): a sandbox started as `npm start` starts it (embedded
 * store), one account doing the worst legitimate things at once (server/testing/neighbours.ts:
 * journal filled with maximum-size headers and read at its full budget by 4 readers, keys rolled to
 * the cap, 20 connections held with `Test: slow`) while another calls /booking_overview.php one call
 * after another. Reports the quiet account's p50/p99 idle and during, its 5xx, and the server's RSS
 * before and after. The bar: p99 during ≤ 3 × idle p99 + 5 ms, no 5xx, RSS + 100 MB at most.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { noisyNeighbour } from '../../server/testing/neighbours.js';
import { dataModule, npmStartArguments, rssMegabytes, withPreload } from './processes.js';
import { PROBE, firstHealthy } from './startup.js';

const ADMIN_TOKEN = 'bench-neighbours-admin-token';

export async function benchNeighbours(seconds = 20): Promise<Record<string, unknown>> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-neighbours-'));
  const started = performance.now();
  const child = spawn(process.execPath, withPreload(npmStartArguments(), dataModule(PROBE)), {
    env: { ...process.env, PORT: '0', DB_FILE: join(dir, 'db.json'), LOG_LEVEL: 'silent', SANDBOX_ADMIN_TOKEN: ADMIN_TOKEN, DEMO_ACCOUNTS: 'off' },
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  try {
    const { base } = await firstHealthy(child, started);
    const rssBefore = await rssMegabytes(child.pid!);
    const figures = await noisyNeighbour(base, ADMIN_TOKEN, { seconds, readers: 4, slowConnections: 20, quietCalls: 500 });
    const rssAfter = await rssMegabytes(child.pid!);
    const bound = 3 * figures.idle.p99_ms + 5;
    return {
      ...figures,
      p99_bound_ms: bound,
      within_bound: figures.busy.p99_ms <= bound && figures.quietErrors === 0 && rssAfter - rssBefore <= 100,
      rss_before_mb: rssBefore,
      rss_after_mb: rssAfter,
      note: 'Shared, loaded machine: compare idle and busy of the same run only.',
    };
  } finally {
    child.kill('SIGKILL');
    await rm(dir, { recursive: true, force: true });
  }
}
