/**
 * What a check is (a small declarative unit modelled on Schemathesis' named checks: metadata the
 * runner can select and report on, plus one `run(ctx)` that throws a CheckFailure when the rule is
 * broken), and the rest of the kit's vocabulary (vocabulary.ts).
 */
import type { CheckContext } from './context.js';
import type { Endpoint, KitSettings, Need, Tag } from './vocabulary.js';

export * from './vocabulary.js';

export interface Check {
  /** Stable id, `<area>.<subject>.<rule>`, e.g. `search.radius.max-accepted`. */
  id: string;
  title: string;
  /** Section of the API description the rule comes from. */
  section: string;
  tag: Tag;
  needs: readonly Need[];
  /** The endpoints it spends requests on (for planning and --list). */
  endpoints: readonly Endpoint[];
  /**
   * Extra selection labels. `expensive`: skipped unless selected by --only or a harness is present.
   * `fresh-window`: needs an empty rate-limit window, so it is scheduled before other checks.
   */
  labels?: readonly string[];
  /** The requests it will send per endpoint under these settings, when known before it runs (the run's ETA). */
  plannedRequests?: (settings: KitSettings) => Partial<Record<Endpoint, number>>;
  run(ctx: CheckContext): Promise<void>;
}

/** A check as the catalogue holds it: with the group (the file it comes from). */
export interface CatalogueCheck extends Check {
  group: string;
}

