/**
 * The contract in the client generators partners use (issue 28). From today's openapi.yaml, with the
 * generators' pinned versions (package.json; docs/contract.md names them), it generates:
 * - @hey-api/openapi-ts: the fetch client, its SDK and zod schemas;
 * - orval: a fetch client and, apart, zod schemas;
 * - openapi-zod-client: its zodios client with zod schemas;
 * then type-checks each with TypeScript `strict` (as `tsc --strict`, the libraries' own .d.ts skipped as
 * partners' projects do), and walks search → hotel details → booking start against an in-process
 * sandbox with the hey-api SDK, validating every answer with the zod schemas of all three.
 * A contract with the break the issue found (a `pattern` beside DisplayCurrency's `enum`) must fail
 * the type check, so the check can fail. Each generator runs as a partner runs it: its own CLI.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../server/sandbox.js';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../', import.meta.url));
const bin = (name: string) => join(root, 'node_modules/.bin', name);

/** The generated clients, one folder each, and the files tsc checks for each. */
const CLIENTS = ['hey-api', 'orval-fetch', 'orval-zod', 'openapi-zod-client'] as const;
type ClientName = (typeof CLIENTS)[number];

/**
 * A partner's project outside the repository: a package.json naming the zod it uses (hey-api and orval
 * read it to choose between zod 3 and 4 code) and the repository's node_modules, so zod, @zodios/core
 * and axios resolve at the versions package.json pins.
 */
function workDirectory(): string {
  const work = mkdtempSync(join(tmpdir(), 'generated-clients-'));
  symlinkSync(join(root, 'node_modules'), join(work, 'node_modules'), 'dir');
  const pinned = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> }).devDependencies;
  const dependencies = Object.fromEntries(['zod', '@zodios/core', 'axios'].map((name) => [name, pinned[name]]));
  writeFileSync(join(work, 'package.json'), JSON.stringify({ name: 'partner', private: true, type: 'module', dependencies }, null, 2));
  return work;
}

/** Runs the three generators on `contract` into `work`, each with its own CLI. */
async function generate(work: string, contract: string): Promise<void> {
  const options = { cwd: work, timeout: 120_000, maxBuffer: 16 * 1024 * 1024 };
  mkdirSync(join(work, 'openapi-zod-client')); // it writes into an existing folder only
  writeFileSync(
    join(work, 'orval.config.cjs'),
    `module.exports = {
  fetchClient: { input: ${JSON.stringify(contract)}, output: { target: './orval-fetch/client.ts', client: 'fetch', mode: 'single' } },
  zodSchemas: { input: ${JSON.stringify(contract)}, output: { target: './orval-zod/schemas.ts', client: 'zod', mode: 'single' } },
};
`,
  );
  await Promise.all([
    run(bin('openapi-ts'), ['-i', contract, '-o', 'hey-api', '-p', '@hey-api/client-fetch', '@hey-api/typescript', '@hey-api/sdk', 'zod'], options),
    run(bin('orval'), ['--config', 'orval.config.cjs'], options),
    run(bin('openapi-zod-client'), [contract, '-o', 'openapi-zod-client/client.ts'], options),
  ]);
}

function filesOf(directory: string): string[] {
  return readdirSync(directory, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts')).map((file) => join(directory, file));
}

/** The first line of each TypeScript error of one generated client under `strict`. */
function typeErrors(work: string, client: ClientName): string[] {
  const program = ts.createProgram(filesOf(join(work, client)), {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
  });
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file ? `${d.file.fileName.slice(work.length + 1)}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1} ` : '';
    return `${where}TS${d.code} ${ts.flattenDiagnosticMessageText(d.messageText, '\n').split('\n')[0] ?? ''}`;
  });
}

