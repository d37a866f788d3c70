// The measurement every section of the benchmark uses: candidates run in interleaved rounds, in one process,
// and ratios paired by round. bench/run.mjs and bench/guarded.mjs (the guarded workloads, each in a fresh
// process) share it.
import { measure } from "mitata";

// Many short rounds (about 40 ms per candidate each) rather than a few long ones: the two samples of a
// pair stay close in time, so a slow spell of a shared machine falls on both sides of a ratio.
export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 25);

/**
 * Runs every candidate once per round, in a shuffled order. Returns each candidate's median ns per
 * operation and its per-round samples (for ratios paired by round, which a slow spell of the machine
 * affects on both sides).
 */
export async function interleaved(candidates, operationsPerRun) {
  const samples = new Map(Object.keys(candidates).map((name) => [name, []]));
  // Warm-up: 2,000 runs, or 300 ms for candidates whose run is long (a thousand calls and more).
  for (const fn of Object.values(candidates)) {
    const deadline = performance.now() + 300;
    for (let i = 0; i < 2000 && performance.now() < deadline; i++) fn();
  }
  for (let round = 0; round < ROUNDS; round++) {
    const order = Object.keys(candidates).sort(() => Math.random() - 0.5);
    for (const name of order) {
      const stats = await measure(candidates[name], { min_cpu_time: 40e6, inner_gc: false });
      samples.get(name).push(stats.avg / operationsPerRun);
    }
  }
  return new Map(
    [...samples].map(([name, values]) => {
      return [
        name,
        { median: median(values), min: Math.min(...values), max: Math.max(...values), rounds: samples.get(name) },
      ];
    }),
  );
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** The median over rounds of `numerator / denominator` measured in the same round. */
export function pairedRatio(results, numerator, denominator) {
  const top = results.get(numerator).rounds;
  const bottom = results.get(denominator).rounds;
  return median(top.map((value, round) => value / bottom[round]));
}
