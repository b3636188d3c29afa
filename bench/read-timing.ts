// What the database benchmarks share: timing one call, percentiles, and the printed table of reads
// against a baseline measured in the same run, each read's p95 checked against a target.

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

export async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

/**
 * Prints the baseline's and each read's p50 and p95, the p95's ratio to the baseline's and whether
 * it met `targetP95Ms`; then the verdict. Reads are timed one after another, as `timeRead` gives.
 */
export async function printReads<Read>(
  options: { title: string; what: string; baseline: { name: string; times: number[] }; targetP95Ms: number },
  reads: ReadonlyArray<readonly [string, Read]>,
  timeRead: (read: Read) => Promise<number[]>,
): Promise<boolean> {
  const width = 44;
  const row = (name: string, times: number[]) =>
    `  ${name.padEnd(width)} ${percentile(times, 50).toFixed(2).padStart(8)} ${percentile(times, 95).toFixed(2).padStart(8)}`;
  const baseP95 = percentile(options.baseline.times, 95);
  console.log(
    `\n  ${options.title.padEnd(width)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p95/base'.padStart(9)}  target`,
  );
  console.log(row(`baseline: ${options.baseline.name}`, options.baseline.times));
  let ok = true;
  for (const [name, read] of reads) {
    const times = await timeRead(read);
    const p95 = percentile(times, 95);
    const pass = p95 < options.targetP95Ms;
    ok &&= pass;
    console.log(`${row(name, times)} ${(p95 / baseP95).toFixed(1).padStart(8)}x  ${pass ? 'met' : 'MISSED'}`);
  }
  console.log(`\n  target: p95 under ${options.targetP95Ms} ms for every ${options.what}: ${ok ? 'met' : 'MISSED'}`);
  return ok;
}