/** Characters a generator must not write raw into code: C0 and C1 controls (but tab, LF, CR) and bidi embeddings, overrides, isolates. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const RAW_CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/u;

describe('generated clients from today\'s openapi.yaml', () => {
  const work = workDirectory();
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  beforeAll(() => generate(work, join(root, 'openapi.yaml')), 300_000);

  it.each(CLIENTS)('%s type-checks under strict', (client) => {
    expect(typeErrors(work, client)).toEqual([]);
  }, 120_000);

  it.each(CLIENTS)('%s holds no raw control or bidi character (patterns come out as escapes)', (client) => {
    for (const file of filesOf(join(work, client))) expect(RAW_CONTROLS.exec(readFileSync(file, 'utf8'))?.[0], file).toBeUndefined();
  });

  it('keeps the request defaults and bounds (residency, language, currency; service_hash maxLength; price maxima)', () => {
    const hey = readFileSync(join(work, 'hey-api/zod.gen.ts'), 'utf8');
    expect(hey).toMatch(/zResidencyCode = z\.string\(\)[^;]*\.default\('nl'\)/);
    expect(hey).toMatch(/zSearchLanguageCode = z\.string\(\)[^;]*\.default\('nl'\)/);
    expect(hey).toMatch(/zLanguageCode = z\.string\(\)[^;]*\.default\('en'\)/);
    // hey-api 0.95 writes no .default() for any enum (a limitation of the generator); the other two keep EUR.
    expect(hey).toMatch(/zServiceHash = z\.string\(\)\.max\(200\)/);
    expect(hey).toMatch(/price_to: z\.number\(\)\.int\(\)\.gte\(0\)\.lte\(9007199254740991\)/);
    const orval = readFileSync(join(work, 'orval-zod/schemas.ts'), 'utf8');
    for (const [name, value] of [['searchHotelsBodyResidency', 'nl'], ['searchHotelsBodyLanguage', 'nl'], ['searchHotelsBodyCurrency', 'EUR'], ['getHotelDetailsBodyLanguage', 'en'], ['getHotelDetailsBodyCurrency', 'EUR']]) {
      expect(orval).toContain(`export const ${name}Default = "${value}"`);
    }
    expect(orval).toMatch(/startBookingBodyServiceHashMax = 200/);
    const zodios = readFileSync(join(work, 'openapi-zod-client/client.ts'), 'utf8');
    expect(zodios.match(/currency: RequestCurrency\.optional\(\)\.default\("EUR"\)/g)).toHaveLength(2);
    expect(zodios.match(/\.default\("nl"\)/g)?.length).toBeGreaterThanOrEqual(3); // residency twice, search language
    expect(zodios).toMatch(/\.default\("en"\)/);
  });

  describe('search → hotel details → booking start with the hey-api SDK, every answer validated by the three generators\' zod schemas', () => {
    let sandbox: Sandbox;
    beforeAll(async () => {
      sandbox = await startSandbox();
    });
    afterAll(() => sandbox?.stop());

    it('walks the flow', async () => {
      type Schema = { parse(value: unknown): unknown };
      type Sdk = Record<string, (options: { baseUrl: string; body: unknown; headers?: Record<string, string> }) => Promise<{ data?: unknown; error?: unknown; response: Response }>>;
      const load = (file: string) => import(pathToFileURL(join(work, file)).href) as Promise<Record<string, unknown>>;
      const sdk = (await load('hey-api/sdk.gen.ts')) as Sdk;
      const hey = await load('hey-api/zod.gen.ts');
      const orval = await load('orval-zod/schemas.ts');
      const zodios = (await load('openapi-zod-client/client.ts')).schemas as Record<string, Schema>;
      /** The same answer through each generator's schema of it; zod throws on the first mismatch. */
      const validate = (answer: unknown, schemas: Array<[string, unknown]>) => {
        for (const [name, schema] of schemas) {
          expect(schema, name).toBeDefined();
          expect(() => (schema as Schema).parse(answer), name).not.toThrow();
        }
      };
      const apikey = sandbox.accounts[0]!.apikey;
      const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
      // The `Test` header's example, as an example-driven tool sends it: the ordinary answer.
      const headers = { Test: 'standard' };

      const search = await sdk.searchHotels!({ baseUrl: sandbox.url, headers, body: { apikey, location: 'Amsterdam', checkin: day(60), checkout: day(62) } });
      expect(search.response.status, JSON.stringify(search.error)).toBe(200);
      validate(search.data, [['hey-api zSearchResponse', hey.zSearchResponse], ['orval searchHotelsResponse', orval.searchHotelsResponse], ['openapi-zod-client SearchResponse', zodios.SearchResponse]]);
      const found = search.data as { search_id: string; hotels: Array<{ id: number }> };
      expect(found.hotels.length).toBeGreaterThan(0);

      const details = await sdk.getHotelDetails!({ baseUrl: sandbox.url, headers, body: { apikey, id: found.hotels[0]!.id, search_id: found.search_id } });
      expect(details.response.status, JSON.stringify(details.error)).toBe(200);
      validate(details.data, [['hey-api zHotelResponse', hey.zHotelResponse], ['orval getHotelDetailsResponse', orval.getHotelDetailsResponse], ['openapi-zod-client HotelResponse', zodios.HotelResponse]]);
      const rate = (details.data as { rooms: Array<{ rates: Array<{ service_hash: string }> }> }).rooms[0]!.rates[0]!;

      const booking = await sdk.startBooking!({ baseUrl: sandbox.url, headers, body: { apikey, service_hash: rate.service_hash } });
      expect(booking.response.status, JSON.stringify(booking.error)).toBe(200);
      validate(booking.data, [['hey-api zBookingResponse', hey.zBookingResponse], ['orval startBookingResponse', orval.startBookingResponse], ['openapi-zod-client BookingResponse', zodios.BookingResponse]]);
      expect((booking.data as { booking_url: string }).booking_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/book\/finalize\?bookhash=[A-Za-z0-9]{30}$/);

      // And an error answer: the generated error schema reads it too.
      const refused = await sdk.searchHotels!({ baseUrl: sandbox.url, body: { apikey, location: 'Amsterdam', checkin: day(60), checkout: day(62), currency: 'QQQ' } });
      expect(refused.response.status).toBe(400);
      validate(refused.error, [['hey-api zErrorResponse', hey.zErrorResponse], ['openapi-zod-client ErrorResponse', zodios.ErrorResponse]]);
    }, 60_000);
  });
});

describe('the check can fail', () => {
  const work = workDirectory();
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('a pattern beside DisplayCurrency\'s enum (the break of issue 28) fails orval\'s and openapi-zod-client\'s zod under strict', async () => {
    const broken = readFileSync(join(root, 'openapi.yaml'), 'utf8').replace(/(\n {4}DisplayCurrency:\n {6}type: string\n)/, (found) => `${found}      pattern: '^[A-Z]{3}$'\n`);
    expect(broken).not.toBe(readFileSync(join(root, 'openapi.yaml'), 'utf8'));
    writeFileSync(join(work, 'broken.yaml'), broken);
    await generate(work, join(work, 'broken.yaml'));
    expect(typeErrors(work, 'orval-zod').join('\n')).toMatch(/TS2339/);
    expect(typeErrors(work, 'openapi-zod-client').join('\n')).toMatch(/TS2339 Property 'regex' does not exist on type 'ZodEnum/);
  }, 300_000);
});
