// The endpoint-options command: every option, every kind of bad input (exit 2 and the message on stderr), and
// its curl and fetch output sent to a local server. The cases run the command in this process, as the bin
// runs it; "the bin, run as a program" runs the built bin (package.json "bin") in a subprocess.
import { accessSync, constants, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assertFreshBuild } from "./helpers/built-package.js";
import { type RunOptions, runCommandHere } from "./helpers/command.js";
import { hasCurl, REQUIRE_ALL_SUITES } from "./helpers/optional-tools.js";
import { runFile, runShell, useRecordingServer } from "./helpers/server.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
  version: string;
  bin: Record<string, string>;
};
const bin = join(root, pkg.bin["endpoint-options"] ?? "missing bin entry");
const UA = `endpoint-options/${pkg.version}`;
const ACCEPT = "application/vnd.github.v3+json";
/** An upload's parameters and body: with `{?name}` in the url they all go somewhere; without it `name` would be dropped. */
const UPLOAD_ARGUMENTS = ["owner=o", "repo=r", "release_id:=1", "name=a.zip", "--data", "hi"];

const server = useRecordingServer();
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "endpoint-options-cli-"));
  writeFileSync(
    join(dir, "bytes.bin"),
    Uint8Array.from({ length: 256 }, (_, i) => i),
  );
  // A UTF-8 byte order mark, then "hi": the mark is part of the body, never dropped by decoding.
  writeFileSync(join(dir, "bom.txt"), Uint8Array.of(0xef, 0xbb, 0xbf, 0x68, 0x69));
  symlinkSync(bin, join(dir, "endpoint-options"));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

/**
 * Runs the command with arguments. The cases of each option call routes of their own, which GitHub's map
 * does not list: `--no-check` lets them through (the checks have their own cases, run by `checked`).
 */
function cli(args: readonly string[], options: RunOptions = {}) {
  return checked(args[0] === "openapi" ? args : ["--no-check", ...args], options);
}

/** Runs the command with the arguments as they are: calls checked against GitHub's map, or --map's. */
const checked = runCommandHere;

/** Runs the built bin as a program (its shebang, its exec bit), never through a shell. */
function binary(args: readonly string[], options: RunOptions = {}) {
  return runFile(bin, args, { input: options.input ?? "", env: { PATH: process.env.PATH ?? "", ...options.env } });
}

describe("the bin, run as a program", () => {
  beforeAll(assertFreshBuild);

  it("is the built file package.json names, executable, starting with a node shebang", () => {
    expect(pkg.bin["endpoint-options"]).toBe("./dist/cli.js");
    accessSync(bin, constants.X_OK);
    expect(readFileSync(bin, "utf8").startsWith("#!/usr/bin/env node\n")).toBe(true);
  });

  it("prints the request options, and exits 0", async () => {
    const { code, stdout, stderr } = await binary([
      "GET /repos/{owner}/{repo}/issues",
      "owner=octokit",
      "repo=rest.js",
    ]);
    expect([code, stderr]).toEqual([0, ""]);
    expect(JSON.parse(stdout)).toMatchObject({
      method: "get",
      url: "https://api.github.com/repos/octokit/rest.js/issues",
    });
  });

  it("reads --data - from its standard input", async () => {
    const { code, stdout } = await binary(["--no-check", "POST /markdown/raw", "--data", "-"], { input: "# hi" });
    expect([code, JSON.parse(stdout).body]).toEqual([0, "# hi"]);
  });

  it("prints bad input's message on stderr, and exits 2", async () => {
    const { code, stdout, stderr } = await binary(["GET /repos/{owner}/{repo}", "owner=o"]);
    expect([code, stdout]).toEqual([2, ""]);
    expect(stderr).toMatch(/^endpoint-options: missing parameter "repo" .*\(ERR_MISSING_PARAMETER\)\n$/);
  });

  it("runs the openapi command, and exits 2 on a document it cannot read", async () => {
    const { code, stderr } = await binary(["openapi", join(dir, "missing.json")]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/^endpoint-options openapi: /);
  });

  it("--version prints the version from package.json", async () => {
    expect(await binary(["--version"])).toEqual({ code: 0, stdout: `${pkg.version}\n`, stderr: "" });
  });

  it("--token-env reads the process's environment", async () => {
    const { code, stdout } = await binary(["GET /user", "--token-env", "GH_TOKEN"], { env: { GH_TOKEN: "ghp_x" } });
    expect([code, JSON.parse(stdout).headers.authorization]).toEqual([0, "token ghp_x"]);
  });
});

interface JsonCase {
  rule: string;
  args: readonly string[];
  input?: string | Buffer;
  env?: Record<string, string>;
  expected: Record<string, unknown>;
}

