// Schemas as types (src/openapi/openapi-schemas.ts): a schema reached through a $ref, or from a second place, is
// written once as a type alias and named where it is used; recursive schemas are recursive types; a cycle no
// type can be, or a document TypeScript could not check, is refused with the pointer of its place. Every
// module the table writes compiles under strict tsc, in one program, as does each module of a random
// document of the generator's keywords.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { generateRouteMap, OpenApiError } from "../src/openapi/openapi.js";
import { SEED } from "./helpers/fuzz.js";
import { compileModules } from "./helpers/generated-modules.js";
import { openApiDocument } from "./helpers/openapi-arbitraries.js";
import { openApiErrorFrom } from "./helpers/openapi-refusal.js";

type Json = Record<string, unknown>;

const ref = (name: string): Json => ({ $ref: `#/components/schemas/${name}` });
const object = (properties: Json, required: string[] = []): Json => ({ type: "object", properties, required });
const STRING = { type: "string" };

/** A document whose one route takes a body of `body`, with `schemas` as its components. */
function documentOf(body: unknown, schemas: Json = {}): Json {
  return {
    openapi: "3.0.3",
    info: { title: "Shapes", version: "1" },
    paths: { "/x": { post: { requestBody: { required: true, content: { "application/json": { schema: body } } } } } },
    components: { schemas },
  };
}

/** Every module the tests write, to compile. GitHub's form: each route on one line, no doc comments. */
const sources: string[] = [];
function generate(document: Json): string {
  const { source } = generateRouteMap(document, { source: "shapes.json", github: true });
  sources.push(source);
  return source;
}

/** The module's route entry and alias declarations, without doc comments. */
function typesOf(source: string): string[] {
  return source
    .split("\n")
    .filter((line) => line.startsWith("type ") || line.startsWith('  "POST /x"'))
    .map((line) => line.trim());
}

