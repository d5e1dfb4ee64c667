/**
 * Redoc's standalone bundle, which renders /docs and /docs/control in the browser. It is never a
 * dependency at run time: the hotel-sandbox package ships a copy made when it is packed
 * (`vendor/redoc.standalone.js`, scripts/pack-sandbox.ts), and the repository takes the one in its
 * `redoc` devDependency. Read once, on first use (1 MB that most runs never serve).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

/** Where the package keeps its copy, relative to the package's root. */
export const VENDORED_REDOC_PATH = 'vendor/redoc.standalone.js';
const VENDORED_REDOC_FILE = fileURLToPath(new URL(`../../../${VENDORED_REDOC_PATH}`, import.meta.url));

/**
 * The one resource the bundle loads from outside: the Redocly logo beside the sidebar's
 * attribution link, from their CDN. It is swapped for an empty inline image (the link stays), so
 * /docs loads nothing but this server's files; the browser test guards against new ones.
 */
const REDOC_CDN_LOGO = 'https://cdn.redoc.ly/redoc/logo-mini.svg';
const EMPTY_SVG = 'data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22/%3E';

/** The bundle's file: the package's copy, else the devDependency's; undefined when neither is there. */
export function redocBundleFile(): string | undefined {
  if (existsSync(VENDORED_REDOC_FILE)) return VENDORED_REDOC_FILE;
  try {
    return createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js');
  } catch {
    return undefined;
  }
}

let bundle: { body: Buffer; etag: string } | undefined;

/** The bundle as served (CDN logo swapped), with its ETag; undefined when it is not installed. */
export function localRedocBundle(): { body: Buffer; etag: string } | undefined {
  if (!bundle) {
    const file = redocBundleFile();
    if (file === undefined) return undefined;
    const body = Buffer.from(readFileSync(file, 'utf8').replaceAll(REDOC_CDN_LOGO, EMPTY_SVG));
    bundle = { body, etag: `"${createHash('sha256').update(body).digest('base64url')}"` };
  }
  return bundle;
}
