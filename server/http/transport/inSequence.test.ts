import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { describe, expect, it } from 'vitest';
import { inSequence } from './inSequence.js';

const req = {} as Request;
const res = {} as Response;

/** Runs `handler` and says what reached its next (nothing when it answered without calling next). */
function run(handler: RequestHandler): { called: boolean; error: unknown } {
  const outcome = { called: false, error: undefined as unknown };
  handler(req, res, ((error?: unknown) => Object.assign(outcome, { called: true, error })) as NextFunction);
  return outcome;
}

describe('inSequence', () => {
  it('runs every step in order, then goes on', () => {
    const seen: string[] = [];
    const step = (name: string): RequestHandler => (_req, _res, next) => {
      seen.push(name);
      next();
    };
    expect(run(inSequence(step('a'), step('b'), step('c')))).toEqual({ called: true, error: undefined });
    expect(seen).toEqual(['a', 'b', 'c']);
  });

  it('stops at a step that answers without calling next', () => {
    const seen: string[] = [];
    const answers: RequestHandler = () => seen.push('answered');
    const after: RequestHandler = (_req, _res, next) => {
      seen.push('after');
      next();
    };
    expect(run(inSequence(answers, after))).toEqual({ called: false, error: undefined });
    expect(seen).toEqual(['answered']);
  });

  it('passes an error, a thrown one too, or a router signal on and skips the rest', () => {
    const never: RequestHandler = () => {
      throw new Error('must not run');
    };
    const failing = new Error('bad');
    expect(run(inSequence((_req, _res, next) => next(failing), never)).error).toBe(failing);
    const thrown = run(
      inSequence(() => {
        throw failing;
      }, never),
    );
    expect(thrown.error).toBe(failing);
    expect(run(inSequence((_req, _res, next) => next('router'), never)).error).toBe('router');
  });

  it('with no steps, goes on at once', () => {
    expect(run(inSequence())).toEqual({ called: true, error: undefined });
  });
});
