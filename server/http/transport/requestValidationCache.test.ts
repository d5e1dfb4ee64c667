/**
 * The request checks' schemas read back from the start-up cache (ajv's standalone code) answer as
 * ajv compiling them with the checks' options: the same verdict, the same first error, and the
 * same defaults written into the body, on every request example and thousands of broken variants.
 */
import { describe, expect, it } from 'vitest';
import { loadContract } from '../../../contract/document.js';
import { collectExamples } from '../../../contract/examples.js';
import { compiledSchemas } from '../../../contract/schemaCache.js';
import { brokenVariants } from '../../../contract/testing/brokenVariants.js';
import { API_PATHS } from './apiPipeline.js';
import { bodySchemaPointer, requestSchemaProfile } from './requestValidation.js';

describe('the request checks in the start-up cache', () => {
  it('answer every request example and its broken variants as ajv compiling them does, defaults included', () => {
    const doc = loadContract();
    const profile = requestSchemaProfile(doc);
    const pointers = API_PATHS.map((path) => bodySchemaPointer(doc, path));
    // Made (and saved) if missing, then read back from the file: the second call is the cache's.
    compiledSchemas(doc, pointers, profile);
    const cached = compiledSchemas(doc, pointers, profile);
    const live = profile.createAjv(false);
    let judged = 0;
    for (const example of collectExamples(doc).filter((found) => found.kind === 'request' && found.method === 'post')) {
      const pointer = bodySchemaPointer(doc, example.path);
      const fromCache = cached?.get(pointer);
      const compiled = live.getSchema(profile.ref(pointer));
      if (!fromCache || !compiled) throw new Error(`no request check for ${example.path}`);
      for (const value of brokenVariants(structuredClone(example.value))) {
        const [a, b] = [structuredClone(value), structuredClone(value)];
        expect(fromCache(a)).toBe(compiled(b));
        expect(fromCache.errors ?? null).toEqual(compiled.errors ?? null);
        expect(a).toEqual(b);
        judged++;
      }
    }
    expect(judged).toBeGreaterThan(300);
  });
});
