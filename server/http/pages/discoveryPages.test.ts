/** The console routes over HTTP: /, /docs, the contract files, /healthz, methods and paths. */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRACT_PATH } from '../../../contract/document.js';
import { testWorld } from '../../testing/bookingServer.js';
import { LowdbStore } from '../../store/lowdbStore.js';
import { startTestServer, type TestServer } from '../../testing/testServer.js';
import { homePage } from './discoveryViews.js';
import { contentSecurityPolicy } from './layout.js';

const CONSOLE_PATHS = ['/', '/docs', '/docs/control', '/docs/redoc.standalone.js', '/openapi.yaml', '/openapi.json', '/control-api.yaml', '/control-api.json', '/healthz'];

describe('console routes', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ world: testWorld() });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('/ is a self-contained page with the demo keys and the links, under the pages\' CSP', async () => {
    const response = await server.request('/');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toBe(contentSecurityPolicy(server.baseUrl));
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    const page = String(response.body);
    for (const key of ['demo-key-1', 'demo-key-2', 'demo-key-3']) expect(page).toContain(`<code>${key}</code>`);
    expect(page).toContain('Müller-O&#39;Brien');
    for (const link of ['/docs', '/openapi.yaml', '/openapi.json', '/healthz', '/docs/control', '/_control/ui']) expect(page).toContain(`href="${link}"`);
    // Nothing to load from anywhere: no scripts, stylesheets, images or frames.
    expect(page).not.toMatch(/<(script|link|img|iframe)\b/);
  });

  it('/docs loads Redoc from this server and the spec from /openapi.json; only /docs gets the relaxed CSP', async () => {
    const response = await server.request('/docs');
    expect(response.status).toBe(200);
    const page = String(response.body);
    expect(page).toContain('<redoc spec-url="/openapi.json"');
    expect(page).toContain('<script src="/docs/redoc.standalone.js"></script>');
    const csp = response.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain('worker-src blob:');
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toMatch(/https?:/);
    expect((await server.request('/')).headers.get('content-security-policy')).not.toContain('unsafe-inline');
  });

  it('serves the Redoc bundle without its one CDN reference, revalidated by ETag', async () => {
    const response = await fetch(`${server.baseUrl}/docs/redoc.standalone.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const body = await response.text();
    expect(body.length).toBeGreaterThan(500_000);
    expect(body).not.toContain('cdn.redoc.ly');
    const etag = response.headers.get('etag')!;
    // fetch() would add `Cache-Control: no-cache` to a conditional request; a browser revalidating sends max-age=0.
    const again = await fetch(`${server.baseUrl}/docs/redoc.standalone.js`, {
      headers: { 'if-none-match': etag, 'cache-control': 'max-age=0' },
    });
    expect(again.status).toBe(304);
  });

  it('/openapi.yaml is the file as is; /openapi.json is the same document', async () => {
    const file = readFileSync(CONTRACT_PATH, 'utf8');
    const yaml = await server.request('/openapi.yaml');
    expect(yaml.status).toBe(200);
    expect(yaml.headers.get('content-type')).toBe('application/yaml; charset=utf-8');
    expect(yaml.body).toBe(file);
    const json = await server.request('/openapi.json');
    expect(json.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(json.body).toEqual(parse(file));
  });

  it('/healthz reports status, version, store kind and uptime, never cached', async () => {
    const response = await server.request('/healthz');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.body).toEqual({
      status: 'ok',
      version: (parse(readFileSync(CONTRACT_PATH, 'utf8')) as { info: { version: string } }).info.version,
      server_version: '1.0.0',
      store: 'lowdb',
      uptime_seconds: expect.any(Number),
    });
    expect(Number.isInteger(response.body.uptime_seconds) && response.body.uptime_seconds >= 0).toBe(true);
  });

  it('answers GET and HEAD only, with 405 and Allow otherwise', async () => {
    for (const path of CONSOLE_PATHS) {
      const head = await fetch(`${server.baseUrl}${path}`, { method: 'HEAD' });
      expect(head.status, path).toBe(200);
      for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']) {
        const response = await server.request(path, { method });
        expect(response.status, `${method} ${path}`).toBe(405);
        expect(response.headers.get('allow')).toBe('GET, HEAD');
        expect(response.body).toEqual({ error: `Method ${method} not allowed; use GET` });
      }
    }
  });

  it('paths are strict and case-sensitive', async () => {
    for (const path of ['/DOCS', '/Healthz', '/docs/', '/healthz/', '/openapi.YAML', '/index.html']) {
      const response = await server.request(path);
      expect(response.status, path).toBe(404);
      expect(response.body).toEqual({ error: `No such endpoint: GET ${path}` });
    }
  });
});

describe('console without the control API', () => {
  it('neither links nor serves the control API reference and the sandbox console', async () => {
    const server = await startTestServer({ world: testWorld(), config: { controlApi: false } });
    try {
      expect(String((await server.request('/')).body)).not.toContain('/docs/control');
      expect(String((await server.request('/')).body)).not.toContain('/_control/ui');
      for (const path of ['/docs/control', '/control-api.yaml', '/control-api.json', '/_control/ui']) {
        expect((await server.request(path)).status, path).toBe(404);
      }
      expect((await server.request('/docs')).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});

describe('/healthz store kind', () => {
  it('is whatever the store says it is', async () => {
    const lowdb = await LowdbStore.inMemory();
    const store = Object.assign(Object.create(lowdb) as LowdbStore, { kind: 'postgres' });
    const server = await startTestServer({ world: testWorld(), store });
    try {
      expect((await server.request('/healthz')).body).toMatchObject({ store: 'postgres' });
    } finally {
      await server.close();
    }
  });
});

describe('homePage', () => {
  it('escapes every value', () => {
    const page = homePage({
      apiTitle: 'API <b>',
      apiVersion: '1"2',
      publicUrl: 'http://x/?a=1&b=<2>',
      demoAccounts: [{ apikey: 'k"><script>alert(1)</script>', first_name: "O'Neil", last_name: '<i>', email: 'a&b@example.com' }],
      operations: [{ path: '/search.php', summary: '<img src=x onerror=alert(1)>' }],
      controlDocsPath: '/docs/control"onclick="x',
    });
    expect(page).not.toContain('<script>');
    expect(page).not.toContain('<img');
    expect(page).not.toContain('<i>');
    expect(page).toContain('k&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page).toContain('O&#39;Neil &lt;i&gt;');
    expect(page).toContain('a&amp;b@example.com');
    expect(page).toContain('http://x/?a=1&amp;b=&lt;2&gt;');
    expect(page).toContain('href="/docs/control&quot;onclick=&quot;x"');
  });
});