describe("a schema reached through a $ref or from two places is an alias, written once", () => {
  const wide = object({ a: STRING, b: STRING, c: STRING, d: STRING, e: STRING, f: { type: "array", items: STRING } });
  it.each([
    {
      rule: "a list of itself (items)",
      document: documentOf(ref("Tree"), { Tree: { type: "array", items: ref("Tree") } }),
      types: ['"POST /x": { data: Tree };', "type Tree = readonly Tree[];"],
    },
    {
      rule: "an object that holds itself (a property)",
      document: documentOf(ref("Node"), { Node: object({ value: STRING, next: ref("Node") }, ["value"]) }),
      types: ['"POST /x": Node;', "type Node = { value: string; next?: Node | undefined };"],
    },
    {
      rule: "a map of itself (additionalProperties): an index signature, which may refer to itself",
      document: documentOf(object({ map: ref("Map") }), { Map: { type: "object", additionalProperties: ref("Map") } }),
      types: ["type Map = { [key: string]: Map };"],
    },
    {
      rule: "itself or null, through a property's oneOf",
      document: documentOf(ref("List"), { List: object({ next: { oneOf: [ref("List"), { type: "null" }] } }) }),
      types: ["type List = { next?: List | null | undefined };"],
    },
    {
      rule: "each of two schemas holds the other",
      document: documentOf(ref("A"), { A: object({ b: ref("B") }), B: { type: "array", items: ref("A") } }),
      types: ["type A = { b?: B | undefined };", "type B = readonly A[];"],
    },
    {
      rule: "an allOf of itself inside a property",
      document: documentOf(ref("A"), { A: { allOf: [object({ a: ref("A") }), object({ z: STRING })] } }),
      types: ["type A = { a?: A | undefined } & { z?: string | undefined };"],
    },
    {
      rule: "properties beside allOf are fields too",
      document: documentOf(ref("Pet"), {
        Pet: { allOf: [ref("Base"), object({ z: STRING })], properties: { name: STRING }, required: ["name"] },
        Base: object({ id: { type: "integer" }, base: ref("Pet") }),
      }),
      types: [
        "type Pet = { name: string } & Base & { z?: string | undefined };",
        "type Base = { id?: number | undefined; base?: Pet | undefined };",
      ],
    },
    {
      rule: "a oneOf beside allOf: both",
      document: documentOf(object({ e: ref("Either"), f: ref("Either") }), {
        Either: { oneOf: [{ type: "integer" }, object({ n: STRING })], allOf: [ref("Base")] },
        Base: object({ id: { type: "integer" }, base: ref("Either") }),
      }),
      types: [
        "type Either = (number | { n?: string | undefined }) & Base;",
        "type Base = { id?: number | undefined; base?: Either | undefined };",
      ],
    },
    {
      rule: "one schema named from many places is written once",
      document: documentOf(object({ a: ref("Wide"), b: ref("Wide"), c: { type: "array", items: ref("Wide") } }), {
        Wide: wide,
      }),
      types: [
        '"POST /x": { a?: Wide | undefined; b?: Wide | undefined; c?: readonly Wide[] | undefined };',
        "type Wide = { a?: string | undefined; b?: string | undefined; c?: string | undefined; d?: string | undefined; e?: string | undefined; f?: readonly string[] | undefined };",
      ],
    },
    {
      rule: "lists of unions and of lists are written in parentheses",
      document: documentOf(
        object({
          times: { type: "array", items: { type: "string", format: "date-time" } },
          lists: { type: "array", items: { type: "array" } },
          either: { type: "array", items: { type: ["string", "null"] } },
        }),
      ),
      types: [
        '"POST /x": { times?: readonly (string | Date)[] | undefined; lists?: readonly (readonly unknown[])[] | undefined; either?: readonly (string | null)[] | undefined };',
      ],
    },
    {
      rule: "a small schema with no $ref is written where it is named",
      document: documentOf(object({ a: ref("Color") }), { Color: { type: "string", enum: ["red", "blue"] } }),
      types: ['"POST /x": { a?: "red" | "blue" | undefined };'],
    },
    {
      rule: "a oneOf of two $refs to the next, 20 deep: each schema once",
      document: documentOf(
        ref("S0"),
        Object.fromEntries([
          ...Array.from({ length: 20 }, (_, i) => [
            `S${i}`,
            { oneOf: [ref(`S${i + 1}`), object({ x: ref(`S${i + 1}`) })] },
          ]),
          ["S20", wide],
        ]),
      ),
      types: ["type S0 = S1 | { x?: S1 | undefined };", "type S19 = S20 | { x?: S20 | undefined };"],
    },
    {
      rule: "anyOf required-lists: the properties once, each alternative naming what it requires",
      document: documentOf(ref("Choice"), {
        Choice: {
          ...object({ a: wide, b: STRING, c: STRING }),
          anyOf: [{ required: ["a", "b"] }, { required: ["c"] }],
        },
      }),
      types: [
        // The property's type is written in place once, and named by the alternative that requires it.
        "type Choice = { a?: { a?: string | undefined; b?: string | undefined; c?: string | undefined; d?: string | undefined; e?: string | undefined; f?: readonly string[] | undefined } | undefined; b?: string | undefined; c?: string | undefined } & ({ a: A; b: string } | { c: string });",
        "type A = { a?: string | undefined; b?: string | undefined; c?: string | undefined; d?: string | undefined; e?: string | undefined; f?: readonly string[] | undefined };",
      ],
    },
    {
      rule: "a name a document gives is made an identifier, apart from the module's own and the global types",
      document: documentOf(object({ a: ref("my-schema"), b: ref("2fa"), c: ref("Date"), d: ref("GitHubRoutes") }), {
        "my-schema": { type: "array", items: ref("my-schema") },
        "2fa": { type: "array", items: ref("2fa") },
        Date: { type: "array", items: ref("Date") },
        GitHubRoutes: { type: "array", items: ref("GitHubRoutes") },
      }),
      types: [
        "type MySchema = readonly MySchema[];",
        "type Schema2fa = readonly Schema2fa[];",
        "type Date2 = readonly Date2[];",
        "type GitHubRoutes2 = readonly GitHubRoutes2[];",
      ],
    },
  ])("$rule", ({ document, types }) => {
    const written = typesOf(generate(document));
    for (const type of types) expect(written).toContain(type);
  });

  it("one object in two places (a YAML alias) is one alias", () => {
    const shared = object({ a: STRING, b: STRING, c: STRING, d: STRING, e: STRING, f: STRING, g: STRING, h: STRING });
    const source = generate(
      documentOf(object({ first: shared, second: shared, third: { type: "array", items: shared } })),
    );
    expect(source.match(/h\?: string \| undefined/g)?.length).toBe(2);
    expect(typesOf(source)).toContain(
      '"POST /x": { first?: { a?: string | undefined; b?: string | undefined; c?: string | undefined; d?: string | undefined; e?: string | undefined; f?: string | undefined; g?: string | undefined; h?: string | undefined } | undefined; second?: Second | undefined; third?: readonly Second[] | undefined };',
    );
  });

  it("a body schema routes share is named by each, and partial when the body is optional", () => {
    const document = documentOf(ref("Wide"), {
      Wide: { ...object({ a: STRING, b: STRING, c: STRING, d: STRING, e: STRING, f: STRING, g: STRING }, ["a"]) },
    });
    const paths = document.paths as Json;
    paths["/y"] = { put: { requestBody: { content: { "application/json": { schema: ref("Wide") } } } } };
    const source = generate(document);
    expect(source).toContain('  "POST /x": Wide;');
    expect(source).toContain('  "PUT /y": Partial<Wide>;');
  });

  it("every module above compiles under strict tsc, as ES modules and as CommonJS", () => {
    expect(compileModules(sources.map((source) => ({ source, github: true, commonJs: true })))).toEqual([]);
  }, 30_000);
});

