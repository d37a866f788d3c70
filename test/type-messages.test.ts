// The compile errors of typed routes, as a user reads them: each mistake's first line names the problem
// (missing `repo`, unknown `per_pgae`, unknown route), on TypeScript 5.9 and 7, with no internal type name.
// Compiles a project that uses the built package, as an installed one.
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assertFreshBuild, ROOT, run, STRICT_CONSUMER_OPTIONS } from "./helpers/built-package.js";

const COMPILERS = [
  { name: "TypeScript 5.9", tsc: path.join(ROOT, "node_modules", "typescript", "bin", "tsc") },
  { name: "TypeScript 7", tsc: path.join(ROOT, "node_modules", "typescript-7", "bin", "tsc") },
];

interface Mistake {
  /** The rule, as the test title. */
  rule: string;
  /** One statement, on one line, that fails to compile. */
  code: string;
  /** Words the first line of its error must hold. */
  firstLine: string[];
}

const MISTAKES: Mistake[] = [
  {
    rule: "a misspelled optional parameter names the parameter meant",
    code: 'endpoint("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", per_pgae: 10 });',
    firstLine: ['UnknownParameter<"per_pgae: ', "did you mean per_page?"],
  },
  {
    rule: "a misspelled list parameter names the parameter meant",
    code: 'endpoint("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", lables: ["bug"] });',
    firstLine: ['UnknownParameter<"lables: ', "did you mean labels?"],
  },
  {
    rule: "a misspelled required field is unknown, with the field meant, not only missing",
    code: 'endpoint("POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", titel: "Found a bug" });',
    firstLine: ['UnknownParameter<"titel: ', "did you mean title?"],
  },
  {
    rule: "a camelCase name finds the snake_case parameter",
    code: 'endpoint("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", perPage: 10 });',
    firstLine: ['UnknownParameter<"perPage: ', "did you mean per_page?"],
  },
  {
    rule: "a parameter with nothing near it points to the escape hatch",
    code: 'endpoint("GET /user", { zzz: 1 });',
    firstLine: ['UnknownParameter<"zzz: ', "spread a Record<string, unknown>"],
  },
  {
    rule: "a misspelled option names the option meant",
    code: 'endpoint("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", header: { accept: "x" } });',
    firstLine: ['UnknownParameter<"header: ', "did you mean headers?"],
  },
  {
    rule: "a misspelled key inside a nested object names the key meant",
    code: 'endpoint("PUT /repos/{owner}/{repo}/contents/{path}", { owner: "o", repo: "r", path: "p", message: "m", content: "c", committer: { name: "n", email: "e", dat: "2024-01-01" } });',
    firstLine: ["'dat' does not exist", "Did you mean to write 'date'?"],
  },
  {
    rule: "a route of the strict endpoint written without its query expression names the key that has it",
    code: 'github("DELETE /repos/{owner}/{repo}/actions/caches", { owner: "o", repo: "r" });',
    firstLine: ["did you mean DELETE /repos/{owner}/{repo}/actions/caches{?key,ref}?"],
  },
  {
    rule: "a missing path parameter is named on the first line",
    code: 'endpoint("GET /repos/{owner}/{repo}/issues", { owner: "o" });',
    firstLine: ["missing required parameter: repo"],
  },
  {
    rule: "a required body sent as data is named when it is missing",
    code: 'endpoint("POST /orgs/{org}/private-registries", { org: "o" });',
    firstLine: ["missing required parameter: data"],
  },
  {
    rule: "several missing parameters are named together",
    code: 'endpoint("GET /repos/{owner}/{repo}/issues", {});',
    firstLine: ["missing required parameters:", "owner", "repo"],
  },
  {
    rule: "a missing parameter of a route typed from its url is named too",
    code: 'endpoint("GET /widgets/{id}", { expand: true });',
    firstLine: ["missing required parameter: id"],
  },
  {
    rule: "a misspelled route on the strict endpoint names the route meant",
    code: 'github("GET /repos/{owner}/{repo}/issue", { owner: "o", repo: "r" });',
    firstLine: [
      "GET /repos/{owner}/{repo}/issue is not in the route map",
      "did you mean GET /repos/{owner}/{repo}/issues?",
    ],
  },
  {
    rule: "a route with the wrong method on the strict endpoint names the method it has",
    code: 'github("POST /user/starred/{owner}/{repo}", { owner: "o", repo: "r" });',
    firstLine: ["not in the route map; did you mean", "PUT /user/starred/{owner}/{repo}"],
  },
  {
    rule: "a route far from any on the strict endpoint names the routes beside it",
    code: 'github("GET /repos/{owner}/{repo}/frobnicate", { owner: "o", repo: "r" });',
    firstLine: ["not in the route map; routes beside it: GET /repos/{owner}/{repo}/"],
  },
  {
    rule: "a route written with :name names the key it is near",
    code: 'github("GET /repos/:org/:repo/enviroments", { org: "o", repo: "r" });',
    firstLine: [
      "GET /repos/:org/:repo/enviroments is not in the route map; did you mean GET /repos/{owner}/{repo}/environments?",
    ],
  },
  {
    rule: "a misspelt segment before a renamed placeholder names the key the route stands for",
    code: 'github("GET /repos/{owner}/{repo}/isues/{number}", { owner: "o", repo: "r", number: 1 });',
    firstLine: ["not in the route map; did you mean GET /repos/{owner}/{repo}/issues/{issue_number}?"],
  },
  {
    rule: "a route far from any, written with :name, names the routes beside it",
    code: 'github("GET /repos/:org/:repo/frobnicate", { org: "o", repo: "r" });',
    firstLine: ["not in the route map; routes beside it: GET /repos/{owner}/{repo}/"],
  },
  {
    rule: "a route whose first segment is in no key names the routes at the top",
    code: 'github("GET /frobnicate", {});',
    firstLine: ["GET /frobnicate is not in the route map; routes beside it: GET /"],
  },
  {
    rule: "a retired route names the key of another method it stands for",
    code: 'github("GET /repos/{owner}/{repo}/git/refs", { owner: "o", repo: "r" });',
    firstLine: ["not in the route map; did you mean POST /repos/{owner}/{repo}/git/refs?"],
  },
  {
    rule: "the key's name of a renamed placeholder names the route's",
    code: 'github("GET /repos/{owner}/{repo}/issues/{number}", { owner: "o", repo: "r", issue_number: 1 });',
    firstLine: ['UnknownParameter<"issue_number: this route names it number">'],
  },
  {
    rule: "the key's name of a placeholder the route's text fills says so",
    code: 'github("GET /repos/octokit/rest.js/issues", { owner: "octokit" });',
    firstLine: ['UnknownParameter<"owner: the route\'s text fills it">'],
  },
  {
    rule: "a route held in a wrapper's type parameter names the public check it fails",
    code: "export function send<R extends string>(route: R) { return endpoint(route); }",
    firstLine: ["'R & ValidRoute<R, never>'"],
  },
  {
    rule: "an invalid route names the reason",
    code: 'endpoint("FETCH /user");',
    firstLine: ['InvalidRoute<"unknown method \\"FETCH\\"">'],
  },
];

