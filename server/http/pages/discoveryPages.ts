/**
 * The discoverable part of the server: `/` (what this is, demo keys, links), `/docs` (the API
 * reference, Redoc's standalone bundle served by this server, never a CDN: redocBundle.ts), `/openapi.yaml`,
 * `/openapi.json` and `/healthz`; with the control API on, its reference at `/docs/control` and
 * its contract at `/control-api.yaml` and `/control-api.json`. GET and HEAD only (405 with Allow
 * otherwise); paths are strict and case-sensitive like the API's. Never CORS.
 */
import { readFileSync } from 'node:fs';
import { Router, type RequestHandler, type Response } from 'express';
import { loadContract, type OpenApiDocument } from '../../../contract/document.js';
import type { AppContext } from '../../appContext.js';
import { ApiError } from '../../errors.js';
import { homePage, redocPage } from './discoveryViews.js';
import { CONTROL_UI_PATH } from '../console/controlUiViews.js';
import { contentSecurityPolicy, setPageHeaders } from './layout.js';
import { API_PATHS } from '../transport/apiPipeline.js';
import { localRedocBundle } from './redocBundle.js';

const REDOC_BUNDLE_PATH = '/docs/redoc.standalone.js';

const PACKAGE_VERSION = (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string })
  .version;

/**
 * Redoc renders in the browser: its own script, a web worker from a blob: URL (search index),
 * styled-components' inline styles, and fetch of the spec from this server. Only /docs gets this.
 */
const REDOC_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  'worker-src blob:',
  "style-src 'unsafe-inline'",
  "connect-src 'self'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "form-action 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** A contract file as served: the YAML as is, and JSON parsed once at start. */
interface SpecFile {
  yaml: string;
  json: string;
  document: OpenApiDocument;
}

function readSpecFile(path: string): SpecFile {
  const yaml = readFileSync(path, 'utf8');
  const document = loadContract(path);
  return { yaml, json: JSON.stringify(document), document };
}

export interface ConsoleFiles {
  contractPath: string;
  controlContractPath: string;
}

export function consoleRouter(context: AppContext, files: ConsoleFiles): Router {
  const { config } = context;
  const startedAt = performance.now();
  const contract = readSpecFile(files.contractPath);
  const router = Router({ caseSensitive: true, strict: true });
  const pageCsp = contentSecurityPolicy(config.publicUrl);

  /** One GET (and so HEAD) route; any other method gets 405 naming the allowed ones. */
  const get = (path: string, handler: RequestHandler) =>
    router
      .route(path)
      .get(handler)
      .all((req, _res, next) => {
        next(new ApiError(405, `Method ${req.method} not allowed; use GET`, {}, { Allow: 'GET, HEAD' }));
      });

  const sendPage = (res: Response, csp: string, page: string) => {
    setPageHeaders(res, csp);
    res.type('html').send(page);
  };
  const serveSpec = (base: string, spec: SpecFile) => {
    get(`${base}.yaml`, (_req, res) => {
      res.set('Cache-Control', 'no-cache').type('application/yaml; charset=utf-8').send(spec.yaml);
    });
    get(`${base}.json`, (_req, res) => {
      res.set('Cache-Control', 'no-cache').type('application/json; charset=utf-8').send(spec.json);
    });
  };

  const controlDocsPath = config.controlApi ? '/docs/control' : undefined;
  const home = homePage({
    apiTitle: contract.document.info.title,
    apiVersion: contract.document.info.version,
    publicUrl: config.publicUrl,
    demoAccounts: context.accounts.demoAccounts(),
    operations: API_PATHS.map((path) => ({ path, summary: (contract.document.paths[path]?.post as { summary?: string } | undefined)?.summary ?? '' })),
    controlDocsPath,
    controlUiPath: config.controlApi ? CONTROL_UI_PATH : undefined,
    metricsPath: config.adminToken !== undefined ? '/metrics' : undefined,
  });
  get('/', (_req, res) => sendPage(res, pageCsp, home));

  const apiDocs = redocPage(`${contract.document.info.title} — reference`, '/openapi.json', REDOC_BUNDLE_PATH);
  get('/docs', (_req, res) => sendPage(res, REDOC_CSP, apiDocs));
  get(REDOC_BUNDLE_PATH, (_req, res) => {
    const bundle = localRedocBundle();
    if (!bundle) throw new ApiError(404, 'The API reference renderer (redoc) is not installed here; the contract is at /openapi.yaml');
    // With our ETag set, Express answers a revalidation 304 instead of hashing 1 MB again.
    res.set({ 'Cache-Control': 'no-cache', 'X-Content-Type-Options': 'nosniff', ETag: bundle.etag });
    res.type('text/javascript; charset=utf-8').send(bundle.body);
  });
  serveSpec('/openapi', contract);

  if (controlDocsPath) {
    const control = readSpecFile(files.controlContractPath);
    const controlDocs = redocPage(control.document.info.title, '/control-api.json', REDOC_BUNDLE_PATH);
    get(controlDocsPath, (_req, res) => sendPage(res, REDOC_CSP, controlDocs));
    serveSpec('/control-api', control);
  }

  // Browsers ask for it on every page; "no icon" without a 404 in the console.
  get('/favicon.ico', (_req, res) => {
    res.set('Cache-Control', 'public, max-age=86400').status(204).end();
  });

  get('/healthz', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({
      status: 'ok',
      version: contract.document.info.version,
      server_version: PACKAGE_VERSION,
      store: context.store.kind ?? 'unknown',
      uptime_seconds: Math.floor((performance.now() - startedAt) / 1000),
    });
  });
  return router;
}
