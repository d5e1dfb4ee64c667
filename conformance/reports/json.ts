/** The JSON report: every check with status, message, duration and requests, plus the run's totals. */
import type { RunReport } from '../kit/types.js';

export function jsonReport(report: RunReport): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}