const HEADER = [
  'import { endpoint } from "endpoint-options";',
  'import { endpoint as github } from "endpoint-options/github";',
  "",
];

let directory = "";
/** Each compiler's errors, by line of the file. */
const errors = new Map<string, Map<number, string[]>>();

beforeAll(async () => {
  assertFreshBuild();
  directory = await mkdtemp(path.join(tmpdir(), "endpoint-options-type-messages-"));
  await mkdir(path.join(directory, "node_modules"));
  await symlink(ROOT, path.join(directory, "node_modules", "endpoint-options"), "dir");
  const source = [...HEADER, ...MISTAKES.map((mistake) => mistake.code)].join("\n");
  await writeFile(path.join(directory, "mistakes.mts"), `${source}\n`);
  const config = {
    compilerOptions: { ...STRICT_CONSUMER_OPTIONS, skipLibCheck: true },
    files: ["mistakes.mts"],
  };
  await writeFile(path.join(directory, "tsconfig.json"), JSON.stringify(config));
  await Promise.all(
    COMPILERS.map(async ({ name, tsc }) => {
      const result = await run(process.execPath, [tsc, "-p", ".", "--pretty", "false"], {
        cwd: directory,
        timeout: 120_000,
      });
      // One diagnostic starts with "file(line,column): error"; its further lines are indented.
      const byLine = new Map<number, string[]>();
      let current: string[] | undefined;
      for (const line of result.stdout.split("\n")) {
        const start = /^mistakes\.mts\((\d+),\d+\): error TS\d+: (.*)$/.exec(line);
        if (start) {
          current = [start[2] as string];
          byLine.set(Number(start[1]) - HEADER.length, current);
        } else if (line.startsWith(" ") && current) current.push(line.trim());
        else if (line.trim() !== "") throw new Error(`${name}: unexpected output ${line}`);
      }
      errors.set(name, byLine);
    }),
  );
}, 180_000);

afterAll(async () => {
  if (directory) await rm(directory, { recursive: true, force: true });
});

/** TypeScript's own generic types, which an error may name. */
const BUILT_IN_TYPES = ["Record", "Readonly", "Partial", "Array", "ReadonlyArray"];

/** The names the package exports, from its declarations. */
async function exportedNames(): Promise<Set<string>> {
  const declarations = await readFile(path.join(ROOT, "dist", "index.d.ts"), "utf8");
  const list = /export \{([^}]*)\};\s*$/.exec(declarations)?.[1] ?? "";
  return new Set(list.split(",").map((name) => name.replace(/^\s*type\s+/, "").trim()));
}

describe.each(COMPILERS)("on $name", ({ name }) => {
  it.each(MISTAKES.map((mistake, index) => ({ ...mistake, line: index + 1 })))(
    "$rule",
    async ({ firstLine, line, code }) => {
      const messages = errors.get(name)?.get(line);
      expect(messages, `no error for ${code}`).toBeDefined();
      const first = messages?.[0] ?? "";
      for (const words of firstLine) expect(first).toContain(words);
      // Not a type dump: the first line is about the problem, not a list of the route's parameters.
      expect(first).not.toMatch(/\.\.\. \d+ more/);
      // Every type named in the error is one the package exports (or TypeScript's own), so a reader can
      // look it up.
      const known = new Set([...(await exportedNames()), ...BUILT_IN_TYPES]);
      for (const [, typeName] of messages?.join("\n").matchAll(/\b([A-Z]\w+)</g) ?? []) {
        expect(known, `${typeName} in "${messages?.join(" / ")}"`).toContain(typeName);
      }
    },
  );

  it("reports nothing else", () => {
    expect([...(errors.get(name)?.keys() ?? [])]).toEqual(MISTAKES.map((_, index) => index + 1));
  });
});
