// Runs the conformance cases against the ESM build in Node, Deno or Bun and prints one JSON report.
// Usage: <runtime> test/runtimes/runner.js <default user agent>
import * as lib from "../../dist/index.js";
import { describeRuntime, runCases } from "./run-cases.js";

const args = globalThis.Deno === undefined ? globalThis.process.argv.slice(2) : globalThis.Deno.args;
const [userAgent = ""] = args;
const report = {
  ...describeRuntime(),
  format: "esm",
  exports: Object.keys(lib).sort(),
  ...runCases(lib, { userAgent }),
};
console.log(JSON.stringify(report));
