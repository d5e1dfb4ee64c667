/** Test tooling: values with one thing broken, to compare two validators on (contract/schemaCache.test.ts and the request checks' cache test). */

/** The value, and variants of it with one thing broken: a property removed, of another type, one added; items likewise, two levels deep. */
export function brokenVariants(value: unknown, depth = 0): unknown[] {
  const variants: unknown[] = [value];
  if (depth > 2 || value === null || typeof value !== 'object') return variants;
  const wrong = (item: unknown): unknown[] => [null, 'x', -1, 12.345, true, [], {}, '2026-13-45', ''].filter((other) => typeof other !== typeof item || Array.isArray(other) !== Array.isArray(item));
  if (Array.isArray(value)) {
    variants.push([], [...value, ...value]);
    value.slice(0, 2).forEach((item, index) => {
      for (const changed of [...wrong(item), ...brokenVariants(item, depth + 1).slice(1)]) variants.push(value.map((old, at) => (at === index ? changed : old)));
    });
    return variants;
  }
  const object = value as Record<string, unknown>;
  variants.push({ ...object, unexpected_field: 1 });
  for (const key of Object.keys(object)) {
    const { [key]: removed, ...rest } = object;
    variants.push(rest);
    for (const changed of [...wrong(removed), ...brokenVariants(removed, depth + 1).slice(1)]) variants.push({ ...object, [key]: changed });
  }
  return variants;
}
