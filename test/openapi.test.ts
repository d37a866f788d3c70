// The OpenAPI generator (src/openapi/openapi.ts): each rule of docs/cli.md ("endpoint-options openapi") on a small
// document, and each refusal with the JSON pointer of its place.
import { describe, expect, it } from "vitest";
import { generateRouteMap, OpenApiError } from "../src/openapi/openapi.js";
import { operationTable } from "./helpers/generated-modules.js";
import { openApiErrorFrom } from "./helpers/openapi-refusal.js";

type Json = Record<string, unknown>;

/** A document with one path, one operation. */
function documentOf(path: string, method: string, operation: Json, extra: Json = {}): Json {
  return {
    openapi: "3.0.3",
    info: { title: "Widgets", version: "1" },
    paths: { [path]: { [method]: operation } },
    ...extra,
  };
}

const query = (name: string, schema: Json, more: Json = {}): Json => ({ name, in: "query", schema, ...more });
const pathParameter = (name: string, schema: Json, more: Json = {}): Json => ({
  name,
  in: "path",
  required: true,
  schema,
  ...more,
});
const STRINGS = { type: "array", items: { type: "string" } };
const json = (schema: Json): Json => ({ content: { "application/json": { schema } } });

/** The generated entry of one route: its doc comment, key and type. */
function entryOf(source: string, key: string): string {
  const at = source.indexOf(`  ${JSON.stringify(key)}: `);
  if (at === -1) throw new Error(`no route ${key} in\n${source}`);
  const start = source.lastIndexOf("\n  /**", at);
  const docStart = start !== -1 && !source.slice(start, at).includes('\n  "') ? start + 1 : at;
  // One line, or an object over several lines that ends with its own line `  };` (or `  } & …;`).
  const lineEnd = source.indexOf("\n", at);
  const end = source.charAt(lineEnd - 1) === "{" ? source.indexOf(";\n", source.indexOf("\n  }", at)) : lineEnd - 1;
  return source.slice(docStart, end + 1);
}

