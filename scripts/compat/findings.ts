/**
 * What Specmatic's `compare` reports, read into findings, and the gate's verdict on them: a finding
 * that is not a known false positive breaks the release unless `info.version`'s major went up and the
 * CHANGELOG has that version's entry telling partners what to do.
 */
import { KNOWN_FALSE_POSITIVES, type KnownFalsePositive } from './knownFalsePositives.js';

export interface Finding {
  /** `POST /search.php` */
  operation: string;
  /** Specmatic's path of the value, `REQUEST.BODY.currency` or `RESPONSE.BODY.hotels[].id`. */
  at: string;
  /** Specmatic's rule, `R1002`. */
  rule: string;
  /** Its first line of explanation ("This is … in the new specification, but … in the old"). */
  detail: string;
}

const OPERATION = /^API: (\S+ \S+) ->/;
const LOCATION = /^\s*>> (\S+)(?: \(.*\))?\s*$/;
const RULE = /^\s*(R\d{4}): /;

/** The distinct findings of a `compare` run's output (Specmatic repeats one per scenario that meets it). */
export function findingsOf(output: string): Finding[] {
  const found = new Map<string, Finding>();
  let operation = '';
  let at: string | undefined;
  /** The finding whose explanation is still to come (the first line after the rule's Documentation and Summary). */
  let explaining: Finding | undefined;
  for (const line of output.split('\n')) {
    const op = OPERATION.exec(line);
    if (op) operation = op[1]!;
    const location = LOCATION.exec(line);
    if (location) {
      at = location[1]!;
      explaining = undefined;
      continue;
    }
    const rule = at !== undefined ? RULE.exec(line) : null;
    if (rule) {
      const key = `${operation} ${at} ${rule[1]}`;
      explaining = found.get(key) ?? { operation, at: at!, rule: rule[1]!, detail: '' };
      if (!found.has(key)) found.set(key, explaining);
      else explaining = undefined;
      at = undefined;
      continue;
    }
    const text = line.trim();
    if (explaining && text && !/^(Documentation|Summary):/.test(text)) {
      explaining.detail = text.slice(0, 300);
      explaining = undefined;
    }
  }
  return [...found.values()];
}

export function isKnown(finding: Finding, contract: string, known: readonly KnownFalsePositive[] = KNOWN_FALSE_POSITIVES): KnownFalsePositive | undefined {
  return known.find((entry) => entry.contract === contract && entry.operation === finding.operation && entry.at === finding.at && entry.rule === finding.rule);
}

export interface Verdict {
  ok: boolean;
  lines: string[];
}

const major = (version: string) => Number.parseInt(version.split('.')[0] ?? '', 10);

/**
 * The CHANGELOG's entry for a version: the text under `## <version>` (a date may follow) up to the
 * next `## `, when it has a `### What to do` part with text in it.
 */
export function partnerEntry(changelog: string, version: string): string | undefined {
  const lines = changelog.split('\n');
  const start = lines.findIndex((line) => new RegExp(`^## \\[?${version.replace(/\./g, '\\.')}\\]?(\\s|$)`).test(line));
  if (start < 0) return undefined;
  const end = lines.findIndex((line, index) => index > start && /^## /.test(line));
  const entry = lines.slice(start, end < 0 ? undefined : end).join('\n');
  const whatToDo = /^### What to do\s*\n([\s\S]*?)(?=^### |$(?![\s\S]))/m.exec(entry);
  return whatToDo && whatToDo[1]!.trim().length > 0 ? entry : undefined;
}

/** The gate's verdict on one contract's findings against the released copy. */
export function verdict(input: {
  contract: string;
  findings: readonly Finding[];
  releasedVersion: string;
  version: string;
  changelog: string;
  known?: readonly KnownFalsePositive[];
  /** What Specmatic reports comparing today's contract with itself: its own artifacts, no change. */
  selfFindings?: readonly Finding[];
}): Verdict {
  const lines: string[] = [];
  const breaking: Finding[] = [];
  const key = (finding: Finding) => `${finding.operation} ${finding.at} ${finding.rule}`;
  const artifacts = new Set((input.selfFindings ?? []).map(key));
  let unjudged = 0;
  for (const finding of input.findings) {
    const known = isKnown(finding, input.contract, input.known);
    if (known) lines.push(`  known false positive: ${key(finding)} (${known.why})`);
    else if (artifacts.has(key(finding))) unjudged += 1;
    else breaking.push(finding);
  }
  if (unjudged > 0) {
    lines.push(`  ${unjudged} finding(s) Specmatic also reports comparing today's contract with itself (its reading of the 415 answers to a non-JSON body: a text/plain request, no body), so no change of ours`);
  }
  if (breaking.length === 0) return { ok: true, lines: [`${input.contract}: backward compatible with ${input.releasedVersion}`, ...lines] };
  const described = breaking.map((finding) => `  breaking: ${finding.operation} ${finding.at} ${finding.rule}: ${finding.detail}`);
  const majorUp = major(input.version) > major(input.releasedVersion);
  if (majorUp && partnerEntry(input.changelog, input.version)) {
    return { ok: true, lines: [`${input.contract}: ${breaking.length} breaking change(s), released as ${input.version} (a new major) with its CHANGELOG entry`, ...described, ...lines] };
  }
  const why = majorUp
    ? `CHANGELOG.md has no "## ${input.version}" entry with a "### What to do" part for partners`
    : `info.version ${input.version} keeps the major of ${input.releasedVersion}`;
  return {
    ok: false,
    lines: [
      `${input.contract}: ${breaking.length} change(s) break ${input.releasedVersion}'s clients or servers, and ${why}.`,
      ...described,
      ...lines,
      '  Either keep what the release accepted and promised, or raise info.version\'s major and write the CHANGELOG entry;',
      '  a finding that is no break is listed with its reason in scripts/compat/knownFalsePositives.ts.',
    ],
  };
}
