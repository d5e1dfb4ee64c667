/**
 * What the kit says before and while it runs: a wrong base URL (a path too many) or a server that is
 * not this API stops at once with exit 2 and a hint; a refused key likewise; a static mock is named
 * as one and the run goes on; `init-ci` writes the recipes; the kit never calls another server
 * than the one under test; and the summary says every failure in a whole line.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract } from '../contract/document.js';
import { collectExamples } from '../contract/examples.js';
import { main } from './cli.js';
import { initCi } from './initCi.js';
import { fetchOnServer, outsideServerUnderTest } from './kit/preflight.js';
import { headline, summaryText } from './reports/console.js';
import { startReferenceServer, type RunningServer } from './testing/support/referenceServer.js';
import type { RunReport } from './kit/types.js';

function run(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  return main(argv, { out: (l) => out.push(l), err: (l) => err.push(l) }).then((code) => ({ code, out: out.join('\n'), err: err.join('\n') }));
}

/** A server of our own making on a free port; every request is counted. */
async function fakeServer(handle: (req: IncomingMessage, body: string, res: ServerResponse) => void) {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      requests.push(`${req.method} ${req.url}`);
      handle(req, body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    requests,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe('the preflight, against the reference server', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startReferenceServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('a base URL with a path too many (…/api) stops at once with exit 2, suggesting the one that answers', async () => {
    const { code, out, err } = await run(['--base-url', `${server.url}/api`, '--apikey', 'demo-key-1']);
    expect(code).toBe(2);
    expect(out).toBe('');
    expect(err).toBe(
      `hotel-conformance: ${server.url}/api does not look like the Hotel Booking API: POST /booking_overview.php answered 404: there is no /booking_overview.php here. ` +
        `Hint: did you mean --base-url ${server.url}? It answers like the API.`,
    );
  });

  it('a key the server does not know stops with exit 2 before any check', async () => {
    const { code, out, err } = await run(['--base-url', server.url, '--apikey', 'demo-key-1', '--apikey2', 'not-a-key']);
    expect(code).toBe(2);
    expect(out).toBe('');
    expect(err).toMatch(new RegExp(`^hotel-conformance: ${server.url} refuses --apikey2 \\(403: .+\\)\\. Hint: pass a key of an account on that server\\.$`));
  });

  it('the real API passes the preflight, says nothing about mocks, and runs', async () => {
    const { code, out } = await run(['--base-url', server.url, '--apikey', 'demo-key-1', '--control', server.url, '--only', 'auth.overview']);
    expect(code).toBe(0);
    expect(out).not.toMatch(/^note:/m);
    expect(out).toMatch(/3 checks: 3 passed/);
  });
});

describe('the preflight, against servers that are not this API', () => {
  it('an HTML site stops at once with exit 2 after one request per candidate URL, naming what it answered', async () => {
    const site = await fakeServer((_req, _body, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Welcome</title>'));
    try {
      const { code, err } = await run(['--base-url', `${site.url}/shop/api`, '--apikey', 'k']);
      expect(code).toBe(2);
      expect(err).toContain(`${site.url}/shop/api does not look like the Hotel Booking API: POST /booking_overview.php answered 200 with an HTML page, not the API's JSON.`);
      expect(err).toContain("Hint: the base URL is the address the API's paths");
      // The base URL, then its two parents: nothing else, and no check ran.
      expect(site.requests).toEqual(['POST /shop/api/booking_overview.php', 'POST /shop/booking_overview.php', 'POST /booking_overview.php']);
    } finally {
      await site.close();
    }
  });

  it('a catch-all that answers 200 to any path stops too', async () => {
    const catchAll = await fakeServer((_req, _body, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'));
    try {
      const { code, err } = await run(['--base-url', catchAll.url, '--apikey', 'k']);
      expect(code).toBe(2);
      expect(err).toContain('it answers 200 to any path (/hotel-conformance-no-such-path.php too)');
    } finally {
      await catchAll.close();
    }
  });

  it('a redirect is reported, never followed', async () => {
    const redirecting = await fakeServer((_req, _body, res) => res.writeHead(301, { location: 'https://elsewhere.example/' }).end());
    try {
      const { code, err } = await run(['--base-url', redirecting.url, '--apikey', 'k']);
      expect(code).toBe(2);
      expect(err).toContain('answered 301, a redirect to https://elsewhere.example/');
      expect(redirecting.requests).toEqual(['POST /booking_overview.php']);
    } finally {
      await redirecting.close();
    }
  });

  it('a static mock that serves the contract\'s examples is named as one, and the run goes on', async () => {
    const example = collectExamples(loadContract()).find((e) => e.kind === 'response' && e.path === '/booking_overview.php' && e.status === '200');
    const mock = await fakeServer((req, body, res) => {
      const hasKey = req.url === '/booking_overview.php' && body.includes('apikey');
      // Prism's answer to a request its contract refuses, and the example to one it accepts.
      if (req.url === '/booking_overview.php' && !hasKey) {
        res.writeHead(422, { 'content-type': 'application/problem+json' }).end(JSON.stringify({ type: 'https://stoplight.io/prism/errors#UNPROCESSABLE_ENTITY', title: 'Invalid request', status: 422 }));
      } else res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(example?.value));
    });
    try {
      const { out } = await run(['--base-url', mock.url, '--apikey', 'k', '--pace', 'off', '--only', 'auth.overview.unknown-key-403']);
      expect(out).toMatch(/^note: http:\/\/127\.0\.0\.1:\d+ looks like Prism \(a static mock of the contract\)/m);
      expect(out).toMatch(/1 checks: 0 passed, 1 failed/);
      expect(out).not.toMatch(/pace off/); // the user chose the pace
      // Without a choice: no pacing for limits a mock does not keep, said in one line (docs/conformance-kit.md).
      const unchosen = await run(['--base-url', mock.url, '--apikey', 'k', '--only', 'generated.search.wrong-type', '--negative', '15']);
      expect(unchosen.out).toMatch(/^note: pace off: a static mock keeps no rate limits/m);
      expect(unchosen.out).toMatch(/slept 0 s on rate limits/);
    } finally {
      await mock.close();
    }
  });
});

describe('the kit calls only the server under test', () => {
  it('another origin is outside; the same origin, a relative URL and another path are not', () => {
    const base = 'http://127.0.0.1:8080/api';
    expect(outsideServerUnderTest('http://127.0.0.1:3000/book/finalize?bookhash=x', base)).toMatch(/is on another server than the one under test \(http:\/\/127\.0\.0\.1:8080\)/);
    expect(outsideServerUnderTest('https://127.0.0.1:8080/book', base)).toBeDefined();
    expect(outsideServerUnderTest('http://127.0.0.1:8080/book/finalize', base)).toBeUndefined();
    expect(outsideServerUnderTest('/book/finalize', base)).toBeUndefined();
  });

  it('follows a redirect that stays on the server, and answers one that leaves it without following', async () => {
    const elsewhere = await fakeServer((_req, _body, res) => res.writeHead(200).end('elsewhere'));
    const server = await fakeServer((req, _body, res) => {
      if (req.url === '/a') res.writeHead(302, { location: '/b' }).end();
      else if (req.url === '/b') res.writeHead(302, { location: `${elsewhere.url}/pay` }).end();
      else res.writeHead(404).end();
    });
    try {
      const response = await fetchOnServer(`${server.url}/a`, {}, server.url);
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe(`${elsewhere.url}/pay`);
      expect(server.requests).toEqual(['GET /a', 'GET /b']);
      expect(elsewhere.requests).toEqual([]);
    } finally {
      await server.close();
      await elsewhere.close();
    }
  });
});

describe('init-ci', () => {
  const project = mkdtempSync(join(tmpdir(), 'hotel-conformance-init-ci-'));
  afterAll(() => rmSync(project, { recursive: true, force: true }));

  it('writes the GitHub and GitLab recipes where their CI looks, never over a file without --force', () => {
    expect(initCi(['github'], project)).toMatchObject({ code: 0, lines: expect.arrayContaining(['wrote .github/workflows/hotel-api.yml']) });
    expect(readFileSync(join(project, '.github/workflows/hotel-api.yml'), 'utf8')).toBe(readFileSync(new URL('../examples/ci/github-actions.yml', import.meta.url), 'utf8'));
    expect(initCi(['gitlab'], project).code).toBe(0);
    expect(readFileSync(join(project, '.gitlab-ci.yml'), 'utf8')).toBe(readFileSync(new URL('../examples/ci/gitlab-ci.yml', import.meta.url), 'utf8'));
    expect(initCi(['gitlab'], project)).toEqual({ code: 2, lines: ['hotel-conformance init-ci: .gitlab-ci.yml exists; --force replaces it'] });
    expect(initCi(['gitlab', '--force'], project).code).toBe(0);
  });

  it("adds what the steps write to the project's .gitignore, once, keeping its lines", () => {
    const other = mkdtempSync(join(tmpdir(), 'hotel-conformance-init-ci-ignore-'));
    try {
      writeFileSync(join(other, '.gitignore'), 'node_modules\n/artifacts');
      expect(initCi(['github'], other).lines).toContain('added .sandbox/, .npm/ to .gitignore (what the steps write)');
      expect(readFileSync(join(other, '.gitignore'), 'utf8')).toMatch(/^node_modules\n\/artifacts\n# .*\n\.sandbox\/\n\.npm\/\n$/);
      expect(initCi(['gitlab'], other).lines.join('\n')).not.toContain('.gitignore');
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });

  it('refuses an unknown CI system, naming the one meant', () => {
    expect(initCi(['gihub'], project)).toMatchObject({ code: 2, lines: ['hotel-conformance init-ci: name the CI system: github or gitlab (did you mean github?)', expect.any(String)] });
    expect(initCi([], project).code).toBe(2);
  });
});

describe('the summary', () => {
  it('says each failure in a whole line: a list it introduces is not left out', () => {
    expect(headline('contract violations:\n  /hotels/0/id: must be integer\n  /hotels/1/id: must be integer')).toBe(
      'contract violations: /hotels/0/id: must be integer (+1 more line above)',
    );
    expect(headline('expected 401, got 200')).toBe('expected 401, got 200');
    const report = {
      tool: 'hotel-conformance', baseUrl: 'http://x', control: null, profile: 'spec', startedAt: '', durationMs: 1, planned: 1, complete: true,
      results: [{ id: 'a.b', title: 't', group: 'a', section: '4.1', tag: 'spec', needs: [], status: 'failed', message: 'contract violations:\n  /x: must be string', durationMs: 1, requests: {} }],
      summary: { passed: 0, failed: 1, skipped: 0, setupFailed: 0, blocked: 0, total: 1 }, requestsPerEndpoint: {}, waitedSeconds: 0, clockAdvancedSeconds: 0,
    } as RunReport;
    expect(summaryText(report)).toContain('  ✗ a.b (4.1, spec): contract violations: /x: must be string\n');
  });
});
