/** Command-line parsing and the exit codes of main(). */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { USAGE, main, parseCli } from './cli.js';
import { startReferenceServer } from './testing/support/referenceServer.js';

const base = ['--base-url', 'http://127.0.0.1:3000/', '--apikey', 'demo-key-1'];

function run(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  return main(argv, { out: (l) => out.push(l), err: (l) => err.push(l) }).then((code) => ({ code, out: out.join('\n'), err: err.join('\n') }));
}

describe('parseCli', () => {
  it('parses a full command line', () => {
    const command = parseCli([
      ...base, '--apikey2', 'demo-key-2', '--control', 'http://127.0.0.1:3000', '--profile', 'reference',
      '--only', 'auth,limits.search', '--only', 'states', '--skip', 'limits.search.daily-200',
      '--junit', 'out/j.xml', '--json', 'out/r.json', '--request-budget', '300', '--timeout-ms', '2000', '--rate-limit', '4', '--near', '52.37, 4.89',
      '--keep-state', '--negative', '6', '--seed', 'abc-1', '--repro', 'out/repro',
    ]);
    expect(command).toMatchObject({
      kind: 'run',
      junit: 'out/j.xml',
      json: 'out/r.json',
      repro: 'out/repro',
      options: {
        baseUrl: 'http://127.0.0.1:3000', apikey: 'demo-key-1', apikey2: 'demo-key-2', control: 'http://127.0.0.1:3000', profile: 'reference',
        only: ['auth', 'limits.search', 'states'], skip: ['limits.search.daily-200'], requestBudget: 300, timeoutMs: 2000, pacePerMinute: 4,
        near: { latitude: 52.37, longitude: 4.89 }, keepState: true, negative: 6, seed: 'abc-1',
      },
    });
  });

  it('defaults: profile spec, no harness', () => {
    const command = parseCli([...base, '--control', 'none']);
    expect(command.kind).toBe('run');
    if (command.kind === 'run') {
      expect(command.options.profile).toBe('spec');
      expect(command.options.control).toBeUndefined();
      expect(command.options.timeoutMs).toBeUndefined();
    }
  });

  it.each([
    [['--apikey', 'k'], /--base-url is required/],
    [['--base-url', 'http://x'], /--apikey is required/],
    [['--base-url', 'ftp://x', '--apikey', 'k'], /http\(s\) URL/],
    [[...base, '--profile', 'strict'], /--profile must be spec or reference/],
    [[...base, '--request-budget', '0'], /--request-budget must be an integer ≥ 1/],
    [[...base, '--timeout-ms', '1.5'], /--timeout-ms/],
    [[...base, '--near', '95,4'], /--near must be LAT,LON/],
    [[...base, '--negative', '1.5'], /--negative must be an integer ≥ 0 or all/],
    [[...base, '--seed', 'two words'], /--seed must be/],
    [[...base, '--only', 'no.such.check'], /no check matches 'no.such.check'/],
    [[...base, '--control', 'localhost:3000'], /--control must be an http\(s\) URL or none/],
    [[...base, '--bogus'], /^unknown option '--bogus'$/],
    [[...base, '--api-key', 'k'], /^unknown option '--api-key'; did you mean --apikey\?$/],
    [[...base, '--base_url=http://x'], /^unknown option '--base_url'; did you mean --base-url\?$/],
    [[...base, '--profile', 'refrence'], /--profile must be spec or reference \(got 'refrence'\); did you mean reference\?/],
    [[...base, '--only', 'search.raduis'], /no check matches 'search.raduis'; did you mean search.radius\?/],
    [[...base, '--keep-state'], /--keep-state needs --control/],
    [[...base, 'positional'], /positional/],
  ])('refuses %j', (argv, message) => {
    const command = parseCli(argv);
    expect(command.kind).toBe('error');
    if (command.kind === 'error') expect(command.message).toMatch(message);
  });

  it('--negative all runs every case; --replay needs the base URL and key like a run', () => {
    expect(parseCli([...base, '--negative', 'all'])).toMatchObject({ kind: 'run', options: { negative: 'all' } });
    expect(parseCli([...base, '--apikey2', 'k2', '--replay', 'r.sh'])).toEqual({
      kind: 'replay', file: 'r.sh', baseUrl: 'http://127.0.0.1:3000', keys: ['demo-key-1', 'k2'], timeoutMs: 5000,
    });
    expect(parseCli(['--replay', 'r.sh', '--apikey', 'k'])).toMatchObject({ kind: 'error', message: '--base-url is required' });
  });

  it('--list applies --profile/--only and needs no target', () => {
    const command = parseCli(['--list', '--only', 'auth.search']);
    expect(command.kind === 'list' && command.checks.map((c) => c.id)).toEqual(['auth.search.missing-key-401', 'auth.search.unknown-key-403']);
  });
});