describe("route keys, parameter types and operation-table entries follow the document", () => {
  it.each([
    {
      rule: "a path parameter is required and typed; the table holds its url",
      path: "/widgets/{id}",
      operation: { parameters: [pathParameter("id", { type: "integer" })] },
      key: "GET /widgets/{id}",
      holds: ["    id: number;"],
      entry: { method: "GET", url: "/widgets/{id}" },
    },
    {
      rule: "a label path parameter is a {.x} expression in the url",
      path: "/widgets/{id}",
      operation: { parameters: [pathParameter("id", { type: "string" }, { style: "label" })] },
      key: "GET /widgets/{id}",
      holds: ["    id: string;"],
      entry: { method: "GET", url: "/widgets/{.id}" },
    },
    {
      rule: "a matrix path parameter is a {;x} expression, exploded {;x*}",
      path: "/widgets/{id}",
      operation: { parameters: [pathParameter("id", STRINGS, { style: "matrix", explode: true })] },
      key: "GET /widgets/{id}",
      holds: ["    id: readonly string[];"],
      entry: { method: "GET", url: "/widgets/{;id*}" },
    },
    {
      rule: "an exploded simple path parameter is {x*}",
      path: "/widgets/{ids}",
      operation: { parameters: [pathParameter("ids", STRINGS, { explode: true })] },
      key: "GET /widgets/{ids}",
      holds: ["    ids: readonly string[];"],
      entry: { method: "GET", url: "/widgets/{ids*}" },
    },
    {
      rule: "a scalar query parameter is optional, takes null, and is the runtime's to write",
      path: "/widgets",
      operation: {
        parameters: [query("color", { type: "string", enum: ["red", "blue"] }, { description: "The color." })],
      },
      key: "GET /widgets",
      holds: ['    /** The color. */\n    color?: "red" | "blue" | null | undefined;'],
      entry: { method: "GET", url: "/widgets", parameters: [{ name: "color", in: "query" }] },
    },
    {
      rule: "a required query parameter is required",
      path: "/search",
      operation: { parameters: [query("q", { type: "string" }, { required: true })] },
      key: "GET /search",
      holds: ["    q: string;"],
      entry: { method: "GET", url: "/search", parameters: [{ name: "q", in: "query" }] },
    },
    {
      rule: "a form list, exploded by default (tags=a&tags=b), or not (tags=a,b): explode written only when false",
      path: "/widgets",
      operation: { parameters: [query("tags", STRINGS), query("ids", STRINGS, { explode: false })] },
      key: "GET /widgets",
      holds: ["    tags?: readonly string[] | null | undefined;", "    ids?: readonly string[] | null | undefined;"],
      entry: {
        method: "GET",
        url: "/widgets",
        parameters: [
          { name: "tags", in: "query" },
          { name: "ids", in: "query", explode: false },
        ],
      },
    },
    {
      rule: "a form object is typed by its properties",
      path: "/widgets",
      operation: {
        parameters: [query("range", { type: "object", properties: { from: { type: "integer" } } }, { explode: false })],
      },
      key: "GET /widgets",
      holds: ["    range?: { from?: number | undefined } | null | undefined;"],
      entry: { method: "GET", url: "/widgets", parameters: [{ name: "range", in: "query", explode: false }] },
    },
    {
      rule: "space- and pipe-delimited lists are lists the runtime joins",
      path: "/widgets",
      operation: {
        parameters: [
          query("ids", STRINGS, { style: "spaceDelimited", explode: false }),
          query("names", STRINGS, { style: "pipeDelimited" }),
        ],
      },
      key: "GET /widgets",
      holds: ["    ids?: readonly string[] | null | undefined;", "    names?: readonly string[] | null | undefined;"],
      entry: {
        method: "GET",
        url: "/widgets",
        parameters: [
          { name: "ids", in: "query", style: "spaceDelimited" },
          { name: "names", in: "query", style: "pipeDelimited" },
        ],
      },
    },
    {
      rule: "allowReserved and JSON content are written in the table",
      path: "/files",
      operation: {
        parameters: [
          query("path", { type: "string" }, { allowReserved: true }),
          {
            name: "where",
            in: "query",
            content: { "application/json": { schema: { type: "object", properties: { a: { type: "integer" } } } } },
          },
        ],
      },
      key: "GET /files",
      holds: ["    path?: string | null | undefined;", "    where?: { a?: number | undefined } | null | undefined;"],
      entry: {
        method: "GET",
        url: "/files",
        parameters: [
          { name: "path", in: "query", allowReserved: true },
          { name: "where", in: "query", json: true },
        ],
      },
    },
    {
      rule: "a path parameter with JSON content is written in the table, its expression plain",
      path: "/lists/{name}",
      operation: {
        parameters: [
          {
            name: "name",
            in: "path",
            required: true,
            style: "label",
            content: { "application/json": { schema: { type: "string" } } },
          },
        ],
      },
      key: "GET /lists/{name}",
      holds: ["    name: string;"],
      entry: { method: "GET", url: "/lists/{name}", parameters: [{ name: "name", in: "path", json: true }] },
    },
    {
      rule: "a query style OpenAPI gives paths only is written as form, exploded as the document says",
      path: "/w",
      operation: { parameters: [query("ids", STRINGS, { style: "simple" })] },
      key: "GET /w",
      holds: ["    ids?: readonly string[] | null | undefined;"],
      entry: { method: "GET", url: "/w", parameters: [{ name: "ids", in: "query", explode: false }] },
    },
    {
      rule: "header parameters are typed in headers, lowercase, with their doc comments; accept, content-type and authorization are left to the options",
      path: "/widgets",
      operation: {
        summary: "List widgets",
        operationId: "listWidgets",
        parameters: [
          {
            name: "X-Request-ID",
            in: "header",
            required: true,
            description: "A trace id.",
            schema: { type: "string" },
          },
          { name: "Accept", in: "header", schema: { type: "string" } },
          { name: "Authorization", in: "header", schema: { type: "string" } },
          { name: "X-Tags", in: "header", schema: STRINGS },
        ],
      },
      key: "GET /widgets",
      holds: [
        "   * List widgets (listWidgets)\n   * The header `X-Tags` is a list: pass its text as the document writes it.",
        '    headers: {\n      /** A trace id. */\n      "x-request-id": string;\n      "x-tags"?: string | undefined;\n    };',
      ],
      entry: { method: "GET", url: "/widgets" },
    },
    {
      rule: "cookie parameters are typed in cookies and written by the runtime",
      path: "/w",
      operation: { parameters: [{ name: "session", in: "cookie", schema: { type: "string" } }] },
      key: "GET /w",
      holds: ["    cookies?: {\n      session?: string | undefined;\n    } | undefined;"],
      entry: { method: "GET", url: "/w", parameters: [{ name: "session", in: "cookie" }] },
    },
    {
      rule: "a route with a body and query parameters: the body's fields and the query's, flat",
      path: "/widgets",
      method: "post",
      operation: {
        parameters: [query("dry_run", { type: "boolean" }), query("tags", STRINGS)],
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: {
                type: "object",
                required: ["name"],
                properties: { name: { type: "string", description: "Its name." } },
              },
            },
          },
        },
      },
      key: "POST /widgets",
      holds: ["    /** Its name. */\n    name: string;", "    dry_run?: boolean | null | undefined;"],
      entry: {
        method: "POST",
        url: "/widgets",
        parameters: [
          { name: "dry_run", in: "query" },
          { name: "tags", in: "query" },
        ],
        body: { kind: "json", required: true },
      },
    },
    {
      rule: "a body of another media type is data, with its one content-type in the table",
      path: "/upload",
      method: "put",
      operation: { requestBody: { required: true, content: { "text/plain": { schema: { type: "string" } } } } },
      key: "PUT /upload",
      holds: ["The body is text/plain: send it as `data`.", "    data: string;"],
      entry: { method: "PUT", url: "/upload", body: { kind: "raw", contentType: "text/plain", required: true } },
    },
    {
      rule: "a body of several such media types names none: the caller sets it",
      path: "/upload",
      method: "put",
      operation: {
        requestBody: { content: { "image/png": { schema: {} }, "image/jpeg": { schema: {} } } },
      },
      key: "PUT /upload",
      holds: [
        "The body is image/png or image/jpeg: send it as `data`, with its content-type header.",
        "    data?: unknown;",
      ],
      entry: { method: "PUT", url: "/upload", body: { kind: "raw" } },
    },
    {
      rule: "a +json body is JSON, with its content-type in the table",
      path: "/widgets",
      method: "post",
      operation: {
        requestBody: {
          content: {
            "application/vnd.widgets+json": { schema: { type: "object", properties: { n: { type: "integer" } } } },
          },
        },
      },
      key: "POST /widgets",
      holds: ["    n?: number | undefined;"],
      entry: { method: "POST", url: "/widgets", body: { kind: "json", contentType: "application/vnd.widgets+json" } },
    },
    {
      rule: "JSON is preferred to a form when the document offers both",
      path: "/widgets",
      method: "post",
      operation: {
        requestBody: {
          content: {
            "application/x-www-form-urlencoded": { schema: { type: "object", properties: { f: { type: "string" } } } },
            "application/json": { schema: { type: "object", properties: { j: { type: "string" } } } },
          },
        },
      },
      key: "POST /widgets",
      holds: ["    j?: string | undefined;"],
      entry: { method: "POST", url: "/widgets" },
    },
    {
      rule: "a body field named like a path parameter sends the body as data",
      path: "/widgets/{name}",
      method: "patch",
      operation: {
        parameters: [pathParameter("name", { type: "string" })],
        requestBody: {
          content: { "application/json": { schema: { type: "object", properties: { name: { type: "string" } } } } },
        },
      },
      key: "PATCH /widgets/{name}",
      holds: [
        "Body field `name` shares the name of a parameter or option: send the body as `data`.",
        "    data?: { name?: string | undefined } | undefined;",
      ],
      entry: { method: "PATCH", url: "/widgets/{name}", body: { kind: "json", fields: "data" } },
    },
    {
      rule: "a body field named like an option refuses the option at the top level",
      path: "/hooks",
      method: "post",
      operation: {
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: { type: "object", required: ["url"], properties: { url: { type: "string" } } },
            },
          },
        },
      },
      key: "POST /hooks",
      holds: ["    data: { url: string };", "    url?: never;"],
      entry: { method: "POST", url: "/hooks", body: { kind: "json", required: true, fields: "data" } },
    },
    {
      rule: "a GET's request body is not sent: it is left out",
      path: "/widgets",
      operation: {
        requestBody: {
          content: { "application/json": { schema: { type: "object", properties: { x: { type: "string" } } } } },
        },
      },
      key: "GET /widgets",
      holds: ["Its request body is left out: endpoint-options sends none with GET.", '  "GET /widgets": {};'],
      entry: { method: "GET", url: "/widgets" },
    },
    {
      rule: "OpenAPI 3.1 types: a list of types, null among them, and const",
      path: "/widgets",
      version: "3.1.0",
      operation: {
        parameters: [query("size", { type: ["integer", "null"] }), query("kind", { const: "gear" })],
      },
      key: "GET /widgets",
      holds: ["    size?: number | null | undefined;", '    kind?: "gear" | null | undefined;'],
      entry: {
        method: "GET",
        url: "/widgets",
        parameters: [
          { name: "size", in: "query" },
          { name: "kind", in: "query" },
        ],
      },
    },
    {
      rule: "a path placeholder no parameter describes is still a required string",
      path: "/widgets/{id}",
      operation: {},
      key: "GET /widgets/{id}",
      holds: ["    id: string;"],
      entry: { method: "GET", url: "/widgets/{id}" },
    },
    {
      rule: "a local $ref is followed, for parameters and schemas",
      path: "/widgets/{id}",
      operation: { parameters: [{ $ref: "#/components/parameters/Id" }] },
      extra: {
        components: {
          parameters: { Id: { name: "id", in: "path", required: true, schema: { $ref: "#/components/schemas/Id" } } },
          schemas: { Id: { type: "integer" } },
        },
      },
      key: "GET /widgets/{id}",
      holds: ["    id: number;"],
      entry: { method: "GET", url: "/widgets/{id}" },
    },
    {
      rule: "a literal `:` before a word in the path (Google's `/models:list`) is `%3A` in the url, the key as written",
      path: "/v1/models/{model}:generateContent",
      method: "post",
      operation: { parameters: [pathParameter("model", { type: "string" })] },
      key: "POST /v1/models/{model}:generateContent",
      holds: ["    model: string;"],
      entry: { method: "POST", url: "/v1/models/{model}%3AgenerateContent" },
    },
    {
      rule: "a `:` after the path's own query is left as it is",
      path: "/search?q=a:b",
      operation: {},
      key: "GET /search?q=a:b",
      holds: ['  "GET /search?q=a:b": {};'],
      entry: { method: "GET", url: "/search?q=a:b" },
    },
    {
      rule: "a deepObject query parameter of a route with a body is the runtime's, never the body's",
      path: "/jobs",
      method: "delete",
      operation: { parameters: [query("filter", { type: "object" }, { style: "deepObject", explode: true })] },
      key: "DELETE /jobs",
      holds: ["    filter?: Record<string, unknown> | null | undefined;"],
      entry: {
        method: "DELETE",
        url: "/jobs",
        parameters: [{ name: "filter", in: "query", style: "deepObject", explode: true }],
      },
    },
    {
      rule: "an operation's own server is noted",
      path: "/upload",
      method: "put",
      operation: { servers: [{ url: "https://uploads.example.com" }] },
      key: "PUT /upload",
      holds: [
        'This operation\'s server is "https://uploads.example.com" (/paths/~1upload/put/servers): pass it as baseUrl.',
      ],
      entry: { method: "PUT", url: "/upload" },
    },
    {
      rule: "a JSON string body is data, a string (the runtime writes its JSON text)",
      path: "/echo",
      method: "post",
      operation: { requestBody: { required: true, content: { "application/json": { schema: { type: "string" } } } } },
      key: "POST /echo",
      holds: ["    data: string;"],
      entry: { method: "POST", url: "/echo", body: { kind: "json", required: true } },
    },
    {
      rule: "a body under a media range (*/*) is JSON, labelled by the runtime as application/json",
      path: "/things",
      method: "post",
      operation: {
        requestBody: {
          required: true,
          content: { "*/*": { schema: { type: "object", properties: { name: { type: "string" } } } } },
        },
      },
      key: "POST /things",
      holds: ["    name?: string | undefined;"],
      entry: { method: "POST", url: "/things", body: { kind: "json", required: true } },
    },
    {
      rule: "a string under a media range is JSON too: a JSON string",
      path: "/blobs",
      method: "put",
      operation: {
        requestBody: { content: { "*/*": { schema: { type: "string", format: "binary" } } } },
      },
      key: "PUT /blobs",
      holds: ["    data?: string | undefined;"],
      entry: { method: "PUT", url: "/blobs", body: { kind: "json" } },
    },
    {
      rule: "a path with a query of its own keeps it in the url: the runtime continues it",
      path: "/items?action=archive",
      method: "post",
      operation: { parameters: [query("dry_run", { type: "boolean" })] },
      key: "POST /items?action=archive",
      holds: ["    dry_run?: boolean | null | undefined;"],
      entry: { method: "POST", url: "/items?action=archive", parameters: [{ name: "dry_run", in: "query" }] },
    },
  ])("$rule", ({ path, method = "get", operation, key, holds, version, extra, entry }) => {
    const document = documentOf(path, method, operation, extra ?? {});
    if (version !== undefined) document.openapi = version;
    const { source } = generateRouteMap(document, { source: "widgets.yaml" });
    const written = entryOf(source, key);
    for (const text of holds) expect(written).toContain(text);
    // How the route is sent; `names` (the route's keys, for the command line) has its own cases below.
    const { names: _names, ...sent } = operationTable(source)[key] ?? {};
    expect(sent).toEqual(entry);
  });

  it("an operation's parameter replaces the path item's of the same name and place", () => {
    const document: Json = {
      openapi: "3.0.3",
      info: { title: "Widgets", version: "1" },
      paths: {
        "/widgets": {
          parameters: [query("page", { type: "string" })],
          get: { parameters: [query("page", { type: "integer" })] },
        },
      },
    };
    const entry = entryOf(generateRouteMap(document, { source: "w.json" }).source, "GET /widgets");
    expect(entry).toContain("page?: number | null | undefined;");
    expect(entry).not.toContain("page?: string");
  });

  it("writes a module with the interface and a strict endpoint made from rest, at the first server", () => {
    const document = documentOf(
      "/widgets",
      "get",
      {},
      { servers: [{ url: "https://{region}.example.com/v1", variables: { region: { default: "eu" } } }] },
    );
    const { source, routes } = generateRouteMap(document, { source: "widgets.yaml", name: "Widgets" });
    expect(routes).toBe(1);
    expect(source).toContain(
      'import { rest, withOperations, type OperationTable, type StrictEndpoint } from "endpoint-options";',
    );
    expect(source).toContain("export interface WidgetsRoutes {");
    expect(source).toContain(
      'const operations: OperationTable = JSON.parse("{\\"GET /widgets\\":{\\"method\\":\\"GET\\",\\"url\\":\\"/widgets\\",\\"names\\":[]}}");',
    );
    expect(source).toContain(
      'export const widgets: StrictEndpoint<WidgetsRoutes> = withOperations(rest.defaults({ baseUrl: "https://eu.example.com/v1" }), operations);',
    );
  });

  it("leaves the baseUrl to the caller when the document names no absolute server", () => {
    const document = documentOf("/widgets", "get", {}, { servers: [{ url: "/api/v3" }] });
    const { source } = generateRouteMap(document, { source: "widgets.yaml" });
    expect(source).toContain("export const widgets: StrictEndpoint<WidgetsRoutes> = withOperations(rest, operations);");
    expect(source).toContain('set one with widgets.defaults({ baseUrl: "https://host/api/v3" })');
  });

  it("names the map apart from reserved words and its own import", () => {
    const titled = (title: string): Json => ({ ...documentOf("/w", "get", {}), info: { title, version: "1" } });
    expect(generateRouteMap(titled("Delete"), { source: "d" }).source).toContain(
      "export const deleteApi: StrictEndpoint<DeleteApiRoutes>",
    );
    expect(generateRouteMap(titled("Rest"), { source: "r" }).source).toContain("export const restApi:");
    expect(generateRouteMap(titled("Operations"), { source: "o" }).source).toContain("export const operationsApi:");
    expect(() => generateRouteMap(titled("x"), { source: "x", name: "Rest" })).toThrow(
      /must be PascalCase letters and digits/,
    );
    expect(() => generateRouteMap(titled("x"), { source: "x", name: "Default" })).toThrow(OpenApiError);
  });

  it("says where a relative server is, for the baseUrl to set", () => {
    const document = documentOf("/widgets", "get", {}, { servers: [{ url: "/api/v3" }] });
    expect(generateRouteMap(document, { source: "w" }).source).toContain(
      '(its server is "/api/v3", relative to where it is served): set one with widgets.defaults({ baseUrl: "https://host/api/v3" })',
    );
  });

  it("takes the baseUrl given", () => {
    const { source } = generateRouteMap(documentOf("/w", "get", {}), { source: "w", baseUrl: "http://localhost:8080" });
    expect(source).toContain('rest.defaults({ baseUrl: "http://localhost:8080" })');
  });
});

