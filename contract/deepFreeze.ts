/**
 * Freezes a plain-data value and everything in it, in place, and returns it. A frozen value can be
 * shared instead of copied (stored searches, cached answers, journal entries) and lets the layers
 * that serialise or validate it keep their result per object (see server/http/transport/answers.ts). A node that is
 * already frozen is taken as deeply frozen and not walked again, so freezing an entry around a shared
 * body costs little.
 */
export function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const child of Object.values(value)) deepFreeze(child);
  return value;
}
