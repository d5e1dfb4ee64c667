/**
 * The contract as the packages publish it (`hotel-sandbox/contract`, `hotel-conformance/contract`):
 * where the contract files are on disk, and the TypeScript types generated from them, so that a
 * partner's client is typed without generating anything.
 *
 *     import { openapiPath, type components } from 'hotel-sandbox/contract';
 *     type SearchResponse = components['schemas']['SearchResponse'];
 *
 * The types were generated with fields that have a default left optional (openapi-typescript's
 * --default-non-nullable=false), as a client may omit them.
 */
import { CONTRACT_PATH, CONTROL_CONTRACT_PATH } from './document.js';
import type { components } from './generated/openapi.js';

/** Absolute path of openapi.yaml, the API's contract. */
export const openapiPath: string = CONTRACT_PATH;

/** Absolute path of the sandbox control API's contract (control-api.yaml). */
export const controlApiPath: string = CONTROL_CONTRACT_PATH;

export type { components, operations, paths } from './generated/openapi.js';
export type {
  components as ControlComponents,
  operations as ControlOperations,
  paths as ControlPaths,
} from './generated/control-api.js';

/** The API's schemas by name: `Schemas['SearchResponse']`. */
export type Schemas = components['schemas'];
