/**
 * Readiness of the embedded store (/readyz): ready when the newest durable write went through,
 * a journal write or a probe that writes one block next to DB_FILE and removes it. The probe runs
 * at most once per readyProbeTtlMs, so it never grows the disk.
 */
import type { Journal } from './journal.js';
import type { StoreFs } from './storeFs.js';

/** What the probe writes (and removes) next to DB_FILE: one block, so a full disk refuses it. */
const READY_PROBE = `${'-'.repeat(4095)}\n`;

export class ReadinessProbe {
  /** The last write probe (Date.now() when it began, and its failure). */
  private last: { atMs: number; error?: string } | undefined;
  private probing: Promise<void> | undefined;

  constructor(
    private readonly fs: StoreFs,
    /** DB_FILE: the probe writes `${path}.ready`. */
    private readonly path: string,
    private readonly ttlMs: number,
    private readonly journal: Journal,
  ) {}

  /** Resolves when ready; throws why not. */
  async check(): Promise<void> {
    if (!this.last || Date.now() - this.last.atMs >= this.ttlMs) {
      this.probing ??= this.probeDirectory().finally(() => {
        this.probing = undefined;
      });
      await this.probing;
    }
    const probe = this.last!;
    const failure = this.journal.lastFailure;
    if (failure && failure.atMs >= probe.atMs) throw new Error(`the last journal write failed (${failure.message})`);
    if (probe.error) throw new Error(probe.error);
  }

  private async probeDirectory(): Promise<void> {
    const atMs = Date.now();
    const probePath = `${this.path}.ready`;
    try {
      await this.fs.writeSynced(probePath, [READY_PROBE]);
      await this.fs.remove(probePath);
      this.last = { atMs };
    } catch (error) {
      await this.fs.remove(probePath).catch(() => {});
      this.last = { atMs, error: `the directory of DB_FILE does not accept writes (${(error as Error).message})` };
    }
  }
}
