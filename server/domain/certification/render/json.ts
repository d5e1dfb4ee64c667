/** The report as JSON: exactly what POST /_control/certification answers. */
import type { CertificationReport } from '../types.js';

export const jsonReport = (report: CertificationReport): string => `${JSON.stringify(report, null, 2)}\n`;
