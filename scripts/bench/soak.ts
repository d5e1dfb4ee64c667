/**
 * `npm run bench -- soak [--minutes N] [--searches-only] [--connections N]` (or SOAK_MINUTES): a soak
 * test. The server runs as `npm start` runs it (rate limits raised, embedded store in a temporary
 * file); this process is the load generator: distinct searches (a new point and stay every time),
 * hotel details with their search_ids, booking starts and cancels, from the 3 sandbox accounts.
 * Every minute it prints RSS, heap used, p99 and the store's transient entries; RSS is sampled every
 * second for the peak. `--searches-only` sends distinct searches only (the memory-growth check).
 *
 * The server runs without tsx, as `npm start` runs it, with a small probe imported first (PROBE): it
 * answers the bench's IPC questions (heap used, entries in the embedded store's ProcessState).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { Agent, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { dataModule, npmStartArguments, rssMegabytes, withPreload } from './processes.js';

const APIKEYS = ['demo-key-1', 'demo-key-2', 'demo-key-3'];
/** City centres the world has hotels around; each search moves away from one by a new small step. */
const CENTRES: readonly [number, number][] = [
  [52.37, 4.9], [48.86, 2.35], [51.51, -0.13], [40.71, -74.0], [52.52, 13.4], [40.42, -3.7], [41.9, 12.5], [35.68, 139.69],
  [41.39, 2.17], [48.21, 16.37], [50.08, 14.44], [38.72, -9.14], [53.35, -6.26], [43.65, -79.38], [19.08, 72.88], [13.76, 100.5],
];
const WARM_UP_SECONDS = 15;

interface Stats {
  heapUsedMb: number;
  searches: number;
  offers: number;
}

/**
 * The probe, a module loaded into the server before it: records the ProcessState instances (of the
 * compiled module the server itself loads, `processState`) and answers each IPC message with Stats.
 */
const probe = (processState: string) => `
import { ProcessState } from ${JSON.stringify(processState)};
const instances = [];
const putSearch = ProcessState.prototype.putSearch;
ProcessState.prototype.putSearch = function (...args) {
  if (!instances.includes(this)) instances.push(this);
  return putSearch.apply(this, args);
};
process.on('message', () => {
  const sizes = instances.map((state) => state.sizes());
  process.send({
    heapUsedMb: Math.round(process.memoryUsage().heapUsed / 2 ** 20),
    searches: sizes.reduce((sum, size) => sum + size.searches, 0),
    offers: sizes.reduce((sum, size) => sum + size.offers, 0),
  });
});
process.channel?.unref();
`;

const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const DAY = 86_400_000;

/** The n-th distinct search of an account: a new point (a step on a spiral round a centre) and stay. */
function distinctSearch(apikey: string, n: number): Record<string, unknown> {
  const [latitude, longitude] = CENTRES[n % CENTRES.length]!;
  const step = Math.floor(n / CENTRES.length);
  const angle = step * 2.399963; // golden angle: points never repeat
  const distance = 0.0005 * Math.sqrt(step % 4000);
  const checkin = isoDate(Date.now() + (3 + (n % 200)) * DAY);
  return {
    apikey,
    latitude: Math.round((latitude + distance * Math.cos(angle)) * 1e6) / 1e6,
    longitude: Math.round((longitude + distance * Math.sin(angle)) * 1e6) / 1e6,
    checkin,
    checkout: isoDate(Date.parse(checkin) + (1 + (step % 5)) * DAY),
    persons: 1 + (n % 4),
    radius: 5000,
  };
}

/** The server as `npm start` starts it, with the probe loaded first. */
async function startServer(dbFile: string): Promise<{ child: ChildProcess; port: number }> {
  const plain = npmStartArguments();
  const serverEntry = resolve(plain[plain.length - 1] ?? '');
  const processState = pathToFileURL(join(dirname(serverEntry), 'store/processState.js')).href;
  const child = spawn(process.execPath, withPreload(plain, dataModule(probe(processState))), {
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    env: {
      ...process.env,
      PORT: '0',
      DB_FILE: dbFile,
      RATE_LIMIT_PER_MINUTE: '1000000000',
      RATE_LIMIT_PER_DAY: '1000000000',
      VALIDATE_RESPONSES: 'off',
      LOG_LEVEL: 'silent',
    },
  });
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server not ready within 60 s:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const listening = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
      if (listening) {
        clearTimeout(timer);
        resolve(Number(listening[1]));
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  child.removeAllListeners('exit');
  return { child, port };
}

function askStats(child: ChildProcess): Promise<Stats> {
  return new Promise((resolve) => {
    child.once('message', (message) => resolve(message as Stats));
    child.send('stats');
  });
}

const percentile = (sorted: number[], p: number) => (sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]! * 10) / 10 : 0);

/** The soak section's options, as `npm run bench -- soak --minutes 3 --connections 12 --searches-only` gives them. */
export interface SoakOptions {
  minutes?: string;
  connections?: string;
  'searches-only'?: boolean;
}

