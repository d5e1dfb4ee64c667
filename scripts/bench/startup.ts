/** Startup time and memory of the real server process (`node --import tsx server/bin.ts`). */
import { spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../server/testing/freePort.js';
import { rssMegabytes } from './processes.js';

export async function benchStartup(): Promise<Record<string, unknown>> {
  const port = await freePort();
  const dbFile = join(await mkdtemp(join(tmpdir(), 'bench-startup-')), 'db.json');
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/bin.ts'], {
    env: { ...process.env, PORT: String(port), DB_FILE: dbFile },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('server did not start within 60 s')), 60_000);
      child.stdout.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('listening on')) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    });
    const listeningMs = performance.now() - started;
    const rssAtStart = await rssMegabytes(child.pid as number);
    const response = await fetch(`http://127.0.0.1:${port}/search.php`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ apikey: 'demo-key-1', checkin: '2026-12-15', checkout: '2026-12-18', location: 'Amsterdam' }),
    });
    await response.arrayBuffer();
    const firstSearchMs = performance.now() - started;
    return {
      startup_to_listening_ms: Math.round(listeningMs),
      startup_to_first_search_ms: Math.round(firstSearchMs),
      rss_mb_at_start: rssAtStart,
      rss_mb_after_first_search: await rssMegabytes(child.pid as number),
    };
  } finally {
    child.kill('SIGKILL');
  }
}
