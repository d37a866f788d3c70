// The runtime matrix: the conformance cases of test/runtimes/cases.js run against the BUILT package in
// Node (ESM, and CommonJS with require-of-ESM off), Deno, Bun and a real headless Chromium.
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  assertFreshBuild,
  childEnv,
  DEFAULT_USER_AGENT,
  describeRun,
  ROOT,
  run,
  runtimeBinary,
} from "./helpers/built-package.js";
import { CHROMIUM_HINT, findChromium, REQUIRE_ALL_SUITES } from "./helpers/optional-tools.js";
import { caseCount } from "./runtimes/cases.js";

/** What test/runtimes/runner.js, runner.cjs and the browser page print. */
interface Report {
  runtime: string;
  version: string;
  format: "esm" | "cjs";
  exports: string[];
  passed: number;
  failed: number;
  failures: { name: string; reason: string }[];
}

/** The names every build must export (more may be added by later entry points of the same build). */
const CORE_EXPORTS = ["EndpointError", "endpoint", "parseTemplate"];

const RUNNERS = path.join(ROOT, "test", "runtimes");

let denoDir = "";

interface RuntimeRun {
  name: string;
  runtime: "node" | "deno" | "bun";
  format: "esm" | "cjs";
  command: () => { file: string; args: string[]; env?: NodeJS.ProcessEnv };
}

// Deno runs local files only: no remote modules, no config or lock file, no package.json lookup, no
// update check, and a throwaway cache directory, so it neither reaches the network nor writes to $HOME.
const deno = (runner: string) => ({
  file: runtimeBinary("deno"),
  args: [
    "run",
    "--no-remote",
    "--no-config",
    "--no-lock",
    "--no-prompt",
    `--allow-read=${ROOT}`,
    path.join(RUNNERS, runner),
    DEFAULT_USER_AGENT,
  ],
  env: childEnv({ DENO_DIR: denoDir, DENO_NO_UPDATE_CHECK: "1", DENO_NO_PACKAGE_JSON: "1" }),
});

const RUNTIMES: RuntimeRun[] = [
  {
    name: "Node, ESM build through import",
    runtime: "node",
    format: "esm",
    command: () => ({ file: process.execPath, args: [path.join(RUNNERS, "runner.js"), DEFAULT_USER_AGENT] }),
  },
  {
    // Node 20.19+ and 22.12+ can require() ESM; the flag turns that off, so only a real CommonJS build loads.
    name: "Node, CommonJS build through require with --no-experimental-require-module",
    runtime: "node",
    format: "cjs",
    command: () => ({
      file: process.execPath,
      args: ["--no-experimental-require-module", path.join(RUNNERS, "runner.cjs"), DEFAULT_USER_AGENT],
    }),
  },
  { name: "Deno, ESM build", runtime: "deno", format: "esm", command: () => deno("runner.js") },
  { name: "Deno, CommonJS build", runtime: "deno", format: "cjs", command: () => deno("runner.cjs") },
  {
    name: "Bun, ESM build",
    runtime: "bun",
    format: "esm",
    command: () => ({
      file: runtimeBinary("bun"),
      args: ["--no-install", path.join(RUNNERS, "runner.js"), DEFAULT_USER_AGENT],
    }),
  },
  {
    name: "Bun, CommonJS build",
    runtime: "bun",
    format: "cjs",
    command: () => ({
      file: runtimeBinary("bun"),
      args: ["--no-install", path.join(RUNNERS, "runner.cjs"), DEFAULT_USER_AGENT],
    }),
  },
];

function expectAllPassed(report: Report, runtime: string, format: string): void {
  expect(report.failures).toEqual([]);
  expect({ runtime: report.runtime, format: report.format, passed: report.passed, failed: report.failed }).toEqual({
    runtime,
    format,
    passed: caseCount(),
    failed: 0,
  });
  expect(report.exports).toEqual(expect.arrayContaining(CORE_EXPORTS));
}

describe("the conformance cases pass against the built package", () => {
  beforeAll(() => {
    assertFreshBuild();
    denoDir = mkdtempSync(path.join(tmpdir(), "endpoint-options-deno-"));
  });
  afterAll(() => {
    if (denoDir !== "") rmSync(denoDir, { recursive: true, force: true });
  });

  it.each(RUNTIMES)(
    "$name",
    async ({ name, runtime, format, command }) => {
      const { file, args, env } = command();
      const result = await run(file, args, env === undefined ? {} : { env });
      expect(result.code, describeRun(name, result)).toBe(0);
      const lastLine = result.stdout.trim().split("\n").at(-1) ?? "";
      expectAllPassed(JSON.parse(lastLine) as Report, runtime, format);
    },
    60_000,
  );
});

// ---------------------------------------------------------------------------------------------------
// A real browser: Debian's chromium, driven by playwright-core, loads the ESM build from a local server.

/** The browser this machine has; without one the suite is skipped (test/setup/global.ts prints why), unless REQUIRE_ALL_SUITES=1. */
const CHROMIUM = findChromium();
const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** Only these directories are served, so the page can import exactly the build and the cases. */
const SERVED = ["dist", "test/runtimes"];
const CONTENT_TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".cjs": "text/javascript; charset=utf-8",
  ".ts": "text/plain; charset=utf-8",
  ".cts": "text/plain; charset=utf-8",
};