describe("each route's names are its type's top-level keys, for the command line's checks", () => {
  it.each<[string, string, string, Json, Json, string[]]>([
    [
      "path and query parameters, flat",
      "/items/{id}",
      "get",
      { parameters: [pathParameter("id", { type: "integer" }), query("per_page", { type: "integer" })] },
      {},
      ["id", "per_page"],
    ],
    [
      "named like options: under parameters; headers and cookies in their groups",
      "/hooks/{url}",
      "get",
      {
        parameters: [
          pathParameter("url", { type: "string" }),
          { name: "X-Trace", in: "header", schema: { type: "string" } },
          { name: "sid", in: "cookie", schema: { type: "string" } },
        ],
      },
      {},
      ["parameters", "headers", "cookies"],
    ],
    [
      "a flat body's fields, those of allOf and oneOf items among them",
      "/pets",
      "post",
      {
        requestBody: json({
          allOf: [{ $ref: "#/components/schemas/Named" }],
          properties: { legs: { type: "integer" } },
          oneOf: [{ properties: { wings: { type: "integer" } } }, { properties: { fins: { type: "integer" } } }],
        }),
      },
      { components: { schemas: { Named: { type: "object", properties: { name: { type: "string" } } } } } },
      ["legs", "name", "wings", "fins"],
    ],
    [
      "an object with an empty properties takes any field: data",
      "/hooks",
      "post",
      { requestBody: json({ type: "object", properties: {} }) },
      {},
      ["data"],
    ],
    [
      "a body whose field a parameter names: data",
      "/items/{id}",
      "patch",
      {
        parameters: [pathParameter("id", { type: "integer" })],
        requestBody: json({ properties: { id: { type: "string" } } }),
      },
      {},
      ["id", "data"],
    ],
  ])("%s", (_, path, method, operation, extra, names) => {
    const { source, names: byRoute } = generateRouteMap(documentOf(path, method, operation, extra), {
      source: "w.json",
    });
    const key = `${method.toUpperCase()} ${path}`;
    expect([...(byRoute[key] ?? [])].sort()).toEqual([...names].sort());
    expect(operationTable(source)[key]?.names).toEqual(byRoute[key]);
  });
});

