/**
 * The contract documents: where openapi.yaml and the control API's contract are, parsing them once,
 * and the loose types the rest of contract/ (and its users) navigate them with.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve as resolvePath } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { deepFreeze } from './deepFreeze.js';
import type { paths } from './generated/openapi.js';

export type JsonObject = { [key: string]: unknown };

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The OpenAPI document, typed loosely: only what contract/ and its users navigate. */
export interface OpenApiDocument extends JsonObject {
  openapi: string;
  info: { title: string; version: string; [key: string]: unknown };
  servers?: Array<{
    url: string;
    description?: string;
    variables?: Record<string, { default: string; enum?: string[]; description?: string }>;
  }>;
  paths: Record<string, Record<string, unknown>>;
  components?: {
    schemas?: Record<string, JsonObject>;
    responses?: Record<string, JsonObject>;
    examples?: Record<string, JsonObject>;
    headers?: Record<string, JsonObject>;
    [key: string]: unknown;
  };
}

export type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch' | 'trace';
export const HTTP_METHODS: readonly HttpMethod[] = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** A path of the contract (autocompleted), or any string (unknown paths throw). */
export type ContractPath = keyof paths | (string & {});

/**
 * Absolute path of openapi.yaml: the repository's, or in the packed kit (one bundled file,
 * scripts/pack-conformance.ts) the copy next to the bundle.
 */
export const CONTRACT_PATH = [new URL('./openapi.yaml', import.meta.url), new URL('../openapi.yaml', import.meta.url)]
  .map((url) => fileURLToPath(url))
  .find((file) => existsSync(file)) ?? fileURLToPath(new URL('../openapi.yaml', import.meta.url));

/** Absolute path of the sandbox's control API contract (server/control-api.yaml; the packed sandbox keeps the layout). */
export const CONTROL_CONTRACT_PATH = fileURLToPath(new URL('../server/control-api.yaml', import.meta.url));

const loaded = new Map<string, OpenApiDocument>();

/**
 * Parses openapi.yaml (or another contract file) once per absolute path and returns the document,
 * deep-frozen so that no user can change what the others see (clone before modifying).
 */
export function loadContract(path: string | URL = CONTRACT_PATH): OpenApiDocument {
  const file = typeof path === 'string' ? resolvePath(path) : fileURLToPath(path);
  let doc = loaded.get(file);
  if (!doc) {
    const parsed: unknown = parse(readFileSync(file, 'utf8'));
    if (!isObject(parsed) || typeof parsed.openapi !== 'string' || !isObject(parsed.paths)) {
      throw new Error(`${file} is not an OpenAPI document`);
    }
    doc = deepFreeze(parsed) as OpenApiDocument;
    loaded.set(file, doc);
  }
  return doc;
}
