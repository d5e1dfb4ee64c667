/**
 * The contract's schemas read back from the start-up cache (ajv's standalone code) judge exactly
 * as the schemas compiled by ajv: the same verdict and the same errors, on every example of the
 * contract and on thousands of broken variants of them. Only documents read from their file are
 * cached.
 */
import { describe, expect, it } from 'vitest';
import { loadContract } from './document.js';
import { collectExamples } from './examples.js';
import { createSchemaChecker } from './schema.js';
import { compiledSchemas } from './schemaCache.js';
import { schemaPointers } from './validator.js';
import { brokenVariants } from './testing/brokenVariants.js';

describe('the contract schemas in the start-up cache', () => {
  it('judge every example and its broken variants exactly as ajv compiling them does', () => {
    const doc = loadContract();
    const examples = collectExamples(doc).filter((example) => example.schemaPointer !== undefined && example.mediaType === 'application/json');
    // The validator's own list (so this reads the very file a start reads); every example's schema is in it.
    const pointers = schemaPointers(doc);
    for (const example of examples) expect(pointers).toContain(example.schemaPointer);
    // Made (and saved) if missing, then read back from the file: the second call is the cache's.
    createSchemaChecker(doc, pointers);
    const cached = createSchemaChecker(doc, pointers);
    const live = createSchemaChecker(doc);
    let judged = 0;
    let failed = 0;
    for (const example of examples) {
      for (const value of brokenVariants(structuredClone(example.value))) {
        const fromCache = cached.check(example.schemaPointer as string, value);
        expect(fromCache).toEqual(live.check(example.schemaPointer as string, value));
        judged++;
        if (fromCache.length > 0) failed++;
      }
    }
    expect(judged).toBeGreaterThan(1000);
    expect(failed).toBeGreaterThan(judged / 2);
  });

  it('are made only for a document read from its file', () => {
    const doc = loadContract();
    const profile = { name: 'never-made', modules: [import.meta.url], createAjv: () => { throw new Error('not to be made'); }, ref: (pointer: string) => pointer };
    expect(compiledSchemas(structuredClone(doc), ['#/components/schemas/Error'], profile)).toBeUndefined();
  });
});