const jsonCases: readonly JsonCase[] = [
  {
    rule: "a parameter named __proto__ stays a parameter, never a prototype",
    args: ["POST /x", '__proto__:={"a":1}', "b=2"],
    expected: {
      method: "post",
      url: "https://api.github.com/x",
      headers: { accept: ACCEPT, "user-agent": UA, "content-type": "application/json; charset=utf-8" },
      body: JSON.parse('{"__proto__":{"a":1},"b":"2"}'),
    },
  },
  {
    rule: "the README's first example: path placeholders filled, the rest a query",
    args: ["GET /repos/{owner}/{repo}/issues", "owner=octokit", "repo=rest.js", "state=open"],
    expected: {
      method: "get",
      url: "https://api.github.com/repos/octokit/rest.js/issues?state=open",
      headers: { accept: ACCEPT, "user-agent": UA },
    },
  },
  {
    rule: "key:=json gives typed values; key=value stays text, even when it looks like a number",
    args: [
      "POST /repos/{owner}/{repo}/issues",
      "owner=o",
      "repo=r",
      "title=42",
      "milestone:=3",
      'labels:=["bug"]',
      "draft:=true",
      "assignee:=null",
    ],
    expected: {
      method: "post",
      url: "https://api.github.com/repos/o/r/issues",
      headers: { accept: ACCEPT, "user-agent": UA, "content-type": "application/json; charset=utf-8" },
      body: { title: "42", milestone: 3, labels: ["bug"], draft: true, assignee: null },
    },
  },
  {
    rule: "per_page:=100 on GET is a number in the query",
    args: ["GET /user/repos", "per_page:=100"],
    expected: {
      method: "get",
      url: "https://api.github.com/user/repos?per_page=100",
      headers: { accept: ACCEPT, "user-agent": UA },
    },
  },
  {
    rule: "a number after := that JavaScript holds exactly is taken, however it is written (1e20, 1.50, -0)",
    args: ["POST /x", "big:=1e20", "price:=1.50", "zero:=-0", 'note:="12345678901234567890"'],
    expected: {
      method: "post",
      url: "https://api.github.com/x",
      headers: { accept: ACCEPT, "user-agent": UA, "content-type": "application/json; charset=utf-8" },
      body: { big: 1e20, price: 1.5, zero: 0, note: "12345678901234567890" },
    },
  },
  {
    rule: '-H adds a header (name lower-cased); "name:" removes a default; "name;" sends it empty',
    args: ["GET /user", "-H", "X-Trace: a b: c", "--header=user-agent:", "-H", "x-empty;"],
    expected: {
      method: "get",
      url: "https://api.github.com/user",
      headers: { accept: ACCEPT, "x-trace": "a b: c", "x-empty": "" },
    },
  },
  {
    rule: "--base-url replaces https://api.github.com",
    args: ["--base-url", "https://ghe.example.com/api/v3", "GET /user"],
    expected: {
      method: "get",
      url: "https://ghe.example.com/api/v3/user",
      headers: { accept: ACCEPT, "user-agent": UA },
    },
  },
  {
    rule: "--format raw amends the accept header",
    args: ["GET /repos/{owner}/{repo}/readme", "owner=o", "repo=r", "--format", "raw"],
    expected: {
      method: "get",
      url: "https://api.github.com/repos/o/r/readme",
      headers: { accept: "application/vnd.github.v3.raw", "user-agent": UA },
    },
  },
  {
    rule: "--preview is repeatable",
    args: ["GET /user", "--preview", "mercy", "--preview=symmetra-preview"],
    expected: {
      method: "get",
      url: "https://api.github.com/user",
      headers: {
        accept: "application/vnd.github.mercy-preview+json,application/vnd.github.symmetra-preview+json",
        "user-agent": UA,
      },
    },
  },
  {
    rule: "--data 'text' is the raw body; parameters then stay out of it",
    args: ["POST /markdown/raw", "--data", "**hi** $HOME", "-H", "content-type: text/plain"],
    expected: {
      method: "post",
      url: "https://api.github.com/markdown/raw",
      headers: { accept: ACCEPT, "user-agent": UA, "content-type": "text/plain" },
      body: "**hi** $HOME",
    },
  },
  {
    rule: "--data with parameters the url names, in the path and in the query",
    args: ["POST /repos/{owner}/{repo}/releases/{release_id}/assets{?name}", ...UPLOAD_ARGUMENTS],
    expected: {
      method: "post",
      url: "https://api.github.com/repos/o/r/releases/1/assets?name=a.zip",
      headers: { accept: ACCEPT, "user-agent": UA, "content-type": "application/json; charset=utf-8" },
      body: "hi",
    },
  },
  {
    rule: "--data - reads standard input, byte for byte",
    args: ["PUT /x", "--data", "-"],
    input: "line one\nlïne two\n",
    expected: {
      method: "put",
      url: "https://api.github.com/x",
      headers: { accept: ACCEPT, "user-agent": UA, "content-type": "application/json; charset=utf-8" },
      body: "line one\nlïne two\n",
    },
  },
  {
    rule: "--data @file that is not UTF-8 text prints as base64 with bodyEncoding",
    args: ["POST /up", "--data", "@bytes.bin"],
    expected: {
      method: "post",
      url: "https://api.github.com/up",
      headers: { accept: ACCEPT, "user-agent": UA },
      body: Buffer.from(Uint8Array.from({ length: 256 }, (_, i) => i)).toString("base64"),
      bodyEncoding: "base64",
    },
  },
  {
    rule: "--token-env reads the token from the environment into authorization",
    args: ["GET /user", "--token-env", "MY_TOKEN"],
    env: { MY_TOKEN: "ghp_secret" },
    expected: {
      method: "get",
      url: "https://api.github.com/user",
      headers: { accept: ACCEPT, "user-agent": UA, authorization: "token ghp_secret" },
    },
  },
  {
    rule: "-- ends the options: a parameter may then start with a dash",
    args: ["GET /search/issues", "--", "q=-label:bug"],
    expected: {
      method: "get",
      url: "https://api.github.com/search/issues?q=-label%3Abug",
      headers: { accept: ACCEPT, "user-agent": UA },
    },
  },
];

describe("--output json (the default)", () => {
  it.each(jsonCases)("$rule", async ({ args, input, env, expected }) => {
    const resolved = args.map((arg) => (arg.startsWith("@") ? `@${join(dir, arg.slice(1))}` : arg));
    const { code, stdout, stderr } = await cli(resolved, {
      ...(input === undefined ? {} : { input }),
      ...(env ? { env } : {}),
    });
    expect(stderr).toBe("");
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toStrictEqual(expected);
  });
});

/** Options as they are read: each case checks the part of the printed request options that its rule is about. */
const readCases: readonly { rule: string; args: readonly string[]; matches: Record<string, unknown> }[] = [
  { rule: '-H "a: b;": a value may end with ";"', args: ["GET /x", "-H", "a: b;"], matches: { headers: { a: "b;" } } },
  { rule: '-H "a;": an empty value', args: ["GET /x", "-H", "a;"], matches: { headers: { a: "" } } },
  { rule: '-H "a:b": no space needed', args: ["GET /x", "-H", "a:b"], matches: { headers: { a: "b" } } },
  { rule: '-H "x-a:b": a dashed name', args: ["GET /x", "-H", "x-a:b"], matches: { headers: { "x-a": "b" } } },
  {
    rule: '-H with its value attached: "-Hx-a: 1"',
    args: ["GET /x", "-Hx-a: 1"],
    matches: { headers: { "x-a": "1" } },
  },
  {
    rule: "a route with a query is a route, not a parameter",
    args: ["GET /search?q=1"],
    matches: { url: "https://api.github.com/search?q=1" },
  },
  { rule: "a route whose url has no leading slash", args: ["GET x"], matches: { url: "https://api.github.com/x" } },
  { rule: "-- ends the options", args: ["GET /x", "--", "-a=1"], matches: { url: "https://api.github.com/x?-a=1" } },
  {
    rule: "a --preview of its own amends accept",
    args: ["GET /x", "--preview", "squirrel-girl"],
    matches: { headers: { accept: "application/vnd.github.squirrel-girl-preview+json" } },
  },
  {
    rule: ":= text that only looks like 1e400 is a string",
    args: ["POST /x", 'a:="\\"1e400"'],
    matches: { body: { a: '"1e400' } },
  },
  {
    rule: ':= "1e400" inside a list is a string',
    args: ["POST /x", 'a:=[1,"1e400"]'],
    matches: { body: { a: [1, "1e400"] } },
  },
  {
    rule: ":= a fraction that JavaScript holds exactly",
    args: ["POST /x", "a:=0.9007199254740993"],
    matches: { body: { a: 0.9007199254740993 } },
  },
  ...(
    [
      ["[]", []],
      ["{}", {}],
      ["[1]", [1]],
    ] as const
  ).map(([json, value]) => ({
    rule: `:= 1,001 sibling ${json} are one level, not 1,001`,
    args: ["POST /x", `a:=[${`${json},`.repeat(1000)}${json}]`],
    matches: { body: { a: Array.from({ length: 1001 }, () => value) } },
  })),
  {
    rule: "--data @file keeps a UTF-8 byte order mark",
    args: ["POST /x", "--data", "@bom.txt"],
    matches: { body: "\ufeffhi" },
  },
];

