import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const { version } = JSON.parse(readFileSync("package.json", "utf8")) as { version: string };

export default defineConfig({
  define: { __VERSION__: JSON.stringify(version) },
  // README examples import "endpoint-options"; they run against the source (test/readme.test.ts).
  resolve: {
    alias: [{ find: /^endpoint-options$/, replacement: fileURLToPath(new URL("./src/index.ts", import.meta.url)) }],
  },
  test: {
    include: ["test/**/*.test.ts"],
    // One file per core. The processes tests start (npm, tsc, curl) keep the cores busy while their files wait;
    // a file more than the cores made the run slower (on 2 cores, 156 s and 320 s of processor time against
    // 142 s and 270 s), as the files crowd each other's measurements and collections.
    maxWorkers: availableParallelism(),
    // A timeout only catches a hang: no test asserts a duration, and the heavy ones (a growth measured twice on
    // a loaded machine, a compile) take seconds where vitest's default gives them five.
    testTimeout: 60_000,
    // Once per run: notices for what this machine lacks (Chromium, curl), and the tarball packed once.
    globalSetup: ["./test/setup/global.ts"],
    // Type tests (test/*.test-d.ts) are checked by `npm run typecheck` (tsconfig.json includes them), with
    // TypeScript 5.9 and 7: a failed expectTypeOf is a compile error there. `npx vitest --typecheck` runs
    // them through vitest as well, with the checker named by path (three TypeScript versions are installed).
    typecheck: {
      enabled: false,
      include: ["test/**/*.test-d.ts"],
      tsconfig: "./tsconfig.json",
      checker: fileURLToPath(new URL("./node_modules/typescript/bin/tsc", import.meta.url)),
    },
  },
});
