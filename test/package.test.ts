// What ships: the packed tarball is linted (publint, attw), installed into a throwaway consumer project,
// imported and required there in Node, Deno and Bun, and type-checked under every moduleResolution.
import { readFileSync } from "node:fs";
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bundledForNode,
  childEnv,
  describeRun,
  packedPackage,
  ROOT,
  type RunResult,
  run,
  runtimeBinary,
  STRICT_CONSUMER_OPTIONS,
} from "./helpers/built-package.js";
import { sectionCommands } from "./helpers/markdown.js";

const BIN = path.join(ROOT, "node_modules", ".bin");
const TSC = path.join(ROOT, "node_modules", "typescript", "bin", "tsc");
/** TypeScript 7, the native compiler (the `typescript-7` alias); it has no `node10` resolution. */
const TSC_7 = path.join(ROOT, "node_modules", "typescript-7", "bin", "tsc");
/** TypeScript 5.0 (the `typescript-5.0` alias): the oldest the declarations support (`const` type parameters). */
const TSC_5_0 = path.join(ROOT, "node_modules", "typescript-5.0", "bin", "tsc");
const CORE_EXPORTS = ["EndpointError", "endpoint", "parseTemplate"];

let work = "";
let tarball = "";
let consumer = "";
let packedFiles: readonly string[] = [];