describe("what the options read as", () => {
  it.each(readCases)("$rule", async ({ args, matches }) => {
    const resolved = args.map((arg) => (arg.startsWith("@") ? `@${join(dir, arg.slice(1))}` : arg));
    const { code, stdout, stderr } = await cli(resolved);
    expect([code, stderr]).toEqual([0, ""]);
    expect(JSON.parse(stdout)).toMatchObject(matches);
  });
});

interface SentCase {
  rule: string;
  args: readonly string[];
  input?: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body: Buffer;
}

const sentCases: readonly SentCase[] = [
  {
    rule: "POST JSON with typed values and an odd header",
    args: [
      "POST /repos/{owner}/{repo}/issues",
      "owner=o",
      "repo=r",
      "title=It's $HOME `id`",
      'labels:=["bug","ü"]',
      "-H",
      "x-odd: a'b\"c$d",
    ],
    method: "POST",
    path: "/repos/o/r/issues",
    headers: { "content-type": "application/json; charset=utf-8", "x-odd": "a'b\"c$d", "user-agent": UA },
    body: Buffer.from(JSON.stringify({ title: "It's $HOME `id`", labels: ["bug", "ü"] })),
  },
  {
    rule: "raw upload from a binary file with {?name,label}",
    args: [
      "POST /assets{?name,label}",
      "name=bytes.bin",
      "label=Bytes ü",
      "--data",
      "@bytes.bin",
      "-H",
      "content-type: application/octet-stream",
    ],
    method: "POST",
    path: "/assets?name=bytes.bin&label=Bytes%20%C3%BC",
    headers: { "content-type": "application/octet-stream" },
    body: Buffer.from(Uint8Array.from({ length: 256 }, (_, i) => i)),
  },
  {
    rule: "--data @file with a UTF-8 byte order mark: every byte goes out",
    args: ["POST /upload", "--data", "@bom.txt", "-H", "content-type: text/plain; charset=utf-8"],
    method: "POST",
    path: "/upload",
    headers: { "content-type": "text/plain; charset=utf-8" },
    body: Buffer.from([0xef, 0xbb, 0xbf, 0x68, 0x69]),
  },
  {
    rule: "--data - from standard input, PATCH",
    args: ["PATCH /gists/{gist_id}", "gist_id=1", "--data", "-", "-H", "content-type: application/json"],
    input: '{"description":"från stdin"}',
    method: "PATCH",
    path: "/gists/1",
    headers: { "content-type": "application/json" },
    body: Buffer.from('{"description":"från stdin"}'),
  },
  {
    rule: "GET with a query and a token from the environment",
    args: [
      "GET /repos/{owner}/{repo}/issues",
      "owner=octokit",
      "repo=rest.js",
      "state=open",
      "--token-env",
      "MY_TOKEN",
    ],
    method: "GET",
    path: "/repos/octokit/rest.js/issues?state=open",
    headers: { authorization: "token ghp_x", accept: ACCEPT },
    body: Buffer.alloc(0),
  },
];

// Without curl on PATH its half is skipped, with a notice (test/helpers/optional-tools.ts), unless required.
const SENT_OUTPUTS = REQUIRE_ALL_SUITES || hasCurl() ? (["curl", "fetch"] as const) : (["fetch"] as const);
describe.each(SENT_OUTPUTS)("--output %s, run against a local server", (output) => {
  it.each(sentCases)("$rule", async ({ args, input, method, path, headers, body }) => {
    const resolved = args.map((arg) => (arg.startsWith("@") ? `@${join(dir, arg.slice(1))}` : arg));
    const printed = await cli([...resolved, "--base-url", server.baseUrl, "--output", output], {
      ...(input === undefined ? {} : { input }),
      env: { MY_TOKEN: "ghp_x" },
    });
    expect(printed.stderr).toBe("");
    expect(printed.code).toBe(0);
    const received = server.next();
    const ran =
      output === "curl"
        ? // Output to a pipe: without the printed -sS, curl would add a progress meter on stderr.
          await runShell(`${printed.stdout.trimEnd()} --max-time 10`)
        : await runFile(process.execPath, ["--input-type=module"], { input: printed.stdout });
    expect(ran.stderr).toBe("");
    expect(ran.code).toBe(0);
    const got = await received;
    expect(got.method).toBe(method);
    expect(got.path).toBe(path);
    expect(got.headers).toMatchObject(headers);
    expect(got.body.equals(body), `body ${got.body.toString("hex")}`).toBe(true);
  });
});

describe("--help and --version", () => {
  it("--help documents every option and exits 0", async () => {
    const { code, stdout } = await cli(["--help"]);
    expect(code).toBe(0);
    for (const option of [
      "-H",
      "--header",
      "--base-url",
      "--format",
      "--preview",
      "--data @",
      "--data -",
      "--token-env",
      "--output json|curl|fetch",
      "name:=json",
      "--version",
    ]) {
      expect(stdout).toContain(option);
    }
  });

  it("no route: the usage goes to stderr, exit 2", async () => {
    const { code, stdout, stderr } = await cli([]);
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toContain("Usage: endpoint-options");
  });

  it("--version prints the version from package.json", async () => {
    const { code, stdout } = await cli(["--version"]);
    expect(code).toBe(0);
    expect(stdout).toBe(`${pkg.version}\n`);
  });
});

/** Bad input, and the text its one line on stderr must hold. */
interface BadInput {
  rule: string;
  args: readonly string[];
  message: string;
  env?: Record<string, string>;
}

