/** inSequence runs its handlers with the rules of an Express route: the same answers as app.all(path, ...handlers). */
import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inSequence } from './inSequence.js';

const step =
  (name: string, then: (next: (error?: unknown) => void) => void = (next) => next()): RequestHandler =>
  (_req, res, next) => {
    (res.locals.steps as string[]).push(name);
    then(next);
  };

/** Each case as a list of handlers; mounted twice, once spread (Express) and once through inSequence. */
const CASES: Record<string, RequestHandler[]> = {
  'all call next': [step('a'), step('b'), (_req, res) => res.json({ steps: res.locals.steps as string[] })],
  'an error skips the rest': [step('a'), step('b', (next) => next(new Error('stop'))), step('c')],
  'a throw is an error': [step('a'), () => { throw new Error('thrown'); }, step('c')],
  'next("route") leaves for the next route': [step('a', (next) => next('route')), step('b')],
  'an asynchronous next goes on': [step('a', (next) => setImmediate(next)), step('b'), (_req, res) => res.json({ steps: res.locals.steps as string[] })],
  'the end of the sequence goes on to the next route': [step('a'), step('b')],
};

let base = '';
let close: () => Promise<void>;
beforeAll(async () => {
  const app = express();
  app.use((_req, res, next) => ((res.locals.steps = []), next()));
  Object.values(CASES).forEach((handlers, index) => {
    app.all(`/express/${index}`, ...handlers);
    app.all(`/sequence/${index}`, inSequence(handlers));
  });
  app.use((_req, res) => res.status(404).json({ fellThrough: res.locals.steps as string[] }));
  const onError: ErrorRequestHandler = (error: Error, _req, res, _next) => res.status(500).json({ error: error.message, steps: res.locals.steps as string[] });
  app.use(onError);
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => new Promise((resolve) => server.close(() => resolve()));
});
afterAll(() => close());

describe('inSequence', () => {
  Object.keys(CASES).forEach((name, index) => {
    it(`${name}: as Express's own route does`, async () => {
      const answer = async (mount: string) => {
        const response = await fetch(`${base}/${mount}/${index}`, { method: 'POST' });
        return { status: response.status, body: (await response.json()) as unknown };
      };
      const expected = await answer('express');
      expect(await answer('sequence')).toEqual(expected);
      expect(expected.status).toBeGreaterThan(0);
    });
  });

  it('answers as expected in the plain cases', async () => {
    const steps = await (await fetch(`${base}/sequence/0`, { method: 'POST' })).json();
    expect(steps).toEqual({ steps: ['a', 'b'] });
    const failed = await fetch(`${base}/sequence/1`, { method: 'POST' });
    expect([failed.status, await failed.json()]).toEqual([500, { error: 'stop', steps: ['a', 'b'] }]);
    const left = await fetch(`${base}/sequence/3`, { method: 'POST' });
    expect([left.status, await left.json()]).toEqual([404, { fellThrough: ['a'] }]);
  });

  it('refuses error handlers, and hands a single handler back as it is', () => {
    const onError: ErrorRequestHandler = (_error, _req, _res, next) => next();
    expect(() => inSequence([onError as unknown as RequestHandler])).toThrow(/not error handlers/);
    const only: RequestHandler = (_req, _res, next) => next();
    expect(inSequence([only])).toBe(only);
  });
});
