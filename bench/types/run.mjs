// Compile-time benchmark of typed routes: `tsc --noEmit` on 300 typed GitHub calls, four ways, with each
// compiler (TypeScript 5.9, the JavaScript compiler, and TypeScript 7, the native one):
//   baseline   the same calls through an untyped signature (route: string, options?: EndpointOptions)
//   inference  endpoint-options alone: parameters read from the route literal
//   github     endpoint-options with `endpoint-options/github`
//   strict     the strict endpoint of `endpoint-options/github`: only its routes, each exactly
//   octokit    @octokit/types' Endpoints: endpoint<R extends keyof Endpoints>(route: R, params: Endpoints[R]["parameters"])
// Builds its own copy of the package (the shared dist/ may be rebuilt meanwhile).
// Usage: npm run bench:types [-- --runs N --calls N]
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { writeDist } from "../../scripts/generate-github-types.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const argument = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at === -1 ? fallback : Number(process.argv[at + 1]);
};
const RUNS = argument("--runs", 5);
const CALLS = argument("--calls", 300);
/** Both compilers a user may run: `typescript` is 5.9, `typescript-7` the native 7.x (an npm alias). */
const COMPILERS = ["typescript", "typescript-7"].map((name) => {
  const bin = join(root, "node_modules", name, "bin", "tsc");
  const version = execFileSync(process.execPath, [bin, "--version"], { encoding: "utf8" })
    .trim()
    .replace("Version ", "");
  return { bin, label: `TypeScript ${version}` };
});
const [TSC] = COMPILERS;

const api = JSON.parse(
  readFileSync(join(root, "node_modules", "@octokit", "openapi", "generated", "api.github.com.json"), "utf8"),
);
const octokitRoutes = new Set(
  [
    ...readFileSync(
      join(root, "node_modules", "@octokit", "types", "dist-types", "generated", "Endpoints.d.ts"),
      "utf8",
    ).matchAll(/^ {4}"([A-Z]+ \/[^"]*)": /gm),
  ].map((match) => match[1]),
);

function resolve(node) {
  let current = node;
  while (current?.$ref !== undefined) {
    current = current.$ref
      .slice(2)
      .split("/")
      .reduce((object, part) => object[part], api);
  }
  return current;
}

/** A value that satisfies a schema: its first enum value or alternative, its required properties. */
function sample(node, depth = 0) {
  const schema = resolve(node) ?? {};
  if (schema.enum) return schema.enum[0];
  if (schema.oneOf || schema.anyOf) return sample((schema.oneOf ?? schema.anyOf)[0], depth);
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((part) => sample(part, depth)));
  switch (schema.type) {
    case "integer":
    case "number":
      return 1;
    case "boolean":
      return true;
    case "array":
      return depth > 4 ? [] : [sample(schema.items, depth + 1)];
    case "object": {
      const value = {};
      for (const name of schema.required ?? []) value[name] = sample(schema.properties?.[name], depth + 1);
      return value;
    }
    default:
      return "x";
  }
}

const OPTION_NAMES = new Set(["method", "baseUrl", "url", "headers", "request", "mediaType", "data"]);

/** Every GitHub call both type maps know, with the required parameters filled; plain JSON bodies only. */
function candidateCalls() {
  const calls = [];
  for (const path of Object.keys(api.paths).sort()) {
    for (const method of ["get", "post", "put", "patch", "delete"]) {
      const operation = api.paths[path][method];
      const route = `${method.toUpperCase()} ${path}`;
      if (operation === undefined || !octokitRoutes.has(route)) continue;
      const parameters = {};
      const parameterList = [...(api.paths[path].parameters ?? []), ...(operation.parameters ?? [])].map(resolve);
      for (const parameter of parameterList) {
        if (parameter.in === "path" || (parameter.in === "query" && parameter.required)) {
          parameters[parameter.name] = sample(parameter.schema);
        }
      }
      const body = resolve(operation.requestBody);
      if (body !== undefined) {
        const schema = resolve(body.content?.["application/json"]?.schema);
        if (schema?.type !== "object" || schema.oneOf || schema.anyOf) continue;
        const fields = sample(schema);
        if (Object.keys(fields).some((name) => name in parameters || OPTION_NAMES.has(name))) continue;
        Object.assign(parameters, fields);
      }
      calls.push({ route, parameters });
    }
  }
  return calls;
}

const HEADERS = {
  baseline: [
    'import { type EndpointOptions, endpoint as typed, type RequestOptions } from "endpoint-options";',
    "const endpoint = typed as unknown as (route: string, options?: EndpointOptions) => RequestOptions;",
  ],
  inference: ['import { endpoint } from "endpoint-options";'],
  github: ['import { endpoint } from "endpoint-options";', 'import type {} from "endpoint-options/github";'],
  strict: ['import { endpoint } from "endpoint-options/github";'],
  octokit: [
    'import type { Endpoints } from "@octokit/types";',
    'declare function endpoint<R extends keyof Endpoints>(route: R, params: Endpoints[R]["parameters"]): Endpoints[R]["request"];',
  ],
};
const VARIANTS = Object.keys(HEADERS);