const errorCases: readonly BadInput[] = [
  { rule: "a := parameter without a name", args: ["GET /x", ":=5"], message: 'parameter ":=5" has no name' },
  {
    rule: ":= an object nested more than 1,000 levels",
    args: ["POST /x", `a:=${'{"a":'.repeat(1001)}1${"}".repeat(1001)}`],
    message: "nests more than 1000 levels",
  },
  ...["2e-400", "-2e-400"].map((number) => ({
    rule: `:= ${number}, which JavaScript holds as 0`,
    args: ["POST /x", `a:=${number}`],
    message: `holds the number ${number}, which would be sent as 0`,
  })),
  {
    rule: "--token-env naming an empty variable",
    args: ["GET /user", "--token-env", "EMPTY_TOKEN"],
    env: { EMPTY_TOKEN: "" },
    message: '"EMPTY_TOKEN" is not set or empty',
  },
  ...["--help=x", "--version=x"].map((arg) => ({
    rule: `${arg}: a flag takes no value`,
    args: [arg],
    message: `option ${arg.slice(0, -2)} takes no value`,
  })),
  { rule: "-hx: a short flag takes no value", args: ["-hx"], message: "option -h takes no value" },
  { rule: "an unknown option", args: ["GET /user", "--bogus"], message: 'unknown option "--bogus"' },
  {
    rule: "an option without its value",
    args: ["GET /user", "--base-url"],
    message: "option --base-url needs a value",
  },
  {
    rule: "an unknown --output",
    args: ["GET /user", "--output", "xml"],
    message: '--output "xml" is not one of json, curl, fetch',
  },
  { rule: "a parameter without =", args: ["GET /user", "owner"], message: "(ERR_INVALID_PARAMETER)" },
  {
    rule: "a parameter named like an option",
    args: ["GET /user", "baseUrl=x"],
    message: 'parameter "baseUrl" is an option name; use --base-url (ERR_INVALID_PARAMETER)',
  },
  {
    rule: "invalid JSON after :=",
    args: ["GET /user", "per_page:=ten"],
    message: 'parameter "per_page" is not valid JSON',
  },
  {
    rule: "an integer after := that a JavaScript number cannot hold exactly",
    args: ["GET /user", "id:=12345678901234567890"],
    message:
      'parameter "id" holds the number 12345678901234567890, which would be sent as 12345678901234567000; pass it as text with id=…',
  },
  {
    rule: "a number after := out of range, even nested",
    args: ["POST /x", 'limits:={"max":[1e400]}'],
    message:
      'parameter "limits" holds the number 1e400, which a JavaScript number cannot hold (Infinity, and null in a JSON body)',
  },
  {
    rule: "a fraction after := with more digits than a JavaScript number keeps",
    args: ["POST /x", "ratio:=0.30000000000000000001"],
    message: 'parameter "ratio" holds the number 0.30000000000000000001, which would be sent as 0.3',
  },
  {
    rule: "JSON after := nested over 1,000 levels (the output is printed recursively)",
    args: ["POST /x", `deep:=${"[".repeat(1001)}${"]".repeat(1001)}`],
    message: 'parameter "deep" nests more than 1000 levels deep; pass flatter JSON',
  },
  { rule: "a header without a colon", args: ["GET /user", "-H", "nocolon"], message: "(ERR_INVALID_HEADER)" },
  { rule: "a header value with a line break", args: ["GET /user", "-H", "x: a\nb"], message: "(ERR_INVALID_HEADER)" },
  { rule: "an unknown method", args: ["FETCH /user"], message: "(ERR_INVALID_METHOD)" },
  { rule: "a malformed template", args: ["GET /x/{y"], message: "(ERR_INVALID_TEMPLATE)" },
  {
    rule: "--token-env naming an unset variable",
    args: ["GET /user", "--token-env", "UNSET_TOKEN"],
    message: '"UNSET_TOKEN" is not set or empty',
  },
  // process.env inherits these from Object.prototype: a variable of the environment is only an own one.
  ...["toString", "constructor", "__proto__", "hasOwnProperty", "valueOf"].map((name) => ({
    rule: `--token-env naming ${name}, which the environment only inherits`,
    args: ["GET /user", "--token-env", name],
    message: `the environment variable "${name}" is not set or empty`,
  })),
  {
    rule: "--data @ a missing file",
    args: ["POST /x", "--data", "@/nonexistent/file"],
    message: "cannot read --data file",
  },
  {
    rule: "--data on a GET",
    args: ["GET /x", "--data", "text"],
    message:
      '--data is a request body, and GET requests have none; write the method in the route, e.g. "POST /markdown/raw"',
  },
  {
    rule: "a parameter the url does not name, beside --data (the library would drop it)",
    args: ["POST /repos/{owner}/{repo}/releases/{release_id}/assets", ...UPLOAD_ARGUMENTS],
    message:
      'parameter "name" would be dropped: --data is the whole body, and the url does not name it; add it to the url\'s query, e.g. {?name}',
  },
  {
    rule: "a parameter without a name",
    args: ["GET /user", "=v"],
    message: 'parameter "=v" has no name; write name=value',
  },
  {
    rule: "headers:= (an option name)",
    args: ["GET /user", "headers:={}"],
    message: 'parameter "headers" is an option name; use -H "name: value"',
  },
  {
    rule: "a parameter given twice",
    args: ["GET /search/issues", "q=a", "q=b"],
    message: 'parameter "q" is given twice',
  },
  {
    rule: "a parameter where the route belongs",
    args: ["owner=octokit", "GET /user"],
    message: 'the first argument is the route, e.g. "GET /user", but "owner=octokit" looks like a parameter',
  },
];

// Messages quote what they name as errors.ts's quote() does: escaped, and cut at 120 characters.
const LONG = "x".repeat(100_000);
const quotedCases: readonly BadInput[] = [
  {
    rule: "a long parameter without = is cut in the message",
    args: ["GET /user", LONG],
    message: `parameter "${"x".repeat(120)}…" has no value`,
  },
  {
    rule: "control characters in an argument are escaped, never written to the terminal",
    args: ["GET /user", "\u001b[2J:=ten"],
    message: 'parameter "\\u001b[2J" is not valid JSON after ":="',
  },
  {
    rule: "JSON.parse's own message, which quotes the text raw, is escaped too: a line break",
    args: ["GET /x", "a:=x\ny"],
    message: '"x\\u000ay" is not valid JSON',
  },
  {
    rule: "a line or paragraph separator in bad JSON is escaped, so stderr stays one line",
    args: ["GET /x", "a:=x\u2028y\u2029"],
    message: '"x\\u2028y\\u2029" is not valid JSON',
  },
  {
    rule: "JSON.parse's own message is escaped too: ESC and a C1 control character (CSI)",
    args: ["GET /x", "a:=\u001b[31m\u009b2J"],
    message: "\\u001b[31m\\u009b2J",
  },
  {
    rule: "a long name with invalid JSON: the example shows the placeholder name",
    args: ["GET /user", `${LONG}:=ten`],
    message: "or write JSON such as name:=100 or name:='[\"a\"]'",
  },
  {
    rule: "an odd name given twice: the example shows the placeholder name",
    args: ["GET /search/issues", "a b=1", "a b=2"],
    message: 'parameter "a b" is given twice; give it once (a list is name:=\'["a","b"]\')',
  },
  {
    rule: "a long number after := is cut",
    args: ["POST /x", `n:=${"9".repeat(100_000)}`],
    message: `parameter "n" holds the number ${"9".repeat(120)}…, which a JavaScript number cannot hold (Infinity, and null in a JSON body); pass it as text with n=…`,
  },
  {
    rule: "a long --data @path is cut",
    args: ["POST /x", "--data", `@/${LONG}`],
    message: `cannot read --data file "/${"x".repeat(119)}…"`,
  },
  {
    rule: "a long header without a colon is cut",
    args: ["GET /user", "-H", LONG],
    message: `header "${"x".repeat(120)}…" has no "name:" part`,
  },
  {
    rule: "a long unknown option is cut",
    args: ["GET /user", `--${LONG}`],
    message: `unknown option "--${"x".repeat(118)}…"`,
  },
  {
    rule: "a long --token-env name is cut, and the example shows the placeholder",
    args: ["GET /user", "--token-env", LONG],
    message: `the environment variable "${"x".repeat(120)}…" is not set or empty; export it, e.g. name=$(gh auth token)`,
  },
];

