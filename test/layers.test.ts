// The layers of src/ (ARCHITECTURE.md, "The layers"): every import, type-only ones included, goes to a module
// of the same folder or of a lower layer, and no modules import each other in a circle. The one exception:
// core/ may `import type` the public shapes of types/, which describe what the core reads and returns.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const SRC = path.join(import.meta.dirname, "..", "src");

/** Each folder of src/ (or file directly in it) and its layer: a module imports only from its own folder or a lower layer. */
const LAYERS: Readonly<Record<string, number>> = {
  "globals.d.ts": 0,
  base: 0,
  template: 1,
  core: 2,
  types: 3,
  clients: 4,
  "index.ts": 5,
  openapi: 5,
  github: 6,
  cli: 7,
};

/** An upward import that is allowed, as long as it is `import type` (or `export type`): erased from the build. */
const TYPE_ONLY_UPWARD: readonly (readonly [from: string, to: string])[] = [["core", "types"]];

interface Edge {
  readonly from: string;
  readonly to: string;
  readonly typeOnly: boolean;
}

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith(".ts") ? [full] : [];
  });
}

/** The module a relative specifier names ("./x.js" is x.ts), as a path relative to src/. */
function resolve(from: string, specifier: string): string {
  const target = path.resolve(path.dirname(path.join(SRC, from)), specifier).replace(/\.js$/, ".ts");
  return path.relative(SRC, target).split(path.sep).join("/");
}

/**
 * Every relative import of a module, read from its syntax tree: import and export declarations, `import()`
 * calls and types, and `declare module` augmentations. Text inside strings (the generator's templates) is
 * not an import.
 */
function importsOf(file: string, text: string): Edge[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const edges: Edge[] = [];
  const add = (specifier: ts.Node | undefined, typeOnly: boolean): void => {
    if (specifier === undefined || !ts.isStringLiteralLike(specifier) || !specifier.text.startsWith(".")) return;
    edges.push({ from: file, to: resolve(file, specifier.text), typeOnly });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) add(node.moduleSpecifier, node.importClause?.isTypeOnly === true);
    else if (ts.isExportDeclaration(node)) add(node.moduleSpecifier, node.isTypeOnly);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) add(node.argument.literal, true);
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword)
      add(node.arguments[0], false);
    else if (ts.isModuleDeclaration(node) && ts.isStringLiteral(node.name)) add(node.name, true);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return edges;
}

/** The folder of a module (its first path segment), or the file itself when it sits directly in src/. */
function placeOf(module: string): string {
  return module.split("/")[0] as string;
}

/** Edges that break the layering, each as a line naming both modules. */
function upwardImports(edges: readonly Edge[]): string[] {
  return edges.flatMap(({ from, to, typeOnly }) => {
    const [fromPlace, toPlace] = [placeOf(from), placeOf(to)];
    const [fromLayer, toLayer] = [LAYERS[fromPlace], LAYERS[toPlace]];
    if (fromLayer === undefined || toLayer === undefined) return [`${from} -> ${to}: a place with no layer`];
    if (fromPlace === toPlace || toLayer < fromLayer) return [];
    if (typeOnly && TYPE_ONLY_UPWARD.some(([a, b]) => a === fromPlace && b === toPlace)) return [];
    return [`${from} (${fromPlace}, layer ${fromLayer}) imports ${to} (${toPlace}, layer ${toLayer})`];
  });
}

/** Circles of imports, each as the modules around it ("a -> b -> a"): at least one wherever modules import each other. */
function importCircles(edges: readonly Edge[]): string[] {
  const next = new Map<string, string[]>();
  for (const { from, to } of edges) next.set(from, [...(next.get(from) ?? []), to]);
  const circles: string[] = [];
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const walk = (module: string): void => {
    state.set(module, "open");
    stack.push(module);
    for (const to of next.get(module) ?? []) {
      const seen = state.get(to);
      if (seen === "open") circles.push([...stack.slice(stack.indexOf(to)), to].join(" -> "));
      else if (seen === undefined) walk(to);
    }
    stack.pop();
    state.set(module, "done");
  };
  for (const module of [...next.keys()].sort()) if (!state.has(module)) walk(module);
  return circles;
}

const modules = sourceFiles(SRC).map((full) => path.relative(SRC, full).split(path.sep).join("/"));
const edges = modules.flatMap((module) => importsOf(module, readFileSync(path.join(SRC, module), "utf8")));

describe("the layers of src/", () => {
  it("places every module in a folder of the table", () => {
    expect(modules.filter((module) => LAYERS[placeOf(module)] === undefined)).toEqual([]);
  });

  it("imports only modules that exist", () => {
    const known = new Set(modules);
    expect(edges.filter(({ to }) => !known.has(to)).map(({ from, to }) => `${from} -> ${to}`)).toEqual([]);
  });

  it("imports only from the same folder or a lower layer", () => {
    expect(upwardImports(edges)).toEqual([]);
  });

  it("has no circle of imports, type-only imports included", () => {
    expect(importCircles(edges)).toEqual([]);
  });

  it("sees the imports the checks rely on", () => {
    // The reader itself: a type-only import, an export-from, an import() type, a string that is not an import.
    const read = importsOf(
      "core/x.ts",
      'import type { A } from "../types/a.js";\nexport { b } from "./b.js";\ntype C = typeof import("../clients/c.js");\nconst s = `import { d } from "../cli/d.js"`;\n',
    );
    expect(read).toEqual([
      { from: "core/x.ts", to: "types/a.ts", typeOnly: true },
      { from: "core/x.ts", to: "core/b.ts", typeOnly: false },
      { from: "core/x.ts", to: "clients/c.ts", typeOnly: true },
    ]);
    expect(upwardImports(read)).toEqual(["core/x.ts (core, layer 2) imports clients/c.ts (clients, layer 4)"]);
    expect(importCircles([...read, { from: "types/a.ts", to: "core/x.ts", typeOnly: true }])).toEqual([
      "core/x.ts -> types/a.ts -> core/x.ts",
    ]);
  });
});
