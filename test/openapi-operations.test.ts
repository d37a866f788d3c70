// What a user's module says of each operation (docs/cli.md, "Serialisation"): one case per rule, each a small
// document written for it, with its route key, its typed keys (a call that must compile and one that must
// not, checked by TypeScript 5.9 and 7 against the package's own types) and its operation-table entry, read
// back from the module's JSON. The runtime that sends the table (`withOperations`) is tested on its own.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { compileUrl } from "../src/core/url.js";
import { generateRouteMap } from "../src/openapi/openapi.js";
import { type OperationEntry, urlLiteral, variableOf } from "../src/openapi/openapi-operations.js";
import { ROOT } from "./helpers/built-package.js";
import { operationTable, typedCallErrors } from "./helpers/generated-modules.js";

type Json = Record<string, unknown>;

const query = (name: string, schema: Json, more: Json = {}): Json => ({ name, in: "query", schema, ...more });
const pathParameter = (name: string, schema: Json = { type: "string" }, more: Json = {}): Json => ({
  name,
  in: "path",
  required: true,
  schema,
  ...more,
});
const STRING = { type: "string" };
const STRINGS = { type: "array", items: STRING };
const object = (properties: Json, required: string[] = []): Json => ({ type: "object", properties, required });
const jsonBody = (schema: Json, required = false): Json => ({
  ...(required ? { required: true } : {}),
  content: { "application/json": { schema } },
});

interface Case {
  rule: string;
  /** The document's one path, its method and operation, and its components. */
  path: string;
  method?: string;
  operation: Json;
  components?: Json;
  key: string;
  entry: OperationEntry;
  /** Options of a call that compiles. */
  compiles: string;
  /** Options of a call that must not. */
  fails: string;
}

