/**
 * The container image (Dockerfile), built and run with podman as a partner runs it with Docker:
 * published with -p, /readyz answers 200, the whole conformance kit (with --control) is green
 * against it, a SIGTERM under booking traffic exits 0 once in-flight requests are done (the time is
 * printed; 2 s is the aim), and a new container on the same volume finds every acknowledged booking; plus what the image must be (non-root, a
 * HEALTHCHECK on /readyz, no npm or devDependencies, no test files of the dependencies, every setting
 * from the environment, --help showing the image's settings); with a plain -p PORT:PORT and no
 * PUBLIC_URL, booking_url opens from the host. Prints the image's size beside its base and the start
 * time, and holds the figures README.md and docs/containers.md give to them.
 *
 * The kit reaches the container through a node:http proxy whose URL is the container's PUBLIC_URL
 * (booking_url must point somewhere the kit can follow, and podman picks the published port only
 * when the container starts). Runs in the `deploy` vitest project (scripts/ci/image.sh).
 */
import { readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRoundRobinProxy, type RoundRobinProxy } from '../../server/testing/roundRobinProxy.js';
import { ROOT } from '../../server/testing/serverProcess.js';
import { bookingTraffic, firstRefundableRate, keptBookings, post } from './deployTraffic.js';
import { expectKitGreen } from './kitRun.js';
import { baseImageOf, containerScope, imageBytes, imageUnderTest, podman, publishedUrl, skipPodman, waitForOk } from './podman.js';

/**
 * The image's size, its growth over the base and the server's start time as README.md and
 * docs/containers.md state them ("**308 MB, the base plus 46 MB**", "ready 0.8–1.2 s after the
 * container starts"), so that a test keeps them true.
 */
function documentedFigures(): { file: string; imageMb: number; addedMb: number; readyS: [number, number] }[] {
  return ['README.md', 'docs/containers.md'].map((file) => {
    const text = readFileSync(`${ROOT}/${file}`, 'utf8').replace(/\s+/g, ' ');
    const size = /\*\*(\d+) MB, the base plus (\d+) MB\*\*/.exec(text);
    const ready = /ready (\d+(?:\.\d+)?)–(\d+(?:\.\d+)?) s after the container starts/.exec(text);
    if (!size || !ready) throw new Error(`${file} no longer states the image's size ("**N MB, the base plus M MB**") and start time ("ready A–B s after the container starts")`);
    return { file, imageMb: Number(size[1]), addedMb: Number(size[2]), readyS: [Number(ready[1]), Number(ready[2])] };
  });
}