describe("a document the generator cannot read is refused, naming the place", () => {
  const broken = (operation: Json, extra: Json = {}): Json => documentOf("/w/{id}", "get", operation, extra);
  it.each([
    { rule: "not an object", document: ["openapi"], pointer: "", message: "the document is not a JSON or YAML object" },
    {
      rule: "Swagger 2.0",
      document: { swagger: "2.0", paths: {} },
      pointer: "/swagger",
      message: "the document is Swagger 2.0, not OpenAPI 3.0 or 3.1; convert it first (e.g. npx swagger2openapi)",
    },
    {
      rule: "no openapi version",
      document: { paths: {} },
      pointer: "",
      message: 'the document has no "openapi" version: it is not an OpenAPI 3.0 or 3.1 document',
    },
    {
      rule: "a version other than 3.0 and 3.1",
      document: { openapi: "3.2.0", paths: {} },
      pointer: "/openapi",
      message: "OpenAPI 3.2.0 is not supported; the generator reads 3.0 and 3.1",
    },
    {
      rule: "a $ref that points to nothing",
      document: broken({ parameters: [{ $ref: "#/components/parameters/Missing" }] }),
      pointer: "/paths/~1w~1{id}/get/parameters/0/$ref",
      message: '$ref "#/components/parameters/Missing" points to nothing in the document',
    },
    {
      rule: "a $ref into another file",
      document: broken({ parameters: [{ $ref: "parameters.yaml#/Id" }] }),
      pointer: "/paths/~1w~1{id}/get/parameters/0/$ref",
      message:
        '$ref "parameters.yaml#/Id" points into another file, and only local references (#/…) are followed; bundle the document into one file first (e.g. npx @redocly/cli bundle)',
    },
    {
      rule: "a $ref cycle",
      document: broken(
        { parameters: [{ $ref: "#/components/parameters/A" }] },
        {
          components: {
            parameters: { A: { $ref: "#/components/parameters/B" }, B: { $ref: "#/components/parameters/A" } },
          },
        },
      ),
      pointer: "/paths/~1w~1{id}/get/parameters/0",
      message: /^\$ref "#\/components\/parameters\/[AB]" leads round in a cycle$/,
    },
  ])("$rule", ({ document, pointer, message }) => {
    const refusal = openApiErrorFrom(() => generateRouteMap(document, { source: "bad.json" }));
    expect(refusal.pointer).toBe(pointer);
    expect(refusal.message).toMatch(message);
  });
});

