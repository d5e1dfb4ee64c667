import { describe, expect, it } from 'vitest';
import { certify } from '../domain/certification/engine.js';
import { TestJournal } from '../testing/certificationJournal.js';
import { EXIT, main, parseCertifyArgs } from './certify.js';

const BASE = 'http://127.0.0.1:9';

/** A sandbox answering the given control routes; every other path is a 404. */
function sandbox(routes: Record<string, (body: unknown) => { status: number; body: unknown }>) {
  const calls: string[] = [];
  const fetchFn = (async (url: string | URL, init?: RequestInit) => {
    const path = new URL(String(url)).pathname;
    calls.push(path);
    const route = routes[path];
    const answer = route ? route(JSON.parse(init?.body as string)) : { status: 404, body: { error: 'No such endpoint' } };
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return { fetchFn, calls };
}

function run(argv: string[], fetchFn: typeof fetch) {
  const out: string[] = [];
  const err: string[] = [];
  const files = new Map<string, string>();
  const code = main(argv, { fetch: fetchFn, out: (l) => out.push(l), err: (l) => err.push(l), writeFile: (p, t) => files.set(p, t) });
  return code.then((exit) => ({ exit, out, err, files }));
}

describe('parseCertifyArgs', () => {
  it('needs an http(s) base URL and a key; refuses unknown flags', () => {
    expect(parseCertifyArgs(['--apikey', 'k'])).toMatchObject({ kind: 'error', message: '--base-url is required' });
    expect(parseCertifyArgs(['--base-url', 'ftp://x', '--apikey', 'k'])).toMatchObject({ kind: 'error' });
    expect(parseCertifyArgs(['--base-url', BASE])).toMatchObject({ kind: 'error', message: '--apikey is required' });
    expect(parseCertifyArgs(['--base-url', BASE, '--apikey', 'k', '--nope'])).toMatchObject({ kind: 'error' });
    expect(parseCertifyArgs(['--base-url', `${BASE}/`, '--apikey', 'k', '--html', 'r.html'])).toMatchObject({
      kind: 'run',
      baseUrl: BASE,
      outputs: { html: 'r.html' },
    });
  });
});

describe('npm run certify', () => {
  it('prints the server-computed report, writes the files and exits by the verdict', async () => {
    const journal = new TestJournal();
    journal.call('/search.php', { at: 0, headers: { 'x-api-key': 'k' } });
    const report = certify(journal.entries);
    let asked: unknown;
    const { fetchFn, calls } = sandbox({
      '/_control/certification': (body) => {
        asked = body;
        return { status: 200, body: report };
      },
    });
    const result = await run(['--base-url', BASE, '--apikey', 'k', '--json', 'r.json', '--junit', 'r.xml', '--html', 'r.html'], fetchFn);
    expect(result.exit).toBe(EXIT.failed);
    expect(calls).toEqual(['/_control/certification']);
    expect(asked).toEqual({ apikey: 'k' });
    expect(JSON.parse(result.files.get('r.json')!)).toEqual(report);
    expect(result.files.get('r.xml')).toContain('<testsuites name="hotel-certification"');
    expect(result.files.get('r.html')).toMatch(/^<!doctype html>/);
    expect(result.out.at(-1)).toBe('FAILED: 2 passed, 1 failed, 11 not yet seen (1 journal entry)');
    expect(result.out.some((l) => l.startsWith('FAIL     key-in-body'))).toBe(true);
  });

  it('computes the report from the journal when the server has no certification route', async () => {
    const { fetchFn, calls } = sandbox({ '/_control/journal': () => ({ status: 200, body: { count: 0, entries: [] } }) });
    const result = await run(['--base-url', BASE, '--apikey', 'k'], fetchFn);
    expect(calls).toEqual(['/_control/certification', '/_control/journal']);
    expect(result.exit).toBe(EXIT.incomplete);
  });

  it('exits 0 when certified', async () => {
    const certified = certify([], { rules: [] });
    const { fetchFn } = sandbox({ '/_control/certification': () => ({ status: 200, body: certified }) });
    expect((await run(['--base-url', BASE, '--apikey', 'k'], fetchFn)).exit).toBe(EXIT.certified);
  });

  it.each<{ name: string; routes: Parameters<typeof sandbox>[0]; message: RegExp }>([
    { name: 'a refused key', routes: { '/_control/certification': () => ({ status: 403, body: { error: 'Invalid API key' } }) }, message: /answered 403: Invalid API key$/ },
    { name: 'no control API', routes: {}, message: /has no \/_control\/certification or \/_control\/journal/ },
    { name: 'a malformed report', routes: { '/_control/certification': () => ({ status: 200, body: { verdict: 'great' } }) }, message: /did not answer a certification report/ },
  ])('exits 2 with one line on $name', async ({ routes, message }) => {
    const result = await run(['--base-url', BASE, '--apikey', 'k'], sandbox(routes).fetchFn);
    expect(result.exit).toBe(EXIT.usage);
    expect(result.err).toHaveLength(1);
    expect(result.err[0]).toMatch(message);
  });

  it('exits 2 on a usage error and when nothing listens', async () => {
    expect((await run(['--apikey', 'k'], fetch)).err).toEqual(['certify: --base-url is required (see --help)']);
    // Port 2: privileged (only root could listen there), no service uses it, and fetch does not block it as it does 1.
    // (A free port found now could be taken by the time we connect.)
    const result = await run(['--base-url', 'http://127.0.0.1:2', '--apikey', 'k'], fetch);
    expect(result.exit).toBe(EXIT.usage);
    expect(result.err[0]).toMatch(/^certify: cannot reach http:\/\/127\.0\.0\.1:2\/_control\/certification \(ECONNREFUSED\)$/);
  });
});
