/**
 * `npm run contract:compat`: the breaking-change gate. Compares openapi.yaml and
 * server/control-api.yaml with the copies of the last release (contract/released/<version>/) using
 * Specmatic's `compare` (the pinned `specmatic` devDependency; offline, Java 17). A change that breaks
 * the release's clients or servers fails (exit 1) unless info.version's major went up and CHANGELOG.md
 * has that version's entry for partners; known false positives are listed with their reasons
 * (scripts/compat/knownFalsePositives.ts). Why Specmatic: it is the contract tool partners pair with
 * Prism, it checks both directions (requests a server must still take, answers a client must still
 * read), and CI runs it anyway for `specmatic test`.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { parse } from 'yaml';
import { findingsOf, verdict } from './compat/findings.js';
import { releasedForComparison } from './compat/patternRewrites.js';
import { lastRelease } from './compat/releases.js';
import { runSpecmatic } from './compat/specmatic.js';

const root = join(import.meta.dirname, '..');
const RELEASED = join(root, 'contract/released');
/** Each contract as the repository has it and as the released copy names it. */
const CONTRACTS = [
  { name: 'openapi.yaml', path: 'openapi.yaml' },
  { name: 'control-api.yaml', path: 'server/control-api.yaml' },
] as const;
const TIMEOUT_MS = 8 * 60_000;

const { values: args } = parseArgs({
  options: {
    // Tests point the gate at a changed contract, a released copy and a CHANGELOG of their own.
    root: { type: 'string' },
    released: { type: 'string' },
    changelog: { type: 'string' },
  },
});

const repoRoot = args.root ?? root;
const releasedFolder = args.released ?? RELEASED;
const releasedVersion = lastRelease(releasedFolder);
const changelog = readFileSync(args.changelog ?? join(repoRoot, 'CHANGELOG.md'), 'utf8');
const work = mkdtempSync(join(tmpdir(), 'contract-compat-'));
let failed = false;
try {
  for (const contract of CONTRACTS) {
    const current = readFileSync(join(repoRoot, contract.path), 'utf8');
    const version = (parse(current) as { info: { version: string } }).info.version;
    writeFileSync(join(work, `released-${contract.name}`), releasedForComparison(readFileSync(join(releasedFolder, releasedVersion, contract.name), 'utf8')));
    writeFileSync(join(work, `current-${contract.name}`), current);
    const started = Date.now();
    const run = await runSpecmatic(['compare', `released-${contract.name}`, `current-${contract.name}`], { cwd: work, timeoutMs: TIMEOUT_MS });
    const seconds = ((Date.now() - started) / 1000).toFixed(0);
    if (run.timedOut || (run.code !== 0 && run.code !== 1)) {
      failed = true;
      console.error(`${contract.name}: Specmatic ${run.timedOut ? `did not finish in ${TIMEOUT_MS / 60_000} minutes` : `exited with ${run.code}`}:\n${run.output.slice(-3000)}`);
      continue;
    }
    const findings = findingsOf(run.output);
    if (run.code === 1 && findings.length === 0) {
      failed = true;
      console.error(`${contract.name}: Specmatic says "not compatible" but no finding could be read from its output:\n${run.output.slice(-3000)}`);
      continue;
    }
    let result = verdict({ contract: contract.name, findings, releasedVersion, version, changelog });
    if (!result.ok) {
      // Specmatic 2.55 finds some "breaks" in a contract compared with itself; those are not changes.
      const self = await runSpecmatic(['compare', `current-${contract.name}`, `current-${contract.name}`], { cwd: work, timeoutMs: TIMEOUT_MS });
      if (!self.timedOut) result = verdict({ contract: contract.name, findings, releasedVersion, version, changelog, selfFindings: findingsOf(self.output) });
    }
    (result.ok ? console.log : console.error)(`${result.lines.join('\n')}\n  (Specmatic compare, ${seconds} s)`);
    if (!result.ok) failed = true;
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