describe("a valid document is never refused: what cannot be sent is left out with a note, what a url cannot hold is encoded", () => {
  it.each([
    {
      rule: "a TRACE operation is left out, said in the map's doc comment",
      document: { ...documentOf("/w", "trace", {}), paths: { "/w": { trace: {}, get: {} } } },
      holds: [
        " * TRACE /w is left out: endpoint-options sends GET, HEAD, POST, PUT, PATCH, DELETE and OPTIONS.",
        '  "GET /w": {};',
      ],
      routes: ["GET /w"],
    },
    {
      rule: "an extension among the paths is no path",
      document: { ...documentOf("/w", "get", {}), paths: { "/w": { get: {} }, "x-internal": "yes" } },
      holds: ['  "GET /w": {};'],
      routes: ["GET /w"],
    },
    {
      rule: "a parameter in a place OpenAPI 3 has not (Swagger's body) is left out, with a note",
      document: documentOf("/w", "get", { parameters: [{ name: "payload", in: "body" }] }),
      holds: ['Left out: parameter `payload` (in "body", a place OpenAPI 3 has not).', '  "GET /w": {};'],
      routes: ["GET /w"],
    },
    {
      rule: "… and one whose place is not a string (an object that cannot even be printed)",
      document: documentOf("/w", "get", { parameters: [{ name: "x", in: { toString: 1, valueOf: 1 } }] }),
      holds: ['Left out: parameter `x` (in {"toString":1,"valueOf":1}, a place OpenAPI 3 has not).'],
      routes: ["GET /w"],
    },
    {
      rule: "a path parameter the path does not name is left out, with a note",
      document: documentOf("/w", "get", { parameters: [pathParameter("id", { type: "string" })] }),
      holds: ["Left out: path parameter `id` (the path has no {id})."],
      routes: ["GET /w"],
    },
    {
      rule: "a path parameter named like an option is passed under parameters, by a variable of another name",
      document: documentOf("/w/{url}", "get", { parameters: [pathParameter("url", { type: "string" })] }),
      holds: ["    parameters: {\n      path: {\n        url: string;\n      };\n    };"],
      routes: ["GET /w/{url}"],
    },
    {
      rule: "a placeholder a url template cannot hold is renamed, its text encoded",
      document: documentOf("/w/{a b}/{}", "get", {}),
      holds: ['    "a b": string;'],
      routes: ["GET /w/{a b}/{}"],
    },
  ])("$rule", ({ document, holds, routes }) => {
    const { source } = generateRouteMap(document, { source: "valid.json" });
    for (const text of holds) expect(source).toContain(text);
    expect(Object.keys(operationTable(source))).toEqual(routes);
  });

  it("in GitHub's form, a path parameter named like an option is still refused: the core cannot fill it", () => {
    const document = documentOf("/w/{url}", "get", { parameters: [pathParameter("url", { type: "string" })] });
    const refusal = openApiErrorFrom(() => generateRouteMap(document, { source: "bad.json", github: true }));
    expect(refusal.pointer).toBe("/paths/~1w~1{url}/get/parameters/0");
    expect(refusal.message).toBe(
      'path parameter "url" is named like an endpoint-options option, which a url placeholder cannot be',
    );
  });
});

