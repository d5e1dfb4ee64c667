/**
 * Which checks a run selects, and which of those it must skip (and why): --profile, --only,
 * --skip, what the run has (harness, second key) and the opt-in `expensive` checks. Also the
 * order they run in, so that a run without a harness waits as little as possible.
 */
import type { CatalogueCheck, Endpoint, Need } from './types.js';

export interface SelectionOptions {
  profile: 'spec' | 'reference';
  /** Tokens: an id, an id prefix (`search.radius`), a glob (`search.*`), a group, a tag or a label. */
  only: readonly string[];
  skip: readonly string[];
  has: Readonly<Record<Need, boolean>>;
}

export interface PlannedCheck {
  check: CatalogueCheck;
  /** Set when the check is selected but cannot run here. */
  skipReason?: string;
  /** The requests it will send per endpoint, when the check knows (set by the runner from its settings). */
  plannedRequests?: Partial<Record<Endpoint, number>>;
}

const NEED_REASONS: Readonly<Record<Need, string>> = {
  control: 'needs the control harness (--control URL)',
  apikey2: 'needs a second account (--apikey2 KEY)',
  clock: 'needs a movable server clock (--control URL)',
};

export function matchesToken(check: CatalogueCheck, token: string): boolean {
  if (token === check.id || token === check.group || token === check.tag) return true;
  if (check.labels?.includes(token)) return true;
  if (check.id.startsWith(`${token}.`)) return true;
  if (token.includes('*')) {
    const pattern = new RegExp(`^${token.split('*').map(escapeRegExp).join('.*')}$`);
    return pattern.test(check.id);
  }
  return false;
}

/** Tokens that match no check of the catalogue (a typo in --only/--skip is a usage error). */
export function unknownTokens(catalogue: readonly CatalogueCheck[], tokens: readonly string[]): string[] {
  return tokens.filter((token) => !catalogue.some((check) => matchesToken(check, token)));
}

export function selectChecks(catalogue: readonly CatalogueCheck[], options: SelectionOptions): PlannedCheck[] {
  const selected = catalogue.filter(
    (check) =>
      (options.profile === 'reference' || check.tag === 'spec') &&
      (options.only.length === 0 || options.only.some((token) => matchesToken(check, token))) &&
      !options.skip.some((token) => matchesToken(check, token)),
  );
  const planned = selected.map((check): PlannedCheck => {
    const missing = check.needs.find((need) => !options.has[need]);
    if (missing) return { check, skipReason: NEED_REASONS[missing] };
    if (check.labels?.includes('expensive') && !options.has.control && !optedIn(check, options.only)) {
      return { check, skipReason: `expensive without a harness: select it with --only ${check.id}, or run with --control URL` };
    }
    return { check };
  });
  return orderForRun(planned);
}

/** An expensive check runs without a harness only when --only names it (its id or the label). */
function optedIn(check: CatalogueCheck, only: readonly string[]): boolean {
  return only.includes(check.id) || only.includes('expensive');
}

/**
 * Run order, stable within each phase: checks on the rate-limit window first (they need an empty
 * window, which a run without a harness only has at its start), then the rest, then checks that
 * move the clock far (deadlines, expiry), then those that move it at random (stateful sequences:
 * the shared bookings the others judge by the clock are done with by then), then the expensive ones.
 */
export function orderForRun(planned: readonly PlannedCheck[]): PlannedCheck[] {
  const phase = ({ check }: PlannedCheck) =>
    check.labels?.includes('expensive') ? 4 : check.labels?.includes('moves-clock') ? 3 : check.needs.includes('clock') ? 2 : check.labels?.includes('window') ? 0 : 1;
  return planned
    .map((p, index) => ({ p, index }))
    .sort((a, b) => phase(a.p) - phase(b.p) || a.index - b.index)
    .map(({ p }) => p);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
}
