/**
 * Fills the start-up cache (contract/startupCache.ts) of the tree this module runs from with
 * everything a server start reads back instead of computing: the default world and its geocoder's
 * indexes, the two contracts parsed, the contract's compiled schemas and the request checks'.
 * `npm run build` and the sandbox pack run it on the compiled tree (scripts/build-server.ts,
 * addStartupCaches), so a start finds all of it; a missing entry would be made at start instead.
 */
import { readdirSync } from 'node:fs';
import { CACHE_DIRECTORY } from '../contract/startupCache.js';
import { CONTRACT_PATH, CONTROL_CONTRACT_PATH, loadContract } from '../contract/document.js';
import { createContractValidator } from '../contract/validator.js';
import { loadDefaultWorld } from './domain/world/world.js';
import { API_PATHS } from './http/transport/apiPipeline.js';
import { requestValidation } from './http/transport/requestValidation.js';

/** Reads or makes every start-up cache entry; returns the files of the cache directory. */
export function warmStartupCaches(): string[] {
  // The geocoder too: it reads (or makes) the country names.
  loadDefaultWorld().geocoder();
  loadContract(CONTROL_CONTRACT_PATH);
  createContractValidator(loadContract(CONTRACT_PATH));
  requestValidation(loadContract(CONTRACT_PATH), API_PATHS);
  return readdirSync(CACHE_DIRECTORY).filter((file) => !file.startsWith('.')).sort();
}
