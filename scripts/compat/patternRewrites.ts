/**
 * Patterns the contract once wrote in a form Specmatic's value generator cannot finish with, and the
 * equivalent forms the contract writes now. `equivalentPatterns.test.ts` proves each pair accepts the
 * same strings (within the schema's maxLength) over a corpus of valid and invalid values; the
 * compatibility gate rewrites a released copy with them before Specmatic reads it, so the comparison
 * is of the same rules.
 */
export interface PatternRewrite {
  /** The schema that carries it, for the reader. */
  schema: string;
  before: string;
  after: string;
  /** The schema's maxLength, under which the two are equivalent. */
  maxLength: number;
  why: string;
}

export const EQUIVALENT_PATTERNS: readonly PatternRewrite[] = [
  {
    schema: 'ServiceHash',
    before: '^[0-9]+-.+-[1-4]-[0-9]{8}-[0-9]{8}-[1-5]$',
    after: '^[0-9]+-.{1,176}-[1-4]-[0-9]{8}-[0-9]{8}-[1-5]$',
    maxLength: 200,
    why:
      'the room code `.+` is unbounded and can hold `-`, so Specmatic searches for ever (issue 37); within maxLength 200 ' +
      'it is at most 200 - 1 (a digit) - 1 (a dash) - 22 (the tail) = 176 characters',
  },
];

/**
 * XML answers whose root element the contract once left unnamed; Specmatic's `compare` aborts on them
 * ("Could not determine name for an xml node"). Naming the element the server always sent changes no
 * answer, so the released copy is read with the name too.
 */
export const XML_NAMES: readonly { after: string; name: string }[] = [
  { after: '                description: JUnit XML; one testcase per rule (not_seen is skipped, failed a failure).\n', name: 'testsuites' },
];

/** A released copy as the gate reads it: patterns in their equivalent forms, XML roots named. */
export function releasedForComparison(yamlText: string): string {
  return XML_NAMES.reduce(
    (text, { after, name }) => (text.includes(`${after}                xml:`) ? text : text.split(after).join(`${after}                xml:\n                  name: ${name}\n`)),
    withEquivalentPatterns(yamlText),
  );
}

/** The YAML text with every `before` pattern (as written between single quotes) replaced by its `after`. */
export function withEquivalentPatterns(yamlText: string): string {
  return EQUIVALENT_PATTERNS.reduce((text, { before, after }) => text.split(`'${before}'`).join(`'${after}'`), yamlText);
}