const CASES: Case[] = [
  {
    rule: "1. a query name that is no template variable name is typed and sent under the document's name",
    path: "/items",
    operation: {
      parameters: [query("$filter", STRING), query("ids[]", STRINGS), query("$.xgafv", { enum: ["1", "2"] })],
    },
    key: "GET /items",
    entry: {
      method: "GET",
      url: "/items",
      parameters: [
        { name: "$filter", in: "query" },
        { name: "ids[]", in: "query" },
        { name: "$.xgafv", in: "query" },
      ],
    },
    compiles: `{ "$filter": "a eq 1", "ids[]": ["a", "b"], "$.xgafv": "2" }`,
    fails: `{ "ids[]": [1] }`,
  },
  {
    rule: "1. … on a route with a body too: the query is the runtime's, never the body",
    path: "/batch",
    method: "post",
    operation: {
      parameters: [query("$.xgafv", STRING), query("page[size]", { type: "integer" })],
      requestBody: jsonBody(object({ name: STRING })),
    },
    key: "POST /batch",
    entry: {
      method: "POST",
      url: "/batch",
      parameters: [
        { name: "$.xgafv", in: "query" },
        { name: "page[size]", in: "query" },
      ],
    },
    compiles: `{ "$.xgafv": "2", "page[size]": 10, name: "n" }`,
    fails: `{ "page[size]": "10" }`,
  },
  {
    rule: "2. a path with a fragment: the url keeps it, and the runtime writes the query before it",
    path: "/#Action=CreateQueue",
    method: "post",
    operation: { parameters: [query("QueueName", STRING, { required: true })] },
    key: "POST /#Action=CreateQueue",
    entry: { method: "POST", url: "/#Action=CreateQueue", parameters: [{ name: "QueueName", in: "query" }] },
    compiles: `{ QueueName: "jobs" }`,
    fails: `{}`,
  },
  {
    rule: "3. a body field named like a path parameter: the whole body is data, and no field stands beside it",
    path: "/widgets/{name}",
    method: "patch",
    operation: {
      parameters: [pathParameter("name")],
      requestBody: jsonBody(object({ name: STRING, value: STRING }, ["value"]), true),
    },
    key: "PATCH /widgets/{name}",
    entry: { method: "PATCH", url: "/widgets/{name}", body: { kind: "json", required: true, fields: "data" } },
    compiles: `{ name: "OLD", data: { name: "NEW", value: "v" } }`,
    fails: `{ name: "OLD", value: "v" }`,
  },
  {
    rule: "3. … and like a query parameter",
    path: "/jobs",
    method: "post",
    operation: {
      parameters: [query("dry_run", { type: "boolean" })],
      requestBody: jsonBody(object({ dry_run: { type: "boolean" }, title: STRING })),
    },
    key: "POST /jobs",
    entry: {
      method: "POST",
      url: "/jobs",
      parameters: [{ name: "dry_run", in: "query" }],
      body: { kind: "json", fields: "data" },
    },
    compiles: `{ dry_run: true, data: { dry_run: false, title: "t" } }`,
    fails: `{ dry_run: true, title: "t" }`,
  },
  {
    rule: "4. allOf beside properties: the allOf items' fields are fields too",
    path: "/pets",
    method: "post",
    operation: {
      requestBody: jsonBody({ allOf: [{ $ref: "#/components/schemas/Base" }], properties: { name: STRING } }, true),
    },
    components: { schemas: { Base: object({ id: { type: "integer" } }, ["id"]) } },
    key: "POST /pets",
    entry: { method: "POST", url: "/pets", body: { kind: "json", required: true } },
    compiles: `{ id: 1, name: "Rex" }`,
    fails: `{ name: "Rex" }`,
  },
  {
    rule: "5. a list of lists is a list of read-only lists",
    path: "/grids",
    method: "post",
    operation: {
      requestBody: jsonBody(object({ grid: { type: "array", items: { type: "array", items: { type: "number" } } } })),
    },
    key: "POST /grids",
    entry: { method: "POST", url: "/grids" },
    compiles: `{ grid: [[1, 2], [3]] }`,
    fails: `{ grid: [1, 2] }`,
  },
  {
    rule: "6. parameters named like options are passed under parameters; a path one gets a variable of another name",
    path: "/proxy/{url}",
    operation: {
      parameters: [
        pathParameter("url"),
        query("method", STRING, { required: true }),
        query("headers", STRING),
        query("parameters", STRING),
      ],
    },
    key: "GET /proxy/{url}",
    entry: {
      method: "GET",
      url: "/proxy/{%75rl}",
      parameters: [
        { name: "url", in: "path", where: "nested", variable: "%75rl" },
        { name: "method", in: "query", where: "nested" },
        { name: "headers", in: "query", where: "nested" },
        { name: "parameters", in: "query", where: "nested" },
      ],
    },
    compiles: `{ parameters: { path: { url: "a b" }, query: { method: "m", headers: "h", parameters: "p" } } }`,
    fails: `{ url: "a b", parameters: { query: { method: "m" } } }`,
  },
  {
    rule: "6. … and a query parameter named like a path parameter",
    path: "/same/{id}",
    operation: { parameters: [pathParameter("id", { type: "integer" }), query("id", { type: "integer" })] },
    key: "GET /same/{id}",
    entry: { method: "GET", url: "/same/{id}", parameters: [{ name: "id", in: "query", where: "nested" }] },
    compiles: `{ id: 1, parameters: { query: { id: 2 } } }`,
    fails: `{ id: 1, parameters: { query: { id: "2" } } }`,
  },
  {
    rule: "7. a required JSON body with no properties is required in the table: the runtime sends {}",
    path: "/things/{id}/cancel",
    method: "post",
    operation: { parameters: [pathParameter("id")], requestBody: jsonBody({ type: "object" }, true) },
    key: "POST /things/{id}/cancel",
    entry: { method: "POST", url: "/things/{id}/cancel", body: { kind: "json", required: true } },
    compiles: `{ id: "t1" }`,
    fails: `{ id: "t1", reason: "r" }`,
  },
  {
    rule: "7. … and one whose properties are none",
    path: "/things/{id}/archive",
    method: "post",
    operation: { parameters: [pathParameter("id")], requestBody: jsonBody({ type: "object", properties: {} }, true) },
    key: "POST /things/{id}/archive",
    entry: { method: "POST", url: "/things/{id}/archive", body: { kind: "json", required: true } },
    compiles: `{ id: "t1" }`,
    fails: `{ id: "t1", reason: "r" }`,
  },
  {
    rule: "8. a path the core cannot take as a template is encoded, not refused: an odd placeholder, braces, a `|`",
    path: "/files/{file.name}|raw/{{v}}",
    operation: { parameters: [pathParameter("file.name")] },
    key: "GET /files/{file.name}|raw/{{v}}",
    entry: {
      method: "GET",
      url: "/files/{file%2Ename}%7Craw/{%7Bv}%7D",
      parameters: [
        { name: "file.name", in: "path", variable: "file%2Ename" },
        { name: "{v", in: "path", variable: "%7Bv" },
      ],
    },
    compiles: `{ "file.name": "a.txt", "{v": "2" }`,
    fails: `{ "file.name": "a.txt" }`,
  },
  {
    rule: "9. deepObject parameters are the nested objects the document describes, alternatives as unions",
    path: "/charges",
    operation: {
      parameters: [
        query(
          "created",
          { anyOf: [object({ gt: { type: "integer" }, gte: { type: "integer" } }), { type: "integer" }] },
          { style: "deepObject", explode: true },
        ),
        query("expand", STRINGS, { style: "deepObject", explode: true }),
        query("filter", object({ status: object({ in: STRINGS }) }), { style: "deepObject" }),
      ],
    },
    key: "GET /charges",
    entry: {
      method: "GET",
      url: "/charges",
      parameters: [
        { name: "created", in: "query", style: "deepObject", explode: true },
        { name: "expand", in: "query", style: "deepObject", explode: true },
        { name: "filter", in: "query", style: "deepObject" },
      ],
    },
    compiles: `{ created: { gte: 1 }, expand: ["customer", "invoice"], filter: { status: { in: ["open"] } } }`,
    fails: `{ created: { gtee: 1 } }`,
  },
  {
    rule: "10. a form body's fields are typed from its schema, and sent by its encoding with its content-type",
    path: "/v1/customers",
    method: "post",
    operation: {
      requestBody: {
        content: {
          "application/x-www-form-urlencoded": {
            schema: object({
              email: STRING,
              metadata: { anyOf: [{ type: "object", additionalProperties: STRING }, { enum: [""] }] },
            }),
            encoding: { metadata: { style: "deepObject", explode: true }, email: { style: "form" } },
          },
        },
      },
    },
    key: "POST /v1/customers",
    entry: {
      method: "POST",
      url: "/v1/customers",
      body: {
        kind: "form",
        contentType: "application/x-www-form-urlencoded",
        encoding: { metadata: { style: "deepObject", explode: true } },
      },
    },
    compiles: `{ email: "jenny@example.com", metadata: { order_id: "6735" } }`,
    fails: `{ email: 5 }`,
  },
  {
    rule: "10. … and a multipart body's, a file as a string or a Blob",
    path: "/files",
    method: "post",
    operation: {
      requestBody: {
        required: true,
        content: {
          "multipart/form-data": {
            schema: object({ file: { type: "string", format: "binary" }, purpose: STRING }, ["file", "purpose"]),
            encoding: { file: { contentType: "image/png" } },
          },
        },
      },
    },
    key: "POST /files",
    entry: {
      method: "POST",
      url: "/files",
      body: { kind: "multipart", required: true, encoding: { file: { contentType: "image/png" } } },
    },
    compiles: `{ purpose: "avatar", file: new Blob(["png"]) }`,
    fails: `{ purpose: "avatar", file: 5 }`,
  },
  {
    rule: "11. header and cookie parameters are typed in headers (lowercase) and cookies; cookies are the runtime's",
    path: "/widgets",
    operation: {
      parameters: [
        { name: "X-Request-ID", in: "header", required: true, schema: STRING },
        { name: "session", in: "cookie", schema: STRING },
        { name: "prefs", in: "cookie", style: "form", explode: false, schema: STRINGS },
      ],
    },
    key: "GET /widgets",
    entry: {
      method: "GET",
      url: "/widgets",
      parameters: [
        { name: "session", in: "cookie" },
        { name: "prefs", in: "cookie", explode: false },
      ],
    },
    compiles: `{ headers: { "x-request-id": "r1" }, cookies: { session: "s1", prefs: ["a", "b"] } }`,
    fails: `{ cookies: { session: "s1" } }`,
  },
];

