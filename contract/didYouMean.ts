/**
 * "Did you mean" for the command lines of the server and the kit: the known name nearest to what was
 * typed, when it is near enough to be a slip (a letter or two off, a hyphen added or dropped).
 */
import { distance } from 'fastest-levenshtein';

/** Lower case without separators: `--api-key`, `apiKey` and `apikey` are one name. */
const folded = (name: string) => name.toLowerCase().replace(/[-_\s]/g, '');

/** The candidate nearest to `typed`, or undefined when none is near enough to suggest. */
export function nearestName(typed: string, candidates: readonly string[]): string | undefined {
  let best: { name: string; cost: number } | undefined;
  for (const name of candidates) {
    const cost = folded(typed) === folded(name) ? 0 : distance(folded(typed), folded(name));
    if (best === undefined || cost < best.cost) best = { name, cost };
  }
  // Two edits (a swapped pair of letters is two), or a third of a longer name: "prot" finds "port".
  return best !== undefined && best.cost <= Math.max(2, Math.floor(folded(best.name).length / 3)) ? best.name : undefined;
}

/** ` (did you mean --apikey?)`, or '' when nothing is near. */
export function didYouMean(typed: string, candidates: readonly string[], prefix = ''): string {
  const nearest = nearestName(typed.replace(/^-+/, '').replace(/=.*$/, ''), candidates);
  return nearest === undefined ? '' : `; did you mean ${prefix}${nearest}?`;
}