export async function benchSoak(options: SoakOptions = {}): Promise<Record<string, unknown>> {
  const minutes = Number(options.minutes ?? process.env.SOAK_MINUTES ?? 10);
  const connections = Number(options.connections ?? 12);
  const searchesOnly = options['searches-only'] === true;
  if (!(minutes > 0) || !(connections > 0)) throw new Error('--minutes and --connections must be positive numbers');

  const directory = await mkdtemp(join(tmpdir(), 'bench-soak-'));
  const { child: server, port } = await startServer(join(directory, 'db.json'));
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const post = (path: string, body: unknown) =>
    new Promise<{ status: number; json: Record<string, unknown> }>((resolve, reject) => {
      const payload = JSON.stringify(body);
      const req = httpRequest(
        { agent, host: '127.0.0.1', port, path, method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            try {
              resolve({ status: res.statusCode ?? 0, json: JSON.parse(Buffer.concat(chunks).toString()) });
            } catch (error) {
              reject(error instanceof Error ? error : new Error(String(error)));
            }
          });
        },
      );
      req.on('error', reject);
      req.end(payload);
    });

  const counts: Record<string, number> = {};
  const count = (name: string) => (counts[name] = (counts[name] ?? 0) + 1);
  let latencies: number[] = [];
  const timed = async (path: string, body: unknown) => {
    const begin = performance.now();
    try {
      const answer = await post(path, body);
      latencies.push(performance.now() - begin);
      count(`${path} ${answer.status}`);
      return answer;
    } catch (error) {
      // A keep-alive socket the server closed just as a request went out (ECONNRESET) is the client's
      // race, not a server fault: counted per path and code, and the load goes on. A dead server shows
      // as every request failing (and in the server's exit), not as a crashed load generator.
      count(`${path} ${(error as NodeJS.ErrnoException).code ?? 'error'}`);
      return { status: 0, json: {} as Record<string, unknown> };
    }
  };

  let stopAt = 0;
  const searchCounters = [0, 0, 0];
  const worker = async (worker: number) => {
    const account = worker % APIKEYS.length;
    const apikey = APIKEYS[account]!;
    for (let turn = 0; performance.now() < stopAt; turn++) {
      const n = searchCounters[account]!++;
      const search = await timed('/search.php', distinctSearch(apikey, n));
      if (searchesOnly || search.status !== 200) continue;
      const hotels = (search.json.hotels ?? []) as { id: number; rate: { service_hash: string } }[];
      const hotel = hotels[n % Math.max(1, hotels.length)];
      if (!hotel) continue;
      if (n % 2 === 0) await timed('/hotel.php', { apikey, id: hotel.id, search_id: search.json.search_id });
      if (n % 10 === 0) {
        const booking = await timed('/booking.php', { apikey, service_hash: hotel.rate.service_hash });
        const bookhash = /bookhash=([A-Za-z0-9]+)/.exec(typeof booking.json.booking_url === 'string' ? booking.json.booking_url : '')?.[1];
        if (bookhash) await timed('/book/cancel.php', { apikey, bookhash });
      }
    }
  };

  let peakRssMb = 0;
  const sampler = setInterval(() => {
    void rssMegabytes(server.pid!)
      .catch(() => 0)
      .then((mb) => {
        peakRssMb = Math.max(peakRssMb, mb);
      });
  }, 1000);
  try {
    // Warm-up: the same traffic for WARM_UP_SECONDS, then the baseline.
    stopAt = performance.now() + WARM_UP_SECONDS * 1000;
    await Promise.all(Array.from({ length: connections }, (_, index) => worker(index)));
    const warmUpRssMb = await rssMegabytes(server.pid!);
    const warmUp = { rss_mb: warmUpRssMb, ...(await askStats(server)) };
    console.error(`soak: warm-up done (${WARM_UP_SECONDS} s): RSS ${warmUpRssMb} MB, heap used ${warmUp.heapUsedMb} MB, store ${warmUp.searches} search keys / ${warmUp.offers} offers`);
    peakRssMb = warmUpRssMb;
    latencies = [];

    const perMinute: Record<string, unknown>[] = [];
    const began = performance.now();
    stopAt = began + minutes * 60_000;
    const workers = Promise.all(Array.from({ length: connections }, (_, index) => worker(index)));
    let requestsBefore = 0;
    for (let minute = 1; minute <= Math.ceil(minutes); minute++) {
      const until = began + Math.min(minute, minutes) * 60_000;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, until - performance.now())));
      const sorted = latencies.sort((a, b) => a - b);
      latencies = [];
      const stats = await askStats(server);
      const requests = Object.values(counts).reduce((sum, value) => sum + value, 0);
      // The minute's own sample counts towards the peak too (the sampler may just have missed it).
      const rssMb = await rssMegabytes(server.pid!);
      peakRssMb = Math.max(peakRssMb, rssMb);
      const row = {
        minute,
        rss_mb: rssMb,
        peak_rss_mb: peakRssMb,
        heap_used_mb: stats.heapUsedMb,
        requests: requests - requestsBefore,
        p50_ms: percentile(sorted, 0.5),
        p99_ms: percentile(sorted, 0.99),
        store_search_keys: stats.searches,
        store_offers: stats.offers,
      };
      requestsBefore = requests;
      perMinute.push(row);
      console.error(`soak: ${JSON.stringify(row)}`);
    }
    await workers;
    peakRssMb = Math.max(peakRssMb, await rssMegabytes(server.pid!));
    return {
      mode: searchesOnly ? 'distinct searches only' : 'distinct searches, hotel details, booking start and cancel',
      minutes,
      connections,
      accounts: APIKEYS.length,
      warm_up: warmUp,
      per_minute: perMinute,
      peak_rss_mb: peakRssMb,
      peak_over_warm_up_mb: peakRssMb - warmUpRssMb,
      responses: counts,
    };
  } finally {
    clearInterval(sampler);
    agent.destroy();
    server.kill('SIGTERM');
    await new Promise((resolve) => (server.exitCode !== null ? resolve(undefined) : server.once('exit', resolve)));
    await rm(directory, { recursive: true, force: true });
  }
}