/** The module of a case's document: one path, one operation, named `Api`. */
function moduleOf({ path: route, method = "get", operation, components = {} }: Case): string {
  const document = {
    openapi: "3.0.3",
    info: { title: "Cases", version: "1" },
    servers: [{ url: "https://api.test" }],
    paths: { [route]: { [method]: operation } },
    components,
  };
  return generateRouteMap(document, { source: "cases.json", name: "Api" }).source;
}

const modules = CASES.map(moduleOf);

describe("each rule gives its route key and operation-table entry", () => {
  it.each(CASES.map((c, index) => ({ ...c, index })))("$rule", ({ key, entry, index }) => {
    const table = operationTable(modules[index] as string);
    expect(Object.keys(table)).toEqual([key]);
    const { names: _names, ...sent } = table[key] ?? {};
    expect(sent).toEqual(entry);
  });
});

describe.each([
  { compiler: "TypeScript 5.9", tsc: path.join(ROOT, "node_modules", "typescript", "bin", "tsc") },
  { compiler: "TypeScript 7", tsc: path.join(ROOT, "node_modules", "typescript-7", "bin", "tsc") },
])("each rule's typed keys, on $compiler", ({ tsc }) => {
  it("take the call that must compile, and refuse the one that must not", async () => {
    const files: Record<string, string> = {};
    CASES.forEach((c, index) => {
      files[`api${index}.mts`] = modules[index] as string;
      files[`calls${index}.mts`] = [
        `import { api } from "./api${index}.mjs";`,
        `// ${c.rule.replaceAll("\n", " ")}`,
        `api(${JSON.stringify(c.key)}, ${c.compiles});`,
        "// @ts-expect-error",
        `api(${JSON.stringify(c.key)}, ${c.fails});`,
        "",
      ].join("\n");
    });
    expect(await typedCallErrors(files, tsc)).toEqual([]);
  }, 180_000);
});