/** Bad input, and the whole line it prints on stderr: each fix written as a command line writes it. */
interface CliSyntaxCase {
  rule: string;
  args: readonly string[];
  stderr: string;
}

const ROUTE_OF_MANY = `GET /${Array.from({ length: 5000 }, (_, i) => `{a${i}}`).join("/")}`;

const cliSyntaxCases: readonly CliSyntaxCase[] = [
  {
    rule: "a missing path parameter: add repo=…",
    args: ["GET /repos/{owner}/{repo}", "owner=o"],
    stderr: 'missing parameter "repo" for "GET /repos/{owner}/{repo}"; add repo=… (ERR_MISSING_PARAMETER)',
  },
  {
    rule: "several missing path parameters: each named, one add",
    args: ["GET /repos/{owner}/{repo}/issues/{issue_number}", "repo=r"],
    stderr:
      'missing parameters "owner", "issue_number" for "GET /repos/{owner}/{repo}/issues/{issue_number}"; add owner=… issue_number=… (ERR_MISSING_PARAMETER)',
  },
  {
    rule: "a missing :name parameter and a lowercase method: the route as the library reads it",
    args: ["get /users/:username"],
    stderr: 'missing parameter "username" for "GET /users/:username"; add username=… (ERR_MISSING_PARAMETER)',
  },
  {
    rule: "a missing parameter whose name is not a plain word is quoted",
    args: ["GET /items/{ids%5B%5D}"],
    stderr: 'missing parameter "ids%5B%5D" for "GET /items/{ids%5B%5D}"; add "ids%5B%5D"=… (ERR_MISSING_PARAMETER)',
  },
  {
    rule: "a missing parameter given as an empty list says why it counts as missing",
    args: ["GET /repos/{owner}/{repo}", "owner:=[]", "repo=r"],
    stderr:
      'missing parameter "owner" for "GET /repos/{owner}/{repo}"; add owner=…; "owner": RFC 6570 counts an empty list or object as undefined (ERR_MISSING_PARAMETER)',
  },
  {
    rule: "a placeholder named like an option cannot be given: rename it",
    args: ["GET /x/{data}/{id}"],
    stderr:
      'missing parameters "data", "id" for "GET /x/{data}/{id}"; add id=…; rename the placeholder "data": options never fill a url (ERR_MISSING_PARAMETER)',
  },
  {
    rule: "thousands of missing parameters: ten named, the rest counted",
    args: [ROUTE_OF_MANY],
    stderr: `missing parameters ${Array.from({ length: 20 }, (_, i) => `"a${i}"`).join(", ")} and 4980 more for "${ROUTE_OF_MANY.slice(0, 120)}…"; add ${Array.from({ length: 20 }, (_, i) => `a${i}=…`).join(" ")} … (ERR_MISSING_PARAMETER)`,
  },
  {
    rule: "a host left empty by the values: give host=… a host name",
    args: ["GET https://{host}/x", "host="],
    stderr:
      'the values for "GET https://{host}/x" leave the url "https:///x" without a host; give host=… a host name (ERR_MISSING_PARAMETER)',
  },
  ...(
    [
      ["--ouput", "--output"],
      ["--ouput=json", "--output"],
      ["--base_url", "--base-url"],
      ["--baseurl", "--base-url"],
      ["--head", "--header"],
      ["--preveiw", "--preview"],
      ["--Format", "--format"],
      ["--tok", "--token-env"],
    ] as const
  ).map(([typed, meant]) => ({
    rule: `an unknown option close to a known one: ${typed} gets ${meant}`,
    args: ["GET /user", typed, "x"],
    stderr: `unknown option "${typed.split("=")[0]}"; did you mean ${meant}? run endpoint-options --help`,
  })),
  ...["--bogus", "--he", "--x", "-X"].map((typed) => ({
    rule: `an unknown option close to no known one (${typed}): no suggestion`,
    args: ["GET /user", typed],
    stderr: `unknown option "${typed}"; run endpoint-options --help`,
  })),
  ...(
    [
      [["GET", "/user"], "GET /user"],
      [["get", "/search?q=1"], "get /search?q=1"],
      [["POST", "/repos/{owner}/{repo}/issues", "owner=o", "repo=r"], "POST /repos/{owner}/{repo}/issues"],
      [["DELETE", "https://api.github.com/user"], "DELETE https://api.github.com/user"],
      [["GET", "--", "user"], "GET user"],
      [["GET", "--output", "curl", "/user"], "GET /user"],
    ] as const
  ).map(([args, route]) => ({
    rule: `a route split into two arguments (${args.join(" ")}): quote the route`,
    args,
    stderr: `the route is two arguments; quote the route: "${route}"`,
  })),
  {
    rule: "a route split into two arguments, its url long: the route shown is cut",
    args: ["PUT", `/${"y".repeat(10_000)}`],
    stderr: `the route is two arguments; quote the route: "PUT /${"y".repeat(115)}…"`,
  },
  {
    rule: "a method alone is a route without a url, as before",
    args: ["GET"],
    stderr: 'route "GET" names a method but no url; write "GET /path" (ERR_MISSING_URL)',
  },
  {
    rule: "a method, then a parameter: a route without a url, not a split route",
    args: ["GET", "owner=o"],
    stderr: 'route "GET" names a method but no url; write "GET /path" (ERR_MISSING_URL)',
  },
  {
    rule: "--base-url without a scheme names --base-url",
    args: ["GET /user", "--base-url", "github.acme.com/api/v3"],
    stderr:
      '--base-url "github.acme.com/api/v3" is not an absolute http(s) url; write its scheme and host, e.g. "https://github.acme.com/api/v3" (ERR_INVALID_PARAMETER)',
  },
  {
    rule: "an empty --base-url names --base-url (curl and fetch output need a full url)",
    args: ["GET /x", "--base-url", "", "--output", "curl"],
    stderr:
      '--base-url "" is not an absolute http(s) url; write its scheme and host, e.g. "https://github.example.com/api/v3" (ERR_INVALID_PARAMETER)',
  },
  {
    rule: "--base-url with credentials: send them with -H",
    args: ["GET /user", "--base-url", "https://me:secret@ghe.example.com/api/v3"],
    stderr:
      '--base-url "https://***@ghe.example.com/api/v3" has credentials, which fetch() refuses; send them in a header, e.g. -H "authorization: Basic …" (ERR_INVALID_PARAMETER)',
  },
  {
    rule: "a header fetch refuses, with --output fetch: use --output curl",
    args: ["GET /user", "-H", "expect: 100-continue", "--output", "fetch"],
    stderr:
      'header "expect" cannot be sent by fetch (undici and browsers refuse it); remove it, or print a curl command with --output curl (ERR_INVALID_HEADER)',
  },
];

