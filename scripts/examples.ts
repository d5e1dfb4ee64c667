/**
 * `npm run examples`: regenerates every example in openapi.yaml from the sandbox (scripts/examples/
 * story.ts, in-process, clock fixed at EXAMPLES_CLOCK). Only example nodes change: the file is
 * edited through the `yaml` Document API, so comments, order and formatting stay as they are.
 * Deterministic: running it twice gives the same file. Afterwards run `npm run gen`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import YAML, { isMap, isScalar, isSeq, type Document } from 'yaml';
import { runStory, type StoryExample } from './examples/story.js';

export const OPENAPI_FILE = fileURLToPath(new URL('../openapi.yaml', import.meta.url));
/** Dates stay quoted, as elsewhere in the file. */
const DATE_LIKE = /^\d{4}-\d{2}-\d{2}/;

/** A string that a YAML 1.1 reader (Prism, many tools) would not read as that string: `15:00`, `yes`, `1e3`. */
function misreadByYaml11(text: string): boolean {
  try {
    return YAML.parse(text, { version: '1.1' }) !== text;
  } catch {
    return true;
  }
}

/** Quotes date-like strings; lists of scalars go on one line (`[a, b]`), as elsewhere in the file. */
function styleLikeFile(node: unknown): void {
  YAML.visit(node as YAML.Node, {
    Scalar(_key, scalar) {
      if (typeof scalar.value !== 'string' || scalar.type === 'QUOTE_DOUBLE' || scalar.type === 'QUOTE_SINGLE') return;
      if (DATE_LIKE.test(scalar.value) || misreadByYaml11(scalar.value)) scalar.type = 'QUOTE_SINGLE';
    },
    Seq(_key, seq) {
      if (seq.items.every((item) => isScalar(item))) seq.flow = true;
    },
  });
}

/**
 * Writes `value` into the node at `path`, keeping the existing node (its quoting and layout) wherever
 * the structure is unchanged: same keys in the same order, same list lengths, scalars for scalars.
 */
function assign(doc: Document, path: YAML.Node | undefined, value: unknown): YAML.Node {
  const keep = path;
  if (isScalar(keep) && (value === null || typeof value !== 'object')) {
    keep.value = value;
    styleLikeFile(keep);
    return keep;
  }
  if (isMap(keep) && value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const keys = Object.keys(value);
    const existing = keep.items.map((pair) => (isScalar(pair.key) ? pair.key.value : undefined));
    if (keys.length === existing.length && keys.every((key, index) => existing[index] === key)) {
      keep.items.forEach((pair, index) => {
        pair.value = assign(doc, pair.value as YAML.Node | undefined, (value as Record<string, unknown>)[keys[index] as string]);
      });
      return keep;
    }
  }
  if (isSeq(keep) && Array.isArray(value) && value.length === keep.items.length) {
    keep.items = keep.items.map((item, index) => assign(doc, item as YAML.Node | undefined, value[index]));
    return keep;
  }
  const fresh = doc.createNode(value) as YAML.Node;
  styleLikeFile(fresh);
  return fresh;
}

/** openapi.yaml's text with every story example written in. Throws when an example has no node to replace. */
export function withExamples(text: string, examples: readonly StoryExample[]): string {
  const doc = YAML.parseDocument(text);
  for (const example of examples) {
    if (!doc.hasIn(example.at)) throw new Error(`openapi.yaml has no example at ${example.at.join(' → ')}`);
    doc.setIn(example.at, assign(doc, doc.getIn(example.at, true) as YAML.Node | undefined, example.value));
  }
  return doc.toString({ lineWidth: 0, flowCollectionPadding: false });
}

export const ARAZZO_FILE = fileURLToPath(new URL('../arazzo.yaml', import.meta.url));

/** The stay of openapi.yaml's search example (byLocation), which arazzo.yaml's default inputs follow. */
export function exampleStay(openapiText: string): { checkin: string; checkout: string } {
  const value = YAML.parseDocument(openapiText).getIn(['paths', '/search.php', 'post', 'requestBody', 'content', 'application/json', 'examples', 'byLocation', 'value']);
  const json = (isMap(value) ? value.toJSON() : {}) as { checkin?: unknown; checkout?: unknown };
  if (typeof json.checkin !== 'string' || typeof json.checkout !== 'string') throw new Error('openapi.yaml has no byLocation search example with dates');
  return { checkin: json.checkin, checkout: json.checkout };
}

/** arazzo.yaml's text with every workflow's `checkin`/`checkout` input default set to the stay. */
export function withArazzoDates(text: string, stay: { checkin: string; checkout: string }): string {
  const doc = YAML.parseDocument(text);
  const workflows = doc.get('workflows');
  if (!isSeq(workflows)) throw new Error('arazzo.yaml has no workflows');
  workflows.items.forEach((_workflow, index) => {
    for (const name of ['checkin', 'checkout'] as const) {
      const at = ['workflows', index, 'inputs', 'properties', name, 'default'];
      if (!doc.hasIn(at)) continue;
      const node = doc.createNode(stay[name]) as YAML.Scalar;
      node.type = 'QUOTE_SINGLE';
      doc.setIn(at, node);
    }
  });
  return doc.toString({ lineWidth: 0, flowCollectionPadding: false });
}

async function main(): Promise<void> {
  const examples = await runStory();
  const before = readFileSync(OPENAPI_FILE, 'utf8');
  const after = withExamples(before, examples);
  writeFileSync(OPENAPI_FILE, after);
  console.log(`${examples.length} examples written to openapi.yaml${after === before ? ' (unchanged)' : ''}; now run npm run gen`);
  // The Arazzo workflows' default dates follow the search example's stay.
  const arazzo = readFileSync(ARAZZO_FILE, 'utf8');
  const moved = withArazzoDates(arazzo, exampleStay(after));
  writeFileSync(ARAZZO_FILE, moved);
  console.log(`arazzo.yaml default dates ${moved === arazzo ? 'unchanged' : 'moved'}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await main();
}
