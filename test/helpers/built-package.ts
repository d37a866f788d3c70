// Shared by the tests that run the BUILT package (test/package.test.ts, test/runtimes.test.ts):
// where the repository is, whether dist/ is fresh, how to spawn a tool, and where deno and bun live.
import { execFile, spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { inject } from "vitest";

/** The repository root. */
export const ROOT = fileURLToPath(new URL("../..", import.meta.url));

const packageJson = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
  name: string;
  version: string;
  exports?: unknown;
  bin?: Record<string, string>;
};

/** The default user agent (docs/design.md, "Headers"): `endpoint-options/<version from package.json>`. */
export const DEFAULT_USER_AGENT = `${packageJson.name}/${packageJson.version}`;

/** Every file the exports map points into dist/ (all entry points, all conditions). */
function exportedFiles(exports: unknown): string[] {
  if (typeof exports === "string") return exports.startsWith("./dist/") ? [exports.slice(2)] : [];
  if (exports === null || typeof exports !== "object") return [];
  return [...new Set(Object.values(exports).flatMap(exportedFiles))];
}

/** The built files: every one the exports map points to, and the command line's bin. */
const BUILD_FILES = [
  ...exportedFiles(packageJson.exports),
  ...Object.values(packageJson.bin ?? {}).map((file) => file.replace(/^\.\//, "")),
];

function newestSourceTime(directory: string): number {
  let newest = 0;
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const full = path.join(directory, entry.name);
    const time = entry.isDirectory() ? newestSourceTime(full) : statSync(full).mtimeMs;
    if (time > newest) newest = time;
  }
  return newest;
}

/**
 * These tests check what ships, so they never build (a build would race with the other test files that
 * read dist/): `npm test` builds first. Run alone, they say what to do instead of testing a stale build.
 */
export function assertFreshBuild(): void {
  const missing = BUILD_FILES.filter((file) => !existsSync(path.join(ROOT, file)));
  if (missing.length > 0) {
    throw new Error(`${missing.join(", ")} missing: run \`npm run build\` first (\`npm test\` builds before testing)`);
  }
  const oldestBuild = Math.min(...BUILD_FILES.map((file) => statSync(path.join(ROOT, file)).mtimeMs));
  const newestSource = Math.max(
    newestSourceTime(path.join(ROOT, "src")),
    statSync(path.join(ROOT, "tsup.config.ts")).mtimeMs,
  );
  if (newestSource > oldestBuild) {
    throw new Error("dist/ is older than src/: run `npm run build` first (`npm test` builds before testing)");
  }
}

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * The environment for child processes, without the `npm_*` variables `npm test` sets: an inherited
 * `npm_config_local_prefix` would make an `npm install` in a temp dir install into this repository.
 */
export function childEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (!name.toLowerCase().startsWith("npm_")) env[name] = value;
  }
  return { ...env, NO_COLOR: "1", FORCE_COLOR: "0", ...extra };
}

/** Runs a command to its end (60 s at most) and resolves with its exit code and output; never rejects on exit. */
export function run(
  command: string,
  args: readonly string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; timeout?: number } = {},
): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    execFile(
      command,
      args,
      {
        cwd: options.cwd ?? ROOT,
        env: options.env ?? childEnv(),
        timeout: options.timeout ?? 60_000,
        maxBuffer: 16 * 1024 * 1024,
      },
      (error, stdout, stderr) => {
        if (error && typeof error.code !== "number" && !error.killed) {
          reject(new Error(`cannot run ${command}: ${error.message}`));
          return;
        }
        resolve({ code: error ? (typeof error.code === "number" ? error.code : null) : 0, stdout, stderr });
      },
    );
  });
}

/** Formats a finished command for an assertion message. */
export function describeRun(label: string, result: RunResult): string {
  return `${label} exited with ${result.code}\n--- stdout ---\n${result.stdout}\n--- stderr ---\n${result.stderr}`;
}

const binaries = new Map<string, string>();

/**
 * The `deno` or `bun` binary of the npm packages. Their postinstall scripts put the native binary in
 * node_modules/.bin. When install scripts were skipped (`--ignore-scripts`, or an npm that blocks them),
 * deno's bin falls back to a Node wrapper by itself, but bun's is a placeholder that only prints an
 * error: then the binary of bun's platform package (node_modules/@oven/bun-<os>-<arch>/bin/bun) is used.
 */
export function runtimeBinary(name: "deno" | "bun"): string {
  const known = binaries.get(name);
  if (known !== undefined) return known;
  const candidates = [path.join(ROOT, "node_modules", ".bin", name)];
  const oven = path.join(ROOT, "node_modules", "@oven");
  if (name === "bun" && existsSync(oven)) {
    for (const platform of readdirSync(oven).sort()) candidates.push(path.join(oven, platform, "bin", "bun"));
  }
  for (const candidate of candidates) {
    if (existsSync(candidate) && spawnSync(candidate, ["--version"], { timeout: 30_000 }).status === 0) {
      binaries.set(name, candidate);
      return candidate;
    }
  }
  throw new Error(
    `no runnable ${name} in ${candidates.join(", ")}: run \`npm ci\` (package.json allowScripts lets its postinstall run)` +
      (name === "bun" ? " or `node node_modules/bun/install.js`" : ""),
  );
}

/**
 * The tarball test/setup/global.ts packed once for this run, and the files in it; throws the reason when
 * there is none (run `npm run build` first).
 */
export function packedPackage(): { tarball: string; files: readonly string[] } {
  const packed = inject("packedPackage");
  if ("error" in packed) throw new Error(packed.error);
  return packed;
}

/**
 * A strict consumer project's compiler options, as a user who installed the package would set them. The
 * declarations of the package and of the code under test are checked; TypeScript's own lib files
 * (lib.es2022.d.ts, lib.dom.d.ts), which no test is about, are not (a third of a small check's time).
 */
export const STRICT_CONSUMER_OPTIONS = {
  target: "ES2022",
  module: "NodeNext",
  moduleResolution: "NodeNext",
  strict: true,
  exactOptionalPropertyTypes: true,
  noUncheckedIndexedAccess: true,
  noEmit: true,
  skipDefaultLibCheck: true,
  types: [],
} as const;

/** A TypeScript file bundled for Node as an ES module, its imports resolved from where it stands: the JavaScript. */
export async function bundledForNode(entry: string): Promise<string> {
  const bundle = await build({
    entryPoints: [entry],
    bundle: true,
    platform: "node",
    format: "esm",
    write: false,
    logLevel: "silent",
    absWorkingDir: path.dirname(entry),
  });
  return bundle.outputFiles[0]?.text ?? "";
}
