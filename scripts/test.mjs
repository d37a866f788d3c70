// npm test: the lint and format check; then the build and the type checks at once (the type checker keeps one
// core busy, the build the other); then the tests, which read the build. Stops at the first step that fails,
// with its status. Arguments go to `vitest run` (`npm test -- test/cli.test.ts`). Node alone runs it, on any
// platform npm runs on.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const VITEST = fileURLToPath(new URL("../node_modules/vitest/vitest.mjs", import.meta.url));
const NPM = process.platform === "win32" ? "npm.cmd" : "npm";

/** Runs a command; resolves with its status and, unless its output is shown as it comes, its output. */
function run(command, args, shown) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: shown ? "inherit" : ["ignore", "pipe", "pipe"],
      shell: process.platform === "win32" && command === NPM,
    });
    let output = "";
    child.stdout?.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr?.on("data", (chunk) => {
      output += chunk;
    });
    child.on("error", (error) => resolve({ status: 1, output: `${error.message}\n` }));
    child.on("close", (status) => resolve({ status: status ?? 1, output }));
  });
}

/** The steps, in order: the first failure's status, or 0. */
async function steps() {
  const lint = await run(NPM, ["run", "lint"], true);
  if (lint.status !== 0) return failed("npm run lint", lint);
  const [build, typecheck] = await Promise.all([
    run(NPM, ["run", "build"], false),
    run(NPM, ["run", "typecheck"], false),
  ]);
  // Each one's output whole, one after the other: they ran at once.
  process.stdout.write(build.output + typecheck.output);
  if (build.status !== 0) return failed("npm run build", build);
  if (typecheck.status !== 0) return failed("npm run typecheck", typecheck);
  const tests = await run(process.execPath, [VITEST, "run", ...process.argv.slice(2)], true);
  return tests.status === 0 ? 0 : failed("vitest run", tests);
}

function failed(name, { status }) {
  console.error(`npm test: ${name} failed`);
  return status;
}

// The exit status is set, not forced: Node exits once the output written to a pipe is flushed.
process.exitCode = await steps();
