// The steps of README.md and docs/migrating.md for putting endpoint-options in place of @octokit/endpoint, run as
// a user runs them, in new projects: the README's install line, the override (over an existing lock file), or,
// in a project that depends on @octokit/endpoint itself, the two steps that replace it. Then the documented
// examples, as written, send through @octokit/rest and @octokit/request with octokitFetch: a preloaded module
// sends what they address to api.github.com to a local server that records each request.
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  childEnv,
  describeRun,
  packedPackage,
  ROOT,
  type RunResult,
  run,
  STRICT_CONSUMER_OPTIONS,
} from "./helpers/built-package.js";
import { type FencedBlock, sectionBlocks, sectionCommands } from "./helpers/markdown.js";

/** The versions this repository pins: installed from the npm cache `npm ci` filled. */
const versionOf = async (directory: string) =>
  (
    JSON.parse(await readFile(path.join(ROOT, "node_modules", directory, "package.json"), "utf8")) as {
      version: string;
    }
  ).version;
const REQUEST_VERSION = await versionOf("@octokit/request");
const REST_VERSION = await versionOf("@octokit/rest");
const ENDPOINT_VERSION = await versionOf("octokit-endpoint-11");
/** TypeScript 7, the native compiler: @octokit/rest's types take TypeScript 5.9 half a minute on a busy machine. */
const TSC = path.join(ROOT, "node_modules", "typescript-7", "bin", "tsc");

/** The path docs/migrating.md writes where the tarball's absolute path goes. */
const TARBALL_PLACEHOLDER = "/absolute/path/to/endpoint-options-0.1.0.tgz";

const jsonBlock = (blocks: FencedBlock[]) =>
  JSON.parse(blocks.find((block) => block.language === "json")?.code ?? "null") as Record<
    string,
    Record<string, string>
  >;
/** The override step, and the two steps for a project that depends on @octokit/endpoint itself. */
const OVERRIDE_STEP = jsonBlock(sectionBlocks("docs/migrating.md", "## Using it in place of `@octokit/endpoint`"));
const DIRECT_STEPS = jsonBlock(
  sectionBlocks("docs/migrating.md", "### When your project depends on `@octokit/endpoint` itself"),
);

interface Example {
  name: string;
  code: string;
  /** What the local server must receive, in order. */
  sent: Sent[];
}

interface Sent {
  method: string;
  url: string;
  authorization?: string;
  contentType?: string;
  body?: unknown;
}

const tsBlocks = (page: string, heading: string) =>
  sectionBlocks(page, heading)
    .filter((block) => block.language === "ts")
    .map((block) => block.code);
const [OCTOKIT_EXAMPLE = "", REQUEST_EXAMPLE = ""] = tsBlocks(
  "docs/migrating.md",
  "### Sending with Octokit: `octokitFetch`",
);
const [README_EXAMPLE = ""] = tsBlocks("README.md", "## Migrating from @octokit/endpoint");

const AUTHORIZATION = "token ghp_example";

/** A request with the examples' token and a JSON body, as the local server records it; a HEAD with the token. */
const withJson = (method: string, url: string, body: unknown): Sent => ({
  method,
  url,
  authorization: AUTHORIZATION,
  contentType: "application/json; charset=utf-8",
  body,
});
const head = (url: string): Sent => ({ method: "HEAD", url, authorization: AUTHORIZATION });

const EXAMPLES: Example[] = [
  {
    name: "docs/migrating.md: new Octokit({ request: { fetch: octokitFetch } }) sends PATCH and HEAD",
    code: OCTOKIT_EXAMPLE,
    sent: [
      withJson("PATCH", "/repos/octokit/rest.js", { description: "Sent as PATCH" }),
      head("/repos/octokit/rest.js"),
    ],
  },
  {
    name: "docs/migrating.md: request.defaults({ request: { fetch: octokitFetch } }) sends POST and PATCH",
    code: REQUEST_EXAMPLE,
    sent: [
      withJson("POST", "/repos/octokit/rest.js/issues", { title: "Found a bug" }),
      withJson("PATCH", "/repos/octokit/rest.js/issues/1", { state: "closed" }),
    ],
  },
  {
    name: "README.md: both ways in one import, PATCH through @octokit/rest and HEAD through @octokit/request",
    code: README_EXAMPLE,
    sent: [withJson("PATCH", "/repos/octokit/rest.js/issues/1", { state: "closed" }), head("/repos/octokit/rest.js")],
  },
];

