// Modules the OpenAPI generator writes, checked with TypeScript's own API in this process: their code
// outside strings and comments (the scanner), their diagnostics under strict tsc, all in one program, and
// their operation table; and typed calls of them, checked by a compiler against the package's own types.
import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import ts from "typescript";
import { assertFreshBuild, ROOT, run, STRICT_CONSUMER_OPTIONS } from "./built-package.js";

export interface GeneratedModule {
  readonly source: string;
  /** GitHub's form: it imports and augments "../index.js" (it sits in src/github/). */
  readonly github: boolean;
  /** Compiled as CommonJS too, besides as an ES module. */
  readonly commonJs: boolean;
}

/**
 * The tokens of a module outside comments, strings and template text, by TypeScript's scanner (a template's
 * `}` is scanned again as its continuation, as the parser does).
 */
export function codeTokens(source: string): string[] {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, true, ts.LanguageVariant.Standard, source);
  const tokens: string[] = [];
  /** Open braces inside each template substitution we are in, innermost last. */
  const templates: number[] = [];
  const braces = (change: number): void => {
    const last = templates.length - 1;
    if (last >= 0) templates[last] = (templates[last] ?? 0) + change;
  };
  for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
    if (kind === ts.SyntaxKind.CloseBraceToken && templates.length > 0 && templates[templates.length - 1] === 0) {
      kind = scanner.reScanTemplateToken(false);
    }
    switch (kind) {
      case ts.SyntaxKind.TemplateHead:
        templates.push(0);
        continue;
      case ts.SyntaxKind.TemplateMiddle:
        continue;
      case ts.SyntaxKind.TemplateTail:
        templates.pop();
        continue;
      case ts.SyntaxKind.StringLiteral:
      case ts.SyntaxKind.NoSubstitutionTemplateLiteral:
        continue;
      case ts.SyntaxKind.OpenBraceToken:
        braces(1);
        break;
      case ts.SyntaxKind.CloseBraceToken:
        braces(-1);
        break;
      case ts.SyntaxKind.Unknown:
        throw new Error(`a character TypeScript cannot scan at ${scanner.getTokenStart()}`);
    }
    tokens.push(scanner.getTokenText());
  }
  return tokens;
}

/**
 * `withOperations` and `OperationTable` as docs of the operation table's contract declare them (the runtime
 * that reads the table is written apart from the generator): what a user's module imports besides `rest`.
 */
const OPERATIONS_DECLARATIONS = `export type QueryStyle = "form" | "spaceDelimited" | "pipeDelimited" | "deepObject";
export interface OperationParameter {
  name: string;
  in: "path" | "query" | "cookie";
  where?: "flat" | "nested";
  variable?: string;
  style?: QueryStyle;
  explode?: boolean;
  allowReserved?: boolean;
  json?: boolean;
}
export interface OperationBody {
  kind: "json" | "form" | "multipart" | "raw";
  contentType?: string;
  required?: boolean;
  fields?: "flat" | "data";
  encoding?: { [field: string]: { style?: QueryStyle; explode?: boolean; allowReserved?: boolean; contentType?: string } };
}
export interface Operation {
  method: string;
  url: string;
  parameters?: OperationParameter[];
  body?: OperationBody;
}
export type OperationTable = { [routeKey: string]: Operation };
export declare function withOperations<E>(endpoint: E, table: OperationTable): E;
`;

/** Declarations of the package's names the modules import: the real signatures are not the point here. */
const STUB = `export interface EndpointRoutes {}
export type StrictEndpoint<Routes> = (route: keyof Routes & string, options?: object) => unknown;
export interface Rest {
  (route: string, options?: object): unknown;
  defaults(options: { baseUrl: string }): Rest;
}
export declare const rest: Rest;
export declare const endpoint: Rest;
${OPERATIONS_DECLARATIONS}`;

/**
 * The files of one strict program (NodeNext) holding every module as a `.mts` file (an ES module), and as a
 * `.cts` file (CommonJS) when it asks, by their path under a root; "endpoint-options" is a stub of the names
 * modules import.
 */
function programFiles(modules: readonly GeneratedModule[], root: string): Map<string, string> {
  const files = new Map<string, string>();
  modules.forEach(({ source, github, commonJs }, index) => {
    for (const extension of commonJs ? [".mts", ".cts"] : [".mts"]) {
      // A GitHub module augments "../index.js": each gets its own, or the augmentations would merge.
      const directory = `${root}/m${index}${extension.replace(".", "-")}`;
      files.set(`${directory}/${github ? "github/" : ""}module${extension}`, source);
      if (github) files.set(`${directory}/index.d.ts`, STUB);
    }
  });
  files.set(
    `${root}/node_modules/endpoint-options/package.json`,
    JSON.stringify({ name: "endpoint-options", types: "index.d.ts" }),
  );
  files.set(`${root}/node_modules/endpoint-options/index.d.ts`, STUB);
  return files;
}

/** The modules are checked as a strict consumer's: the settings of both `compileModules` functions. */
const PROGRAM_OPTIONS = {
  strict: true,
  exactOptionalPropertyTypes: true,
  noUncheckedIndexedAccess: true,
  module: "NodeNext",
  moduleResolution: "NodeNext",
  target: "ES2022",
  // The modules need Date, Record and ReadonlyArray: no DOM to read.
  lib: ["ES2022"],
  noEmit: true,
  skipLibCheck: true,
  types: [],
} as const;