function writeProject(directory, variant, calls) {
  const lines = [...HEADERS[variant], ""];
  const firstCallLine = lines.length + 1;
  calls.forEach(({ route, parameters }, index) => {
    lines.push(`export const c${index} = endpoint(${JSON.stringify(route)}, ${JSON.stringify(parameters)});`);
  });
  writeFileSync(join(directory, `${variant}.mts`), `${lines.join("\n")}\n`);
  const config = {
    compilerOptions: {
      target: "ES2022",
      lib: ["ES2022"],
      module: "NodeNext",
      moduleResolution: "NodeNext",
      strict: true,
      skipLibCheck: true,
      noEmit: true,
      types: [],
    },
    files: [`${variant}.mts`],
  };
  writeFileSync(join(directory, `tsconfig.${variant}.json`), JSON.stringify(config, null, 2));
  return firstCallLine;
}

function compile(directory, variant, compiler = TSC) {
  const started = process.hrtime.bigint();
  const result = spawnSync(
    process.execPath,
    [compiler.bin, "-p", join(directory, `tsconfig.${variant}.json`), "--extendedDiagnostics", "--pretty", "false"],
    { encoding: "utf8" },
  );
  const wall = Number(process.hrtime.bigint() - started) / 1e9;
  const seconds = (label) => Number(result.stdout.match(new RegExp(`^${label}:\\s+([\\d.]+)s`, "m"))?.[1]);
  const errors = result.stdout.split("\n").filter((line) => line.includes("error TS"));
  // "Memory used: 123456K": the compiler's heap at the end (TypeScript 7 reports it the same way).
  const memory = Number(result.stdout.match(/^Memory used:\s+(\d+)K/m)?.[1]) / 1024;
  return { wall, check: seconds("Check time"), total: seconds("Total time"), memory, errors };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const directory = mkdtempSync(join(tmpdir(), "endpoint-options-types-bench-"));
try {
  mkdirSync(join(directory, "node_modules", "@octokit"), { recursive: true });
  const packageDirectory = join(directory, "node_modules", "endpoint-options");
  mkdirSync(packageDirectory);
  writeFileSync(join(packageDirectory, "package.json"), readFileSync(join(root, "package.json")));
  execFileSync(
    process.execPath,
    [
      join(root, "node_modules", "tsup", "dist", "cli-default.js"),
      "--silent",
      "--out-dir",
      join(packageDirectory, "dist"),
    ],
    { cwd: root, stdio: "inherit" },
  );
  writeDist(join(packageDirectory, "dist"));
  for (const name of ["types", "openapi-types"]) {
    symlinkSync(join(root, "node_modules", "@octokit", name), join(directory, "node_modules", "@octokit", name), "dir");
  }
  // Keep only calls that every variant accepts (the two descriptions may differ on a few routes).
  let calls = candidateCalls();
  for (const variant of ["github", "octokit"]) {
    const firstLine = writeProject(directory, variant, calls);
    const rejected = new Set(
      compile(directory, variant).errors.map((line) => Number(line.match(/\.mts\((\d+),/)?.[1]) - firstLine),
    );
    calls = calls.filter((_, index) => !rejected.has(index));
  }
  const step = calls.length / CALLS;
  if (step < 1) throw new Error(`only ${calls.length} calls type-check in every variant`);
  calls = Array.from({ length: CALLS }, (_, index) => calls[Math.floor(index * step)]);
  for (const variant of VARIANTS) writeProject(directory, variant, calls);

  console.log(`${CALLS} typed GitHub calls, tsc --noEmit, ${RUNS} runs each (median), Node ${process.version}`);
  for (const compiler of COMPILERS) {
    const results = Object.fromEntries(VARIANTS.map((variant) => [variant, []]));
    for (let run = 0; run < RUNS; run++) {
      for (const variant of VARIANTS) {
        const result = compile(directory, variant, compiler);
        if (result.errors.length > 0) throw new Error(`${variant}: ${result.errors.slice(0, 3).join("\n")}`);
        results[variant].push(result);
      }
    }
    console.log(`\n${compiler.label}`);
    console.table(
      VARIANTS.map((variant) => {
        const runs = results[variant];
        return {
          variant,
          "wall s": median(runs.map((r) => r.wall)).toFixed(2),
          "tsc total s": median(runs.map((r) => r.total)).toFixed(2),
          "check s": median(runs.map((r) => r.check)).toFixed(2),
          "check runs": runs.map((r) => r.check.toFixed(2)).join(" "),
          "memory MB": median(runs.map((r) => r.memory)).toFixed(0),
        };
      }),
    );
    const total = (variant) => median(results[variant].map((r) => r.total));
    const memory = (variant) => median(results[variant].map((r) => r.memory));
    console.log(
      `${compiler.label}: inference adds ${(total("inference") - total("baseline")).toFixed(2)} s over the untyped ` +
        `baseline; github map ${(total("github") - total("octokit")).toFixed(2)} s and ` +
        `${(memory("github") - memory("octokit")).toFixed(0)} MB vs @octokit/types (negative: faster, smaller)`,
    );
  }
} finally {
  if (process.env.KEEP_BENCH) console.log(directory);
  else rmSync(directory, { recursive: true, force: true });
}