describe("a schema no type can be, or TypeScript could not check, is refused with its place", () => {
  const chain = (length: number): Json =>
    Object.fromEntries([
      ...Array.from({ length }, (_, i) => [`S${i}`, { oneOf: [ref(`S${i + 1}`), ref(`S${i + 1}`)] }]),
      [`S${length}`, STRING],
    ]);
  const nested = (depth: number, key: string): Json => {
    let schema: Json = STRING;
    for (let i = 0; i < depth; i++) schema = key === "items" ? { type: "array", items: schema } : { [key]: [schema] };
    return schema;
  };
  it.each([
    {
      rule: "itself or a string (a oneOf of itself)",
      document: documentOf(ref("A"), { A: { oneOf: [ref("A"), STRING] } }),
      pointer: "/components/schemas/A",
      message: /refers to itself through \$ref, oneOf, anyOf or allOf alone/,
    },
    {
      rule: "itself and more (an allOf of itself)",
      document: documentOf(ref("A"), { A: { allOf: [ref("A"), object({ a: STRING })] } }),
      pointer: "/components/schemas/A",
      message: /refers to itself/,
    },
    {
      rule: "two schemas each the other or null",
      document: documentOf(ref("A"), { A: { anyOf: [ref("B"), { type: "null" }] }, B: { anyOf: [ref("A"), STRING] } }),
      pointer: /^\/components\/schemas\/[AB]$/,
      message: /refers to itself/,
    },
    {
      rule: "a oneOf chain 200 deep",
      document: documentOf(ref("S0"), chain(200)),
      pointer: /^\/components\/schemas\/S\d+$/,
      message: /more than 100 deep: TypeScript cannot check such a type/,
    },
    {
      rule: "items nested inline 100,000 deep",
      document: documentOf(nested(100_000, "items")),
      pointer: /^\/paths\/~1x\/post\/requestBody\/content\/application~1json\/schema(\/items){64,}$/,
      message: /schemas nest more than 64 levels deep here/,
    },
    {
      rule: "allOf nested inline 100,000 deep",
      document: documentOf(nested(100_000, "allOf")),
      pointer: /\/allOf\/0$/,
      message: /schemas nest more than 64 levels deep here/,
    },
    {
      rule: "a $ref with a bad percent-encoding",
      document: documentOf(ref("%E0%A4%A")),
      pointer: "/paths/~1x/post/requestBody/content/application~1json/schema/$ref",
      message: '$ref "#/components/schemas/%E0%A4%A" has a bad percent-encoding (%XX) in "%E0%A4%A"',
    },
    {
      rule: "a $ref to an anchor (#name)",
      document: documentOf({ $ref: "#Pet" }),
      pointer: "/paths/~1x/post/requestBody/content/application~1json/schema/$ref",
      message: '$ref "#Pet" is not a JSON pointer (#/…): anchors are not followed',
    },
    {
      rule: "a $ref to a name with a lone surrogate that is not there",
      document: documentOf(ref("A\ud800"), { "A\udc00": STRING }),
      pointer: "/paths/~1x/post/requestBody/content/application~1json/schema/$ref",
      message: '$ref "#/components/schemas/A\\ud800" points to nothing in the document',
    },
  ])("$rule", ({ document, pointer, message }) => {
    const refusal = openApiErrorFrom(() => generateRouteMap(document, { source: "bad.json" }));
    expect(refusal.pointer).toMatch(pointer);
    if (typeof message === "string") expect(refusal.message).toBe(message);
    else expect(refusal.message).toMatch(message);
  });

  it("a $ref chain of any length is followed, and a $ref to a name with a lone surrogate found", () => {
    const schemas = Object.fromEntries([
      ...Array.from({ length: 5000 }, (_, i) => [`R${i}`, ref(`R${i + 1}`)]),
      ["R5000", object({ a: STRING })],
      ["B\ud800", object({ b: STRING })],
    ]);
    expect(generate(documentOf(object({ r: ref("R0"), b: ref("B\ud800") }), schemas))).toContain(
      '"POST /x": { r?: { a?: string | undefined } | undefined; b?: { b?: string | undefined } | undefined };',
    );
  });
});

describe("every module a document of the generator's keywords makes compiles", () => {
  it("under strict tsc, as ES modules, in one program", () => {
    const modules: { source: string; github: boolean; commonJs: boolean }[] = [];
    for (const [document, github] of fc.sample(fc.tuple(openApiDocument, fc.boolean()), {
      numRuns: 300,
      seed: SEED + 41,
    })) {
      try {
        modules.push({
          source: generateRouteMap(document, { source: "any.json", github }).source,
          github,
          commonJs: false,
        });
      } catch (error) {
        if (!(error instanceof OpenApiError)) throw error;
      }
    }
    expect(modules.length).toBeGreaterThan(30);
    expect(compileModules(modules).slice(0, 5)).toEqual([]);
  }, 60_000);
});
