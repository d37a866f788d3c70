// The workloads whose figures are guards (bench/run.mjs fails when one breaks its bound), each measured in a
// process of its own: `node --expose-gc bench/guarded.mjs <section>` prints the section's results as JSON.
// In the process that ran every other section first, the chain's figure moved from 3.4 to 5.9 between runs
// with what those sections left behind (the heap the churn grew, the code octokit's ran); in fresh processes
// it stays between 3.2 and 3.6. bench/run.mjs measures each section in three processes.
import { endpoint as octokit11 } from "octokit-endpoint-11";
import { endpoint } from "../dist/index.js";
import { interleaved } from "./measure.mjs";
import { allRoutesMergeParse, chainPerCall, onePlainCall, routeCalls, sideBySide } from "./workloads.mjs";

export const SECTIONS = {
  // The path every Octokit request takes: @octokit/request merges, runs its hooks, then parses.
  "parse-merge": () =>
    interleaved(
      {
        "endpoint-options parse(merge())": allRoutesMergeParse(endpoint),
        "@octokit/endpoint 11 parse(merge())": allRoutesMergeParse(octokit11),
      },
      routeCalls.length,
    ),
  // A 3-level .defaults() chain built for each call, then one call through it, against one plain call.
  chain: () =>
    interleaved(sideBySide(["chain + call", chainPerCall], ["plain call", onePlainCall], endpoint, octokit11), 1),
};

const section = SECTIONS[process.argv[2]];
if (section === undefined) {
  console.error(`usage: node --expose-gc bench/guarded.mjs ${Object.keys(SECTIONS).join("|")}`);
  process.exit(2);
}
console.log(JSON.stringify([...(await section())]));
