// Run counts and seeds for the property, differential and hostile tests.
// `npm test` runs each property a few times with a fixed seed (reproducible, fast). `npm run fuzz` sets
// FUZZ_RUNS (runs per property) and a fresh seed each time; FUZZ_SEED=<n> replays a reported failure.
import type { Parameters } from "fast-check";

/** Runs per property for long local sessions (`npm run fuzz`); 0 in `npm test`. */
export const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? "") || 0;

/** The seed every property starts from; fast-check reports it (and the path) with any counterexample. */
export const SEED = process.env.FUZZ_SEED
  ? Number(process.env.FUZZ_SEED)
  : FUZZ_RUNS > 0
    ? Date.now() % 2 ** 31
    : 20_250_101;

/** `normal` runs in `npm test`, at least FUZZ_RUNS under `npm run fuzz`. */
export function runs(normal: number): number {
  return FUZZ_RUNS > 0 ? Math.max(normal, FUZZ_RUNS) : normal;
}

/** fast-check parameters: the run count, the seed (offset per property so they do not share a stream). */
export function fuzz<T>(normal: number, offset = 0): Parameters<T> {
  return { numRuns: runs(normal), seed: SEED + offset, includeErrorInReport: true };
}

/** A test timeout that fits the run counts: 60 s in `npm test`, unbounded while fuzzing. */
export const TIMEOUT = FUZZ_RUNS > 0 ? 24 * 60 * 60 * 1000 : 60_000;

if (FUZZ_RUNS > 0) console.log(`fuzzing with FUZZ_RUNS=${FUZZ_RUNS} FUZZ_SEED=${SEED}`);