/**
 * Preloaded with `node --import`: a local server that records each request (answering `?status=` when a
 * request asks), and the global fetch sending what is addressed to api.github.com there. octokitFetch looks
 * the global fetch up at each call, so the examples run unchanged. The requests are written to sent.json.
 */
const LOCAL_GITHUB = `
import { writeFileSync } from "node:fs";
import { createServer } from "node:http";

const sent = [];
const server = createServer((req, res) => {
  let body = "";
  req.on("data", (chunk) => (body += chunk));
  req.on("end", () => {
    const request = { method: req.method, url: req.url };
    if (req.headers.authorization) request.authorization = req.headers.authorization;
    if (req.headers["content-type"]) request.contentType = req.headers["content-type"];
    if (body !== "") request.body = JSON.parse(body);
    sent.push(request);
    const status = Number(new URL(req.url, "http://localhost").searchParams.get("status") ?? 200);
    res.writeHead(status, { "content-type": "application/json; charset=utf-8", connection: "close" });
    res.end(status === 304 ? undefined : "{}");
  });
});
server.unref();
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
const local = \`http://127.0.0.1:\${server.address().port}\`;
const globalFetch = globalThis.fetch;
globalThis.fetch = (input, init) =>
  globalFetch(typeof input === "string" ? input.replace("https://api.github.com", local) : input, init);
process.on("exit", () => writeFileSync("sent.json", JSON.stringify(sent)));
`;

/** Without octokitFetch, as users met it: @octokit/rest sends "patch", which Node's server refuses. */
const WITHOUT_OCTOKIT_FETCH = `
import { Octokit } from "@octokit/rest";
try {
  await new Octokit({ auth: "ghp_example" }).rest.repos.update({ owner: "octokit", repo: "rest.js", description: "d" });
  console.log(JSON.stringify({ sent: true }));
} catch (error) {
  console.log(JSON.stringify({ name: error.name, status: error.status }));
}
`;

/** HEAD through octokitFetch, answered with each status: what docs/migrating.md says of HEAD responses. */
const HEAD_RESPONSES = `
import { Octokit } from "@octokit/rest";
import { octokitFetch } from "endpoint-options";

const octokit = new Octokit({ request: { fetch: octokitFetch }, log: { warn() {}, info() {}, debug() {}, error() {} } });
const results = [];
for (const [status, request] of [[200], [200, { parseSuccessResponseBody: false }], [404], [304]]) {
  try {
    const response = await octokit.request("HEAD /repos/{owner}/{repo}{?status}", { owner: "o", repo: "r", status, request });
    results.push({ status, resolved: response.status, data: response.data });
  } catch (error) {
    results.push({ status, rejected: error.status, message: error.message });
  }
}
console.log(JSON.stringify(results));
`;

let work = "";
let tarball = "";
/** A project that uses @octokit/rest and @octokit/request, migrated by the README's and docs/migrating.md's steps. */
let app = "";
/** A project that depends on @octokit/endpoint itself (and @octokit/rest). */
let direct = "";
let overrideRefused: RunResult | undefined;

const npm = (cwd: string, args: string[]) =>
  run("npm", [...args, "--no-audit", "--no-fund", "--prefer-offline"], { cwd, env: childEnv() });

async function expectInstalled(label: string, install: Promise<RunResult>): Promise<void> {
  const result = await install;
  expect(result.code, describeRun(label, result)).toBe(0);
}

async function editManifest(project: string, edit: (manifest: Record<string, unknown>) => void): Promise<void> {
  const file = path.join(project, "package.json");
  const manifest = JSON.parse(await readFile(file, "utf8")) as Record<string, unknown>;
  edit(manifest);
  await writeFile(file, `${JSON.stringify(manifest, null, 2)}\n`);
}