describe('main', () => {
  it('exits 2 with one line and a pointer to --help on a usage error, not the help itself', async () => {
    const { code, err, out } = await run(['--apikey', 'k']);
    expect(code).toBe(2);
    expect(err).toBe('hotel-conformance: --base-url is required; see --help');
    expect(out).toBe('');
  });

  it('prints the help and the catalogue with exit 0', async () => {
    expect(await run(['--help'])).toMatchObject({ code: 0, out: USAGE });
    const listed = await run(['--list', '--profile', 'reference']);
    expect(listed.code).toBe(0);
    expect(listed.out).toMatch(/search\.radius\.max-accepted +\[spec; §4\.1, 8\]/);
    expect(listed.out).toMatch(/limits\.search\.daily-200 +\[spec; §8; expensive\]/);
  });

  it('exits 2 with one clear error when nothing answers on the base URL (preflight)', async () => {
    // Port 2: privileged (only root could listen there), no service uses it, and fetch does not block it as it does 1.
    // (A free port found now could be taken by the time we connect.)
    const { code, out, err } = await run(['--base-url', 'http://127.0.0.1:2', '--apikey', 'k', '--timeout-ms', '500']);
    expect(code).toBe(2);
    expect(err).toBe('hotel-conformance: cannot connect to http://127.0.0.1:2: ECONNREFUSED');
    expect(out).toBe('');
  });

  it('--pace off and --report html are parsed', () => {
    expect(parseCli([...base, '--pace', 'off', '--report', 'html'])).toMatchObject({
      kind: 'run',
      options: { pacePerMinute: 0, pacePerDay: 0 },
      html: 'conformance-report.html',
    });
    expect(parseCli([...base, '--html', 'out/r.html'])).toMatchObject({ html: 'out/r.html' });
    expect(parseCli([...base, '--pace', 'slow'])).toMatchObject({ kind: 'error' });
    expect(parseCli([...base, '--report', 'pdf'])).toMatchObject({ kind: 'error' });
  });
});

describe('main with --control against a server without the control API', () => {
  it('exits 2 with one line, before any check, on the reference server with its control API off', async () => {
    const server = await startReferenceServer({ config: { controlApi: false } });
    try {
      const { code, out, err } = await run(['--base-url', server.url, '--apikey', 'demo-key-1', '--control', server.url]);
      expect(code).toBe(2);
      expect(err).toBe(`hotel-conformance: ${server.url} does not offer the control API; run without --control or point it at the sandbox`);
      expect(out).toBe('');
    } finally {
      await server.close();
    }
  });

  it('exits 2 with one line against a mock that answers every unknown path with a JSON 404 (as Prism does)', async () => {
    const mock = createServer((req, res) => {
      const known = req.url === '/booking_overview.php';
      res.writeHead(known ? 401 : 404, { 'content-type': 'application/json' });
      res.end(JSON.stringify(known ? { error: 'Missing API key' } : { type: 'NO_PATH_MATCHED_ERROR', title: 'Route not resolved' }));
    });
    await new Promise<void>((resolve) => mock.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(mock.address() as AddressInfo).port}`;
    try {
      const { code, err } = await run(['--base-url', url, '--apikey', 'demo-key-1', '--apikey2', 'demo-key-2', '--control', url]);
      expect(code).toBe(2);
      expect(err.split('\n')).toEqual([`hotel-conformance: ${url} does not offer the control API; run without --control or point it at the sandbox`]);
    } finally {
      mock.closeAllConnections();
      await new Promise((resolve) => mock.close(resolve));
    }
  });
});