/**
 * The diagnostics of one strict program holding every module (see `programFiles`), checked by TypeScript's
 * API in this process (the `typescript` package, 5.9).
 */
export function compileModules(modules: readonly GeneratedModule[]): string[] {
  const files = programFiles(modules, "/virtual");
  const { options, errors } = ts.convertCompilerOptionsFromJson(PROGRAM_OPTIONS, "/virtual");
  if (errors.length > 0) throw new Error(ts.flattenDiagnosticMessageText(errors[0]?.messageText, " "));
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (name) => files.has(name) || (!name.startsWith("/virtual/") && fileExists(name));
  host.readFile = (name) => files.get(name) ?? (name.startsWith("/virtual/") ? undefined : readFile(name));
  const directories = new Set<string>();
  for (const file of files.keys()) {
    for (let end = file.lastIndexOf("/"); end > 0; end = file.lastIndexOf("/", end - 1))
      directories.add(file.slice(0, end));
  }
  host.directoryExists = (name) => !name.startsWith("/virtual") || directories.has(name);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, language, onError) => {
    const text = files.get(name);
    return text === undefined ? getSourceFile(name, language, onError) : ts.createSourceFile(name, text, language);
  };
  const roots = [...files.keys()].filter((file) => file.endsWith(".mts") || file.endsWith(".cts"));
  const program = ts.createProgram(roots, options, host);
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const where = diagnostic.file ? `${diagnostic.file.fileName}: ` : "";
    return `${where}${ts.flattenDiagnosticMessageText(diagnostic.messageText, " ")}`;
  });
}

/** What `tsc` (a path to a TypeScript compiler's bin) reports for the project in `directory`, a line each. */
async function diagnostics(tsc: string, directory: string): Promise<string[]> {
  const result = await run(process.execPath, [tsc, "-p", ".", "--pretty", "false"], {
    cwd: directory,
    timeout: 170_000,
  });
  const lines = (result.stdout + result.stderr).split("\n").filter((line) => line.trim() !== "");
  // A compiler that failed silently (killed at its time limit, say) checked nothing.
  if (result.code !== 0 && lines.length === 0) lines.push(`${tsc} exited with ${result.code}`);
  return lines;
}

/**
 * The diagnostics of the same program checked by a `tsc` (a path to a TypeScript compiler's bin, such as
 * TypeScript 7's native one), from files written into a temporary project.
 */
export async function compileModulesWith(tsc: string, modules: readonly GeneratedModule[]): Promise<string[]> {
  const directory = await mkdtemp(path.join(tmpdir(), "endpoint-options-modules-"));
  try {
    const files = programFiles(modules, directory);
    const written = new Set<string>();
    for (const [file, text] of files) {
      const parent = path.dirname(file);
      if (!written.has(parent)) await mkdir(parent, { recursive: true });
      written.add(parent);
      await writeFile(file, text);
    }
    const roots = [...files.keys()].filter((file) => file.endsWith(".mts") || file.endsWith(".cts"));
    await writeFile(
      path.join(directory, "tsconfig.json"),
      JSON.stringify({ compilerOptions: PROGRAM_OPTIONS, files: roots }),
    );
    return await diagnostics(tsc, directory);
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

/**
 * Typed calls of generated modules, type-checked by `tsc` (a path to a TypeScript compiler's bin) in a temporary
 * project that has the built package installed (its declarations, as users get them), as ES modules under a
 * strict consumer's options with DOM and Node's types. `files` maps a file name (`api.mts`) to its text.
 * Resolves with the compiler's diagnostics for those files: none when every call that must compile does, and
 * every call under `// @ts-expect-error` fails.
 */
export async function typedCallErrors(files: Readonly<Record<string, string>>, tsc: string): Promise<string[]> {
  assertFreshBuild();
  const directory = await mkdtemp(path.join(tmpdir(), "endpoint-options-typed-calls-"));
  try {
    await mkdir(path.join(directory, "node_modules"));
    await symlink(ROOT, path.join(directory, "node_modules", "endpoint-options"), "dir");
    for (const [name, text] of Object.entries(files)) await writeFile(path.join(directory, name), text);
    const config = {
      compilerOptions: {
        ...STRICT_CONSUMER_OPTIONS,
        lib: ["ES2022", "DOM"],
        types: ["node"],
        typeRoots: [path.join(ROOT, "node_modules", "@types")],
        // The package's declarations are checked by test/package.test.ts; these tests are about the calls.
        skipLibCheck: true,
      },
      files: Object.keys(files),
    };
    await writeFile(path.join(directory, "tsconfig.json"), JSON.stringify(config));
    return await diagnostics(tsc, directory);
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

/** The operation table a user's module carries: its one `JSON.parse("…")` string literal, read back. */
export function operationTable(source: string): Record<string, Record<string, unknown>> {
  const file = ts.createSourceFile("module.ts", source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  for (const statement of file.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    const initializer = statement.declarationList.declarations[0]?.initializer;
    if (
      initializer !== undefined &&
      ts.isCallExpression(initializer) &&
      initializer.expression.getText(file) === "JSON.parse" &&
      initializer.arguments.length === 1 &&
      ts.isStringLiteral(initializer.arguments[0] as ts.Expression)
    ) {
      return JSON.parse((initializer.arguments[0] as ts.StringLiteral).text) as Record<string, Record<string, unknown>>;
    }
  }
  throw new Error("the module has no operation table");
}
