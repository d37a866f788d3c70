// The OpenAPI generator writes no document text as code (src/openapi/openapi-emit.ts): every string of three small
// documents, and every key, one at a time, holds each hostile payload (line terminators, comment ends,
// quotes, backticks, `${`, a lone surrogate, `__proto__`, `@ts-` directives, and code that would set
// globalThis.__pwned). Each module the generator writes is then scanned with TypeScript's own scanner and
// parser (no payload's code outside a string, comment or string literal type; only the generator's own
// statements), compiled under strict tsc as ESM and as CommonJS in one program each, and run: nothing from
// the document executes. A substitution that makes the document invalid must be an OpenApiError.

import path from "node:path";
import { createContext, runInContext } from "node:vm";
import { transform } from "esbuild";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { compileUrl } from "../src/core/url.js";
import { generateRouteMap, OpenApiError } from "../src/openapi/openapi.js";
import { ROOT } from "./helpers/built-package.js";
import { codeTokens, compileModules, compileModulesWith, type GeneratedModule } from "./helpers/generated-modules.js";

/** TypeScript 7, the native compiler (the `typescript-7` alias). */
const TSC_7 = path.join(ROOT, "node_modules", "typescript-7", "bin", "tsc");

type Json = Record<string, unknown>;

/** Covers every place a user's module writes text: title, version, servers, each kind of parameter and body. */
const PETS: Json = {
  openapi: "3.0.3",
  info: { title: "Pets API", version: "1.2.3", description: "Pets." },
  servers: [{ url: "https://{region}.example.com/v1", variables: { region: { default: "eu", enum: ["eu", "us"] } } }],
  paths: {
    "/pets/{petId}": {
      parameters: [{ name: "petId", in: "path", required: true, description: "The pet.", schema: { type: "string" } }],
      get: {
        summary: "Get a pet",
        description: "Gets one.",
        operationId: "getPet",
        servers: [{ url: "https://other.example.com" }],
        parameters: [
          { name: "fields", in: "query", description: "Fields, comma-separated.", schema: { type: "string" } },
          { name: "filter", in: "query", style: "deepObject", explode: true, schema: { type: "object" } },
          {
            name: "ids",
            in: "query",
            style: "spaceDelimited",
            explode: false,
            schema: { type: "array", items: { type: "integer" } },
          },
          { name: "tags", in: "query", schema: { type: "array", items: { type: "string", enum: ["a", "b"] } } },
          { name: "url", in: "query", schema: { type: "string" } },
          { name: "x-request-id", in: "header", required: true, schema: { type: "string" } },
          { name: "session", in: "cookie", schema: { type: "string" } },
          { name: "q", in: "query", content: { "application/json": { schema: { type: "object" } } } },
          { name: "path", in: "query", allowReserved: true, schema: { type: "string" } },
        ],
      },
      patch: {
        operationId: "updatePet",
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: {
                type: "object",
                required: ["petId"],
                properties: { petId: { type: "string" }, name: { type: "string", description: "Its name." } },
              },
            },
          },
        },
      },
    },
    "/pets": {
      post: {
        parameters: [
          { name: "dry_run", in: "query", schema: { type: "boolean" } },
          { name: "$filter", in: "query", schema: { type: "string" } },
          { name: "page", in: "query", style: "deepObject", schema: { type: "object" } },
        ],
        requestBody: { $ref: "#/components/requestBodies/NewPet" },
      },
      put: { requestBody: { $ref: "#/components/requestBodies/NewPet" } },
    },
    "/v1/models/{model}:generate": {
      post: {
        parameters: [{ name: "model", in: "path", required: true, style: "label", schema: { type: "string" } }],
        requestBody: { content: { "text/plain": { schema: { type: "string" } } } },
      },
    },
    "/items?action=archive": {
      post: {
        parameters: [{ name: "force", in: "query", schema: { type: "boolean" } }],
        requestBody: { content: { "application/vnd.api+json": { schema: { $ref: "#/components/schemas/Choice" } } } },
      },
    },
    "/#Action=Send/{url}/{item.id}": {
      trace: {},
      post: {
        parameters: [
          { name: "url", in: "path", required: true, style: "matrix", schema: { type: "string" } },
          { name: "item.id", in: "path", required: true, schema: { type: "string" } },
          {
            name: "item.id",
            in: "query",
            style: "pipeDelimited",
            schema: { type: "array", items: { type: "string" } },
          },
          { name: "X-Trace", in: "cookie", style: "form", explode: false, schema: { type: "string" } },
        ],
        requestBody: {
          required: true,
          content: {
            "application/x-www-form-urlencoded; charset=utf-8": {
              schema: {
                allOf: [{ $ref: "#/components/schemas/Tag" }],
                properties: { meta: { type: "object", additionalProperties: { type: "string" } } },
              },
              encoding: { meta: { style: "deepObject", explode: true } },
            },
          },
        },
      },
      put: {
        requestBody: {
          content: {
            "multipart/form-data": {
              schema: {
                type: "object",
                properties: { file: { type: "string", format: "binary" }, note: { type: "string" } },
              },
              encoding: { file: { contentType: "image/png" } },
            },
          },
        },
      },
    },
    "x-extension": { note: "no path" },
  },
  components: {
    requestBodies: {
      NewPet: { required: true, content: { "application/json": { schema: { $ref: "#/components/schemas/Pet" } } } },
    },
    schemas: {
      Pet: {
        type: "object",
        required: ["name"],
        description: "A pet.",
        properties: {
          name: { type: "string", enum: ["cat", "dog"] },
          kind: { const: "pet" },
          born: { type: "string", format: "date-time", nullable: true },
          tag: { $ref: "#/components/schemas/Tag" },
          kids: { type: "array", items: { $ref: "#/components/schemas/Pet" } },
          labels: { type: "object", additionalProperties: { $ref: "#/components/schemas/Tag" } },
          size: { type: ["integer", "null"] },
          both: { $ref: "#/components/schemas/Both" },
        },
      },
      Tag: {
        oneOf: [
          { type: "string", description: "A tag's name." },
          { type: "object", properties: { id: { type: "integer" }, label: { type: "string" } } },
        ],
      },
      Choice: {
        type: "object",
        properties: { a: { type: "string" }, b: { type: "integer" } },
        anyOf: [{ required: ["a"] }, { required: ["b"] }],
      },
      Both: {
        allOf: [
          { $ref: "#/components/schemas/Tag" },
          { type: "object", properties: { z: { type: "string" } } },
          { type: "object", properties: { y: { type: "string" } } },
          { type: "object", properties: { x: { type: "string" } } },
        ],
      },
    },
  },
};

