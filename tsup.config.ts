import { readFileSync } from "node:fs";
import { defineConfig } from "tsup";

const { version } = JSON.parse(readFileSync("package.json", "utf8")) as { version: string };

export default defineConfig([
  {
    // src/github.ts holds types only: its JS is an empty module; `npm run build` copies its declarations
    // to dist after tsup (scripts/generate-github-types.mjs --dist): tsup would restyle them and point the
    // require declarations at the import ones.
    entry: ["src/index.ts", "src/github.ts"],
    format: ["esm", "cjs"],
    dts: { entry: "src/index.ts" },
    // Both builds run at once: cleaning must spare the CLI the other one writes.
    clean: ["!cli.js"],
    target: "es2022",
    define: { __VERSION__: JSON.stringify(version) },
  },
  {
    // The `endpoint-options` bin: one self-contained ESM file; tsup keeps its shebang and makes it executable.
    entry: { cli: "src/cli.ts" },
    format: ["esm"],
    platform: "node",
    target: "node20",
    define: { __VERSION__: JSON.stringify(version) },
  },
]);
