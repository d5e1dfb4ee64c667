/**
 * Compiled schemas in the start-up cache (contract/startupCache.ts): compiling the contract's
 * schemas with ajv took ~0.3 s of every start. ajv writes the code it compiles as a module
 * (`ajv/dist/standalone`); that code is saved once and read back, and the functions it defines
 * are the ones ajv would have compiled, so every verdict and error is the same.
 *
 * The file is `schemas-<profile>-<key>.cjs`; the key holds the document's text, the schema
 * pointers, the source of the modules that set ajv's options, and ajv's and ajv-formats'
 * versions. Only documents read from their file (loadContract) are cached, and only where ajv
 * is installed as a package (not in the bundled kit): elsewhere the schemas are compiled as before.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Ajv, ValidateFunction } from 'ajv';
// Imported, not required: the code is written by the same copy of ajv that compiled the schemas. Beside
// hotel-sandbox, a require from the bundled kit found the sandbox's ajv, whose code generator did not know
// the bundled copy's objects and wrote them out as JSON: a file node could not load, compiled again every run.
import standaloneModule from 'ajv/dist/standalone/index.js';
import { contractTextDigest, type OpenApiDocument } from './document.js';
import { CACHE_DIRECTORY, digest, logToStderr, packageVersion, platformKey, readCacheFile, writeCacheFile } from './startupCache.js';

const FORMAT = 1;
// CommonJS under every loader: the function is also its own `default`.
const standaloneCode = standaloneModule.default;
const require = createRequire(import.meta.url);

export interface SchemaProfile {
  /** Names the cache file: `contract` (schema.ts), `requests` (the server's request checks). */
  name: string;
  /** The modules whose code sets the ajv options (their source is in the key), as import.meta.url. */
  modules: readonly string[];
  /** A new ajv holding the document, `source: true` when its code is to be saved. */
  createAjv(source: boolean): Ajv;
  /** The reference ajv resolves a pointer by (`<$id>#<pointer>`, encoded). */
  ref(pointer: string): string;
}

/**
 * The compiled schema of each pointer: read back from the cache, or compiled now and saved
 * (with a log line). Undefined when the document is not cacheable here, or a schema does not
 * compile: the caller compiles them itself, as before.
 */
export function compiledSchemas(doc: OpenApiDocument, pointers: readonly string[], profile: SchemaProfile): Map<string, ValidateFunction> | undefined {
  const textDigest = contractTextDigest(doc);
  const versions = ['ajv', 'ajv-formats'].map((name) => packageVersion(name, import.meta.url));
  if (textDigest === undefined || versions.some((version) => version.endsWith('@?'))) return undefined;
  const sources = profile.modules.map((module) => readFileSync(fileURLToPath(module)));
  const key = digest(`format ${FORMAT}`, platformKey(), profile.name, textDigest, ...pointers, ...versions, ...sources).slice(0, 32);
  const name = `schemas-${profile.name}-${key}.cjs`;
  const cached = readCacheFile(CACHE_DIRECTORY, name);
  if (cached) {
    try {
      return loadModule(cached.toString('utf8'), pointers);
    } catch {
      // unreadable: compiled again below, and saved over it
    }
  }
  logToStderr(`start-up cache: ${join(CACHE_DIRECTORY, name)} is missing; compiling the ${profile.name} schemas and saving them`);
  try {
    const ajv = profile.createAjv(true);
    const exports: Record<string, string> = {};
    const compiled = new Map<string, ValidateFunction>();
    pointers.forEach((pointer, index) => {
      const fn = ajv.getSchema(profile.ref(pointer));
      if (!fn) throw new Error(`ajv could not resolve ${pointer}`);
      compiled.set(pointer, fn);
      exports[`s${index}`] = profile.ref(pointer);
    });
    writeCacheFile(CACHE_DIRECTORY, name, standaloneCode(ajv, exports));
    return compiled;
  } catch {
    // A schema that does not compile: the caller compiles it as before and reports it in its own words.
    return undefined;
  }
}

/** The functions of a saved module, by pointer (export `s<i>` is pointer i). */
function loadModule(code: string, pointers: readonly string[]): Map<string, ValidateFunction> {
  const module = { exports: {} as Record<string, ValidateFunction> };
  // The code ajv wrote (CommonJS; it requires ajv's runtime helpers and ajv-formats' formats).
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  new Function('require', 'module', 'exports', code)(require, module, module.exports);
  const compiled = new Map<string, ValidateFunction>();
  pointers.forEach((pointer, index) => {
    const fn = module.exports[`s${index}`];
    if (typeof fn !== 'function') throw new Error(`no compiled schema for ${pointer}`);
    compiled.set(pointer, fn);
  });
  return compiled;
}
