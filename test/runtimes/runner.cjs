// Runs the conformance cases against the CommonJS build (Node, also with --no-experimental-require-module,
// and Bun) and prints one JSON report. Usage: <runtime> test/runtimes/runner.cjs <default user agent>
const lib = require("../../dist/index.cjs");

const [userAgent = ""] = process.argv.slice(2);
import("./run-cases.js").then(({ describeRuntime, runCases }) => {
  const report = {
    ...describeRuntime(),
    format: "cjs",
    exports: Object.keys(lib).sort(),
    ...runCases(lib, { userAgent }),
  };
  console.log(JSON.stringify(report));
});