/** A documented step's package.json fields, with the tarball's absolute path in place of the placeholder. */
function withTarball(
  step: Record<string, Record<string, string>>,
  file: string,
): Record<string, Record<string, string>> {
  const text = JSON.stringify(step);
  expect(text).toContain(TARBALL_PLACEHOLDER);
  return JSON.parse(text.replaceAll(TARBALL_PLACEHOLDER, file)) as Record<string, Record<string, string>>;
}

async function newProject(name: string, dependencies: Record<string, string>): Promise<string> {
  const project = path.join(work, name);
  await mkdir(project);
  await writeFile(path.join(project, "package.json"), JSON.stringify({ name, private: true, type: "module" }));
  await writeFile(path.join(project, "local-github.mjs"), LOCAL_GITHUB);
  // A project that already uses these, with its lock file.
  const specs = Object.entries(dependencies).map(([dependency, version]) => `${dependency}@${version}`);
  await expectInstalled(`npm install ${specs.join(" ")}`, npm(project, ["install", ...specs]));
  return project;
}

async function migrateApp(): Promise<void> {
  app = await newProject("app", { "@octokit/request": REQUEST_VERSION, "@octokit/rest": REST_VERSION });
  // The README's install: the tarball copied into the project, and its line as written.
  const installLine = sectionCommands("README.md", "## Install").at(-1) ?? "";
  const copy = path.join(app, installLine.replace(/^npm install \.\//, ""));
  await copyFile(tarball, copy);
  await expectInstalled(
    installLine,
    run("sh", ["-c", `${installLine} --no-audit --no-fund --prefer-offline`], { cwd: app }),
  );
  // docs/migrating.md: the override, with the tarball's absolute path, and npm install.
  const { overrides } = withTarball(OVERRIDE_STEP, copy);
  await editManifest(app, (manifest) => Object.assign(manifest, { overrides }));
  await expectInstalled("npm install with the override", npm(app, ["install"]));
}

async function migrateDirect(): Promise<void> {
  direct = await newProject("direct", { "@octokit/endpoint": `^${ENDPOINT_VERSION}`, "@octokit/rest": REST_VERSION });
  // The override alone, which docs/migrating.md says npm refuses here.
  await editManifest(direct, (manifest) => Object.assign(manifest, withTarball(OVERRIDE_STEP, tarball)));
  overrideRefused = await npm(direct, ["install"]);
  // Its two steps: the dependency pointed at the tarball, the override at the dependency.
  const steps = withTarball(DIRECT_STEPS, tarball);
  await editManifest(direct, (manifest) => {
    manifest.dependencies = { ...(manifest.dependencies as Record<string, string>), ...steps.dependencies };
    manifest.overrides = steps.overrides;
  });
  await expectInstalled("npm install with the two steps", npm(direct, ["install"]));
}

beforeAll(async () => {
  ({ tarball } = packedPackage());
  work = await mkdtemp(path.join(tmpdir(), "endpoint-options-octokit-"));
  await Promise.all([migrateApp(), migrateDirect()]);
}, 240_000);

afterAll(async () => {
  if (work !== "" && !process.env.KEEP_WORK) await rm(work, { recursive: true, force: true });
});

/** Runs a script in a project with the local server preloaded; its output, and the requests the server received. */
async function runScript(project: string, name: string, code: string): Promise<{ output: string; sent: Sent[] }> {
  await writeFile(path.join(project, name), code);
  await rm(path.join(project, "sent.json"), { force: true });
  const result = await run(process.execPath, ["--import", "./local-github.mjs", name], {
    cwd: project,
    env: childEnv(),
  });
  expect(result.code, describeRun(`node ${name}`, result)).toBe(0);
  return { output: result.stdout, sent: JSON.parse(await readFile(path.join(project, "sent.json"), "utf8")) as Sent[] };
}

describe("a project that uses Octokit, with the README's install and docs/migrating.md's override", () => {
  it("puts endpoint-options where both copies of @octokit/request import @octokit/endpoint from", async () => {
    for (const request of [
      "node_modules/@octokit/request",
      "node_modules/@octokit/core/node_modules/@octokit/request",
    ]) {
      // npm installs a file: override beside the package that depends on it; resolve it from there.
      const fromRequest = createRequire(path.join(app, request, "package.json"));
      const installed = JSON.parse(await readFile(fromRequest.resolve("@octokit/endpoint/package.json"), "utf8")) as {
        name: string;
      };
      expect(installed.name, request).toBe("endpoint-options");
    }
  });

  it.each(EXAMPLES)("$name, as written", async ({ code, sent }) => {
    expect(code).toContain("octokitFetch");
    const result = await runScript(app, "example.mjs", code);
    expect(result.sent).toStrictEqual(sent);
  });

  it("the examples compile under strict TypeScript as written: octokitFetch needs no annotation", async () => {
    await mkdir(path.join(app, "examples"), { recursive: true });
    for (const [index, { code }] of EXAMPLES.entries()) {
      await writeFile(path.join(app, "examples", `example-${index}.ts`), code);
    }
    const config = { compilerOptions: STRICT_CONSUMER_OPTIONS, include: ["examples"] };
    await writeFile(path.join(app, "tsconfig.json"), JSON.stringify(config));
    const result = await run(process.execPath, [TSC, "-p", ".", "--pretty", "false"], { cwd: app, timeout: 120_000 });
    expect(result.code, describeRun("tsc", result)).toBe(0);
  }, 120_000);

  it("without octokitFetch, PATCH through @octokit/rest fails with HttpError 400, as users met it", async () => {
    const { output } = await runScript(app, "without.mjs", WITHOUT_OCTOKIT_FETCH);
    expect(JSON.parse(output)).toStrictEqual({ name: "HttpError", status: 400 });
  });

  it('HEAD through octokitFetch: 2xx resolves with data "" (null unparsed), 4xx rejects with an empty message, 304 rejects', async () => {
    const { output, sent } = await runScript(app, "head.mjs", HEAD_RESPONSES);
    expect(sent.map(({ method }) => method)).toStrictEqual(["HEAD", "HEAD", "HEAD", "HEAD"]);
    expect(JSON.parse(output)).toStrictEqual([
      { status: 200, resolved: 200, data: "" },
      { status: 200, resolved: 200, data: null },
      { status: 404, rejected: 404, message: "" },
      { status: 304, rejected: 304, message: "Not modified" },
    ]);
  });
});

describe("a project that depends on @octokit/endpoint itself, with docs/migrating.md's two steps", () => {
  it("the override alone fails with EOVERRIDE, as docs/migrating.md says", () => {
    expect(overrideRefused?.code).not.toBe(0);
    expect(overrideRefused?.stderr).toContain("EOVERRIDE");
  });

  it("package-lock.json resolves @octokit/endpoint, for the project and for Octokit, to the tarball, once", async () => {
    const lock = JSON.parse(await readFile(path.join(direct, "package-lock.json"), "utf8")) as {
      packages: Record<string, { name?: string; version?: string; resolved?: string }>;
    };
    const copies = Object.keys(lock.packages).filter((key) => key.endsWith("node_modules/@octokit/endpoint"));
    expect(copies).toStrictEqual(["node_modules/@octokit/endpoint"]);
    expect(lock.packages["node_modules/@octokit/endpoint"]).toMatchObject({
      name: "endpoint-options",
      resolved: `file:${path.relative(direct, tarball)}`,
    });
    expect(lock.packages[""]).toMatchObject({ dependencies: { "@octokit/endpoint": `file:${tarball}` } });
  });

  it("sends a request: the project's own @octokit/endpoint and Octokit's are endpoint-options", async () => {
    const script = `
import { endpoint, octokitFetch } from "@octokit/endpoint";
import { Octokit } from "@octokit/rest";
const octokit = new Octokit({ auth: "ghp_example", request: { fetch: octokitFetch } });
await octokit.rest.repos.update({ owner: "octokit", repo: "rest.js", description: "d" });
console.log(JSON.stringify({ userAgent: endpoint("GET /user").headers["user-agent"], frozen: Object.isFrozen(octokit.request.endpoint) }));
`;
    const { output, sent } = await runScript(direct, "send.mjs", script);
    expect(JSON.parse(output)).toStrictEqual({ userAgent: "endpoint-options/0.1.0", frozen: true });
    expect(sent).toStrictEqual([withJson("PATCH", "/repos/octokit/rest.js", { description: "d" })]);
  });
});