describe("GitHub's form keys routes as @octokit/types does, and has no table", () => {
  it.each([
    {
      rule: "a route with a body takes its query parameters in a {?…} expression",
      path: "/widgets",
      method: "post",
      operation: {
        parameters: [query("dry_run", { type: "boolean" }), query("tags", STRINGS)],
        requestBody: {
          content: { "application/json": { schema: { type: "object", properties: { name: { type: "string" } } } } },
        },
      },
      line: '  "POST /widgets{?dry_run,tags}": { dry_run?: boolean | null | undefined; tags?: readonly string[] | null | undefined; name?: string | undefined };',
    },
    {
      rule: "a route without a body leaves its query parameters over, a comma-separated one also an array",
      path: "/widgets",
      method: "get",
      operation: { parameters: [query("labels", { type: "string" }, { description: "Comma-separated." })] },
      line: '  "GET /widgets": { labels?: string | readonly string[] | null | undefined };',
    },
    {
      rule: "a query parameter named like an option is left out",
      path: "/redirect",
      method: "get",
      operation: { parameters: [query("url", { type: "string" })] },
      line: '  "GET /redirect": {};',
    },
    {
      rule: "a body field named like a path parameter: the whole body in data",
      path: "/widgets/{name}",
      method: "patch",
      operation: {
        parameters: [pathParameter("name", { type: "string" })],
        requestBody: {
          content: {
            "application/json": {
              schema: { type: "object", properties: { name: { type: "string" }, value: { type: "string" } } },
            },
          },
        },
      },
      line: '  "PATCH /widgets/{name}": { name: string; data?: { name?: string | undefined; value?: string | undefined } | undefined };',
    },
  ])("$rule", ({ path, method, operation, line }) => {
    const { source } = generateRouteMap(documentOf(path, method, operation), { source: "w.json", github: true });
    expect(source.split("\n")).toContain(line);
    expect(source).not.toContain("OperationTable");
  });
});
