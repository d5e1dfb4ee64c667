/**
 * Podman for the container tests (scripts/ci/image.test.ts, examples/testcontainers): whether it can
 * run here, the image under test (HOTEL_IMAGE, or built from the Dockerfile), and containers that a
 * test starts and always removes. Podman is set up by scripts/ci/image-setup.sh; without it the tests
 * are skipped locally and FAIL under CI=true, as the PostgreSQL and Chromium tests do.
 */
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { ROOT } from '../../server/testing/serverProcess.js';

const run = promisify(execFile);

/** Why podman cannot run containers here, or undefined when it can. */
export function podmanUnavailable(): string | undefined {
  try {
    execFileSync('podman', ['info', '--format', '{{.Host.OCIRuntime.Name}}'], { stdio: 'pipe', timeout: 60_000 });
    return undefined;
  } catch (error) {
    const { code, stderr } = error as { code?: string; stderr?: Buffer };
    return code === 'ENOENT' ? 'podman not found (bash scripts/ci/image-setup.sh installs and sets it up)' : `podman info failed: ${stderr?.toString().trim() ?? String(error)}`;
  }
}

/** Skip locally, fail in CI: `describe.skipIf(skipPodman())`. */
export function skipPodman(): boolean {
  const reason = podmanUnavailable();
  if (reason && process.env.CI === 'true') throw new Error(`Container tests cannot run in CI: ${reason}`);
  if (reason) console.warn(`Skipping container tests: ${reason}`);
  return reason !== undefined;
}

/** `podman args…`, its stdout trimmed; rejects with its stderr. */
export async function podman(args: readonly string[], timeoutMs = 120_000): Promise<string> {
  try {
    const { stdout } = await run('podman', [...args], { cwd: ROOT, timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 });
    return stdout.trim();
  } catch (error) {
    const { stderr } = error as { stderr?: string };
    throw new Error(`podman ${args.join(' ')} failed: ${stderr?.trim() ?? String(error)}`, { cause: error });
  }
}

/**
 * The image under test: HOTEL_IMAGE when scripts/ci/image.sh built it already, else built here from
 * the repository's Dockerfile (as partners build it; --network host and the docker format only
 * because podman runs rootful without a bridge here and keeps HEALTHCHECK only in that format).
 */
export async function imageUnderTest(): Promise<string> {
  if (process.env.HOTEL_IMAGE) return process.env.HOTEL_IMAGE;
  const tag = 'localhost/hotel-sandbox:test';
  await podman(['build', '--network', 'host', '--format', 'docker', '--tag', tag, '.'], 1_200_000);
  return tag;
}

/** Bytes of an image as podman stores it (its layers, uncompressed). */
export async function imageBytes(image: string): Promise<number> {
  return Number(await podman(['image', 'inspect', '--format', '{{.Size}}', image]));
}

/** The FROM of the Dockerfile's final stage: the base whose size the image adds to. */
export function baseImageOf(dockerfile: string): string {
  const froms = [...dockerfile.matchAll(/^FROM\s+(\S+)/gm)].map((match) => match[1]!);
  const base = froms.at(-1);
  if (!base) throw new Error('Dockerfile has no FROM');
  return base;
}

/** The host URL of a container's published port (`-p 127.0.0.1::PORT`). */
export async function publishedUrl(container: string, port: number): Promise<string> {
  const mapping = (await podman(['port', container, `${port}/tcp`])).split('\n')[0] ?? '';
  const hostPort = /:(\d+)$/.exec(mapping)?.[1];
  if (!hostPort) throw new Error(`container ${container} publishes no port for ${port}: '${mapping}'`);
  return `http://127.0.0.1:${hostPort}`;
}

/** Polls until `url` answers 200 (bounded); returns the milliseconds it took. */
export async function waitForOk(url: string, timeoutMs = 120_000): Promise<number> {
  const started = performance.now();
  for (;;) {
    const status = await fetch(url, { signal: AbortSignal.timeout(2_000) }).then((response) => response.status, () => 0);
    if (status === 200) return performance.now() - started;
    if (performance.now() - started > timeoutMs) throw new Error(`${url} did not answer 200 within ${timeoutMs} ms (last: ${status || 'no answer'})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Names of what one test file creates, unique per process, and their removal. */
export function containerScope(prefix: string) {
  const containers = new Set<string>();
  const volumes = new Set<string>();
  let next = 0;
  return {
    container: () => {
      const name = `${prefix}-${process.pid}-${next++}`;
      containers.add(name);
      return name;
    },
    volume: () => {
      const name = `${prefix}-vol-${process.pid}-${next++}`;
      volumes.add(name);
      return name;
    },
    async removeAll() {
      for (const name of containers) await podman(['rm', '--force', '--volumes', '--time', '0', name]).catch(() => {});
      for (const name of volumes) await podman(['volume', 'rm', '--force', name]).catch(() => {});
    },
  };
}
