/**
 * The contract documents: where openapi.yaml and the control API's contract are, parsing them once,
 * and the loose types the rest of contract/ (and its users) navigate them with.
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename, join, resolve as resolvePath } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { parse } from 'yaml';
import { deepFreeze } from './deepFreeze.js';
import { CACHE_DIRECTORY, digest, logToStderr, readCacheFile, writeCacheFile } from './startupCache.js';
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
/** The sha256 of the text of each document loadContract read from a file. */
const texts = new WeakMap<OpenApiDocument, string>();
/** Bump when the JSON form of a parsed contract changes for another reason than its text. */
const JSON_FORMAT = 1;

/**
 * Parses openapi.yaml (or another contract file) once per absolute path and returns the document,
 * deep-frozen so that no user can change what the others see (clone before modifying).
 * openapi.yaml and the control API's contract are read from their parsed JSON in the start-up
 * cache (contract/startupCache.ts) when it holds their text's: YAML parsing took ~0.1 s a start.
 */
export function loadContract(path: string | URL = CONTRACT_PATH): OpenApiDocument {
  const file = typeof path === 'string' ? resolvePath(path) : fileURLToPath(path);
  let doc = loaded.get(file);
  if (!doc) {
    const text = readFileSync(file, 'utf8');
    const textDigest = digest(text);
    const parsed: unknown = file === CONTRACT_PATH || file === CONTROL_CONTRACT_PATH ? parsedThroughCache(file, text, textDigest) : parse(text);
    if (!isObject(parsed) || typeof parsed.openapi !== 'string' || !isObject(parsed.paths)) {
      throw new Error(`${file} is not an OpenAPI document`);
    }
    doc = deepFreeze(parsed) as OpenApiDocument;
    loaded.set(file, doc);
    texts.set(doc, textDigest);
  }
  return doc;
}

/** The sha256 of the file text a document was parsed from (loadContract), or undefined for a document made otherwise. */
export function contractTextDigest(doc: OpenApiDocument): string | undefined {
  return texts.get(doc);
}

/** The cache file of a contract file's parsed JSON: `contract-<name>-<key of its text>.json`. */
function contractCacheName(file: string, textDigest: string): string {
  return `contract-${basename(file, '.yaml')}-${digest(`json ${JSON_FORMAT}`, textDigest).slice(0, 32)}.json`;
}

/**
 * Saves a contract file's parsed JSON into `directory` under the name loadContract looks for
 * (the packs put it in the packages' cache/). False when JSON cannot hold the document exactly.
 */
export function saveParsedContract(file: string, directory: string): boolean {
  const text = readFileSync(file, 'utf8');
  const parsed: unknown = parse(text);
  const json = JSON.stringify(parsed);
  if (!isDeepStrictEqual(JSON.parse(json), parsed)) return false;
  return writeCacheFile(directory, contractCacheName(file, digest(text)), json);
}

/** The YAML's JSON from the cache, or parsed now and saved there (contractCacheName). */
function parsedThroughCache(file: string, text: string, textDigest: string): unknown {
  const name = contractCacheName(file, textDigest);
  const cached = readCacheFile(CACHE_DIRECTORY, name);
  if (cached) {
    try {
      return JSON.parse(cached.toString('utf8'));
    } catch {
      // unreadable: parsed again below, and saved over it
    }
  }
  logToStderr(`start-up cache: ${join(CACHE_DIRECTORY, name)} is missing; parsing ${basename(file)} and saving it`);
  const parsed: unknown = parse(text);
  const json = JSON.stringify(parsed);
  // Saved only when JSON holds it exactly (no -0, no value JSON has no form for).
  if (isDeepStrictEqual(JSON.parse(json), parsed)) writeCacheFile(CACHE_DIRECTORY, name, json);
  return parsed;
}
