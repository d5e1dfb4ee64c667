/**
 * The kit as a library (`import { runConformance } from 'hotel-conformance'`): run the catalogue
 * from code, then write the same reports the CLI writes.
 */
export { CATALOGUE } from './checks/index.js';
export { exitCodeOf, runConformance, type RunOptions } from './kit/runner.js';
export type { CatalogueCheck, CheckResult, CheckStatus, Profile, RunReport, RunSummary } from './kit/types.js';
export { summaryText } from './reports/console.js';
export { htmlReport } from './reports/html.js';
export { jsonReport } from './reports/json.js';
export { junitReport } from './reports/junit.js';