/** A TCP port free on 127.0.0.1 right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
    server.once('error', reject);
  });
}

const skip = skipPodman();
const MB = 1_000_000;
const ADMIN_TOKEN = 'image-test-admin-token-0123456789';

describe.skipIf(skip)('the container image', () => {
  const scope = containerScope('hotel-image-test');
  const volume = scope.volume();
  let image: string;
  let proxy: RoundRobinProxy;

  /** A container of the image on the test's volume, published on a port podman picks; its URL once /readyz is 200. */
  async function start(env: Record<string, string> = {}) {
    const name = scope.container();
    const started = performance.now();
    const envFlags = Object.entries({ PUBLIC_URL: proxy.url, SANDBOX_ADMIN_TOKEN: ADMIN_TOKEN, LOG_LEVEL: 'warn', ...env }).flatMap(([key, value]) => ['--env', `${key}=${value}`]);
    await podman(['run', '--detach', '--name', name, '--publish', '127.0.0.1::3000', '--volume', `${volume}:/data`, ...envFlags, image]);
    const url = await publishedUrl(name, 3000);
    await waitForOk(`${url}/readyz`);
    const readyMs = performance.now() - started;
    proxy.setUpstreams([url]);
    // The server's own start (store opened, world built), as it prints it; the rest is podman creating the container.
    const serverMs = Number(/ready in (\d+) ms/.exec(await podman(['logs', name]))?.[1] ?? Number.NaN);
    return { name, url, readyMs, serverMs };
  }

  beforeAll(async () => {
    image = await imageUnderTest();
    proxy = await startRoundRobinProxy([]);
  }, 1_500_000);

  afterAll(async () => {
    await scope.removeAll();
    await proxy?.close();
  }, 120_000);

  it('is the base plus the package: printed size, non-root, HEALTHCHECK on /readyz, no npm, no devDependencies', async () => {
    const base = baseImageOf(readFileSync(`${ROOT}/Dockerfile`, 'utf8'));
    const [size, baseSize] = await Promise.all([imageBytes(image), imageBytes(base)]);
    console.log(`image ${image}: ${(size / MB).toFixed(0)} MB, ${base} ${(baseSize / MB).toFixed(0)} MB, added ${((size - baseSize) / MB).toFixed(0)} MB`);
    // At most 100 MB over the base (issue 31).
    expect(size - baseSize).toBeLessThanOrEqual(100 * MB);
    // The figures the docs give are this image's (within a few MB: the base stand-in's own build varies).
    for (const figures of documentedFigures()) {
      expect(Math.abs(size / MB - figures.imageMb), `${figures.file}: ${figures.imageMb} MB`).toBeLessThanOrEqual(8);
      expect(Math.abs((size - baseSize) / MB - figures.addedMb), `${figures.file}: the base plus ${figures.addedMb} MB`).toBeLessThanOrEqual(5);
    }

    const [inspected] = JSON.parse(await podman(['image', 'inspect', image])) as {
      Healthcheck?: { Test?: string[] };
      Config: { User?: string; Env?: string[]; Volumes?: Record<string, unknown>; StopSignal?: string };
    }[];
    const config = inspected!.Config;
    expect(config.User).toBe('sandbox');
    expect(inspected!.Healthcheck?.Test?.join(' ')).toContain('/readyz');
    expect(config.Volumes).toHaveProperty(['/data']);
    expect(config.Env).toEqual(expect.arrayContaining(['HOST=0.0.0.0', 'PORT=3000', 'DB_FILE=/data/db.json']));
    expect(config.StopSignal).toBe('SIGTERM');

    // What the final stage holds: no package manager, no build tool, only the package's production dependencies.
    const inside = await podman(['run', '--rm', '--entrypoint', '/bin/sh', image, '-c',
      'id -u; command -v npm npx corepack yarn || true; cd /app/node_modules && ls -d * @*/* tsx 2>/dev/null || true']);
    const [uid, ...rest] = inside.split('\n');
    expect(Number(uid)).not.toBe(0);
    expect(rest.filter((line) => /^\/.*\/(npm|npx|corepack|yarn)$/.test(line))).toEqual([]);
    const installed = new Set(rest);
    expect(installed.has('hotel-sandbox')).toBe(true);
    // The repository's build and test tools (its devDependencies, and tsx, which only runs the TypeScript sources) stay out.
    const { devDependencies } = JSON.parse(readFileSync(`${ROOT}/package.json`, 'utf8')) as { devDependencies: Record<string, string> };
    const tools = ['esbuild', 'typescript', 'vitest', 'eslint', '@redocly/cli', '@stoplight/prism-cli', 'playwright-core', 'openapi-typescript', 'dependency-cruiser'];
    expect(tools.filter((tool) => !(tool in devDependencies))).toEqual([]);
    expect([...tools, 'tsx'].filter((tool) => installed.has(tool))).toEqual([]);

    // Nothing of the dependencies' own tests (folders or files) ships.
    const tests = await podman(['run', '--rm', '--entrypoint', '/bin/sh', image, '-c',
      "find /app/node_modules \\( -type d \\( -name test -o -name tests -o -name __tests__ \\) \\) -o \\( -type f \\( -name '*.test.js' -o -name '*.spec.js' \\) \\) | head -n 20"]);
    expect(tests).toBe('');
  }, 300_000);

  it("--help shows the image's own settings, and prints without starting the server", async () => {
    const started = performance.now();
    const help = await podman(['run', '--rm', image, '--help']);
    console.log(`docker run IMAGE --help: ${((performance.now() - started) / 1000).toFixed(1)} s (podman creating the container included)`);
    expect(help).toMatch(/--host <addr>\s+HOST\s+0\.0\.0\.0 \(set\)/);
    expect(help).toMatch(/--db-file <path>\s+DB_FILE\s+\/data\/db\.json \(set\)/);
    expect(help).toMatch(/SHUTDOWN_GRACE_SECONDS\s+8 \(set\)/);
    expect(help).toMatch(/PUBLIC_URL\s+http:\/\/HOST:PORT \(localhost for 0\.0\.0\.0 or ::\)/);
  }, 300_000);

  it('hands out a booking_url that works from the host with a plain -p PORT:PORT and no PUBLIC_URL', async () => {
    // -p 3000:3000 as the README has it, on a port free here (3000 may be taken on a shared machine).
    const port = await freePort();
    const name = scope.container();
    await podman(['run', '--detach', '--name', name, '--publish', `127.0.0.1:${port}:${port}`, '--env', `PORT=${port}`, '--env', 'LOG_LEVEL=warn', image]);
    const url = `http://127.0.0.1:${port}`;
    await waitForOk(`${url}/readyz`);
    const rate = await firstRefundableRate(url, 'demo-key-1');
    const started = await post(url, '/booking.php', { apikey: 'demo-key-1', service_hash: rate });
    const bookingUrl = String(started.body.booking_url);
    expect(bookingUrl.startsWith(`http://localhost:${port}/book/finalize?bookhash=`)).toBe(true);
    const page = await fetch(bookingUrl);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    await podman(['rm', '--force', '--volumes', '--time', '0', name]);
  }, 300_000);

  it('answers /readyz, passes the whole kit with --control, and takes every setting from the environment', async () => {
    const first = await start();
    console.log(`container ready (/readyz 200) ${(first.readyMs / 1000).toFixed(1)} s after podman run; the server itself ready in ${first.serverMs} ms`);
    // The docs' start time holds (a loaded machine gets twice the upper figure).
    for (const figures of documentedFigures()) expect(first.serverMs, `${figures.file}: ready ${figures.readyS.join('–')} s`).toBeLessThanOrEqual(figures.readyS[1] * 2_000);
    const health = await podman(['healthcheck', 'run', first.name]).then(() => 'healthy', (error: Error) => error.message);
    expect(health).toBe('healthy');

    await expectKitGreen(proxy.url);

    // Settings through the environment: the admin token opens /metrics; the rate limit is the one set.
    const metrics = await fetch(`${first.url}/metrics`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toContain('http_requests_total');
    expect((await fetch(`${first.url}/docs`)).status).toBe(200);
    await podman(['rm', '--force', '--volumes', '--time', '0', first.name]);

    const limited = await start({ RATE_LIMIT_PER_MINUTE: '2' });
    const stay = { checkin: new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10), checkout: new Date(Date.now() + 22 * 86_400_000).toISOString().slice(0, 10) };
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await post(limited.url, '/search.php', { apikey: 'demo-key-3', latitude: 52.37, longitude: 4.9, ...stay })).status);
    expect(statuses).toEqual([200, 200, 429]);
    await podman(['rm', '--force', '--volumes', '--time', '0', limited.name]);
  }, 900_000);

  it('exits 0 once drained after SIGTERM under booking traffic (time printed), and a new container on the volume keeps every acknowledged booking', async () => {
    const before = await start({ RATE_LIMIT_PER_MINUTE: '1000', LOG_LEVEL: 'info' });
    const rate = await firstRefundableRate(before.url, 'demo-key-3');
    const traffic = bookingTraffic(before.url, rate, 'demo-key-3', { workers: 4 });
    await traffic.acknowledged(20);
    const signalled = performance.now();
    await podman(['kill', '--signal', 'TERM', before.name]);
    const exitCode = Number(await podman(['wait', before.name]));
    const stopMs = performance.now() - signalled;
    const { started, paid } = await traffic.stop();
    console.log(`SIGTERM under booking traffic: exit ${exitCode} after ${stopMs.toFixed(0)} ms; ${started.length} bookings and ${paid.length} payments acknowledged`);
    // Exit 0 after draining, not after waiting out SHUTDOWN_GRACE_SECONDS (the time is printed above,
    // not asserted: a loaded machine must not fail the test).
    expect(exitCode).toBe(0);
    const log = await podman(['logs', before.name]);
    expect(log).toContain('shutting down: finishing in-flight requests');
    expect(log).toContain('"msg":"stopped"');
    expect(log).not.toContain('grace period over');
    // Every request was answered, or its new connection refused: none met a connection closed under it.
    expect(Object.keys(traffic.result.noAnswerKinds ?? {}).filter((kind) => kind !== 'ECONNREFUSED')).toEqual([]);

    const after = await start();
    const { lost, unconfirmed, figures } = await keptBookings(after.url, 'demo-key-3', traffic.result);
    console.log(`after a restart on the same volume: ${figures}`);
    expect(lost).toEqual([]);
    expect(unconfirmed).toEqual([]);
  }, 600_000);
});