describe("bad input: the fix is written as a command line writes it, never in JavaScript", () => {
  it.each(cliSyntaxCases)("$rule", async ({ args, stderr }) => {
    const printed = await cli(args);
    expect([printed.code, printed.stdout]).toEqual([2, ""]);
    expect(printed.stderr).toBe(`endpoint-options: ${stderr}\n`);
    for (const javascript of [
      "pass {",
      "headers: {",
      "data: null",
      ".defaults()",
      "toNodeRequest",
      'option "baseUrl"',
    ]) {
      expect(printed.stderr).not.toContain(javascript);
    }
  });
});

describe("JSON after := nested exactly 1,000 levels", () => {
  it.each(["json", "curl", "fetch"])("goes out through --output %s", async (output) => {
    const deep = `deep:=${"[".repeat(1000)}${"]".repeat(1000)}`;
    const { code, stderr } = await cli(["POST /x", deep, "--output", output]);
    expect(stderr).toBe("");
    expect(code).toBe(0);
  });
});

describe("a reader that closes the pipe early", () => {
  it("stops the command quietly: no EPIPE stack trace", async () => {
    const command = `node ${JSON.stringify(bin)} "POST /markdown/raw" --data - --output curl | head -c 1 >/dev/null`;
    const { stderr } = await runShell(command, { input: "x".repeat(1_000_000), env: { PATH: process.env.PATH ?? "" } });
    expect(stderr).toBe("");
  });
});

/** A password that stderr may never show, and the userinfo that holds it. */
const SECRET = "s3cr3t";
const USERINFO = `me:${SECRET}@`;

/** Every argument that reaches a message as a url, given credentials: the message shows `***` for them. */
const credentialCases: readonly { rule: string; args: readonly string[] }[] = [
  { rule: "--base-url with credentials", args: ["GET /user", "--base-url", `https://${USERINFO}ghe.example.com/api`] },
  { rule: "--base-url without a scheme", args: ["GET /user", `--base-url=${USERINFO}ghe.example.com/api`] },
  {
    rule: "--base-url with a control character",
    args: ["GET /user", "--base-url", `https://${USERINFO}ghe.example.com\t`],
  },
  { rule: "a route missing a parameter", args: [`GET https://${USERINFO}ghe.example.com/{x}`] },
  { rule: "a route left unquoted", args: ["GET", `https://${USERINFO}ghe.example.com/x`] },
  { rule: "a malformed route", args: [`GET https://${USERINFO}ghe.example.com/{x`] },
  // V8 quotes JSON text whole only when it is short.
  { rule: "a parameter value JSON.parse quotes", args: ["POST /x", `q:=https://${USERINFO}h`] },
  { rule: "an unknown option", args: ["GET /user", `--https://${USERINFO}ghe.example.com`] },
  { rule: "an unknown --output", args: ["GET /user", "--output", `https://${USERINFO}ghe.example.com`] },
];

describe("no message shows the credentials of a url (they are shown as ***)", () => {
  it.each(credentialCases)("$rule", async ({ args }) => {
    const { code, stderr } = await cli(args);
    expect(code).toBe(2);
    expect(stderr).not.toContain(SECRET);
    expect(stderr).toContain("***@");
  });
});

describe("bad input: exit 2, one short line on stderr, nothing on stdout", () => {
  it.each([...errorCases, ...quotedCases])("$rule", async ({ args, message, env }) => {
    const { code, stdout, stderr } = await cli(args, env ? { env } : {});
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toContain(message);
    expect(stderr.indexOf("\n")).toBe(stderr.length - 1);
    expect(stderr.length).toBeLessThan(600);
  });
});

/** The fenced blocks of README.md with their language, in order. */
function readmeBlocks(): { lang: string; code: string; section: string }[] {
  const blocks: { lang: string; code: string; section: string }[] = [];
  const lines = readFileSync(join(root, "README.md"), "utf8").split("\n");
  let section = "";
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? "";
    if (line.startsWith("## ")) section = line.slice(3);
    const fence = /^\s*```(\w*)$/.exec(line);
    if (!fence) continue;
    const body: string[] = [];
    for (i++; i < lines.length && !/^\s*```$/.test(lines[i] ?? ""); i++) body.push(lines[i] ?? "");
    blocks.push({ lang: fence[1] ?? "", code: body.join("\n"), section });
  }
  return blocks;
}

describe("README", () => {
  it("its quick start's command line example prints the JSON shown", async () => {
    const blocks = readmeBlocks();
    const at = blocks.findIndex((block) => block.lang === "sh" && block.code.startsWith("npx endpoint-options "));
    const [example, shown] = [blocks[at], blocks[at + 1]];
    expect(shown?.lang).toBe("json");
    // npx runs the installed bin: here, the clone's build.
    const run = (example?.code ?? "").trim().replace(/^npx endpoint-options /, "node dist/cli.js ");
    const { code, stdout, stderr } = await runShell(run);
    expect(stderr).toBe("");
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toStrictEqual(
      JSON.parse((shown?.code ?? "").replace(/endpoint-options\/\d+\.\d+\.\d+/, UA)),
    );
  });

  // The command lines of the README and docs/cli.md run as written in test/package.test.ts, where the tarball is
  // installed.
});

