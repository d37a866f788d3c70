// The steps of docs/migrating.md for putting endpoint-options in place of @octokit/endpoint, run as a user runs them: a
// project with @octokit/request installed (and so a package-lock.json), then npm `overrides` with the packed
// tarball's absolute path, then `npm install`. Then @octokit/request sends through it to a local server.
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { childEnv, describeRun, packedPackage, ROOT, run } from "./helpers/built-package.js";

/** The version of @octokit/request this repository pins: installed from the npm cache `npm ci` filled. */
const REQUEST_VERSION = (
  JSON.parse(await readFile(path.join(ROOT, "node_modules/@octokit/request/package.json"), "utf8")) as {
    version: string;
  }
).version;

let work = "";
let project = "";

const npm = (args: string[]) =>
  run("npm", [...args, "--no-audit", "--no-fund", "--prefer-offline"], { cwd: project, env: childEnv() });

/**
 * A script in the project: a local server that records each request, and @octokit/request sending to it,
 * with the upper-casing fetch of docs/migrating.md. Prints what the server saw, as JSON.
 */
const SCRIPT = `
import { createServer } from "node:http";
import { request } from "@octokit/request";

const seen = [];
const server = createServer((req, res) => {
  let body = "";
  req.on("data", (chunk) => (body += chunk));
  req.on("end", () => {
    seen.push({ method: req.method, url: req.url, contentType: req.headers["content-type"] ?? null, body });
    res.writeHead(200, { "content-type": "application/json" });
    res.end("{}");
  });
});
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
const baseUrl = \`http://127.0.0.1:\${server.address().port}\`;
const fetchUpperCase = (url, init) => fetch(url, { ...init, method: init.method.toUpperCase() });
const octokit = request.defaults({ baseUrl, request: { fetch: fetchUpperCase } });

await octokit("POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", data: JSON.stringify({ title: "t" }) });
await octokit("PATCH /repos/{owner}/{repo}", { owner: "o", repo: "r", description: "d" });
await octokit("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", per_page: 2 });
server.close();
console.log(JSON.stringify({ frozen: Object.isFrozen(request.endpoint), seen }));
`;

beforeAll(async () => {
  const { tarball } = packedPackage();
  work = await mkdtemp(path.join(tmpdir(), "endpoint-options-octokit-"));
  project = path.join(work, "app");
  await mkdir(project);
  await writeFile(path.join(project, "package.json"), JSON.stringify({ name: "app", private: true, type: "module" }));
  await writeFile(path.join(project, "send.mjs"), SCRIPT);
  // 1. A project that already uses @octokit/request, with its lock file.
  const first = await npm(["install", `@octokit/request@${REQUEST_VERSION}`]);
  expect(first.code, describeRun("npm install @octokit/request", first)).toBe(0);
  // 2. The step docs/migrating.md gives: override @octokit/endpoint with the tarball's absolute path, and install again.
  const manifest = JSON.parse(await readFile(path.join(project, "package.json"), "utf8"));
  manifest.overrides = { "@octokit/endpoint": `file:${path.resolve(tarball)}` };
  await writeFile(path.join(project, "package.json"), JSON.stringify(manifest, null, 2));
  const second = await npm(["install"]);
  expect(second.code, describeRun("npm install with overrides", second)).toBe(0);
}, 180_000);

afterAll(async () => {
  if (work !== "" && !process.env.KEEP_WORK) await rm(work, { recursive: true, force: true });
});

describe("in place of @octokit/endpoint, installed with npm overrides over an existing lock file", () => {
  it("puts endpoint-options where @octokit/request imports @octokit/endpoint from", async () => {
    // npm installs a file: override beside the package that depends on it; resolve it from there.
    const fromRequest = createRequire(path.join(project, "node_modules/@octokit/request/package.json"));
    const installed = JSON.parse(await readFile(fromRequest.resolve("@octokit/endpoint/package.json"), "utf8")) as {
      name: string;
    };
    expect(installed.name).toBe("endpoint-options");
  });

  it("sends what @octokit/request asks: JSON text labelled JSON, PATCH upper-cased by the fetch docs/migrating.md gives", async () => {
    const result = await run("node", ["send.mjs"], { cwd: project, env: childEnv() });
    expect(result.code, describeRun("node send.mjs", result)).toBe(0);
    const { frozen, seen } = JSON.parse(result.stdout) as { frozen: boolean; seen: unknown[] };
    // endpoint-options freezes its endpoint function; @octokit/endpoint does not.
    expect(frozen).toBe(true);
    expect(seen).toStrictEqual([
      {
        method: "POST",
        url: "/repos/o/r/issues",
        contentType: "application/json; charset=utf-8",
        body: '{"title":"t"}',
      },
      {
        method: "PATCH",
        url: "/repos/o/r",
        contentType: "application/json; charset=utf-8",
        body: '{"description":"d"}',
      },
      { method: "GET", url: "/repos/o/r/issues?per_page=2", contentType: null, body: "" },
    ]);
  });
});
