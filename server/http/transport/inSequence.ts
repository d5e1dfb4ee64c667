/**
 * Middleware run one after the other as one Express layer. The app's router matches every layer
 * against every request; a few small steps that always run together (app.ts: before the routes)
 * cost one match this way. An error, or a step that answers without calling next, ends the
 * sequence as it would end Express's.
 */
import type { RequestHandler } from 'express';

export function inSequence(...steps: RequestHandler[]): RequestHandler {
  return (req, res, next) => {
    let index = 0;
    const step = (error?: unknown): void => {
      // Express's own 'route' and 'router' signals skip what follows in the sequence, as they would skip the layers.
      if (error !== undefined || index === steps.length) return next(error);
      const handler = steps[index++] as RequestHandler;
      try {
        void handler(req, res, step);
      } catch (thrown) {
        next(thrown);
      }
    };
    step();
  };
}