describe("a name or path text the core's url template cannot hold as it is", () => {
  it.each([
    ["id", undefined],
    ["enterprise-team", undefined],
    ["item.id", "item%2Eid"],
    ["$id", "%24id"],
    ["a b", "a%20b"],
    ["%24id", "%2524id"],
    ["café", "caf%C3%A9"],
    ["url", "%75rl"],
    ["data", "%64ata"],
    ["baseUrl", "%62aseUrl"],
  ])("path parameter %j: variable %j", (name, variable) => {
    expect(variableOf(name)).toBe(variable);
    if (variable !== undefined) expect(compileUrl(`/x/{${variable}}`).variableNames).toEqual([variable]);
  });

  it.each([
    ["/v1/models:list", true, "/v1/models%3Alist"],
    ["/a:1/b:_c", true, "/a:1/b%3A_c"],
    ["?q=a:b", false, "?q=a:b"],
    ['/a b|c"^`<>', true, "/a%20b%7Cc%22%5E%60%3C%3E"],
    ["/100%/%41", true, "/100%25/%41"],
    ["/é", true, "/%C3%A9"],
    ["#Action=Send", false, "#Action=Send"],
  ])("literal %j (in the path: %s) is %j", (text, inPath, written) => {
    expect(urlLiteral(text, inPath)).toBe(written);
    expect(() => compileUrl(written.startsWith("/") ? written : `/x${written}`)).not.toThrow();
  });
});
