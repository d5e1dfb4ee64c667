/**
 * express-openapi-validator (EOV, a dev dependency) set up as the server's own request checks are:
 * request bodies only, no unknown query parameters, nothing removed, formats in full, paths outside
 * the API left alone. The differential test of requestValidation.ts uses it as its oracle, and
 * `npm run bench -- validation` measures it beside ours; one set of options serves both.
 */
import type { RequestHandler } from 'express';
import * as OpenApiValidator from 'express-openapi-validator';
import { API_PATHS } from '../../contract/apiPaths.js';

/** EOV's middleware over `apiSpec` (a path to the contract, or the document itself). */
export function expressOpenApiValidator(apiSpec: string | object): RequestHandler[] {
  return OpenApiValidator.middleware({
    apiSpec: apiSpec as never,
    validateRequests: { allowUnknownQueryParameters: false, removeAdditional: false },
    validateResponses: false,
    validateApiSpec: false,
    ignoreUndocumented: true,
    ignorePaths: (path: string) => !(API_PATHS as readonly string[]).includes(path),
    validateFormats: true,
    ajvFormats: { mode: 'full' },
  }) as RequestHandler[];
}
