// One cold run, in a process of its own: node bench/cold.mjs <library>. Loads the library, then calls each
// of GitHub's routes once. Prints JSON: the import and first call, and all routes once, in nanoseconds.
// run.mjs spawns it many times, alternating the libraries.
import { routeCalls } from "./workloads.mjs";

const SPECIFIERS = { "endpoint-options": "../dist/index.js", "@octokit/endpoint 11": "octokit-endpoint-11" };

const start = process.hrtime.bigint();
const { endpoint } = await import(SPECIFIERS[process.argv[2]]);
const [firstRoute, firstOptions] = routeCalls[0];
let checksum = endpoint(firstRoute, firstOptions).url.length;
const firstDone = process.hrtime.bigint();
for (let i = 1; i < routeCalls.length; i++) {
  const [route, options] = routeCalls[i];
  checksum += endpoint(route, options).url.length;
}
const allDone = process.hrtime.bigint();
console.log(JSON.stringify({ first: Number(firstDone - start), all: Number(allDone - firstDone), checksum }));
