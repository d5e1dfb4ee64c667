import type { Request } from 'express';

/**
 * A named segment (`:name`) of the matched route. Express 5 types every parameter as
 * `string | string[]` because wildcard segments give arrays; our routes have no wildcards, so
 * anything but a string means the segment is absent.
 */
export function pathParam(req: Request, name: string): string {
  const value = req.params[name];
  return typeof value === 'string' ? value : '';
}