describe("calls are checked against GitHub's route map: a misspelt route or parameter is exit 2 with the types' suggestion", () => {
  const OWNER_REPO = ["owner=o", "repo=r"];
  it.each<[string, string[], string]>([
    [
      "a misspelt parameter: the nearest names, as the types write them",
      ["GET /repos/{owner}/{repo}/issues", ...OWNER_REPO, "per_pgae:=10"],
      'per_pgae: did you mean per_page? ("GET /repos/{owner}/{repo}/issues" of GitHub\'s route map takes no parameter "per_pgae"); fix the name, or pass --no-check to send it anyway (ERR_INVALID_PARAMETER)',
    ],
    [
      "a name in another case or with dashes reads loosely",
      ["GET /repos/{owner}/{repo}/issues", ...OWNER_REPO, "perPage:=10"],
      "perPage: did you mean per_page?",
    ],
    [
      "a name nothing is near",
      ["GET /repos/{owner}/{repo}/issues", ...OWNER_REPO, "zzzzzz=1"],
      "zzzzzz: the route map does not list it",
    ],
    [
      "a misspelt segment: the route it most likely is",
      ["GET /repos/{owner}/{repo}/isues", ...OWNER_REPO],
      'route "GET /repos/{owner}/{repo}/isues" is not in GitHub\'s route map (did you mean "GET /repos/{owner}/{repo}/issues"?); fix the route, or pass --no-check to send it anyway (ERR_INVALID_ROUTE)',
    ],
    [
      "a route GitHub keys with its query expression, written without it",
      ["POST /repos/{owner}/{repo}/releases/{release_id}/assets", ...OWNER_REPO, "release_id:=1", "name=a.zip"],
      'did you mean "POST /repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}"?',
    ],
    [
      "a renamed placeholder: the map's name is not the route's",
      ["GET /repos/{owner}/{repo}/issues/{number}", ...OWNER_REPO, "issue_number:=1"],
      "issue_number: this route names it number",
    ],
    [
      "text in place of a placeholder fills it",
      ["GET /repos/octokit/{repo}", "repo=r", "owner=o"],
      "owner: the route's text fills it",
    ],
    ["a route nothing is near", ["GET /zzz/abc"], 'route "GET /zzz/abc" is not in GitHub\'s route map; fix the route'],
  ])("%s", async (_, args, message) => {
    const { code, stdout, stderr } = await checked(args);
    expect([code, stdout]).toEqual([2, ""]);
    expect(stderr).toContain(message);
  });

  it.each<[string, string[], string]>([
    [
      "a mapped route and its names",
      ["GET /repos/{owner}/{repo}/issues", ...OWNER_REPO, "per_page:=10"],
      "https://api.github.com/repos/o/r/issues?per_page=10",
    ],
    [
      "`:name` read as {name}",
      ["GET /repos/:org/:repo/environments", "org=o", "repo=r"],
      "https://api.github.com/repos/o/r/environments",
    ],
    ["HEAD wherever GET is mapped", ["HEAD /repos/{owner}/{repo}", ...OWNER_REPO], "https://api.github.com/repos/o/r"],
    [
      "a renamed placeholder",
      ["GET /repos/{owner}/{repo}/issues/{number}", ...OWNER_REPO, "number:=5"],
      "https://api.github.com/repos/o/r/issues/5",
    ],
    [
      "literal text before the last placeholder",
      ["GET /repos/{owner}/{repo}/git/ref/tags/{ref}", ...OWNER_REPO, "ref=v1"],
      "https://api.github.com/repos/o/r/git/ref/tags/v1",
    ],
    [
      "a url on api.github.com",
      ["GET https://api.github.com/repos/{owner}/{repo}", ...OWNER_REPO],
      "https://api.github.com/repos/o/r",
    ],
    [
      "--no-check lets a name through",
      ["GET /repos/{owner}/{repo}/issues", ...OWNER_REPO, "per_pgae:=10", "--no-check"],
      "https://api.github.com/repos/o/r/issues?per_pgae=10",
    ],
    [
      "another API's --base-url is not GitHub's",
      ["GET /things/{id}", "id=1", "--base-url", "https://api.example.com"],
      "https://api.example.com/things/1",
    ],
    ["a url on another host is not GitHub's", ["GET https://example.com/things"], "https://example.com/things"],
  ])("%s is sent", async (_, args, url) => {
    const { code, stdout, stderr } = await checked(args);
    expect([code, stderr]).toEqual([0, ""]);
    expect(JSON.parse(stdout).url).toBe(url);
  });

  it("a GitHub Enterprise Server's --base-url is GitHub's", async () => {
    const { code, stderr } = await checked(["GET /user", "--base-url", "https://ghe.example.com/api/v3", "foo=1"]);
    expect(code).toBe(2);
    expect(stderr).toContain("foo: the route map does not list it");
  });
});

describe("--map: a module written by `endpoint-options openapi` checks the call and sends it as its table says", () => {
  const document = {
    openapi: "3.0.3",
    info: { title: "Shop", version: "1" },
    servers: [{ url: "https://shop.example.com/v1" }],
    paths: {
      "/orders": {
        get: { parameters: [{ name: "$filter", in: "query", schema: { type: "string" } }] },
        post: {
          requestBody: {
            content: {
              "application/x-www-form-urlencoded": {
                schema: {
                  type: "object",
                  properties: {
                    email: { type: "string" },
                    metadata: { type: "object", additionalProperties: { type: "string" } },
                  },
                },
                encoding: { metadata: { style: "deepObject", explode: true } },
              },
            },
          },
        },
      },
    },
  };
  let module: string;
  beforeAll(async () => {
    const file = join(dir, "shop.json");
    writeFileSync(file, JSON.stringify(document));
    module = join(dir, "shop.ts");
    const { code } = await cli(["openapi", file, "--out", module]);
    expect(code).toBe(0);
  });

  it("sends a form body as the document says, at the module's baseUrl", async () => {
    const { code, stdout, stderr } = await checked([
      "POST /orders",
      "--map",
      module,
      "email=a@example.com",
      'metadata:={"order_id":"6735"}',
    ]);
    expect([code, stderr]).toEqual([0, ""]);
    const sent = JSON.parse(stdout);
    expect(sent.url).toBe("https://shop.example.com/v1/orders");
    expect(sent.body).toBe("email=a%40example.com&metadata%5Border_id%5D=6735");
    expect(sent.headers["content-type"]).toBe("application/x-www-form-urlencoded");
  });

  it("sends a query name that is no template variable under the document's name", async () => {
    const { code, stdout } = await checked(["GET /orders", "--map", module, "$filter=a b"]);
    expect(code).toBe(0);
    expect(JSON.parse(stdout).url).toBe("https://shop.example.com/v1/orders?%24filter=a%20b");
  });

  it.each<[string, string[], string]>([
    [
      "a misspelt parameter",
      ["POST /orders", "emial=a"],
      'emial: did you mean email? ("POST /orders" of the route map of shop.ts',
    ],
    [
      "a misspelt route",
      ["GET /order"],
      'route "GET /order" is not in the route map of shop.ts (did you mean "GET /orders"?)',
    ],
  ])("%s is exit 2", async (_, args, message) => {
    const { code, stderr } = await checked(["--map", module, ...args]);
    expect(code).toBe(2);
    expect(stderr).toContain(message);
  });

  it("--no-check lets a name through", async () => {
    const { code, stdout } = await checked(["GET /orders", "--map", module, "--no-check", "extra=1"]);
    expect(code).toBe(0);
    expect(JSON.parse(stdout).url).toBe("https://shop.example.com/v1/orders?extra=1");
  });

  it.each<[string, string, string]>([
    ["a file that cannot be read", "missing.ts", "cannot be read (ENOENT)"],
    ["a file with no operation table", "plain.ts", "holds no operation table"],
  ])("%s is exit 2", async (_, name, message) => {
    writeFileSync(join(dir, "plain.ts"), "export const x = 1;\n");
    const { code, stderr } = await checked(["GET /orders", "--map", join(dir, name)]);
    expect(code).toBe(2);
    expect(stderr).toContain(message);
  });
});

