// Octokit's REST methods, with endpoint-options put in place of @octokit/endpoint as docs/migrating.md tells users
// (npm overrides, the tarball's absolute path, octokitFetch), against recorded GitHub traffic:
// every scenario of @octokit/fixtures, served by @octokit/fixtures-server on 127.0.0.1. The server checks
// each request against its recording (method, path, query, headers, body) and answers as GitHub did.
import { type ChildProcess, spawn } from "node:child_process";
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { childEnv, describeRun, packedPackage, ROOT, run } from "./helpers/built-package.js";

const SCENARIOS = path.join(ROOT, "node_modules/@octokit/fixtures/scenarios/api.github.com");

/** The version of @octokit/rest this repository pins: installed from the npm cache `npm ci` filled. */
const REST_VERSION = (
  JSON.parse(await readFile(path.join(ROOT, "node_modules/@octokit/rest/package.json"), "utf8")) as { version: string }
).version;

interface ScenarioResult {
  scenario: string;
  requests: number;
  sent: number;
  passed: number;
  failures: string[];
  noRestMethod: string[];
  endpoint: string;
}

let work = "";
let server: ChildProcess | undefined;
const results = new Map<string, ScenarioResult>();

beforeAll(async () => {
  const { tarball } = packedPackage();
  work = await mkdtemp(path.join(tmpdir(), "endpoint-options-fixtures-"));
  const project = path.join(work, "app");
  await mkdir(project);
  await writeFile(
    path.join(project, "package.json"),
    JSON.stringify({
      name: "app",
      private: true,
      type: "module",
      // endpoint-options installed (for octokitFetch), and put in place of @octokit/endpoint.
      dependencies: { "@octokit/rest": REST_VERSION, "endpoint-options": `file:${path.resolve(tarball)}` },
      overrides: { "@octokit/endpoint": `file:${path.resolve(tarball)}` },
    }),
  );
  await copyFile(path.join(ROOT, "test/octokit/driver.mjs"), path.join(project, "driver.mjs"));
  const install = await run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline"], {
    cwd: project,
    env: childEnv(),
  });
  expect(install.code, describeRun("npm install @octokit/rest with the override", install)).toBe(0);

  // The fixtures server, in a process of its own: it intercepts its own outgoing requests with nock.
  server = spawn(process.execPath, [path.join(ROOT, "test/octokit/server.mjs")], { cwd: ROOT, env: childEnv() });
  const url = await new Promise<string>((resolve, reject) => {
    let output = "";
    server?.stdout?.on("data", (chunk: Buffer) => {
      output += chunk;
      if (output.includes("\n")) resolve(output.trim());
    });
    server?.on("exit", (code) => reject(new Error(`the fixtures server exited (${code}): ${output}`)));
  });
  const driven = await run("node", ["driver.mjs", url, SCENARIOS], { cwd: project, env: childEnv(), timeout: 120_000 });
  expect(driven.code, describeRun("node driver.mjs", driven)).toBe(0);
  for (const line of driven.stdout.trim().split("\n")) {
    const result = JSON.parse(line) as ScenarioResult;
    results.set(result.scenario, result);
  }
}, 240_000);

afterAll(async () => {
  server?.kill();
  if (work !== "" && !process.env.KEEP_WORK) await rm(work, { recursive: true, force: true });
});

/**
 * Requests that no method of @octokit/rest sends, because GitHub's API description no longer has their
 * routes: the driver sends them with octokit.request, through endpoint-options all the same.
 */
const WITHOUT_REST_METHOD: Record<string, string> = {
  "git-refs": "GET /repos/{owner}/{repo}/git/refs/ (listing every reference) is gone from the API description",
  "project-cards": "the classic projects API (/projects/columns/…) is gone from @octokit/rest",
};

describe("every recorded GitHub scenario passes through Octokit with endpoint-options", async () => {
  const scenarios = (await readdir(SCENARIOS)).sort();

  it("drives each scenario of @octokit/fixtures, none left out", () => {
    expect([...results.keys()]).toStrictEqual(scenarios);
  });

  it.each(scenarios)("%s", (scenario) => {
    const result = results.get(scenario) as ScenarioResult;
    expect(result.endpoint).toBe("endpoint-options");
    expect(result.failures).toStrictEqual([]);
    expect(result.passed).toBe(result.sent);
    expect(result.sent).toBeGreaterThan(0);
    expect(result.noRestMethod.length > 0, WITHOUT_REST_METHOD[scenario] ?? "a REST method sends every request").toBe(
      Object.hasOwn(WITHOUT_REST_METHOD, scenario),
    );
  });
});