/** A relative server, so the module says where to set the baseUrl; OpenAPI 3.1. */
const RELATIVE: Json = {
  openapi: "3.1.0",
  info: { title: "Relative", version: "2" },
  servers: [{ url: "/api/{version}", variables: { version: { default: "v3" } } }],
  paths: {
    "/things/{id}": {
      get: {
        operationId: "getThing",
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "integer" } }],
      },
    },
  },
};

/** endpoint-options/github's form: a body field shared with a url variable, a query in the key, anyOf. */
const GITHUB: Json = {
  openapi: "3.0.3",
  info: { title: "GitHub v3 REST API", version: "1.1.4" },
  paths: {
    "/repos/{owner}/{repo}/hooks/{hook_id}/config": {
      patch: {
        parameters: [
          { name: "owner", in: "path", required: true, schema: { type: "string" } },
          { name: "hook_id", in: "path", required: true, schema: { type: "integer" } },
        ],
        requestBody: {
          content: {
            "application/json": {
              schema: { type: "object", properties: { url: { type: "string" }, owner: { type: "string" } } },
            },
          },
        },
      },
    },
    "/repos/{owner}/{repo}/caches": {
      delete: {
        parameters: [{ name: "key", in: "query", schema: { type: "string" } }],
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: {
                type: "object",
                properties: { a: { type: "string" }, b: { $ref: "#/components/schemas/Shared" } },
                anyOf: [{ required: ["a"] }, { required: ["b"] }],
              },
            },
          },
        },
      },
    },
  },
  components: { schemas: { Shared: { type: "object", properties: { c: { type: "string" }, d: { type: "string" } } } } },
};