describe("endpoint-options openapi", () => {
  const petstore = join(root, "test", "fixtures", "openapi", "petstore", "openapi.yaml");
  const write = (name: string, document: unknown): string => {
    const file = join(dir, name);
    writeFileSync(file, typeof document === "string" ? document : JSON.stringify(document));
    return file;
  };
  const broken = {
    openapi: "3.0.3",
    info: { title: "Broken", version: "1" },
    paths: { "/w": { get: { parameters: [{ $ref: "#/components/parameters/Missing" }] } } },
  };

  it("writes the route map of a YAML document to --out, and says what it wrote on stderr", async () => {
    const out = join(dir, "petstore.ts");
    const { code, stdout, stderr } = await cli(["openapi", petstore, "--out", out, "--name", "Petstore"]);
    expect(code).toBe(0);
    expect(stdout).toBe("");
    expect(stderr).toMatch(
      /^wrote .*petstore\.ts: 19 routes in \d+ ms; 2 notes on how to send parameters, in its doc comments\n$/,
    );
    const source = readFileSync(out, "utf8");
    expect(source).toContain("export interface PetstoreRoutes {");
    expect(source).toContain('  "GET /pet/findByTags": {');
    expect(source).toContain('\\"GET /pet/findByTags\\":{\\"method\\":\\"GET\\",\\"url\\":\\"/pet/findByTags\\"');
    expect(source).toContain(
      "export const petstore: StrictEndpoint<PetstoreRoutes> = withOperations(rest.defaults({ baseUrl: ",
    );
  });

  it("prints the module without --out, named from the document's title", async () => {
    const { code, stdout } = await cli(["openapi", write("w.json", { ...broken, paths: {} })]);
    expect(code).toBe(0);
    expect(stdout).toContain("export interface BrokenRoutes {\n\n}");
  });

  it.each([
    {
      rule: "a broken $ref: the file and the JSON pointer of the place",
      args: () => ["openapi", write("broken.json", broken)],
      stderr:
        'broken.json#/paths/~1w/get/parameters/0/$ref: $ref "#/components/parameters/Missing" points to nothing in the document\n',
    },
    {
      rule: "a file that is not OpenAPI 3",
      args: () => ["openapi", write("swagger.json", { swagger: "2.0", paths: {} })],
      stderr:
        "swagger.json#/swagger: the document is Swagger 2.0, not OpenAPI 3.0 or 3.1; convert it first (e.g. npx swagger2openapi)\n",
    },
    {
      rule: "a file that is not JSON",
      args: () => ["openapi", write("bad.json", "{ nope")],
      stderr: /bad\.json#: the file is not valid JSON: /,
    },
    {
      rule: "a file that is not YAML",
      args: () => ["openapi", write("bad.yaml", "a: [1\n")],
      stderr: /bad\.yaml#: the file is not valid YAML: /,
    },
    {
      rule: "no document",
      args: () => ["openapi"],
      stderr:
        "endpoint-options openapi: give the OpenAPI document to read, e.g. endpoint-options openapi petstore.yaml --out src/petstore.ts\n",
    },
    {
      rule: "an unknown option",
      args: () => ["openapi", petstore, "--output", "x.ts"],
      stderr: "endpoint-options openapi: unknown option --output; see --help\n",
    },
    {
      rule: "a file that cannot be read",
      args: () => ["openapi", join(dir, "missing.yaml")],
      stderr: /cannot read .*missing\.yaml: ENOENT\n$/,
    },
  ])("refuses $rule: exit 2, the message on stderr", async ({ args, stderr }) => {
    const result = await cli(args());
    expect(result.code).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toMatch(/^endpoint-options openapi: /);
    // The file is named as the command line gave it (here, a path in a temp dir).
    if (typeof stderr === "string") expect(result.stderr.endsWith(stderr)).toBe(true);
    else expect(result.stderr).toMatch(stderr);
  });

  it("without the yaml package installed, says how to install it (JSON needs nothing)", async () => {
    // The bin alone, where no node_modules holds yaml.
    const lone = mkdtempSync(join(tmpdir(), "endpoint-options-no-yaml-"));
    try {
      writeFileSync(join(lone, "cli.mjs"), readFileSync(bin));
      const result = await runFile(process.execPath, [join(lone, "cli.mjs"), "openapi", petstore]);
      expect(result.code).toBe(2);
      expect(result.stderr).toBe(
        `endpoint-options openapi: reading YAML (${petstore}) needs the yaml package: npm install --save-dev yaml (JSON documents need nothing)\n`,
      );
      const json = await runFile(process.execPath, [
        join(lone, "cli.mjs"),
        "openapi",
        write("empty.json", { ...broken, paths: {} }),
      ]);
      expect(json.code).toBe(0);
    } finally {
      rmSync(lone, { recursive: true, force: true });
    }
  });

  it("makes --out's folder when it is missing", async () => {
    const out = join(dir, "made", "src", "api.ts");
    const { code } = await cli(["openapi", write("small.json", { ...broken, paths: {} }), "--out", out]);
    expect(code).toBe(0);
    expect(readFileSync(out, "utf8")).toContain("export interface BrokenRoutes");
  });

  it.each([
    {
      rule: "--out a folder",
      args: () => ["openapi", write("small2.json", { ...broken, paths: {} }), "--out", dir],
      stderr: /: EISDIR; give --out a file path, e\.g\. src\/api\.ts\n$/,
    },
    {
      rule: "--base-url that is not an absolute http(s) url",
      args: () => ["openapi", write("small3.json", { ...broken, paths: {} }), "--base-url", "/v1"],
      stderr: /^endpoint-options openapi: --base-url "\/v1" is not an absolute http\(s\) url/,
    },
  ])("refuses $rule before writing anything: exit 2", async ({ args, stderr }) => {
    const result = await cli(args());
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(stderr);
  });

  it("reads a JSON document that starts with a byte order mark", async () => {
    const file = join(dir, "bom.json");
    writeFileSync(file, `\uFEFF${JSON.stringify({ ...broken, paths: {} })}`);
    const { code, stdout } = await cli(["openapi", file]);
    expect(code).toBe(0);
    expect(stdout).toContain("export interface BrokenRoutes");
  });

  it("leaves an existing output file as it was when generation fails", async () => {
    const out = join(dir, "kept.ts");
    writeFileSync(out, "// the previous map\n");
    const { code } = await cli(["openapi", write("broken2.json", broken), "--out", out]);
    expect(code).toBe(2);
    expect(readFileSync(out, "utf8")).toBe("// the previous map\n");
  });

  it("--help documents every option and exits 0", async () => {
    const { code, stdout } = await cli(["openapi", "--help"]);
    expect(code).toBe(0);
    for (const option of ["--out", "--name", "--base-url", "--github", "local $refs", "yaml"])
      expect(stdout).toContain(option);
  });
});
