/** Small measuring helpers shared by the benchmarks. */
export function percentile(sortedMs: number[], fraction: number): number {
  if (sortedMs.length === 0) return NaN;
  const index = Math.min(sortedMs.length - 1, Math.ceil(fraction * sortedMs.length) - 1);
  return sortedMs[Math.max(0, index)] as number;
}

export function summarise(samplesMs: number[]): { p50_ms: number; p99_ms: number; mean_ms: number; n: number } {
  const sorted = [...samplesMs].sort((a, b) => a - b);
  const mean = sorted.reduce((sum, value) => sum + value, 0) / Math.max(1, sorted.length);
  const round = (value: number) => Math.round(value * 1000) / 1000;
  return { p50_ms: round(percentile(sorted, 0.5)), p99_ms: round(percentile(sorted, 0.99)), mean_ms: round(mean), n: sorted.length };
}

/** Runs `task` `total` times with `concurrency` workers; returns per-request latencies and requests/s. */
export async function load(
  total: number,
  concurrency: number,
  task: (index: number) => Promise<void>,
): Promise<{ latency: ReturnType<typeof summarise>; requests_per_second: number }> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < total) {
      const index = next++;
      const begin = performance.now();
      await task(index);
      latencies.push(performance.now() - begin);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  return { latency: summarise(latencies), requests_per_second: Math.round(total / seconds) };
}
