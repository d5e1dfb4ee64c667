/**
 * The server side of `npm run bench -- validation`: the reference app with the request checks named
 * by BENCH_VALIDATOR — `ours` (server/http/transport/requestValidation.ts, what the server uses), `eov`
 * (express-openapi-validator, configured as the server used it until commit 714001d) or `none` (no
 * request schema check at all). Listens on 127.0.0.1 at PORT (0: one the system picks, printed).
 */
import type { RequestHandler } from 'express';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createApp } from '../../server/app.js';
import { CONTRACT_PATH } from '../../contract/document.js';
import { OffsetClock } from '../../server/clock.js';
import { API_PATHS, type ApiPath } from '../../server/http/transport/apiPipeline.js';
import { LowdbStore } from '../../server/store/lowdbStore.js';
import { expressOpenApiValidator } from '../../server/testing/expressOpenApiValidator.js';

const validator = process.env.BENCH_VALIDATOR ?? 'ours';

function eovChecks(): Record<ApiPath, RequestHandler[]> {
  const middleware = expressOpenApiValidator(CONTRACT_PATH);
  return Object.fromEntries(API_PATHS.map((path) => [path, middleware])) as Record<ApiPath, RequestHandler[]>;
}

const requestChecks =
  validator === 'eov'
    ? eovChecks()
    : validator === 'none'
      ? (Object.fromEntries(API_PATHS.map((path) => [path, []])) as unknown as Record<ApiPath, RequestHandler[]>)
      : undefined;
if (validator !== 'ours' && !requestChecks) throw new Error(`BENCH_VALIDATOR must be ours, eov or none (got ${validator})`);

const store = await LowdbStore.open(join(mkdtempSync(join(tmpdir(), 'bench-validation-')), 'db.json'));
const app = createApp({
  store,
  clock: new OffsetClock(),
  config: { validateResponses: false, rateLimits: { perMinute: 1e9, perDay: 1e9 } },
  ...(requestChecks ? { requestChecks } : {}),
});
const server = app.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  console.log(`${validator} listening on http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
process.on('SIGTERM', () => process.exit(0));
