import { readFileSync } from "node:fs";
import { defineConfig } from "tsup";

const { version } = JSON.parse(readFileSync("package.json", "utf8")) as { version: string };

export default defineConfig([
  {
    // `endpoint-options/github` (src/github.ts) is written into dist after tsup by
    // scripts/generate-github-types.mjs --dist: its JavaScript re-exports index's `endpoint` rather than
    // bundling a second copy, and tsup would restyle its declarations and point the require ones at the
    // import ones.
    entry: ["src/index.ts"],
    format: ["esm", "cjs"],
    dts: { entry: "src/index.ts" },
    // Both builds run at once: cleaning must spare the CLI the other one writes.
    clean: ["!cli.js"],
    target: "es2022",
    define: { __VERSION__: JSON.stringify(version) },
  },
  {
    // The `endpoint-options` bin: one self-contained ESM file; tsup keeps its shebang and makes it executable.
    entry: { cli: "src/cli/bin.ts" },
    format: ["esm"],
    platform: "node",
    target: "node20",
    define: { __VERSION__: JSON.stringify(version) },
  },
]);
