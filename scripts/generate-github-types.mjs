// endpoint-options/github. `npm run generate:github` writes src/github.ts, the parameters of every GitHub REST
// route, with the package's own generator (`endpoint-options openapi --github`, src/openapi.ts) from the
// pinned @octokit/openapi description; the build needs `npm run build` first. `--dist` (run by `npm run build`)
// writes the module into dist.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
export const OUTPUT = join(root, "src", "github.ts");
/** The description itself: the package index would load every variant (~400 MB). */
export const DESCRIPTION = join(root, "node_modules", "@octokit", "openapi", "generated", "api.github.com.json");

/**
 * Writes `endpoint-options/github` into dist from src/github.ts: its declarations, whose augmentation must
 * name the core declarations of the same format (`./index.js` for import, `./index.cjs` for require), and
 * its JavaScript, which re-exports the core's `endpoint` (bundled, the module would carry a second copy of
 * the library, and CommonJS callers would get a second `endpoint`).
 */
export function writeDist(dist = join(root, "dist")) {
  const source = readFileSync(OUTPUT, "utf8");
  if (!existsSync(join(dist, "index.d.cts"))) throw new Error("dist/index.d.cts is missing: run tsup first");
  const declarations = source
    .replace(
      'import { endpoint as anyRoute, type StrictEndpoint } from "./index.js";',
      'import type { StrictEndpoint } from "./index.js";',
    )
    .replace(
      "export const endpoint: StrictEndpoint<GitHubRoutes> = anyRoute;",
      "export declare const endpoint: StrictEndpoint<GitHubRoutes>;",
    );
  if (declarations.includes("anyRoute")) throw new Error("src/github.ts: the strict endpoint's lines have changed");
  writeFileSync(join(dist, "github.d.ts"), declarations);
  writeFileSync(join(dist, "github.d.cts"), declarations.replaceAll('"./index.js"', '"./index.cjs"'));
  writeFileSync(join(dist, "github.js"), 'export { endpoint } from "./index.js";\n');
  writeFileSync(join(dist, "github.cjs"), '"use strict";\nexports.endpoint = require("./index.cjs").endpoint;\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes("--dist")) {
    writeDist();
  } else {
    const cli = join(root, "dist", "cli.js");
    if (!existsSync(cli)) throw new Error("dist/cli.js is missing: run `npm run build` first");
    execFileSync(process.execPath, [cli, "openapi", DESCRIPTION, "--github", "--out", OUTPUT], { stdio: "inherit" });
  }
}