const PAGE = `<!doctype html>
<meta charset="utf-8">
<title>endpoint-options conformance</title>
<link rel="icon" href="data:,">
<script type="module">
  import * as lib from "/dist/index.js";
  import { describeRuntime, runCases } from "/test/runtimes/run-cases.js";
  const report = runCases(lib, { userAgent: ${JSON.stringify(DEFAULT_USER_AGENT)} });
  window.endpointOptions = lib;
  window.conformance = { ...describeRuntime(), format: "esm", exports: Object.keys(lib).sort(), ...report };
</script>`;

/** A request the server received on /api/, for the cross-origin fetch check. */
interface ApiRequest {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
}

function serveStatic(request: IncomingMessage, response: ServerResponse, apiLog: ApiRequest[]): void {
  const url = new URL(request.url ?? "/", "http://127.0.0.1");
  if (url.pathname.startsWith("/api/")) {
    apiLog.push({ method: request.method ?? "", path: url.pathname + url.search, headers: request.headers });
    response.writeHead(request.method === "OPTIONS" ? 204 : 200, {
      "access-control-allow-origin": "*",
      "access-control-allow-headers": "*",
      "content-type": "application/json",
    });
    response.end(request.method === "OPTIONS" ? undefined : '{"login":"octocat"}');
    return;
  }
  if (url.pathname === "/") {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end(PAGE);
    return;
  }
  const file = path.resolve(ROOT, `.${decodeURIComponent(url.pathname)}`);
  const allowed = SERVED.some((dir) => file.startsWith(path.join(ROOT, dir) + path.sep));
  const type = CONTENT_TYPES[path.extname(file)];
  if (!allowed || type === undefined || !existsSync(file)) {
    response.writeHead(404, { "content-type": "text/plain" });
    response.end("not found");
    return;
  }
  response.writeHead(200, { "content-type": type });
  response.end(readFileSync(file));
}

describe.skipIf(CHROMIUM === undefined && !REQUIRE_ALL_SUITES)("in a real browser: headless Chromium", () => {
  let server: Server | undefined;
  let browser: Browser | undefined;
  let page: Page | undefined;
  let port = 0;
  const apiLog: ApiRequest[] = [];
  const pageErrors: string[] = [];

  beforeAll(async () => {
    assertFreshBuild();
    if (CHROMIUM === undefined || !existsSync(CHROMIUM)) {
      throw new Error(`the browser tests need Chromium, and ${CHROMIUM ?? "none"} was found: ${CHROMIUM_HINT}`);
    }
    server = createServer((request, response) => serveStatic(request, response, apiLog));
    await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, timeout: 60_000 });
    page = await browser.newPage();
    page.on("pageerror", (error) => pageErrors.push(String(error)));
    page.on("console", (message) => {
      if (message.type() === "error") pageErrors.push(message.text());
    });
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  });

  it("a page that imports the ESM build passes every conformance case", async () => {
    if (page === undefined) throw new Error("no page: see the beforeAll error");
    await page.goto(`http://127.0.0.1:${port}/`);
    await page
      .waitForFunction(() => "conformance" in window, undefined, { timeout: 30_000 })
      .catch((error: unknown) => {
        throw new Error(`the page never reported: ${pageErrors.join("; ") || String(error)}`);
      });
    const report = (await page.evaluate(() => (window as unknown as { conformance: unknown }).conformance)) as Report;
    expect(pageErrors).toEqual([]);
    expectAllPassed(report, "browser", "esm");
    expect(report.version).toContain("Chrome/");
  }, 60_000);

  // Why `user-agent: null` in browsers: a page cannot choose its user agent. Chromium drops the header
  // from fetch(); browsers that send it (Firefox) must preflight the request, as user-agent is not a
  // CORS-safelisted header. Without it, a GET built by endpoint() is a CORS-simple request.
  it("a GET built with user-agent: null goes cross-origin through fetch() without a CORS preflight", async () => {
    if (page === undefined) throw new Error("no page: see the beforeAll error");
    await page.goto(`http://127.0.0.1:${port}/`);
    // localhost and 127.0.0.1 are different origins: this fetch is cross-origin.
    await page.waitForFunction(() => "endpointOptions" in window, undefined, { timeout: 30_000 });
    const outcome = await page.evaluate(async (apiBase) => {
      const { endpoint } = (window as unknown as { endpointOptions: typeof import("../src/index.js") }).endpointOptions;
      const api = endpoint.defaults({ baseUrl: apiBase, headers: { "user-agent": null } });
      const options = api("GET /users/{username}/repos", { username: "octocat", per_page: 1 });
      const headers = Object.entries(options.headers).map(([name, value]): [string, string] => [name, String(value)]);
      const response = await fetch(options.url, { method: options.method, headers });
      return { headers: options.headers, status: response.status, json: (await response.json()) as unknown };
    }, `http://localhost:${port}/api`);
    expect(outcome).toEqual({
      headers: { accept: "application/vnd.github.v3+json" },
      status: 200,
      json: { login: "octocat" },
    });
    expect(apiLog.map(({ method, path }) => `${method} ${path}`)).toEqual(["GET /api/users/octocat/repos?per_page=1"]);
    expect(apiLog[0]?.headers.accept).toBe("application/vnd.github.v3+json");
    expect(apiLog[0]?.headers.origin).toBe(`http://127.0.0.1:${port}`);
  }, 60_000);
});