const MARKER = "__pwned";
const PAYLOADS = [
  "\n",
  "\r",
  "\u2028",
  "\u2029",
  "*/",
  "/*",
  "`",
  "${",
  '"',
  "'",
  "\\",
  "\ud800",
  "__proto__",
  "@ts-expect-error",
  `*/ globalThis.${MARKER} = 1; /*`,
  `\n globalThis.${MARKER} = 1 //`,
  `\`\${globalThis.${MARKER} = 1}\``,
  `"; globalThis.${MARKER} = 1; "`,
];

/** Where a string stands in a document: a value, or a key of an object. */
interface Place {
  readonly path: readonly (string | number)[];
  readonly key: boolean;
}

/** Every string value and every object key of a document. */
function placesOf(value: unknown, path: (string | number)[] = []): Place[] {
  if (typeof value === "string") return [{ path, key: false }];
  if (Array.isArray(value)) return value.flatMap((item, index) => placesOf(item, [...path, index]));
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, item]) => [
    { path: [...path, key], key: true },
    ...placesOf(item, [...path, key]),
  ]);
}

/** A copy of `document` with the string at `place` replaced by `text` (a key renamed, its order kept). */
function substituted(document: Json, place: Place, text: (original: string) => string): Json {
  const copy = structuredClone(document);
  const parentPath = place.path.slice(0, -1);
  const last = place.path[place.path.length - 1] as string | number;
  const parent = parentPath.reduce<unknown>((node, part) => (node as Json)[part as string], copy) as Json;
  if (!place.key) {
    parent[last as string] = text(parent[last as string] as string);
    return copy;
  }
  const entries = Object.entries(parent);
  for (const key of Object.keys(parent)) delete parent[key];
  for (const [key, item] of entries) {
    // defineProperty: a `__proto__` key stays data, as JSON.parse makes it.
    Object.defineProperty(parent, key === last ? text(key) : key, {
      value: item,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return copy;
}

interface Generated {
  readonly label: string;
  readonly source: string;
  readonly github: boolean;
}

/** Every substitution generated: the modules, distinct, and how many documents were refused. */
function generateAll(): { modules: Generated[]; generated: number; refused: number } {
  const modules = new Map<string, Generated>();
  let generated = 0;
  let refused = 0;
  const documents = [
    { name: "pets", document: PETS, github: false },
    { name: "relative", document: RELATIVE, github: false },
    { name: "github", document: GITHUB, github: true },
  ];
  for (const { name, document, github } of documents) {
    const variants: { label: string; document: Json; source: string }[] = [];
    for (const payload of PAYLOADS) {
      // The file name the module says it came from is outside text too.
      variants.push({ label: `${name} source + ${JSON.stringify(payload)}`, document, source: `${name}${payload}` });
      for (const place of placesOf(document)) {
        const where = `${name} ${place.key ? "key" : "value"} /${place.path.join("/")}`;
        variants.push({
          label: `${where} + ${JSON.stringify(payload)}`,
          document: substituted(document, place, (original) => `${original}${payload}`),
          source: name,
        });
        if (payload === "__proto__") {
          variants.push({
            label: `${where} = "__proto__"`,
            document: substituted(document, place, () => payload),
            source: name,
          });
        }
      }
    }
    for (const variant of variants) {
      let source: string;
      try {
        source = generateRouteMap(variant.document, { source: variant.source, github }).source;
      } catch (error) {
        if (!(error instanceof OpenApiError)) throw new Error(`${variant.label}: ${String(error)}`);
        refused++;
        continue;
      }
      generated++;
      if (!modules.has(source)) modules.set(source, { label: variant.label, source, github });
    }
  }
  return { modules: [...modules.values()], generated, refused };
}

const started = performance.now();
const { modules, generated, refused } = generateAll();
console.log(
  `hostile document text: ${generated} modules generated (${modules.length} distinct), ${refused} documents refused (OpenApiError), in ${Math.round(performance.now() - started)} ms`,
);

/** The statements a generated module may hold: its import, the map, aliases, the endpoint (and github's augmentation). */
const STATEMENTS = new Set([
  ts.SyntaxKind.ImportDeclaration,
  ts.SyntaxKind.InterfaceDeclaration,
  ts.SyntaxKind.TypeAliasDeclaration,
  ts.SyntaxKind.ModuleDeclaration,
  ts.SyntaxKind.VariableStatement,
]);

/** The endpoint a module makes: `anyRoute` (GitHub's), or `withOperations(rest or rest.defaults(…), operations)`. */
function isEndpointExpression(node: ts.Expression): boolean {
  if (ts.isIdentifier(node)) return node.text === "anyRoute";
  if (
    !ts.isCallExpression(node) ||
    !ts.isIdentifier(node.expression) ||
    node.expression.text !== "withOperations" ||
    node.arguments.length !== 2
  ) {
    return false;
  }
  const [endpoint, table] = node.arguments;
  return (
    endpoint !== undefined &&
    (ts.isIdentifier(endpoint) ? endpoint.text === "rest" : isRestDefaults(endpoint)) &&
    table !== undefined &&
    ts.isIdentifier(table) &&
    table.text === "operations"
  );
}

/** The operation table a user's module parses: `JSON.parse("…")`, one string literal. */
function isTableExpression(node: ts.Expression): boolean {
  return (
    ts.isCallExpression(node) &&
    ts.isPropertyAccessExpression(node.expression) &&
    ts.isIdentifier(node.expression.expression) &&
    node.expression.expression.text === "JSON" &&
    node.expression.name.text === "parse" &&
    node.arguments.length === 1 &&
    ts.isStringLiteral(node.arguments[0] as ts.Expression)
  );
}

/** `rest.defaults({ baseUrl: "…" })`. */
function isRestDefaults(node: ts.Expression): boolean {
  if (!ts.isCallExpression(node) || node.arguments.length !== 1) return false;
  const [options] = node.arguments;
  return (
    ts.isPropertyAccessExpression(node.expression) &&
    ts.isIdentifier(node.expression.expression) &&
    node.expression.expression.text === "rest" &&
    node.expression.name.text === "defaults" &&
    options !== undefined &&
    ts.isObjectLiteralExpression(options) &&
    options.properties.length === 1 &&
    options.properties.every(
      (property) =>
        ts.isPropertyAssignment(property) &&
        ts.isIdentifier(property.name) &&
        property.name.text === "baseUrl" &&
        ts.isStringLiteral(property.initializer),
    )
  );
}

describe("generator: document text is never code", () => {
  it("substitutes each payload into every string and key of the documents, and the payloads reach the modules", () => {
    // Some substitutions make the document invalid (an OpenApiError); many reach no output (an example, a
    // description's second paragraph); the code of the payloads reaches each document's module from many places.
    expect(refused).toBeLessThan(generated);
    for (const name of ["pets", "relative", "github"]) {
      const reached = modules.filter(({ label, source }) => label.startsWith(`${name} `) && source.includes(MARKER));
      expect(reached.length, name).toBeGreaterThan(20);
    }
  });

  it("no module holds a token of a payload outside a string, a comment or a template's text (TypeScript's scanner)", () => {
    for (const { label, source } of modules) {
      const tokens = codeTokens(source);
      const hostile = tokens.filter((token) => token.includes(MARKER) || token === "globalThis");
      expect(hostile, label).toEqual([]);
    }
  }, 60_000);

  it("each module parses without error into only the generator's own statements, running fixed expressions", () => {
    for (const { label, source, github } of modules) {
      const file = ts.createSourceFile("module.ts", source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
      const parsed = (file as unknown as { parseDiagnostics: readonly ts.Diagnostic[] }).parseDiagnostics;
      expect(
        parsed.map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n")),
        label,
      ).toEqual([]);
      for (const statement of file.statements) expect(STATEMENTS.has(statement.kind), label).toBe(true);
      const initializers = file.statements
        .filter(ts.isVariableStatement)
        .flatMap((statement) => statement.declarationList.declarations.map((d) => d.initializer));
      // A user's module parses its operation table, one string literal, then makes its endpoint with it.
      expect(initializers.length, label).toBe(github ? 1 : 2);
      const [table, endpoint] = github ? [undefined, initializers[0]] : initializers;
      if (!github) expect(table !== undefined && isTableExpression(table), label).toBe(true);
      expect(endpoint !== undefined && isEndpointExpression(endpoint), label).toBe(true);
    }
  }, 60_000);

  it("each module runs (as CommonJS, its import stubbed) without running anything of the document, and its table is the map's", async () => {
    const stub = { defaults: () => stub };
    const context = createContext({});
    const transformed = await Promise.all(
      modules.map(({ source }) => transform(source, { loader: "ts", format: "cjs" })),
    );
    for (const [index, { label, source, github }] of modules.entries()) {
      const code = transformed[index]?.code ?? "";
      const run = runInContext(`(function (require, module, exports) {\n${code}\n})`, context) as (
        ...args: unknown[]
      ) => void;
      const module = { exports: {} };
      const tables: unknown[] = [];
      const withOperations = (endpoint: unknown, table: unknown): unknown => {
        tables.push(table);
        return endpoint;
      };
      run(() => ({ rest: stub, endpoint: stub, withOperations }), module, module.exports);
      expect(Object.keys(module.exports), label).toEqual([Object.keys(module.exports)[0]]);
      expect(runInContext(`typeof ${MARKER}`, context), label).toBe("undefined");
      if (github) continue;
      // The table the runtime gets: a key of each route of the map (JSON.parse makes a "__proto__" key own
      // data), each url one the core compiles.
      expect(tables.length, label).toBe(1);
      const table = tables[0] as Record<string, { url: string }>;
      expect(Object.keys(table).sort(), label).toEqual(routeKeys(source).sort());
      for (const key of Object.keys(table))
        expect(() => compileUrl((table[key] as { url: string }).url), label).not.toThrow();
    }
    expect((globalThis as Record<string, unknown>)[MARKER]).toBeUndefined();
  }, 60_000);
});

/** The keys of the route map's interface, as TypeScript reads them. */
function routeKeys(source: string): string[] {
  const file = ts.createSourceFile("module.ts", source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const map = file.statements.find(ts.isInterfaceDeclaration);
  return (map?.members ?? []).map((m) => {
    const name = m.name;
    if (name === undefined || !(ts.isStringLiteral(name) || ts.isIdentifier(name)))
      throw new Error("a route key that is no string");
    return name.text;
  });
}

/**
 * Every module as an ES module, and as CommonJS (where `exports`, `require` and `module` are the module's
 * own names). What CommonJS changes depends only on a module's code outside strings and comments, so a
 * module is compiled as CommonJS once per such code.
 */
function programFiles(): GeneratedModule[] {
  const skeletons = new Set<string>();
  return modules.map(({ source, github }) => {
    const skeleton = codeTokens(source).join(" ");
    const commonJs = !skeletons.has(skeleton);
    skeletons.add(skeleton);
    return { source, github, commonJs };
  });
}

describe("generator: every module compiles under strict tsc", () => {
  it("every module as an ES module, and as CommonJS once per code shape, all in one program (TypeScript 7)", async () => {
    expect((await compileModulesWith(TSC_7, programFiles())).slice(0, 5)).toEqual([]);
  }, 180_000);

  // Modules of one code shape differ only in the text of their strings, comments and templates, which the
  // scanner test above proves stays there: TypeScript 5.9 checks one module of each shape.
  it("each code shape, as an ES module and as CommonJS, in one program (TypeScript 5.9)", () => {
    expect(compileModules(programFiles().filter(({ commonJs }) => commonJs)).slice(0, 5)).toEqual([]);
  }, 180_000);
});
