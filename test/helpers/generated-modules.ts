// Modules the OpenAPI generator writes, checked with TypeScript's own API in this process: their code
// outside strings and comments (the scanner), and their diagnostics under strict tsc, all in one program.
import ts from "typescript";

export interface GeneratedModule {
  readonly source: string;
  /** GitHub's form: it imports and augments "./index.js". */
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

/** Declarations of the package's names the modules import: the real signatures are not the point here. */
const STUB = `export interface EndpointRoutes {}
export type StrictEndpoint<Routes> = (route: keyof Routes & string, options?: object) => unknown;
export interface Rest {
  (route: string, options?: object): unknown;
  defaults(options: { baseUrl: string }): Rest;
}
export declare const rest: Rest;
export declare const endpoint: Rest;
`;

/**
 * The diagnostics of one strict program (NodeNext) holding every module as a `.mts` file (an ES module), and
 * as a `.cts` file (CommonJS) when it asks; "endpoint-options" is a stub of the names modules import.
 */
export function compileModules(modules: readonly GeneratedModule[]): string[] {
  const files = new Map<string, string>();
  modules.forEach(({ source, github, commonJs }, index) => {
    for (const extension of commonJs ? [".mts", ".cts"] : [".mts"]) {
      // A GitHub module augments "./index.js": each gets its own, or the augmentations would merge.
      const directory = `/virtual/m${index}${extension.replace(".", "-")}`;
      files.set(`${directory}/module${extension}`, source);
      if (github) files.set(`${directory}/index.d.ts`, STUB);
    }
  });
  files.set(
    "/virtual/node_modules/endpoint-options/package.json",
    JSON.stringify({ name: "endpoint-options", types: "index.d.ts" }),
  );
  files.set("/virtual/node_modules/endpoint-options/index.d.ts", STUB);
  const options: ts.CompilerOptions = {
    strict: true,
    exactOptionalPropertyTypes: true,
    noUncheckedIndexedAccess: true,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    // The modules need Date, Record and ReadonlyArray: no DOM to read.
    lib: ["lib.es2022.d.ts"],
    noEmit: true,
    skipLibCheck: true,
    types: [],
  };
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
