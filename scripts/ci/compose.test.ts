/**
 * The compose deployment (deploy/compose.yaml) is valid for the Compose Specification and clean under
 * dclint's rules (a linter from the npm registry with the compose-spec schema), and a broken one is
 * not; it and the plain processes (deploy/processes/start.sh) give HAProxy every variable its
 * configuration reads, and the replicas the settings a shared sandbox needs. It runs for real in
 * scripts/ci/deploy-compose.test.ts (podman-compose) and, as plain processes, scripts/ci/deploy.test.ts.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const require = createRequire(import.meta.url);
const root = new URL('../../', import.meta.url).pathname;
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const COMPOSE = read('deploy/compose.yaml');
const HAPROXY = read('deploy/haproxy/haproxy.cfg');

interface Service {
  image?: string;
  build?: { context: string; dockerfile: string };
  environment?: Record<string, string>;
  ports?: string[];
  expose?: string[];
  volumes?: string[];
}
const compose = parse(COMPOSE, { merge: true }) as { services: Record<string, Service> };

describe('deploy/compose.yaml', () => {
  const dir = mkdtempSync(join(tmpdir(), 'compose-lint-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** dclint's findings on `text` as a compose file (none: []). */
  function lint(text: string): string[] {
    const file = join(dir, 'compose.yaml');
    writeFileSync(file, text);
    try {
      execFileSync(process.execPath, [join(dirname(require.resolve('dclint/package.json')), 'bin/dclint.cjs'), file, '--formatter', 'compact', '--color', 'false', '--max-warnings', '0'], { stdio: 'pipe' });
      return [];
    } catch (error) {
      return ((error as { stdout?: Buffer }).stdout?.toString() ?? String(error)).trim().split('\n').filter(Boolean);
    }
  }

  it('is valid and lint-clean (dclint, warnings included), and a broken one is not', () => {
    expect(lint(COMPOSE)).toEqual([]);
    expect(lint(COMPOSE.replace('  replica2: *replica\n', '  replica2: *replica\n  replica3:\n    images: hotel-sandbox:local\n')).length).toBeGreaterThan(0);
    expect(lint(COMPOSE.replace("      - '127.0.0.1:${STATS_PORT:-8404}:8404'", "      - '${STATS_PORT:-8404}:8404'")).length).toBeGreaterThan(0);
  });

  it('runs PostgreSQL, two replicas of the Dockerfile image and HAProxy with the proxy configuration', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['postgres', 'proxy', 'replica1', 'replica2']);
    for (const name of ['replica1', 'replica2']) {
      const replica = compose.services[name]!;
      expect(replica.build).toEqual({ context: '..', dockerfile: 'Dockerfile' });
      expect(replica.environment?.DATABASE_URL).toMatch(/^postgres:\/\/sandbox:\$\{POSTGRES_PASSWORD:\?[^}]*\}@postgres:5432\/sandbox$/);
      expect(replica.environment?.TRUST_PROXY).toBe('1');
      expect(replica.environment).toHaveProperty('SANDBOX_ADMIN_TOKEN');
      expect(replica.environment).toHaveProperty('PUBLIC_URL');
      expect(replica.ports, 'only the proxy reaches the replicas').toBeUndefined();
    }
    const proxy = compose.services.proxy!;
    expect(proxy.volumes).toEqual(['./haproxy:/usr/local/etc/haproxy:ro']);
    expect(proxy.environment?.REPLICA1).toBe('replica1:3000');
    expect(proxy.environment?.REPLICA2).toBe('replica2:3000');
  });

  it('gives HAProxy every variable its configuration reads, in compose and in the plain-process script', () => {
    const used = [...new Set([...HAPROXY.matchAll(/"\$\{(\w+)\}/g)].map((match) => match[1]!))].sort();
    expect(used).toEqual(['HAPROXY_DIR', 'PROXY_BIND', 'REPLICA1', 'REPLICA2', 'STATS_BIND', 'STATS_SOCKET']);
    expect(Object.keys(compose.services.proxy?.environment ?? {}).sort()).toEqual(used);
    const start = read('deploy/processes/start.sh');
    const exported = [...start.matchAll(/^export ((?:\w+=\S+ ?)+)$/gm)].flatMap((match) => match[1]!.split(' ').map((pair) => pair.split('=')[0]));
    expect(used.filter((name) => !exported.includes(name))).toEqual([]);
  });

  it('checks /readyz, forwards the client address itself and answers 503 in the API error shape', () => {
    expect(HAPROXY).toMatch(/http-check send meth GET uri \/readyz\n\s+http-check expect status 200/);
    expect(HAPROXY).toContain('http-request set-header X-Forwarded-For %[src]');
    const [head, body] = read('deploy/haproxy/503.http').split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 503 /);
    expect(head).toContain('Retry-After: 1');
    expect(head).toContain('Content-Type: application/json');
    expect(JSON.parse(body!)).toEqual({ error: expect.any(String) });
  });
});
