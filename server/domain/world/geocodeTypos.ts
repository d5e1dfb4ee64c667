/**
 * Typed names with a typo: the known names of some size (major cities and curated places)
 * within edit distance 1 or 2 (fastest-levenshtein). Names are bucketed by length and compared
 * only when they share the first or the last letter, so a look-up costs a few dozen distance
 * computations. One name one edit away resolves; otherwise up to 3 suggestions.
 */
import { distance } from 'fastest-levenshtein';

/** Shorter texts have too many neighbours to suggest from. */
const MIN_TYPO_LENGTH = 4;
/** Shorter texts are too often another language's name ("Genf") to be taken for a typo. */
const MIN_RESOLVED_LENGTH = 5;
const MAX_SUGGESTIONS = 3;

export interface TypoAnswer<T> {
  /** The only known name one edit away. */
  match?: T;
  /** Display names of the nearest known names (at most 3), when there is no single match. */
  suggestions: string[];
}

/** A TypoIndex's names in the order they were added, their targets as numbers (kept in the start-up cache). */
export interface TypoIndexState {
  keys: string[];
  targets: number[];
  displays: string[];
  weights: number[];
}

export class TypoIndex<T> {
  /** Length → normalised names of that length. */
  private readonly byLength = new Map<number, string[]>();
  private readonly targets = new Map<string, { target: T; display: string; weight: number }>();

  /** Earlier additions of the same name win; `weight` orders suggestions (population, say). */
  add(key: string, target: T, display: string, weight: number): void {
    if (key.length < MIN_TYPO_LENGTH || this.targets.has(key)) return;
    this.targets.set(key, { target, display, weight });
    const list = this.byLength.get(key.length);
    if (list) list.push(key);
    else this.byLength.set(key.length, [key]);
  }

  /** The names added, in order, each target as `encode` numbers it. */
  state(encode: (target: T) => number): TypoIndexState {
    const state: TypoIndexState = { keys: [], targets: [], displays: [], weights: [] };
    for (const [key, { target, display, weight }] of this.targets) {
      state.keys.push(key);
      state.targets.push(encode(target));
      state.displays.push(display);
      state.weights.push(weight);
    }
    return state;
  }

  /** The index state() described, each target given back by `decode`: the same names added in the same order. */
  static fromState<T>(state: TypoIndexState, decode: (number: number) => T): TypoIndex<T> {
    const index = new TypoIndex<T>();
    state.keys.forEach((key, i) => index.add(key, decode(state.targets[i] as number), state.displays[i] as string, state.weights[i] as number));
    return index;
  }

  find(key: string): TypoAnswer<T> {
    if (key.length < MIN_TYPO_LENGTH || key.length > 60) return { suggestions: [] };
    const maxEdits = key.length >= 7 ? 2 : 1;
    const near: Array<{ name: string; edits: number }> = [];
    const first = key[0];
    const last = key[key.length - 1];
    for (let length = key.length - maxEdits; length <= key.length + maxEdits; length++) {
      for (const name of this.byLength.get(length) ?? []) {
        if (name[0] !== first && name[name.length - 1] !== last) continue;
        const edits = distance(key, name);
        if (edits <= maxEdits) near.push({ name, edits });
      }
    }
    const oneEdit = near.filter((entry) => entry.edits === 1);
    if (oneEdit.length === 1 && key.length >= MIN_RESOLVED_LENGTH) return { match: this.targets.get(oneEdit[0]!.name)!.target, suggestions: [] };
    near.sort((a, b) => a.edits - b.edits || this.targets.get(b.name)!.weight - this.targets.get(a.name)!.weight || (a.name < b.name ? -1 : 1));
    const suggestions: string[] = [];
    for (const entry of near) {
      const display = this.targets.get(entry.name)!.display;
      if (!suggestions.includes(display)) suggestions.push(display);
      if (suggestions.length === MAX_SUGGESTIONS) break;
    }
    return { suggestions };
  }
}
