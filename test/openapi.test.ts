// The OpenAPI generator (src/openapi.ts): each rule of docs/cli.md ("endpoint-options openapi") on a small
// document, and each refusal with the JSON pointer of its place.
import { describe, expect, it } from "vitest";
import { generateRouteMap, OpenApiError } from "../src/openapi.js";
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

/** The generated entry of one route: its doc comment, key and type. */
function entryOf(source: string, key: string): string {
  const at = source.indexOf(`  ${JSON.stringify(key)}: `);
  if (at === -1) throw new Error(`no route ${key} in\n${source}`);
  const start = source.lastIndexOf("\n  /**", at);
  const docStart = start !== -1 && !source.slice(start, at).includes('\n  "') ? start + 1 : at;
  return source.slice(docStart, source.indexOf("\n  }", at) === -1 ? undefined : source.indexOf("};", at) + 2);
}

describe("route keys and parameter types follow the document", () => {
  it.each([
    {
      rule: "a path parameter is required and typed",
      path: "/widgets/{id}",
      operation: { parameters: [pathParameter("id", { type: "integer" })] },
      key: "GET /widgets/{id}",
      holds: ["    id: number;"],
    },
    {
      rule: "a label path parameter is a {.x} expression",
      path: "/widgets/{id}",
      operation: { parameters: [pathParameter("id", { type: "string" }, { style: "label" })] },
      key: "GET /widgets/{.id}",
      holds: ["    id: string;"],
    },
    {
      rule: "a matrix path parameter is a {;x} expression, exploded {;x*}",
      path: "/widgets/{id}",
      operation: { parameters: [pathParameter("id", STRINGS, { style: "matrix", explode: true })] },
      key: "GET /widgets/{;id*}",
      holds: ["    id: readonly string[];"],
    },
    {
      rule: "an exploded simple path parameter is {x*}",
      path: "/widgets/{ids}",
      operation: { parameters: [pathParameter("ids", STRINGS, { explode: true })] },
      key: "GET /widgets/{ids*}",
      holds: ["    ids: readonly string[];"],
    },
    {
      rule: "a scalar query parameter is left over for the query, optional, and takes null",
      path: "/widgets",
      operation: {
        parameters: [query("color", { type: "string", enum: ["red", "blue"] }, { description: "The color." })],
      },
      key: "GET /widgets",
      holds: ['    /** The color. */\n    color?: "red" | "blue" | null | undefined;'],
    },
    {
      rule: "a required query parameter is required",
      path: "/search",
      operation: { parameters: [query("q", { type: "string" }, { required: true })] },
      key: "GET /search",
      holds: ["    q: string;"],
    },
    {
      rule: "a form list, exploded by default, is a {?x*} expression (tags=a&tags=b)",
      path: "/widgets",
      operation: { parameters: [query("tags", STRINGS)] },
      key: "GET /widgets{?tags*}",
      holds: ["    tags?: readonly string[] | null | undefined;"],
    },
    {
      rule: "a form list not exploded is left over: the query joins it with commas",
      path: "/widgets",
      operation: { parameters: [query("tags", STRINGS, { explode: false })] },
      key: "GET /widgets",
      holds: ["    tags?: readonly string[] | null | undefined;"],
    },
    {
      rule: "a form object is an expression: exploded {?x*} (a=1&b=2), else {?x} (x=a,1,b,2)",
      path: "/widgets",
      operation: {
        parameters: [
          query("filter", { type: "object", properties: { a: { type: "string" } } }),
          query("range", { type: "object", properties: { from: { type: "integer" } } }, { explode: false }),
        ],
      },
      key: "GET /widgets{?filter*,range}",
      holds: ["    filter?: { a?: string | undefined } | null | undefined;"],
    },
    {
      rule: "a deepObject is one key per property, typed by a template index signature, with a note",
      path: "/widgets",
      operation: {
        parameters: [query("created", { type: "object" }, { style: "deepObject", explode: true })],
      },
      key: "GET /widgets",
      holds: [
        '`created` is a deepObject: send each property as its own key, e.g. { "created[key]": value }.',
        // A TypeScript template literal type, written out as it appears in the module: the name stands in it
        // as a string literal type, so no document text is template text.
        `    readonly [key: \`\${"created"}[\${string}]\`]: string | number | boolean | Date | null | undefined;`,
      ],
    },
    {
      rule: "a space- or pipe-delimited list is a string the caller joins, with a note",
      path: "/widgets",
      operation: {
        parameters: [
          query("ids", STRINGS, { style: "spaceDelimited", explode: false }),
          query("names", STRINGS, { style: "pipeDelimited", explode: false }),
        ],
      },
      key: "GET /widgets",
      holds: [
        '   * `ids` is spaceDelimited: join its items yourself, e.g. ids: items.join(" ").',
        '   * `names` is pipeDelimited: join its items yourself, e.g. names: items.join("|").',
        "    ids?: string | null | undefined;",
      ],
    },
    {
      rule: "allowReserved is noted: reserved characters go percent-encoded, which servers decode alike",
      path: "/files",
      operation: { parameters: [query("path", { type: "string" }, { allowReserved: true })] },
      key: "GET /files",
      holds: ["`path` allows reserved characters; they are sent percent-encoded"],
    },
    {
      rule: "header and cookie parameters are not parameters: a note says to send them as headers",
      path: "/widgets",
      operation: {
        summary: "List widgets",
        operationId: "listWidgets",
        parameters: [
          { name: "x-request-id", in: "header", required: true, schema: { type: "string" } },
          { name: "session", in: "cookie", schema: { type: "string" } },
        ],
      },
      key: "GET /widgets",
      holds: [
        "   * List widgets (listWidgets)\n   * Header parameters, sent in `headers`: x-request-id (required).",
        "   * Cookie parameters, sent in one `cookie` header (`name=value; …`): session.",
        '  "GET /widgets": {};',
      ],
    },
    {
      rule: "a route with a body takes its query parameters in an expression, lists exploded",
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
      key: "POST /widgets{?dry_run,tags*}",
      holds: ["    /** Its name. */\n    name: string;", "    dry_run?: boolean | null | undefined;"],
    },
    {
      rule: "a body that is not JSON is data, with a note of its media types",
      path: "/upload",
      method: "put",
      operation: { requestBody: { required: true, content: { "text/plain": { schema: { type: "string" } } } } },
      key: "PUT /upload",
      holds: ["The body is text/plain: send it as `data`, with its content-type header.", "    data: string;"],
    },
    {
      rule: "a +json body is JSON",
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
        "Body field `name` shares the name of a path parameter or option: send the body as `data`.",
        "    data?: { name?: string | undefined } | undefined;",
      ],
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
      holds: ['  "GET /widgets": {};'],
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
    },
    {
      rule: "a path placeholder no parameter describes is still a required string",
      path: "/widgets/{id}",
      operation: {},
      key: "GET /widgets/{id}",
      holds: ["    id: string;"],
    },
    {
      rule: "a query parameter named like an option cannot be a parameter: a note says so",
      path: "/redirect",
      operation: { parameters: [query("url", { type: "string" })] },
      key: "GET /redirect",
      holds: [
        'Query parameter `url` is named like an option: pass the url with it, e.g. url: "/redirect?url=…".',
        '  "GET /redirect": {};',
      ],
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
    },
    {
      rule: "a literal `:` before a word (Google's `/models:list`) is `%3A`, not a placeholder",
      path: "/v1/models/{model}:generateContent",
      method: "post",
      operation: { parameters: [pathParameter("model", { type: "string" })] },
      key: "POST /v1/models/{model}%3AgenerateContent",
      holds: ["The path's `:` is sent as `%3A` (so written in the route key)", "    model: string;"],
    },
    {
      rule: "a deepObject query parameter of a route with a body is sent through the url option, not the body",
      path: "/jobs",
      method: "delete",
      operation: { parameters: [query("filter", { type: "object" }, { style: "deepObject", explode: true })] },
      key: "DELETE /jobs",
      holds: [
        'Query parameter `filter` cannot be a parameter here (it would go into the body or clash with a path parameter): pass the url with it, e.g. url: "/jobs?filter%5Bkey%5D=…".',
        '  "DELETE /jobs": {};',
      ],
    },
    {
      rule: "a query parameter whose name no url template can hold: through the url option on a route with a body",
      path: "/batch",
      method: "post",
      operation: { parameters: [query("$filter", { type: "string" }), query("top", { type: "integer" })] },
      key: "POST /batch{?top}",
      holds: ['pass the url with it, e.g. url: "/batch?%24filter=…".'],
    },
    {
      rule: "the same name on a GET is left over, as any key: sent encoded",
      path: "/items",
      operation: { parameters: [query("$filter", { type: "string" }), query("page[size]", STRINGS)] },
      key: "GET /items",
      holds: [
        "    $filter?: string | null | undefined;",
        "`page[size]` is sent as one key, a list joined with commas: its name cannot be a url template variable.",
      ],
    },
    {
      rule: "a query parameter named like a path parameter is sent through the url option",
      path: "/same/{id}",
      operation: { parameters: [pathParameter("id", { type: "integer" }), query("id", { type: "integer" })] },
      key: "GET /same/{id}",
      holds: ['pass the url with it, e.g. url: "/same/{id}?id=…".', "    id: number;"],
    },
    {
      rule: "cookie parameters are noted apart from headers, as one cookie header",
      path: "/w",
      operation: { parameters: [{ name: "session", in: "cookie", schema: { type: "string" } }] },
      key: "GET /w",
      holds: ["Cookie parameters, sent in one `cookie` header (`name=value; …`): session."],
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
    },
    {
      rule: "a JSON body of a media type of its own is noted: the content-type to set",
      path: "/articles",
      method: "post",
      operation: {
        requestBody: {
          content: {
            "application/vnd.api+json": { schema: { type: "object", properties: { data: { type: "object" } } } },
          },
        },
      },
      key: "POST /articles",
      holds: ["The body is application/vnd.api+json: set that content-type header"],
    },
    {
      rule: "a JSON string body is noted: its JSON text is the data",
      path: "/echo",
      method: "post",
      operation: { requestBody: { required: true, content: { "application/json": { schema: { type: "string" } } } } },
      key: "POST /echo",
      holds: ["The body is a JSON string: pass JSON.stringify(text) as `data`", "    data: string;"],
    },
    {
      rule: "a route whose path has a query of its own continues it with {&…}",
      path: "/items?action=archive",
      method: "post",
      operation: { parameters: [query("dry_run", { type: "boolean" })] },
      key: "POST /items?action=archive{&dry_run}",
      holds: ["    dry_run?: boolean | null | undefined;"],
    },
  ])("$rule", ({ path, method = "get", operation, key, holds, version, extra }) => {
    const document = documentOf(path, method, operation, extra ?? {});
    if (version !== undefined) document.openapi = version;
    const { source } = generateRouteMap(document, { source: "widgets.yaml" });
    const entry = entryOf(source, key);
    for (const text of holds) expect(entry).toContain(text);
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
    expect(source).toContain('import { rest, type StrictEndpoint } from "endpoint-options";');
    expect(source).toContain("export interface WidgetsRoutes {");
    expect(source).toContain(
      'export const widgets: StrictEndpoint<WidgetsRoutes> = rest.defaults({ baseUrl: "https://eu.example.com/v1" });',
    );
  });

  it("leaves the baseUrl to the caller when the document names no absolute server", () => {
    const document = documentOf("/widgets", "get", {}, { servers: [{ url: "/api/v3" }] });
    const { source } = generateRouteMap(document, { source: "widgets.yaml" });
    expect(source).toContain("export const widgets: StrictEndpoint<WidgetsRoutes> = rest;");
    expect(source).toContain('set one with widgets.defaults({ baseUrl: "https://host/api/v3" })');
  });

  it("names the map apart from reserved words and its own import", () => {
    const titled = (title: string): Json => ({ ...documentOf("/w", "get", {}), info: { title, version: "1" } });
    expect(generateRouteMap(titled("Delete"), { source: "d" }).source).toContain(
      "export const deleteApi: StrictEndpoint<DeleteApiRoutes>",
    );
    expect(generateRouteMap(titled("Rest"), { source: "r" }).source).toContain("export const restApi:");
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
    {
      rule: "a TRACE operation",
      document: documentOf("/w", "trace", {}),
      pointer: "/paths/~1w/trace",
      message:
        "TRACE is not a method endpoint-options sends (GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS); remove the operation from a copy of the document",
    },
    {
      rule: "a parameter in a place OpenAPI 3 has not (Swagger's body)",
      document: broken({ parameters: [{ name: "payload", in: "body" }] }),
      pointer: "/paths/~1w~1{id}/get/parameters/0/in",
      message: 'parameter "payload" is in "body"; a parameter is in path, query, header or cookie',
    },
    {
      rule: "a path parameter named like an option",
      document: documentOf("/w/{url}", "get", { parameters: [pathParameter("url", { type: "string" })] }),
      pointer: "/paths/~1w~1{url}/get/parameters/0",
      message: 'path parameter "url" is named like an endpoint-options option, which a url placeholder cannot be',
    },
    {
      rule: "a parameter whose place is not a string (an object that cannot even be printed)",
      document: broken({ parameters: [{ name: "x", in: { toString: 1, valueOf: 1 } }] }),
      pointer: "/paths/~1w~1{id}/get/parameters/0/in",
      message: 'parameter "x" is in {"toString":1,"valueOf":1}; a parameter is in path, query, header or cookie',
    },
    {
      rule: "a path the runtime cannot expand",
      document: documentOf("/w/{a b}", "get", {}),
      pointer: "/paths/~1w~1{a b}",
      message: /^route "GET \/w\/\{a b\}" cannot be sent: /,
    },
  ])("$rule", ({ document, pointer, message }) => {
    const refusal = openApiErrorFrom(() => generateRouteMap(document, { source: "bad.json" }));
    expect(refusal.pointer).toBe(pointer);
    expect(refusal.message).toMatch(message);
  });
});
