// How the cost of some work grows with the size of its input, for the tests of hostile input
// (test/hostile.test.ts, test/safety.test.ts): a ratio of two times taken in one process, never a duration.
import { GCProfiler } from "node:v8";
import { isMainThread } from "node:worker_threads";
import { EndpointError } from "../../src/index.js";

/** Runs `work`; an EndpointError is a fine answer (hostile input is often rejected), anything else fails. */
export function run(work: () => unknown): void {
  try {
    work();
  } catch (error) {
    if (!(error instanceof EndpointError)) throw error;
  }
}

/** The work `fn(...args)`, its arguments built now: a case builds its input before any clock starts. */
export function call<A extends unknown[]>(fn: (...args: A) => unknown, ...args: A): () => unknown {
  return () => fn(...args);
}

/**
 * Milliseconds of processor time used by this process, where that is this test file's alone (vitest's
 * forks pool gives each file a process) and measured finely (Linux, macOS); else the wall clock.
 */
const processorTime =
  isMainThread && (process.platform === "linux" || process.platform === "darwin")
    ? () => {
        const { user, system } = process.cpuUsage();
        return (user + system) / 1000;
      }
    : () => performance.now();

/**
 * Runs `work` once, then again until its runs have taken `ms`: the runs, and the milliseconds they took.
 * That is the lower of processor time (which leaves out the time other processes held the processor) and
 * wall-clock time (which leaves out V8's own helper threads, compiling or collecting garbage alongside),
 * less the share of it the garbage collector's pauses took.
 */
function timed(work: () => unknown, ms = 0): [runs: number, ms: number] {
  const profiler = new GCProfiler();
  profiler.start();
  const started = performance.now();
  const used = processorTime();
  let runs = 0;
  let wall: number;
  let time: number;
  do {
    run(work);
    runs++;
    wall = performance.now() - started;
    time = Math.min(processorTime() - used, wall);
  } while (time < ms && runs < 10_000);
  // The pauses (`cost`, in microseconds) are wall-clock time: their share of it is taken out.
  const paused = profiler.stop().statistics.reduce((sum, gc) => sum + gc.cost, 0) / 1000;
  return [runs, Math.max(time * (1 - paused / wall), 1e-6)];
}

/** Rounds of timing: see `growth`. Wall-clock milliseconds, which is what a round costs the test run. */
const SPENT_MS = 50;
const LOWERED_MS = 250;
const MAX_ROUNDS = 20;
/** The smaller work runs for as long as the larger took, up to BATCH_MS. */
const BATCH_MS = 20;

/**
 * How many times longer the work takes on an input `factor` times larger: about `factor` for linear work,
 * `factor²` for quadratic work, about 1 for work that does not depend on the size of its input.
 *
 * No test asserts a duration: on a shared, busy machine any limit in milliseconds fails now and then. A
 * ratio of two times taken in one process does not depend on how fast the machine is, and the method
 * keeps load and noise out of it as far as it can:
 * - `prepare(n)` and `prepare(factor * n)` build both inputs before any clock starts: only the work they
 *   return is timed. The smaller runs 3 times untimed first, so that the JIT has compiled its code.
 * - Times leave out what is not this work (see `timed`): other processes, V8's helper threads, and the
 *   garbage collector's pauses. The pauses follow the heap's configured sizes, not the library's
 *   algorithm: work that keeps more short-lived pieces alive than the young generation holds pays 50
 *   times the collection for 8 times the input, then grows linearly again. What is left is the work of
 *   the code itself, which a quadratic algorithm makes quadratic.
 * - Each round times one run of the larger work, then runs the smaller again and again for as long (up to
 *   20 ms), so that both spans meet whatever slows the machine for a while alike: one short run of the
 *   smaller could slip between two disturbances that a long run of the larger cannot.
 * - The fastest time of each size is kept: disturbances only ever add time. At least 2 rounds; more while
 *   the rounds have taken under 50 ms (short work, which a disturbance upsets most, gets up to 20), or
 *   under 250 ms while the last round still lowered a fastest time by more than 10% (the rounds before it
 *   were disturbed, by a deoptimisation or a collection in progress, and this one may be too).
 *
 * A test compares the ratio with a wide bound (4 × factor for linear work) that linear work meets on a
 * loaded machine, and quadratic work misses by far.
 */
function growth(prepare: (n: number) => () => unknown, n: number, factor = 8): number {
  const small = prepare(n);
  const large = prepare(n * factor);
  for (let i = 0; i < 3; i++) run(small);
  let fastestSmall = Number.POSITIVE_INFINITY;
  let fastestLarge = Number.POSITIVE_INFINITY;
  const started = performance.now();
  for (let round = 0, lowered = false; round < MAX_ROUNDS; round++) {
    const spent = performance.now() - started;
    if (round >= 2 && spent > SPENT_MS && !(lowered && spent < LOWERED_MS)) break;
    const [, largeTime] = timed(large);
    const [runs, smallTime] = timed(small, Math.min(largeTime, BATCH_MS));
    lowered = largeTime < 0.9 * fastestLarge || smallTime / runs < 0.9 * fastestSmall;
    fastestLarge = Math.min(fastestLarge, largeTime);
    fastestSmall = Math.min(fastestSmall, smallTime / runs);
  }
  return fastestLarge / fastestSmall;
}

/**
 * `growth`, confirmed: a ratio at or over `bound` is measured once more, from fresh inputs, and the lower of
 * the two is the figure. A disturbance long enough to spoil every round of one measurement (a full test run
 * on two cores) seldom spoils two in a row; work that really grows too fast breaches the bound both times.
 */
export function confirmedGrowth(
  prepare: (n: number) => () => unknown,
  n: number,
  factor: number,
  bound: number,
): number {
  const first = growth(prepare, n, factor);
  return first < bound ? first : Math.min(first, growth(prepare, n, factor));
}