/** The README's install section: what to run in a clone, then the line that installs the tarball in a project. */
const INSTALL_COMMANDS = sectionCommands("README.md", "## Install");
const INSTALL_LINE = INSTALL_COMMANDS.at(-1) ?? "";
/** The tarball the install line names (`./endpoint-options-0.1.0.tgz`). */
const INSTALLED_FILE = INSTALL_LINE.replace(/^npm install \.\//, "");

/** npm's settings for a project of the tests, as a user's .npmrc would set them: no audit or funding calls, the cache first. */
const NPM_CONFIG = { npm_config_audit: "false", npm_config_fund: "false", npm_config_prefer_offline: "true" };

function expectSuccess(label: string, result: RunResult): void {
  expect(result.code, describeRun(label, result)).toBe(0);
}

// ---------------------------------------------------------------------------------------------------
// The consumer project: what a user writes after `npm install endpoint-options`.

const ESM_CONSUMER = `import * as lib from "endpoint-options";
import { EndpointError, endpoint, parseTemplate } from "endpoint-options";
let code;
try {
  endpoint("GET /repos/{owner}/{repo}", { owner: "octokit" });
} catch (error) {
  code = error instanceof EndpointError && error instanceof TypeError ? error.code : String(error);
}
console.log(JSON.stringify({
  exports: Object.keys(lib).sort(),
  resolved: import.meta.resolve("endpoint-options"),
  url: endpoint("GET /repos/{owner}/{repo}", { owner: "octokit", repo: "rest.js" }).url,
  expanded: parseTemplate("{/list*}{?q}").expand({ list: ["a", "b"], q: "x y" }),
  code,
  names: [endpoint.name, endpoint.defaults({}).name, parseTemplate.name],
}));
`;

const CJS_CONSUMER = `const lib = require("endpoint-options");
const { EndpointError, endpoint, parseTemplate } = require("endpoint-options");
let code;
try {
  endpoint("GET /repos/{owner}/{repo}", { owner: "octokit" });
} catch (error) {
  code = error instanceof EndpointError && error instanceof TypeError ? error.code : String(error);
}
console.log(JSON.stringify({
  exports: Object.keys(lib).sort(),
  resolved: require.resolve("endpoint-options"),
  url: endpoint("GET /repos/{owner}/{repo}", { owner: "octokit", repo: "rest.js" }).url,
  expanded: parseTemplate("{/list*}{?q}").expand({ list: ["a", "b"], q: "x y" }),
  code,
  names: [endpoint.name, endpoint.defaults({}).name, parseTemplate.name],
}));
`;

// Type checks that fail when the types are missing or \`any\`: each @ts-expect-error needs a real error.
const TYPED_USE = `const options: RequestOptions = endpoint("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" });
const method: "get" | "head" | "post" | "put" | "patch" | "delete" | "options" = options.method;
const url: string = parseTemplate("{/list*}").expand({ list: ["a"] });
const error = new EndpointError("ERR_MISSING_PARAMETER", "missing");
const github: Endpoint = endpoint.defaults({ baseUrl: "https://ghe.example.com/api/v3" });
// @ts-expect-error a route is a string or options, never a number
endpoint(42);
// @ts-expect-error EndpointError codes are a closed union
new EndpointError("ERR_NOT_A_CODE", "nope");
export const used = [method, url, error, github];
`;

// The GitHub route map, loaded by a type-only import: its enums and required body fields are checked.
const GITHUB_USE = `import { endpoint } from "endpoint-options";
import type {} from "endpoint-options/github";
export const listed = endpoint("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", state: "open", labels: ["bug"] });
// @ts-expect-error "shut" is not one of the route's states
endpoint("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", state: "shut" });
// @ts-expect-error title is required
endpoint("POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r" });
`;

// What a browser app hands to a bundler.
const BUNDLE_ENTRY = `import { endpoint, parseTemplate } from "endpoint-options";
const options = endpoint("GET /repos/{owner}/{repo}", { owner: "octokit", repo: "rest.js", headers: { "user-agent": null } });
console.log(JSON.stringify({ options, expanded: parseTemplate("{/list*}").expand({ list: ["a", "b"] }) }));
`;

const CONSUMER_FILES: Record<string, string> = {
  "bundle-entry.mjs": BUNDLE_ENTRY,
  "package.json": `${JSON.stringify({ name: "consumer", version: "1.0.0", private: true }, null, 2)}\n`,
  "esm.mjs": ESM_CONSUMER,
  "cjs.cjs": CJS_CONSUMER,
  // nodenext, an ES module: resolved with the "import" condition to dist/index.d.ts.
  "esm-types.mts": `import { type Endpoint, EndpointError, endpoint, parseTemplate, type RequestOptions } from "endpoint-options";\n${TYPED_USE}`,
  // nodenext, a CommonJS module: resolved with the "require" condition to dist/index.d.cts.
  "cjs-types.cts": `import lib = require("endpoint-options");\ntype RequestOptions = lib.RequestOptions;\ntype Endpoint = lib.Endpoint;\nconst { EndpointError, endpoint, parseTemplate } = lib;\n${TYPED_USE}`,
  // bundler (Vite, esbuild, webpack) and legacy node10 ("moduleResolution": "node").
  "bundler-types.ts": `import { type Endpoint, EndpointError, endpoint, parseTemplate, type RequestOptions } from "endpoint-options";\n${TYPED_USE}`,
  // The route map from an ES module (github.d.ts) and a CommonJS one (github.d.cts), and from a bundler app.
  "github-types.mts": GITHUB_USE,
  "github-types.cts": GITHUB_USE,
  "github-bundler-types.ts": GITHUB_USE,
  "node10-types.ts": `import { type Endpoint, EndpointError, endpoint, parseTemplate, type RequestOptions } from "endpoint-options";\n${TYPED_USE}`,
  // No DOM lib and no @types/node: the declarations name no global that only those define.
  "bare-types.mts": `import { type Endpoint, EndpointError, endpoint, parseTemplate, type RequestOptions, toFetch } from "endpoint-options";\n${TYPED_USE}\nconst [, init] = toFetch(endpoint("PATCH /x", { a: 1 }));\nexport const fetchMethod: "PATCH" | "GET" | "HEAD" | "POST" | "PUT" | "DELETE" | "OPTIONS" = init.method;\n`,
};

// skipLibCheck off, so the shipped declarations themselves are checked under each resolution mode (and
// @types/node's beside them); TypeScript's own lib files, which the package does not ship, are not.
const STRICT = { strict: true, noEmit: true, skipLibCheck: false, skipDefaultLibCheck: true, lib: ["es2022"] };
// A Node project has @types/node (this repository's copy); a bundled browser app has the DOM library.
const NODE_PROJECT = { types: ["node"], typeRoots: [path.join(ROOT, "node_modules", "@types")] };
const BROWSER_PROJECT = { types: [], lib: ["es2022", "dom"] };

interface TypeCheck {
  /** The compiler's name in the test title, and its `tsc` script. */
  compiler: string;
  tsc: string;
  /** The kind of project, in the test title and the tsconfig's name. */
  project: string;
  moduleResolution: string;
  compilerOptions: Record<string, unknown>;
  files: string[];
  /** The declaration files the check must load, by path inside the installed package. */
  declarations: string[];
}

const RESOLUTIONS: Omit<TypeCheck, "compiler" | "tsc">[] = [
  {
    project: "node",
    moduleResolution: "nodenext",
    compilerOptions: { module: "nodenext", moduleResolution: "nodenext", ...NODE_PROJECT },
    files: ["esm-types.mts", "cjs-types.cts", "github-types.mts", "github-types.cts"],
    declarations: ["dist/index.d.ts", "dist/index.d.cts", "dist/github.d.ts", "dist/github.d.cts"],
  },
  {
    project: "browser",
    moduleResolution: "bundler",
    compilerOptions: { module: "esnext", moduleResolution: "bundler", ...BROWSER_PROJECT },
    files: ["bundler-types.ts", "github-bundler-types.ts"],
    declarations: ["dist/index.d.ts", "dist/github.d.ts"],
  },
  {
    project: "node",
    moduleResolution: "node10",
    compilerOptions: { module: "commonjs", moduleResolution: "node10", ...NODE_PROJECT },
    files: ["node10-types.ts"],
    declarations: ["dist/index.d.ts"],
  },
  {
    project: "no-runtime-types",
    moduleResolution: "nodenext",
    compilerOptions: { module: "nodenext", moduleResolution: "nodenext", types: [] },
    files: ["bare-types.mts"],
    declarations: ["dist/index.d.ts"],
  },
];
const TYPE_CHECKS: TypeCheck[] = [
  ...RESOLUTIONS.map((check) => ({ ...check, compiler: "TypeScript 5.9", tsc: TSC })),
  ...RESOLUTIONS.filter((check) => check.moduleResolution !== "node10").map((check) => ({
    ...check,
    compiler: "TypeScript 7",
    tsc: TSC_7,
  })),
  // TypeScript 5.0, the oldest supported: the declarations' syntax and each resolution it has. That no global
  // is needed ("no-runtime-types") does not depend on the version: 5.9 and 7 check it.
  ...RESOLUTIONS.filter((check) => check.moduleResolution !== "node10" && check.project !== "no-runtime-types").map(
    (check) => ({ ...check, compiler: "TypeScript 5.0", tsc: TSC_5_0 }),
  ),
];

interface LoadCheck {
  name: string;
  format: "esm" | "cjs";
  command: () => { file: string; args: string[] };
}

const LOAD_CHECKS: LoadCheck[] = [
  { name: "Node imports it", format: "esm", command: () => ({ file: process.execPath, args: ["esm.mjs"] }) },
  { name: "Node requires it", format: "cjs", command: () => ({ file: process.execPath, args: ["cjs.cjs"] }) },
  {
    name: "Node requires it with --no-experimental-require-module",
    format: "cjs",
    command: () => ({ file: process.execPath, args: ["--no-experimental-require-module", "cjs.cjs"] }),
  },
  {
    // Deno reads the consumer's package.json and resolves the bare specifier from its node_modules.
    name: "Deno imports it from node_modules",
    format: "esm",
    command: () => ({
      file: runtimeBinary("deno"),
      args: ["run", "--no-remote", "--no-lock", "--no-prompt", "--allow-read", "esm.mjs"],
    }),
  },
  {
    name: "Bun imports it",
    format: "esm",
    command: () => ({ file: runtimeBinary("bun"), args: ["--no-install", "esm.mjs"] }),
  },
  {
    name: "Bun requires it",
    format: "cjs",
    command: () => ({ file: runtimeBinary("bun"), args: ["--no-install", "cjs.cjs"] }),
  },
];

beforeAll(async () => {
  ({ tarball, files: packedFiles } = packedPackage());
  work = await mkdtemp(path.join(tmpdir(), "endpoint-options-package-"));
  consumer = path.join(work, "consumer");
  await mkdir(consumer);
  for (const [name, text] of Object.entries(CONSUMER_FILES)) await writeFile(path.join(consumer, name), text);
  // The README's install line, as written, with the tarball copied into the project as it says. The package has
  // no dependencies, so installing the tarball needs no network.
  await copyFile(tarball, path.join(consumer, INSTALLED_FILE));
  const install = await run("sh", ["-c", INSTALL_LINE], { cwd: consumer, env: childEnv(NPM_CONFIG) });
  expectSuccess(INSTALL_LINE, install);
}, 120_000);

// KEEP_WORK=1 keeps the packed tarball and the consumer project in the temp dir, to debug a failure.
afterAll(async () => {
  if (work !== "" && !process.env.KEEP_WORK) await rm(work, { recursive: true, force: true });
});

describe("the tarball", () => {
  it("holds only the build, package.json, README and license", () => {
    const outside = packedFiles.filter((file) => !/^(dist\/|package\.json$|README\.md$|LICEN[CS]E)/.test(file));
    expect(outside).toEqual([]);
    expect(packedFiles).toEqual(
      expect.arrayContaining(["dist/index.js", "dist/index.cjs", "dist/index.d.ts", "dist/index.d.cts"]),
    );
  });

  it("runs no script when installed: npm 11 warns about prepare and install scripts it was not allowed", async () => {
    const installed = JSON.parse(
      await readFile(path.join(consumer, "node_modules", "endpoint-options", "package.json"), "utf8"),
    ) as { scripts?: Record<string, string> };
    const scripts = Object.keys(installed.scripts ?? {});
    expect(scripts.filter((name) => ["preinstall", "install", "postinstall", "prepare"].includes(name))).toEqual([]);
  });

  it("passes publint --strict", async () => {
    expectSuccess("publint", await run(path.join(BIN, "publint"), ["run", tarball, "--strict"]));
  }, 60_000);

  // attw resolves every entry point of the exports map as TypeScript would, and checks that each types
  // file matches the module format of the JavaScript beside it (no "masquerading" ESM or CJS types).
  it('attw: the root entry has correct types everywhere, legacy node10 ("main"/"types") included', async () => {
    const args = [tarball, "--entrypoints", ".", "--no-definitely-typed", "--no-color", "--format", "table-flipped"];
    expectSuccess("attw --entrypoints .", await run(path.join(BIN, "attw"), args));
  }, 60_000);

  // node10 cannot see subpath exports (such as a types-only "endpoint-options/github"), so the other entry
  // points are held to node16 (CJS and ESM) and bundler resolution, which is attw's node16 profile.
  it("attw: every entry point of the exports map has correct types under node16 and bundler", async () => {
    const args = [tarball, "--profile", "node16", "--no-definitely-typed", "--no-color", "--format", "table-flipped"];
    expectSuccess("attw --profile node16", await run(path.join(BIN, "attw"), args));
  }, 60_000);
});

describe("the README's install section, as written", () => {
  it("builds the tarball in a clone with npm ci and npm pack (what CI runs first, and what test/setup/global.ts packs)", async () => {
    expect(INSTALL_COMMANDS.slice(0, -1)).toEqual(["npm ci", "npm pack"]);
    expect(await readFile(path.join(ROOT, ".ci", "run"), "utf8")).toMatch(/^npm ci$/m);
    // npm pack names the tarball after the package's name and version: the file the next line installs.
    expect(path.basename(tarball)).toBe(INSTALLED_FILE);
  });

  it("installs the tarball in a project, from the project's own folder", async () => {
    expect(INSTALL_LINE).toBe(`npm install ./${path.basename(tarball)}`);
    const manifest = JSON.parse(await readFile(path.join(consumer, "package.json"), "utf8")) as {
      dependencies?: Record<string, string>;
    };
    expect(manifest.dependencies).toEqual({ "endpoint-options": `file:${INSTALLED_FILE}` });
  });
});

describe("installed into a consumer project", () => {
  it.each(LOAD_CHECKS)(
    "$name",
    async ({ name, format, command }) => {
      const { file, args } = command();
      const env = childEnv({ DENO_DIR: path.join(work, "deno"), DENO_NO_UPDATE_CHECK: "1" });
      const result = await run(file, args, { cwd: consumer, env });
      expectSuccess(name, result);
      const output = JSON.parse(result.stdout.trim().split("\n").at(-1) ?? "") as {
        exports: string[];
        resolved: string;
        url: string;
        expanded: string;
        code: string;
        names: string[];
      };
      const builtFile = path.join(
        "node_modules",
        "endpoint-options",
        "dist",
        format === "esm" ? "index.js" : "index.cjs",
      );
      expect(decodeURIComponent(output.resolved.replace(/^file:\/\//, ""))).toContain(builtFile);
      expect(output).toMatchObject({
        url: "https://api.github.com/repos/octokit/rest.js",
        expanded: "/a/b?q=x%20y",
        code: "ERR_MISSING_PARAMETER",
        names: ["endpoint", "endpoint", "parseTemplate"],
      });
      expect(output.exports).toEqual(expect.arrayContaining(CORE_EXPORTS));
    },
    60_000,
  );

  it("the ESM and the CommonJS build export the same names", async () => {
    const esm = await run(process.execPath, ["esm.mjs"], { cwd: consumer });
    const cjs = await run(process.execPath, ["--no-experimental-require-module", "cjs.cjs"], { cwd: consumer });
    expectSuccess("esm.mjs", esm);
    expectSuccess("cjs.cjs", cjs);
    const names = (result: RunResult) => (JSON.parse(result.stdout) as { exports: string[] }).exports;
    expect(names(cjs)).toEqual(names(esm));
  }, 60_000);

  // Guards the CommonJS checks above: with the flag, Node really refuses require() of an ES module.
  it("--no-experimental-require-module makes require() of the ESM build fail", async () => {
    const esmFile = path.join(consumer, "node_modules", "endpoint-options", "dist", "index.js");
    const result = await run(
      process.execPath,
      ["--no-experimental-require-module", "-e", `require(${JSON.stringify(esmFile)})`],
      { cwd: consumer },
    );
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain("ERR_REQUIRE_ESM");
  }, 60_000);

  it("esbuild bundles it for the browser platform (no Node built-ins needed) and the bundle runs", async () => {
    const outfile = path.join(consumer, "bundle.mjs");
    await build({
      absWorkingDir: consumer,
      entryPoints: ["bundle-entry.mjs"],
      bundle: true,
      minify: true,
      platform: "browser",
      format: "esm",
      outfile,
      logLevel: "silent",
    });
    const result = await run(process.execPath, [outfile], { cwd: consumer });
    expectSuccess("bundle.mjs", result);
    expect(JSON.parse(result.stdout)).toEqual({
      options: {
        method: "get",
        url: "https://api.github.com/repos/octokit/rest.js",
        headers: { accept: "application/vnd.github.v3+json" },
      },
      expanded: "/a/b",
    });
  }, 60_000);

  it.each(TYPE_CHECKS)(
    "type-checks a $project consumer under moduleResolution $moduleResolution with $compiler",
    async ({ tsc, project, moduleResolution, compilerOptions, files, declarations }) => {
      const config = `tsconfig.${project}-${moduleResolution}.json`;
      await writeFile(
        path.join(consumer, config),
        JSON.stringify({ compilerOptions: { ...STRICT, ...compilerOptions }, files }, null, 2),
      );
      const result = await run(process.execPath, [tsc, "-p", config, "--listFiles", "--pretty", "false"], {
        cwd: consumer,
      });
      expectSuccess(`tsc -p ${config}`, result);
      const loaded = result.stdout.split("\n").map((line) => line.trim());
      for (const declaration of declarations) {
        const expected = path.join(consumer, "node_modules", "endpoint-options", declaration);
        expect(loaded, `${declaration} not loaded:\n${result.stdout}`).toContain(expected);
      }
    },
    60_000,
  );
});

// ---------------------------------------------------------------------------------------------------
// The command lines of the README and docs/cli.md, exactly as written, where a user runs them: a project that has the package
// installed. A `curl` stub first on PATH records what a `sh -c "$(… --output curl)"` line would send (no
// network here), and shows that the printed text is a command and nothing else.

/**
 * Every command of the ```sh blocks of a page that runs the CLI, continuation lines joined: each the command
 * as written, and as the test runs it.
 */
function commandLines(page: string): [written: string, run: string][] {
  const lines = readFileSync(path.join(ROOT, page), "utf8").split("\n");
  const commands: [string, string][] = [];
  for (let i = 0; i < lines.length; i++) {
    if (lines[i]?.trim() !== "```sh") continue;
    const body: string[] = [];
    for (i++; i < lines.length && lines[i]?.trim() !== "```"; i++) body.push(lines[i] ?? "");
    for (const command of body.join("\n").replaceAll("\\\n", " ").split("\n")) {
      // `openapi` commands have a test of their own, below.
      if (command.includes("npx endpoint-options") && !command.includes("endpoint-options openapi")) {
        // The README's run through npx, as a user runs them first. npx runs the project's own bin, which
        // docs/cli.md's run directly: npx costs each a second of npm's start-up, and tests npm.
        const written = command.trim();
        const run =
          page === "README.md"
            ? written
            : written.replaceAll("npx endpoint-options", "node_modules/.bin/endpoint-options");
        commands.push([written, run]);
      }
    }
  }
  return commands;
}

const CURL_STUB = `#!/bin/sh
# Records its arguments, one per line, and sends nothing.
printf '%s\\n' "$@" > "$(dirname "$0")/curl-arguments"
echo "curl stub ran"
`;

describe("the command lines of the README and docs/cli.md, run as written in a project that has endpoint-options installed", () => {
  const commands = [...commandLines("README.md"), ...commandLines("docs/cli.md")];

  it("has them, and each runs the CLI through npx, never `npm run`, whose banner would go to stdout", () => {
    expect(commands.length).toBeGreaterThanOrEqual(5);
    for (const [command] of commands) expect(command).not.toMatch(/npm run/);
  });

  it.each(commands)(
    "%s",
    async (_, command) => {
      const stubs = path.join(work, "stubs");
      await mkdir(stubs, { recursive: true });
      await writeFile(path.join(stubs, "curl"), CURL_STUB, { mode: 0o755 });
      await rm(path.join(stubs, "curl-arguments"), { force: true });
      const env = childEnv({ PATH: `${stubs}:${process.env.PATH ?? ""}`, GITHUB_TOKEN: "ghp_example" });
      const result = await run("sh", ["-c", command], { cwd: consumer, env });
      expectSuccess(command, result);
      expect(result.stderr).toBe("");
      if (command.startsWith("sh -c")) {
        // The printed command ran, and asked curl for the url the line names.
        expect(result.stdout).toBe("curl stub ran\n");
        const sent = await readFile(path.join(stubs, "curl-arguments"), "utf8");
        expect(sent).toContain("https://api.github.com/");
      } else {
        expect(result.stdout).not.toBe("");
      }
    },
    60_000,
  );
});

describe("the README's commands for working on endpoint-options, from a clone", () => {
  const commands = sectionCommands("README.md", "## Working on endpoint-options");

  it("are set-up with npm ci and the tests with npm test, as CI runs them on a fresh checkout (.ci/run)", async () => {
    expect(commands.slice(0, 2)).toEqual(["npm ci", "npm test"]);
    const ci = await readFile(path.join(ROOT, ".ci", "run"), "utf8");
    expect(ci).toMatch(/^npm ci$/m);
    expect(ci).toMatch(/^REQUIRE_ALL_SUITES=1 npm test$/m);
  });

  it("run the command line from the clone, as written", async () => {
    const line = commands[2] ?? "";
    expect(line).toMatch(/^npx endpoint-options /);
    const result = await run("sh", ["-c", line], { cwd: ROOT, env: childEnv() });
    expectSuccess(line, result);
    expect(JSON.parse(result.stdout)).toMatchObject({
      method: "get",
      url: "https://api.github.com/repos/octokit/rest.js",
    });
  }, 60_000);
});

/** The README's section on OpenAPI: its two commands and its first TypeScript example. */
function readmeOpenApiSection(): { commands: string[]; example: string } {
  const readme = readFileSync(path.join(ROOT, "README.md"), "utf8");
  const start = readme.indexOf("### Typed routes for any API, from its OpenAPI document");
  const section = readme.slice(start, readme.indexOf("\n### ", start + 1));
  const block = (fence: string): string => {
    const at = section.indexOf(`${fence}\n`);
    return section.slice(at + fence.length + 1, section.indexOf("\n```", at + 1));
  };
  return { commands: block("```sh").split("\n"), example: block("```ts") };
}

/**
 * A README example as a script that prints each `// → value` beside the value of the statement before it.
 * The statements are single expressions; the values JSON.
 */
function printedExample(code: string): string {
  const lines = code.split("\n");
  const pairs: string[] = [];
  const kept: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? "";
    const expected = lines[i + 1]?.startsWith("// → ") ? lines[i + 1]?.slice(5) : undefined;
    if (expected === undefined) {
      if (!line.startsWith("// →")) kept.push(line);
      continue;
    }
    pairs.push(`[${line.replace(/;$/, "")}, ${expected}]`);
  }
  return `${kept.join("\n")}\nconsole.log(JSON.stringify([${pairs.join(", ")}]));\n`;
}

describe("the README's two commands take an OpenAPI document to typed request options", () => {
  const { commands, example } = readmeOpenApiSection();

  it("are an npm install and an npx endpoint-options openapi", () => {
    expect(commands).toEqual([
      "npm install endpoint-options yaml",
      "npx endpoint-options openapi openapi.yaml --out src/petstore.ts --name Petstore",
    ]);
  });

  it("run as written, and the example compiles under strict tsc and prints what the README shows", async () => {
    const project = path.join(work, "openapi-consumer");
    await mkdir(path.join(project, "src"), { recursive: true });
    await writeFile(path.join(project, "package.json"), JSON.stringify({ name: "petstore-client", type: "module" }));
    await writeFile(
      path.join(project, "openapi.yaml"),
      await readFile(path.join(ROOT, "test", "fixtures", "openapi", "petstore", "openapi.yaml")),
    );
    // The first command, with endpoint-options from the packed tarball and yaml at the version this repository
    // pins (both from the npm cache).
    const yamlVersion = (
      JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
        devDependencies: Record<string, string>;
      }
    ).devDependencies.yaml;
    const install = (commands[0] ?? "").replace("endpoint-options", tarball).replace(/yaml$/, `yaml@${yamlVersion}`);
    const flags = "--no-audit --no-fund --ignore-scripts --prefer-offline";
    expectSuccess(install, await run("sh", ["-c", `${install} ${flags}`], { cwd: project }));
    const generate = await run("sh", ["-c", commands[1] ?? ""], { cwd: project });
    expectSuccess(commands[1] ?? "", generate);
    expect(generate.stderr).toMatch(/^wrote src\/petstore\.ts: 19 routes in \d+ ms/);
    await writeFile(path.join(project, "src", "example.ts"), printedExample(example));
    const config = { compilerOptions: STRICT_CONSUMER_OPTIONS, include: ["src"] };
    await writeFile(path.join(project, "tsconfig.json"), JSON.stringify(config));
    expectSuccess("tsc", await run(process.execPath, [TSC, "-p", "."], { cwd: project }));
    await writeFile(path.join(project, "example.mjs"), await bundledForNode(path.join(project, "src", "example.ts")));
    const printed = await run(process.execPath, ["example.mjs"], { cwd: project });
    expectSuccess("node example.mjs", printed);
    const pairs = JSON.parse(printed.stdout) as [unknown, unknown][];
    expect(pairs.length).toBeGreaterThanOrEqual(2);
    for (const [actual, expected] of pairs) expect(actual).toEqual(expected);
  }, 120_000);
});
