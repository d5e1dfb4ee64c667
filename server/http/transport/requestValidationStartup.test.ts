/**
 * Request validation fails closed at start: a contract with a rule no check of the server enforces
 * (a query, path or cookie parameter, an unknown header, a security scheme, another content type, a
 * `Test` or `Idempotency-Key` schema that differs from what its middleware enforces, an operation
 * the server does not check) makes createApp throw, naming the operation and the parameter.
 * loadContract is wrapped so the app reads an edited copy of openapi.yaml.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { JsonObject, OpenApiDocument } from '../../../contract/document.js';
import { createApp } from '../../app.js';
import { FakeClock } from '../../clock.js';
import { LowdbStore } from '../../store/lowdbStore.js';

const edit = vi.hoisted(() => ({ current: undefined as ((document: JsonObject) => void) | undefined }));

vi.mock('../../../contract/document.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../contract/document.js')>();
  return {
    ...original,
    loadContract: (path?: string | URL): OpenApiDocument => {
      const document = original.loadContract(path);
      if (!edit.current || !String(path ?? original.CONTRACT_PATH).endsWith('openapi.yaml')) return document;
      const copy = structuredClone(document) as JsonObject;
      edit.current(copy);
      return copy as OpenApiDocument;
    },
  };
});

afterEach(() => {
  edit.current = undefined;
});

async function start(): Promise<void> {
  createApp({ store: await LowdbStore.inMemory(), clock: new FakeClock('2026-11-21T10:00:00Z') });
}

const post = (document: JsonObject, path: string) => ((document.paths as JsonObject)[path] as JsonObject).post as JsonObject;
const addParameter = (path: string, parameter: JsonObject) => (document: JsonObject) => {
  const operation = post(document, path);
  operation.parameters = [...((operation.parameters as unknown[] | undefined) ?? []), parameter];
};

describe('the app refuses to start on a contract rule it would not enforce', () => {
  it('starts on openapi.yaml as it is', async () => {
    await expect(start()).resolves.toBeUndefined();
  });

  it.each(['query', 'path', 'cookie'])('a parameter in %s', async (location) => {
    edit.current = addParameter('/hotel.php', { name: 'currency', in: location, required: location === 'path', schema: { type: 'string' } });
    await expect(start()).rejects.toThrow(`POST /hotel.php: parameter 'currency' in ${location} is not enforced`);
  });

  it('a header parameter no middleware reads', async () => {
    edit.current = addParameter('/search.php', { name: 'X-Partner', in: 'header', schema: { type: 'string', maxLength: 8 } });
    await expect(start()).rejects.toThrow("POST /search.php: parameter 'X-Partner' in header is not enforced");
  });

  it('a path-level parameter', async () => {
    edit.current = (document) => {
      ((document.paths as JsonObject)['/search.php'] as JsonObject).parameters = [{ name: 'page', in: 'query', schema: { type: 'integer' } }];
    };
    await expect(start()).rejects.toThrow("POST /search.php: parameter 'page' in query is not enforced");
  });

  it('a Test value the scenario catalogue does not play on that endpoint', async () => {
    edit.current = (document) => {
      const parameters = (document.components as JsonObject).parameters as JsonObject;
      ((parameters.TestScenarioSearch as JsonObject).schema as JsonObject).enum = ['standard', 'no_availability', 'sold_out'];
    };
    await expect(start()).rejects.toThrow("POST /search.php: parameter 'Test' in header is not enforced as declared");
  });

  it('Idempotency-Key bounds other than idempotency.ts enforces, or on another operation', async () => {
    edit.current = (document) => {
      const parameter = (post(document, '/booking.php').parameters as JsonObject[]).find((candidate) => candidate.name === 'Idempotency-Key') as JsonObject;
      (parameter.schema as JsonObject).maxLength = 64;
    };
    await expect(start()).rejects.toThrow("POST /booking.php: parameter 'Idempotency-Key' in header is not enforced as declared");
    edit.current = addParameter('/book/cancel.php', { name: 'Idempotency-Key', in: 'header', schema: { type: 'string' } });
    await expect(start()).rejects.toThrow("POST /book/cancel.php: parameter 'Idempotency-Key' in header is not enforced as declared");
  });

  it('a required header its middleware lets through when absent', async () => {
    edit.current = (document) => {
      const parameters = (document.components as JsonObject).parameters as JsonObject;
      (parameters.TestScenarioHotel as JsonObject).required = true;
    };
    await expect(start()).rejects.toThrow("POST /hotel.php: parameter 'Test' in header is not enforced as declared: required");
  });

  it('a security scheme, or a security requirement', async () => {
    edit.current = (document) => {
      (document.components as JsonObject).securitySchemes = { bearer: { type: 'http', scheme: 'bearer' } };
    };
    await expect(start()).rejects.toThrow('security schemes bearer');
    edit.current = (document) => {
      post(document, '/booking.php').security = [{ bearer: [] }];
    };
    await expect(start()).rejects.toThrow('POST /booking.php: security requirement not enforced');
  });

  it('a request content type other than application/json', async () => {
    edit.current = (document) => {
      const body = post(document, '/search.php').requestBody as JsonObject;
      (body.content as JsonObject)['application/x-www-form-urlencoded'] = { schema: { type: 'object' } };
    };
    await expect(start()).rejects.toThrow('POST /search.php: request content type application/x-www-form-urlencoded is not accepted');
  });

  it('an operation the server does not check', async () => {
    edit.current = (document) => {
      ((document.paths as JsonObject)['/hotel.php'] as JsonObject).get = { responses: { 200: { description: 'ok' } } };
    };
    await expect(start()).rejects.toThrow('GET /hotel.php: the server has no request check for this operation');
  });
});
