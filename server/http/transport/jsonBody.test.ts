import express from 'express';
import iconv from 'iconv-lite';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, jsonBody, nestingError, receivedBody } from './jsonBody.js';

const nested = (depth: number, open = '[', close = ']') => `${open.repeat(depth)}${close.repeat(depth)}`;

describe('nestingError (depth check on the raw text)', () => {
  it(`allows ${MAX_JSON_DEPTH} levels and refuses one more, for arrays and objects alike`, () => {
    expect(nestingError(nested(MAX_JSON_DEPTH))).toBeUndefined();
    expect(nestingError(nested(MAX_JSON_DEPTH + 1))).toMatch(/nesting deeper than 32 levels/);
    const objects = `${'{"a":'.repeat(MAX_JSON_DEPTH + 1)}1${'}'.repeat(MAX_JSON_DEPTH + 1)}`;
    expect(nestingError(objects)).toMatch(/deeper/);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(nestingError(JSON.stringify({ location: '['.repeat(1000), quote: '"[[[[\\"{{{{' }))).toBeUndefined();
    expect(nestingError(`{"a":"\\\\"}`)).toBeUndefined();
    expect(nestingError(`{"a":"\\\\",${'['.repeat(40)}`)).toMatch(/deeper/);
  });

  it('counts depth, not the number of brackets', () => {
    expect(nestingError(JSON.stringify({ a: Array.from({ length: 10_000 }, () => [[1]]) }))).toBeUndefined();
  });

  it('handles a megabyte of brackets in one pass without recursion', () => {
    expect(nestingError('['.repeat(1_000_000))).toMatch(/deeper/);
    expect(nestingError('[]'.repeat(500_000))).toBeUndefined();
  });
});

// jsonBody decodes bodies as body-parser did (iconv-lite): invalid UTF-8 becomes U+FFFD, one leading BOM goes.
let base: { port: number };
let close: () => Promise<void>;
beforeAll(async () => {
  const app = express();
  app.post('/', jsonBody(64 * 1024), (req, res) => res.json({ body: req.body }));
  // What receivedBody gives once req.body was changed (the request checks fill defaults in).
  app.post('/received', jsonBody(64 * 1024), (req, res) => {
    const body = req.body as Record<string, unknown>;
    body.added = 'default';
    res.json({ body, received: receivedBody(req), again: receivedBody(req) !== receivedBody(req) });
  });
  // Behind another parser (Express 5's express.json() leaves no _body mark): its req.body, no second read.
  app.post('/parsed', express.json(), jsonBody(64 * 1024), (req, res) => res.json({ body: req.body }));
  app.use((error: { message: string }, _req: express.Request, res: express.Response, _next: express.NextFunction) => res.status(400).json({ error: error.message }));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = { port: (server.address() as AddressInfo).port };
  close = () => new Promise((resolve) => server.close(() => resolve()));
});
afterAll(() => close());

function post(bytes: Buffer, path = '/'): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port: base.port, method: 'POST', path, headers: { 'content-type': 'application/json', 'content-length': bytes.length } }, (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }));
    });
    request.on('error', reject);
    request.end(bytes);
  });
}

describe('jsonBody decoding', () => {
  it.each([
    ['a BOM', [0xef, 0xbb, 0xbf, ...Buffer.from('{"a":1}')]],
    ['two BOMs', [0xef, 0xbb, 0xbf, 0xef, 0xbb, 0xbf, ...Buffer.from('{"a":1}')]],
    ['invalid bytes in a string', [...Buffer.from('{"a":"'), 0xff, 0xc3, 0xed, 0xa0, 0x80, ...Buffer.from('"}')]],
    ['a cut multi-byte character', [...Buffer.from('{"a":"'), 0xe2, 0x82, ...Buffer.from('"}')]],
    ['plain unicode', [...Buffer.from('{"a":"é€😀"}')]],
  ])('reads %s as iconv-lite decodes it', async (_name, bytes) => {
    const body = Buffer.from(bytes);
    const answer = await post(body);
    let expected: unknown;
    try {
      expected = { body: JSON.parse(iconv.decode(body, 'utf-8')) };
    } catch {
      expected = { error: 'Malformed JSON in the request body' };
    }
    expect(answer.body).toEqual(expected);
  });
});

describe('receivedBody', () => {
  it('gives a fresh copy of the body as sent, whatever was changed in req.body since', async () => {
    const text = `{"apikey":"k","nested":{"a":[1,2]},"__proto__":{"polluted":true}}`;
    const answer = await post(Buffer.from(text), '/received');
    expect(answer.body).toEqual({ body: { ...JSON.parse(text), added: 'default' }, received: JSON.parse(text), again: true });
  });

  it('is {} for an empty body, and a structured clone of a body another parser read', async () => {
    expect((await post(Buffer.alloc(0), '/received')).body).toEqual({ body: { added: 'default' }, received: {}, again: true });
    const body = { a: { b: 1 } };
    const copy = receivedBody({ body } as unknown as express.Request);
    expect(copy).toEqual(body);
    expect(copy).not.toBe(body);
  });

  it('takes the body another parser already read, without waiting for it again', async () => {
    const answer = await post(Buffer.from('{"a":{"b":1}}'), '/parsed');
    expect(answer).toEqual({ status: 200, body: { body: { a: { b: 1 } } } });
  });
});
