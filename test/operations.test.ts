// withOperations: every rule of the operation table (docs/api.md#withoperationsendpoint-table), one named case
// each, over hand-written tables. "SPEC:" marks a row of OpenAPI's style table.
import { inspect, isDeepStrictEqual } from "node:util";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  EndpointError,
  type Operation,
  type OperationTable,
  type RequestOptions,
  rest,
  type SerializationStyle,
  withOperations,
} from "../src/index.js";
import { deepFreeze } from "./helpers/frozen.js";
import { fuzz, TIMEOUT } from "./helpers/fuzz.js";
import { call, confirmedGrowth } from "./helpers/linear.js";
import { endpointErrorFrom, settle } from "./helpers/thrown.js";

const BASE = "https://api.example.com";
/** The options' own names, and the generated endpoint's: never a flat parameter's. */
const OPTION_KEYS = new Set([
  "method",
  "baseUrl",
  "url",
  "headers",
  "mediaType",
  "request",
  "data",
  "parameters",
  "cookies",
]);
const base = rest.defaults({ baseUrl: BASE });

/** An endpoint function as the table-driven cases call it: any route, any options. */
interface Loose {
  (route: unknown, options?: unknown): RequestOptions;
  readonly DEFAULTS: unknown;
  defaults(options?: unknown): Loose;
  merge(route?: unknown, options?: unknown): Record<string, unknown>;
  parse(options: unknown): RequestOptions;
}

function sending(table: OperationTable, endpoint: unknown = base): Loose {
  return withOperations(endpoint as typeof base, table) as unknown as Loose;
}

/** The query a call writes: the url's text after its `?`, before any `#`. */
function queryOf(url: string): string | undefined {
  const start = url.indexOf("?");
  if (start === -1) return undefined;
  const hash = url.indexOf("#", start);
  return url.slice(start + 1, hash === -1 ? undefined : hash);
}

/** A FormData's parts, each a name and its text, or a description of its Blob or File. */
async function partsOf(form: unknown): Promise<[string, unknown][]> {
  expect(form).toBeInstanceOf(FormData);
  const entries: [string, FormDataEntryValue][] = [];
  (form as FormData).forEach((value, name) => {
    entries.push([name, value]);
  });
  const parts: [string, unknown][] = [];
  for (const [name, value] of entries) {
    parts.push([
      name,
      typeof value === "string" ? value : { name: value.name, type: value.type, text: await value.text() },
    ]);
  }
  return parts;
}

// ---- OpenAPI's style table ------------------------------------------------------------------------------

describe("query parameters are written as OpenAPI's style table says", () => {
  // https://spec.openapis.org/oas/v3.1.1#style-examples: 3.1.1 corrects 3.1.0's table, which left the name out of
  // the spaceDelimited and pipeDelimited rows and wrote `|`, `[` and `]` as they are, which RFC 3986 does not
  // allow in a query. The 3.1.0 text of a row that differs only so is kept in `spec310`: both decode alike.
  const color = { string: "blue", array: ["blue", "black", "brown"], object: { R: 100, G: 200, B: 150 } };
  interface StyleRow {
    style: SerializationStyle | undefined;
    explode: boolean | undefined;
    value: keyof typeof color | "empty";
    query: string;
    spec310?: string;
  }
  const rows: StyleRow[] = [
    { style: "form", explode: false, value: "empty", query: "color=" },
    { style: "form", explode: false, value: "string", query: "color=blue" },
    { style: "form", explode: false, value: "array", query: "color=blue,black,brown" },
    { style: "form", explode: false, value: "object", query: "color=R,100,G,200,B,150" },
    { style: "form", explode: true, value: "empty", query: "color=" },
    { style: "form", explode: true, value: "string", query: "color=blue" },
    { style: "form", explode: true, value: "array", query: "color=blue&color=black&color=brown" },
    { style: "form", explode: true, value: "object", query: "R=100&G=200&B=150" },
    { style: "spaceDelimited", explode: false, value: "array", query: "color=blue%20black%20brown" },
    { style: "spaceDelimited", explode: false, value: "object", query: "color=R%20100%20G%20200%20B%20150" },
    {
      style: "pipeDelimited",
      explode: false,
      value: "array",
      query: "color=blue%7Cblack%7Cbrown",
      spec310: "color=blue|black|brown",
    },
    {
      style: "pipeDelimited",
      explode: false,
      value: "object",
      query: "color=R%7C100%7CG%7C200%7CB%7C150",
      spec310: "color=R|100|G|200|B|150",
    },
    {
      style: "deepObject",
      explode: true,
      value: "object",
      query: "color%5BR%5D=100&color%5BG%5D=200&color%5BB%5D=150",
      spec310: "color[R]=100&color[G]=200&color[B]=150",
    },
    // The defaults: form explodes; every other style does not.
    { style: undefined, explode: undefined, value: "array", query: "color=blue&color=black&color=brown" },
    { style: undefined, explode: undefined, value: "object", query: "R=100&G=200&B=150" },
    { style: "pipeDelimited", explode: undefined, value: "array", query: "color=blue%7Cblack%7Cbrown" },
  ];

  it.each(rows)(
    "SPEC: $style, explode $explode, the $value value: ?$query",
    ({ style, explode, value, query, spec310 }) => {
      const parameter = {
        name: "color",
        in: "query" as const,
        ...(style && { style }),
        ...(explode !== undefined && { explode }),
      };
      const api = sending({ "GET /colors": { method: "GET", url: "/colors", parameters: [parameter] } });
      const url = api("GET /colors", { color: value === "empty" ? "" : color[value] }).url;
      expect(url).toBe(`${BASE}/colors?${query}`);
      if (spec310 !== undefined) {
        expect([...new URL(url).searchParams]).toStrictEqual([...new URLSearchParams(spec310)]);
      }
    },
  );

  // The cells the table leaves n/a: what the runtime does there.
  it.each<
    [
      string,
      Partial<Operation["parameters"] extends readonly (infer P)[] | undefined ? P : never>,
      unknown,
      string | undefined,
    ]
  >([
    ["a scalar spaceDelimited is one pair", { style: "spaceDelimited" }, "blue", "color=blue"],
    ["a scalar pipeDelimited is one pair", { style: "pipeDelimited" }, 7, "color=7"],
    [
      "spaceDelimited exploded repeats the name",
      { style: "spaceDelimited", explode: true },
      ["a", "b"],
      "color=a&color=b",
    ],
    [
      "pipeDelimited exploded writes an object's keys as names",
      { style: "pipeDelimited", explode: true },
      { R: 1 },
      "R=1",
    ],
    ["deepObject without explode writes brackets all the same", { style: "deepObject" }, { R: 1 }, "color%5BR%5D=1"],
    [
      "a list under deepObject is indexed, as Stripe's expand[0]",
      { style: "deepObject" },
      ["a", "b"],
      "color%5B0%5D=a&color%5B1%5D=b",
    ],
    ["an empty list writes nothing (RFC 6570: undefined)", {}, [], undefined],
    ["an empty list unexploded writes nothing", { explode: false }, [], undefined],
    ["an empty object writes nothing", { explode: false }, {}, undefined],
    ["an object of only null members writes nothing", {}, { a: null }, undefined],
    ["null items are left out of a list", { explode: false }, ["a", null, undefined, "b"], "color=a,b"],
    ["an empty string item stays", {}, ["", "x"], "color=&color=x"],
    ["a comma inside an item is data: encoded", { explode: false }, ["a,b", "c"], "color=a%2Cb,c"],
    [
      "a pipe inside a pipeDelimited item is encoded as the delimiter is",
      { style: "pipeDelimited" },
      ["a|b"],
      "color=a%7Cb",
    ],
  ])("%s", (_, parameter, value, query) => {
    const api = sending({
      "GET /colors": { method: "GET", url: "/colors", parameters: [{ name: "color", in: "query", ...parameter }] },
    });
    expect(queryOf(api("GET /colors", { color: value }).url)).toBe(query);
  });
});

// ---- Rules over hand-written tables ---------------------------------------------------------------------

interface Case {
  rule: string;
  operation: Operation;
  /** `.defaults()` of the wrapped endpoint, before the call. */
  defaults?: Record<string, unknown>;
  options?: Record<string, unknown>;
  /** The url, or the fields of the result that must match (headers: the whole headers). */
  expected: string | Partial<RequestOptions>;
}

const JSON_TYPE = "application/json; charset=utf-8";
const FORM_TYPE = "application/x-www-form-urlencoded";
const PARAMS = new URLSearchParams("a=1");
const GIF = new Blob(["x"], { type: "image/gif" });

const cases: Case[] = [
  {
    rule: "nested objects under deepObject: a[b][c]=v",
    operation: {
      method: "GET",
      url: "/v1/charges",
      parameters: [{ name: "created", in: "query", style: "deepObject", explode: true }],
    },
    options: { created: { range: { gte: 1, lt: 5 }, tz: "UTC" } },
    expected: `${BASE}/v1/charges?created%5Brange%5D%5Bgte%5D=1&created%5Brange%5D%5Blt%5D=5&created%5Btz%5D=UTC`,
  },
  {
    rule: "lists under deepObject are indexed: a[b][0]=x, objects in lists a[b][0][k]=v",
    operation: { method: "GET", url: "/s", parameters: [{ name: "f", in: "query", style: "deepObject" }] },
    options: { f: { tags: ["x", "y"], rules: [{ k: 1 }] } },
    expected: `${BASE}/s?f%5Btags%5D%5B0%5D=x&f%5Btags%5D%5B1%5D=y&f%5Brules%5D%5B0%5D%5Bk%5D=1`,
  },
  {
    rule: "deepObject leaves: null and undefined left out, a Date as ISO 8601, keys encoded",
    operation: { method: "GET", url: "/s", parameters: [{ name: "f", in: "query", style: "deepObject" }] },
    options: { f: { a: null, b: undefined, "c d": new Date(Date.UTC(2024, 0, 1)), e: [null, 1] } },
    expected: `${BASE}/s?f%5Bc%20d%5D=2024-01-01T00%3A00%3A00.000Z&f%5Be%5D%5B1%5D=1`,
  },
  {
    rule: "allowReserved keeps RFC 3986's reserved characters and %XX triplets, and encodes #, [ ], a lone %, and the & = + a form-encoded query reads",
    operation: { method: "GET", url: "/s", parameters: [{ name: "q", in: "query", allowReserved: true }] },
    options: { q: "a/b?c=d&e:f,g;h@i!$'()*+ %41 % #[x]" },
    expected: `${BASE}/s?q=a/b?c%3Dd%26e:f,g;h@i!$'()*%2B%20%41%20%25%20%23%5Bx%5D`,
  },
  {
    rule: "allowReserved leaves the name encoded",
    operation: { method: "GET", url: "/s", parameters: [{ name: "a/b", in: "query", allowReserved: true }] },
    options: { "a/b": "c/d" },
    expected: `${BASE}/s?a%2Fb=c/d`,
  },
  {
    rule: "a json parameter is sent as its JSON text, whatever its style",
    operation: {
      method: "GET",
      url: "/s",
      parameters: [{ name: "filter", in: "query", json: true, style: "deepObject" }],
    },
    options: { filter: { a: [1, "x"] } },
    expected: `${BASE}/s?filter=%7B%22a%22%3A%5B1%2C%22x%22%5D%7D`,
  },
  {
    rule: "undefined and null are left out, and a url without a query gets no ?",
    operation: {
      method: "GET",
      url: "/s",
      parameters: [
        { name: "a", in: "query" },
        { name: "b", in: "query" },
      ],
    },
    options: { a: undefined, b: null },
    expected: `${BASE}/s`,
  },
  {
    rule: "a Date is ISO 8601; numbers, bigints and booleans by String()",
    operation: {
      method: "GET",
      url: "/s",
      parameters: ["since", "n", "big", "yes"].map((name) => ({ name, in: "query" as const })),
    },
    options: { since: new Date(Date.UTC(2024, 0, 1)), n: 1.5, big: 10n, yes: false },
    expected: `${BASE}/s?since=2024-01-01T00%3A00%3A00.000Z&n=1.5&big=10&yes=false`,
  },
  {
    rule: "names are encoded as encodeURIComponent does: $filter, ids[], $.xgafv",
    operation: {
      method: "GET",
      url: "/s",
      parameters: [
        { name: "$filter", in: "query" },
        { name: "ids[]", in: "query" },
        { name: "$.xgafv", in: "query" },
      ],
    },
    options: { $filter: "Name eq 'a b'", "ids[]": [1, 2], "$.xgafv": "2" },
    expected: `${BASE}/s?%24filter=Name%20eq%20'a%20b'&ids%5B%5D=1&ids%5B%5D=2&%24.xgafv=2`,
  },
  {
    rule: "the query follows the table's order, not the call's",
    operation: {
      method: "GET",
      url: "/s",
      parameters: [
        { name: "b", in: "query" },
        { name: "a", in: "query" },
      ],
    },
    options: { a: 1, b: 2 },
    expected: `${BASE}/s?b=2&a=1`,
  },
  {
    rule: "a url with its own ? is joined with &",
    operation: { method: "GET", url: "/?Action=ListQueues", parameters: [{ name: "Version", in: "query" }] },
    options: { Version: "2012-11-05" },
    expected: `${BASE}/?Action=ListQueues&Version=2012-11-05`,
  },
  {
    rule: "a url with a #fragment gets the query before it (RFC 3986)",
    operation: { method: "POST", url: "/#Action=CreateQueue", parameters: [{ name: "Version", in: "query" }] },
    options: { Version: "1" },
    expected: `${BASE}/?Version=1#Action=CreateQueue`,
  },
  {
    rule: "a url with ? and # gets the query after its own, before the fragment",
    operation: { method: "GET", url: "/x?a=1#f", parameters: [{ name: "b", in: "query" }] },
    options: { b: 2 },
    expected: `${BASE}/x?a=1&b=2#f`,
  },
  {
    rule: "a path parameter named like an option is passed nested and sent under its variable (url is %75rl)",
    operation: {
      method: "GET",
      url: "/hooks/{%75rl}",
      parameters: [{ name: "url", in: "path", where: "nested", variable: "%75rl" }],
    },
    options: { parameters: { path: { url: "a/b c" } } },
    expected: `${BASE}/hooks/a%2Fb%20c`,
  },
  {
    rule: "a path parameter whose name is no template variable is renamed: item.id is item%2Eid, $id is %24id",
    operation: {
      method: "GET",
      url: "/items/{item%2Eid}/{%24id}",
      parameters: [
        { name: "item.id", in: "path", variable: "item%2Eid" },
        { name: "$id", in: "path", variable: "%24id" },
      ],
    },
    options: { "item.id": 5, $id: "x" },
    expected: `${BASE}/items/5/x`,
  },
  {
    rule: "a nested path id and a flat query id: each goes where the table says",
    operation: {
      method: "GET",
      url: "/things/{id}",
      parameters: [
        { name: "id", in: "path", where: "nested" },
        { name: "id", in: "query" },
      ],
    },
    options: { id: "q", parameters: { path: { id: "p" } } },
    expected: `${BASE}/things/p?id=q`,
  },
  {
    rule: "a flat path id and a nested query id",
    operation: {
      method: "GET",
      url: "/things/{id}",
      parameters: [
        { name: "id", in: "query", where: "nested" },
        { name: "id", in: "path" },
      ],
    },
    options: { id: "p", parameters: { query: { id: "q" } } },
    expected: `${BASE}/things/p?id=q`,
  },
  {
    rule: "a json path parameter is its JSON text, expanded by the template",
    operation: { method: "GET", url: "/s/{sel}", parameters: [{ name: "sel", in: "path", json: true }] },
    options: { sel: { a: 1 } },
    expected: `${BASE}/s/%7B%22a%22%3A1%7D`,
  },
  {
    rule: "path parameters the table does not list are the core's, with their RFC 6570 styles",
    operation: { method: "GET", url: "/x/{id}{;keys*}", parameters: [{ name: "q", in: "query" }] },
    options: { id: 1, keys: ["a", "b"], q: "z" },
    expected: `${BASE}/x/1;keys=a;keys=b?q=z`,
  },
  {
    rule: "cookies go into one cookie header, form style, encoded",
    operation: {
      method: "GET",
      url: "/s",
      parameters: [
        { name: "session", in: "cookie" },
        { name: "ids", in: "cookie", explode: false },
        { name: "tags", in: "cookie" },
      ],
    },
    options: { cookies: { session: "a b;c", ids: [1, 2], tags: ["x", "y"] } },
    expected: {
      url: `${BASE}/s`,
      headers: { accept: "application/json", cookie: "session=a%20b%3Bc; ids=1,2; tags=x; tags=y" },
    },
  },
  {
    rule: "cookies follow the caller's own cookie header",
    operation: { method: "GET", url: "/s", parameters: [{ name: "session", in: "cookie" }] },
    options: { cookies: { session: "s" }, headers: { Cookie: "theme=dark" } },
    expected: { headers: { accept: "application/json", cookie: "theme=dark; session=s" } },
  },
  {
    rule: "an API key in the query set by .defaults() is sent as the table says, also on POST (not in the body)",
    operation: {
      method: "POST",
      url: "/things",
      parameters: [{ name: "key", in: "query" }],
      body: { kind: "json" },
    },
    defaults: { key: "K" },
    options: { name: "n" },
    expected: {
      url: `${BASE}/things?key=K`,
      headers: { accept: "application/json", "content-type": JSON_TYPE },
      body: { name: "n" },
    },
  },
  {
    rule: "a cookie set by .defaults() is sent with the call's",
    operation: {
      method: "GET",
      url: "/s",
      parameters: [
        { name: "a", in: "cookie" },
        { name: "b", in: "cookie" },
      ],
    },
    defaults: { cookies: { a: "1" } },
    options: { cookies: { b: "2" } },
    expected: { headers: { accept: "application/json", cookie: "a=1; b=2" } },
  },
  {
    rule: "form body: the flat leftovers, form style exploded, labelled application/x-www-form-urlencoded",
    operation: {
      method: "POST",
      url: "/v1/customers",
      parameters: [{ name: "expand", in: "query", style: "deepObject" }],
      body: { kind: "form", contentType: FORM_TYPE },
    },
    options: { name: "a b&c", balance: -1, tags: ["x", "y"], email: null, expand: ["sources"] },
    expected: {
      url: `${BASE}/v1/customers?expand%5B0%5D=sources`,
      headers: { accept: "application/json", "content-type": FORM_TYPE },
      body: "name=a%20b%26c&balance=-1&tags=x&tags=y",
    },
  },
  {
    rule: "form body: encoding styles by field (explode false, pipeDelimited, deepObject nested as Stripe writes it)",
    operation: {
      method: "POST",
      url: "/f",
      body: {
        kind: "form",
        encoding: {
          csv: { explode: false },
          pipes: { style: "pipeDelimited" },
          metadata: { style: "deepObject", explode: true },
          expand: { style: "deepObject", explode: true },
        },
      },
    },
    options: { csv: ["a", "b"], pipes: ["c", "d"], metadata: { order: { id: 7 } }, expand: ["x"] },
    expected: { body: "csv=a,b&pipes=c%7Cd&metadata%5Border%5D%5Bid%5D=7&expand%5B0%5D=x" },
  },
  {
    rule: "form body: an object field without encoding is form style exploded, its keys as names (OpenAPI's default)",
    operation: { method: "POST", url: "/f", body: { kind: "form" } },
    options: { address: { city: "Paris", zip: 75001 } },
    expected: { body: "city=Paris&zip=75001", headers: { accept: "application/json", "content-type": FORM_TYPE } },
  },
  {
    rule: "form body in data: its fields may be named like options and parameters",
    operation: { method: "PUT", url: "/hooks/{id}", body: { kind: "form", fields: "data", contentType: FORM_TYPE } },
    options: { id: 1, data: { url: "https://x.test/?a=1", method: "POST", id: 2 } },
    expected: { url: `${BASE}/hooks/1`, body: "url=https%3A%2F%2Fx.test%2F%3Fa%3D1&method=POST&id=2" },
  },
  {
    rule: "form body: a string, URLSearchParams or FormData data is sent as it is; a string gets the form label",
    operation: { method: "POST", url: "/f", body: { kind: "form" } },
    options: { data: "a=1" },
    expected: { body: "a=1", headers: { accept: "application/json", "content-type": FORM_TYPE } },
  },
  {
    rule: "form body: URLSearchParams labels itself",
    operation: { method: "POST", url: "/f", body: { kind: "form" } },
    options: { data: PARAMS },
    expected: { body: PARAMS, headers: { accept: "application/json" } },
  },
  {
    rule: "form body: the caller's content-type stands, and content-type: null sends it unlabelled",
    operation: { method: "POST", url: "/f", body: { kind: "form" } },
    options: { a: 1, headers: { "content-type": null } },
    expected: { body: "a=1", headers: { accept: "application/json" } },
  },
  {
    rule: "form body: no field and not required is no body",
    operation: { method: "POST", url: "/f", body: { kind: "form" } },
    expected: { body: undefined, headers: { accept: "application/json" } },
  },
  {
    rule: "form body: no field but required is an empty form",
    operation: { method: "POST", url: "/f", body: { kind: "form", required: true } },
    expected: { body: "", headers: { accept: "application/json", "content-type": FORM_TYPE } },
  },
  {
    rule: "json body: a vendor content-type labels it when the caller set none",
    operation: { method: "PATCH", url: "/r/{id}", body: { kind: "json", contentType: "application/merge-patch+json" } },
    options: { id: 1, title: "t" },
    expected: {
      body: { title: "t" },
      headers: { accept: "application/json", "content-type": "application/merge-patch+json" },
    },
  },
  {
    rule: "json body: the caller's content-type stands",
    operation: { method: "POST", url: "/r", body: { kind: "json", contentType: "application/vnd.api+json" } },
    options: { a: 1, headers: { "content-type": "application/json" } },
    expected: { body: { a: 1 }, headers: { accept: "application/json", "content-type": "application/json" } },
  },
  {
    rule: "json body: content-type null still means no label",
    operation: { method: "POST", url: "/r", body: { kind: "json", contentType: "application/vnd.api+json" } },
    options: { a: 1, headers: { "content-type": null } },
    expected: { body: { a: 1 }, headers: { accept: "application/json" } },
  },
  {
    rule: "json body: required with no field is {}",
    operation: {
      method: "POST",
      url: "/r/{id}",
      body: { kind: "json", required: true, contentType: "application/vnd.api+json" },
    },
    options: { id: 1 },
    expected: { body: {}, headers: { accept: "application/json", "content-type": "application/vnd.api+json" } },
  },
  {
    rule: "json body: not required with no field is no body, and no label",
    operation: { method: "POST", url: "/r", body: { kind: "json", contentType: "application/vnd.api+json" } },
    expected: { url: `${BASE}/r`, body: undefined, headers: { accept: "application/json" } },
  },
  {
    rule: "json body: a string data is a JSON string, written with its quotes",
    operation: { method: "PUT", url: "/r", body: { kind: "json", required: true } },
    options: { data: 'say "hi"' },
    expected: { body: '"say \\"hi\\""', headers: { accept: "application/json", "content-type": JSON_TYPE } },
  },
  {
    rule: "json body in data: fields named like options",
    operation: { method: "POST", url: "/r", body: { kind: "json", fields: "data", required: true } },
    options: { data: { url: "u", headers: 1 } },
    expected: { body: { url: "u", headers: 1 }, headers: { accept: "application/json", "content-type": JSON_TYPE } },
  },
  {
    rule: "raw body: data as it is, labelled with the document's one content-type",
    operation: { method: "PUT", url: "/o", body: { kind: "raw", contentType: "text/csv" } },
    options: { data: "a,b\n1,2" },
    expected: { body: "a,b\n1,2", headers: { accept: "application/json", "content-type": "text/csv" } },
  },
  {
    rule: "raw body: bytes get the document's content-type",
    operation: { method: "PUT", url: "/o", body: { kind: "raw", contentType: "application/octet-stream" } },
    options: { data: new Uint8Array([1, 2]) },
    expected: {
      body: new Uint8Array([1, 2]),
      headers: { accept: "application/json", "content-type": "application/octet-stream" },
    },
  },
  {
    rule: "raw body: a Blob with a type labels itself",
    operation: { method: "PUT", url: "/o", body: { kind: "raw", contentType: "image/png" } },
    options: { data: GIF },
    expected: { body: GIF, headers: { accept: "application/json" } },
  },
  {
    rule: "raw body: several declared types leave the label to the caller",
    operation: { method: "PUT", url: "/o", body: { kind: "raw" } },
    options: { data: new Uint8Array([1]) },
    expected: { body: new Uint8Array([1]), headers: { accept: "application/json" } },
  },
  {
    rule: "a body on a GET (the caller's method) is left to the core: leftovers go to the query",
    operation: { method: "POST", url: "/r", body: { kind: "form" } },
    options: { method: "GET", a: 1 },
    expected: { method: "get", url: `${BASE}/r?a=1`, body: undefined },
  },
];

describe("a table route is sent as the table says", () => {
  it.each(cases)("$rule", ({ operation, defaults, options, expected }) => {
    let api = sending({ route: operation });
    if (defaults !== undefined) api = api.defaults(defaults);
    const result = api("route", options);
    if (typeof expected === "string") {
      expect(result.url).toBe(expected);
      return;
    }
    const { body, headers, ...rest } = expected;
    expect(result).toMatchObject(rest);
    if (headers !== undefined) expect(result.headers).toStrictEqual(headers);
    // A case that names its body: undefined for none.
    if ("body" in expected) expect(result.body).toStrictEqual(body);
  });

  it("raw body: a Blob without a type gets the document's content-type", () => {
    const api = sending({ "PUT /o": { method: "PUT", url: "/o", body: { kind: "raw", contentType: "image/png" } } });
    const blob = new Blob(["x"]);
    const result = api("PUT /o", { data: blob });
    expect(result.body).toBe(blob);
    expect(result.headers["content-type"]).toBe("image/png");
  });
});

describe("multipart bodies are a FormData, read back part by part", () => {
  const table: OperationTable = {
    "POST /files": {
      method: "POST",
      url: "/files",
      parameters: [{ name: "purpose", in: "query" }],
      body: {
        kind: "multipart",
        encoding: {
          meta: { contentType: "application/json" },
          csv: { explode: false },
          link: { style: "deepObject", explode: true },
          expand: { style: "deepObject", explode: true },
          raw: { contentType: "image/png" },
        },
      },
    },
    "POST /data": { method: "POST", url: "/data", body: { kind: "multipart", fields: "data" } },
  };
  const api = sending(table);

  it("fields: strings, numbers, booleans and Dates as text; lists a part per item; objects as JSON text", async () => {
    const result = api("POST /files", {
      purpose: "x",
      name: "a b",
      size: 3,
      draft: false,
      at: new Date(Date.UTC(2024, 0, 1)),
      tags: ["x", 1, null],
      options: { a: [1] },
      items: [{ k: 1 }],
      skipped: null,
    });
    expect(result.url).toBe(`${BASE}/files?purpose=x`);
    // FormData labels itself with its boundary: no content-type.
    expect(result.headers).toStrictEqual({ accept: "application/json" });
    expect(await partsOf(result.body)).toStrictEqual([
      ["name", "a b"],
      ["size", "3"],
      ["draft", "false"],
      ["at", "2024-01-01T00:00:00.000Z"],
      ["tags", "x"],
      ["tags", "1"],
      ["options", '{"a":[1]}'],
      ["items", '{"k":1}'],
    ]);
  });

  it("files: a Blob or File as it is, bytes as a Blob of the field's content-type or application/octet-stream", async () => {
    const result = api("POST /files", {
      file: new File(["hello"], "a.txt", { type: "text/plain" }),
      blob: new Blob(["b"]),
      bytes: new Uint8Array([104, 105]),
      raw: new Uint8Array([80]),
    });
    expect(await partsOf(result.body)).toStrictEqual([
      ["file", { name: "a.txt", type: "text/plain", text: "hello" }],
      ["blob", { name: "blob", type: "", text: "b" }],
      ["bytes", { name: "blob", type: "application/octet-stream", text: "hi" }],
      ["raw", { name: "blob", type: "image/png", text: "P" }],
    ]);
  });

  it("encoding: a content-type labels the part, explode false joins, deepObject writes bracketed part names", async () => {
    const result = api("POST /files", {
      meta: { a: 1 },
      csv: ["a", "b"],
      link: { create: true, expires: { at: 5 } },
      expand: ["x", "y"],
    });
    expect(await partsOf(result.body)).toStrictEqual([
      ["meta", { name: "blob", type: "application/json", text: '{"a":1}' }],
      ["csv", "a,b"],
      ["link[create]", "true"],
      ["link[expires][at]", "5"],
      ["expand[0]", "x"],
      ["expand[1]", "y"],
    ]);
  });

  it("fields in data; a FormData the caller built is sent as it is", async () => {
    expect(await partsOf(api("POST /data", { data: { url: "u" } }).body)).toStrictEqual([["url", "u"]]);
    const form = new FormData();
    expect(api("POST /data", { data: form }).body).toBe(form);
    expect(api("POST /files", { data: form }).body).toBe(form);
  });

  it("a runtime without FormData: ERR_INVALID_PARAMETER naming the route and the way out", () => {
    const { FormData: saved } = globalThis;
    // @ts-expect-error: this runtime's FormData, removed for the case
    delete globalThis.FormData;
    try {
      const error = endpointErrorFrom(() => api("POST /files", { name: "x" }), "ERR_INVALID_PARAMETER");
      expect(error.message).toBe(
        '"POST /files" sends a multipart/form-data body, and this runtime has no FormData; pass data: a FormData of your own (undici\'s, say), or run on Node.js 18 or later, Deno, Bun or a browser',
      );
      // A FormData of the caller's needs none.
      expect(api("POST /files", { data: new saved() }).body).toBeInstanceOf(saved);
    } finally {
      globalThis.FormData = saved;
    }
  });
});

// ---- The wrapper ----------------------------------------------------------------------------------------

describe("the wrapper is an endpoint function like the one it wraps", () => {
  const table: OperationTable = {
    "GET /widgets": {
      method: "GET",
      url: "/widgets",
      parameters: [
        { name: "filter", in: "query", style: "deepObject" },
        { name: "key", in: "query" },
      ],
    },
    "POST /widgets/{id}": {
      method: "POST",
      url: "/widgets/{id}",
      parameters: [{ name: "session", in: "cookie" }],
      body: { kind: "form", encoding: { meta: { style: "deepObject" } } },
    },
  };
  const api = sending(table);

  it.each<[string, unknown, unknown]>([
    ["a route not in the table", "GET /widgets/{id}", { id: 1, filter: "x" }],
    ["a route in the table written another way (keys are exact)", "get /widgets", { filter: "x" }],
    ["options without a route", { url: "/widgets", filter: "x" }, undefined],
  ])("%s goes to the endpoint as it is", (_, route, options) => {
    expect(api(route, options)).toStrictEqual((base as unknown as Loose)(route, options));
    expect(api.merge(route, options)).toStrictEqual((base as unknown as Loose).merge(route, options));
  });

  it.each<[string, string, Record<string, unknown>]>([
    ["a query", "GET /widgets", { filter: { a: [1, 2] }, key: "k", extra: "e" }],
    ["a cookie and a form body", "POST /widgets/{id}", { id: 1, cookies: { session: "s" }, meta: { a: 1 }, name: "n" }],
  ])(".merge() then .parse() deep-equals the call: %s", (_, route, options) => {
    const merged = api.merge(route, options);
    expect(api.parse(merged)).toStrictEqual(api(route, options));
    // The merged options hold what was sent: the query in the url, the body as data, nothing left to move.
    expect(merged).not.toHaveProperty("filter");
    expect(merged).not.toHaveProperty("cookies");
  });

  it(".merge() writes the sent options: the query in the url, cookies in the header, the form in data", () => {
    expect(api.merge("POST /widgets/{id}", { id: 1, cookies: { session: "s" }, name: "n" })).toStrictEqual({
      method: "POST",
      baseUrl: BASE,
      headers: { accept: "application/json", cookie: "session=s", "content-type": FORM_TYPE },
      mediaType: { format: "", previews: [] },
      url: "/widgets/{id}",
      id: 1,
      data: "name=n",
    });
  });

  it(".defaults() of the wrapper keeps the table; DEFAULTS are the endpoint's; every level is frozen", () => {
    const keyed = api.defaults({ key: "K", headers: { authorization: "Bearer t" } });
    expect(keyed("GET /widgets", { filter: { a: 1 } }).url).toBe(`${BASE}/widgets?filter%5Ba%5D=1&key=K`);
    expect(keyed.defaults({ key: "L" })("GET /widgets").url).toBe(`${BASE}/widgets?key=L`);
    expect(api.DEFAULTS).toBe(base.DEFAULTS);
    expect(keyed.DEFAULTS).toStrictEqual(base.defaults({ key: "K", headers: { authorization: "Bearer t" } }).DEFAULTS);
    expect(Object.isFrozen(api)).toBe(true);
    expect(Object.isFrozen(keyed)).toBe(true);
    expect(api.parse).toBe(base.parse);
  });

  it("nothing the caller passes is mutated: frozen options, defaults and table work", () => {
    const frozenTable = deepFreeze(structuredClone(table));
    const options = deepFreeze({ filter: { a: [1, { b: 2 }] }, key: "k" });
    const frozenApi = sending(frozenTable).defaults(deepFreeze({ key: "d", filter: { z: 1 } }));
    expect(frozenApi("GET /widgets", options).url).toBe(
      `${BASE}/widgets?filter%5Bz%5D=1&filter%5Ba%5D%5B0%5D=1&filter%5Ba%5D%5B1%5D%5Bb%5D=2&key=k`,
    );
    const body = deepFreeze({ id: 1, cookies: { session: "s" }, data: { meta: { a: 1 } } });
    expect(frozenApi("POST /widgets/{id}", body).body).toBe("meta%5Ba%5D=1");
    // A level's nested values are shared with each call, and never changed by one.
    const level = sending(table).defaults({ cookies: { session: "d" } });
    level("POST /widgets/{id}", { id: 1 });
    expect(level.merge("POST /widgets/{id}", { id: 2 }).headers).toMatchObject({ cookie: "session=d" });
  });

  it("a polluted Object.prototype changes nothing", () => {
    const clean = [api("GET /widgets", { filter: { a: 1 } }), api("POST /widgets/{id}", { id: 1, name: "n" })];
    const keys = [
      "style",
      "explode",
      "where",
      "variable",
      "json",
      "allowReserved",
      "body",
      "kind",
      "fields",
      "encoding",
      "contentType",
      "required",
      "parameters",
      "cookies",
      "data",
      "path",
      "query",
      "FormData",
    ];
    const prototype = Object.prototype as Record<string, unknown>;
    for (const key of keys)
      prototype[key] = key === "explode" || key === "json" ? true : key === "where" ? "nested" : "deepObject";
    try {
      const polluted = [
        sending(table)("GET /widgets", { filter: { a: 1 } }),
        sending(table)("POST /widgets/{id}", { id: 1, name: "n" }),
      ];
      expect(polluted).toStrictEqual(clean);
    } finally {
      for (const key of keys) delete prototype[key];
    }
  });

  it("__proto__ keys from JSON stay data: a route, a parameter, a deepObject key, a form field", () => {
    const protoTable = JSON.parse(
      '{"__proto__": {"method": "GET", "url": "/p", "parameters": [{"name": "__proto__", "in": "query", "style": "deepObject"}]}, "POST /f": {"method": "POST", "url": "/f", "body": {"kind": "form"}}}',
    ) as OperationTable;
    const protoApi = sending(protoTable);
    const options = JSON.parse('{"__proto__": {"__proto__": "x"}}') as Record<string, unknown>;
    expect(protoApi("__proto__", options).url).toBe(`${BASE}/p?__proto__%5B__proto__%5D=x`);
    expect(protoApi("POST /f", JSON.parse('{"__proto__": "y"}')).body).toBe("__proto__=y");
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});

// ---- Errors -----------------------------------------------------------------------------------------------

describe("every bad value is an EndpointError naming the parameter, the route and the fix", () => {
  const table: OperationTable = {
    "GET /s": {
      method: "GET",
      url: "/s",
      parameters: [
        { name: "deep", in: "query", style: "deepObject" },
        { name: "flat", in: "query" },
        { name: "csv", in: "query", explode: false },
        { name: "j", in: "query", json: true },
        { name: "c", in: "cookie" },
      ],
    },
    "GET /hooks/{url}/{item.id}": {
      method: "GET",
      url: "/hooks/{%75rl}/{item%2Eid}",
      parameters: [
        { name: "url", in: "path", where: "nested", variable: "%75rl" },
        { name: "item.id", in: "path", variable: "item%2Eid" },
      ],
    },
    "POST /f": { method: "POST", url: "/f", body: { kind: "form" } },
    "POST /m": { method: "POST", url: "/m", body: { kind: "multipart" } },
  };
  const api = sending(table);

  it.each<[string, string, string, unknown, string]>([
    [
      "a deepObject that is no object or list",
      "ERR_INVALID_PARAMETER",
      "GET /s",
      { deep: "x" },
      'query parameter "deep" of "GET /s" is written deepObject-style and takes an object or list, got string; pass an object such as { key: value }',
    ],
    [
      "a deepObject that holds an object twice",
      "ERR_INVALID_PARAMETER",
      "GET /s",
      (() => {
        const shared = { a: 1 };
        return { deep: { x: shared, y: shared } };
      })(),
      'query parameter "deep" of "GET /s" holds the same object or list twice, or a cycle, at "deep[y]"; deepObject writes a tree: pass a copy of the shared part',
    ],
    [
      "a deepObject that holds a Map",
      "ERR_INVALID_PARAMETER",
      "GET /s",
      { deep: { m: new Map() } },
      'query parameter "deep" of "GET /s" holds Map at "deep[m]"; pass strings, numbers, booleans and Dates, in objects and lists',
    ],
    [
      "a list where a scalar goes (an exploded object's member)",
      "ERR_INVALID_PARAMETER",
      "GET /s",
      { flat: { a: [1] } },
      'query parameter "flat" of "GET /s" holds array at key "a"; a form-style list or object holds only strings, numbers, booleans and Dates; only deepObject nests lists and objects',
    ],
    [
      "a list in a list",
      "ERR_INVALID_PARAMETER",
      "GET /s",
      { csv: [[1]] },
      'query parameter "csv" of "GET /s" holds array in its list; a form-style list or object holds only strings, numbers, booleans and Dates; only deepObject nests lists and objects',
    ],
    [
      "a function",
      "ERR_INVALID_PARAMETER",
      "GET /s",
      { flat: () => 1 },
      'query parameter "flat" of "GET /s" is function, which has no form form; pass a string, number, boolean, Date, list or plain object',
    ],
    [
      "an invalid Date",
      "ERR_INVALID_PARAMETER",
      "GET /s",
      { flat: new Date(Number.NaN) },
      'query parameter "flat" of "GET /s" is an invalid Date, which has no form form; pass a valid Date (this one\'s getTime() is NaN)',
    ],
    [
      "a json value JSON cannot write",
      "ERR_INVALID_PARAMETER",
      "GET /s",
      { j: { n: 1n } },
      'query parameter "j" of "GET /s" is sent as JSON text, which JSON.stringify cannot write for it (a BigInt or a cycle); pass JSON data',
    ],
    [
      "a cookie that is an object",
      "ERR_INVALID_PARAMETER",
      "GET /s",
      { cookies: { c: { a: 1 } } },
      'cookie "c" of "GET /s" is an object, which a cookie cannot hold; pass a string, number, boolean, Date or list',
    ],
    [
      "cookies that are no object",
      "ERR_INVALID_PARAMETER",
      "GET /s",
      { cookies: "c=1" },
      'option "cookies" of "GET /s" is string; pass an object such as { session: … }',
    ],
    [
      "a cookie the operation does not take",
      "ERR_INVALID_PARAMETER",
      "GET /s",
      { cookies: { session: "s" } },
      '"GET /s" has no "session" in cookies, which takes "c"; pass only those',
    ],
    [
      "a nested parameter the operation does not take",
      "ERR_INVALID_PARAMETER",
      "GET /s",
      { parameters: { query: { deep: 1 } } },
      '"GET /s" has no "deep" in parameters.query, which takes none; pass only those',
    ],
    [
      "parameters in a place there is none",
      "ERR_INVALID_PARAMETER",
      "GET /s",
      { parameters: { header: {} } },
      '"GET /s" has no "header" in parameters, which takes "path", "query"; pass only those',
    ],
    [
      "parameters.path that is no object",
      "ERR_INVALID_PARAMETER",
      "GET /hooks/{url}/{item.id}",
      { parameters: { path: ["x"] } },
      'option "parameters.path" of "GET /hooks/{url}/{item.id}" is array; pass an object of path parameters',
    ],
    [
      "renamed and nested path parameters missing are named as they are passed",
      "ERR_MISSING_PARAMETER",
      "GET /hooks/{url}/{item.id}",
      {},
      'missing parameters "item.id", "url" for "GET /hooks/{url}/{item.id}"; pass { "item.id": … } and { parameters: { path: { url: … } } }',
    ],
    [
      "a form field the form style cannot write",
      "ERR_INVALID_PARAMETER",
      "POST /f",
      { a: { b: { c: 1 } } },
      'body field "a" of "POST /f" holds object at key "b"; a form-style list or object holds only strings, numbers, booleans and Dates; only deepObject nests lists and objects',
    ],
    [
      "form data that is no object of fields nor a body as it is",
      "ERR_INVALID_PARAMETER",
      "POST /f",
      { data: [1] },
      'option "data" of "POST /f" is array; a application/x-www-form-urlencoded body takes an object of fields, or a string, URLSearchParams, FormData or Blob sent as it is',
    ],
    [
      "a multipart part that is a function",
      "ERR_INVALID_PARAMETER",
      "POST /m",
      { f: () => 1 },
      'body field "f" of "POST /m" is function, which a multipart part cannot hold; pass a string, number, boolean, Date, Blob, bytes, list or plain object',
    ],
  ])("%s: %s", (_, code, route, options, message) => {
    expect(endpointErrorFrom(() => api(route, options), code).message).toBe(message);
    // .merge() refuses it alike: it sends the same options.
    expect(endpointErrorFrom(() => api.merge(route, options), code).message).toBe(message);
  });

  it("the core's own errors stand, where the core raises them: data on GET, when parsed", () => {
    const message =
      'option "data" is a body, and GET requests have none; use POST, PUT, PATCH or DELETE, or pass data: null to drop a default';
    expect(endpointErrorFrom(() => api("GET /s", { data: "x" }), "ERR_INVALID_PARAMETER").message).toBe(message);
    expect(
      endpointErrorFrom(() => api.parse(api.merge("GET /s", { data: "x" })), "ERR_INVALID_PARAMETER").message,
    ).toBe(message);
  });

  it.each<[string, unknown, unknown, string]>([
    [
      "an endpoint that is no endpoint function",
      () => 1,
      {},
      'withOperations() takes an endpoint function (rest, endpoint, or one their .defaults() made), got function; pass e.g. rest.defaults({ baseUrl: "https://api.example.com" })',
    ],
    [
      "a table that is no object",
      base,
      [],
      "withOperations()'s table is array, not a plain object; pass the table `endpoint-options openapi` writes",
    ],
    [
      "an operation that is no object",
      base,
      { "GET /x": "GET" },
      'the operation table\'s entry for "GET /x" is string, not an operation (pass the table `endpoint-options openapi` writes)',
    ],
    [
      "a method in lowercase",
      base,
      { "GET /x": { method: "get", url: "/x" } },
      'the operation table\'s entry for "GET /x" has its method "get"; write one of GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS (pass the table `endpoint-options openapi` writes)',
    ],
    [
      "an unknown style",
      base,
      { "GET /x": { method: "GET", url: "/x", parameters: [{ name: "a", in: "query", style: "matrix" }] } },
      'the operation table\'s entry for "GET /x" has parameter 0\'s style "matrix"; write one of form, spaceDelimited, pipeDelimited, deepObject (pass the table `endpoint-options openapi` writes)',
    ],
    [
      "a flat parameter named like an option",
      base,
      { "GET /x": { method: "GET", url: "/x", parameters: [{ name: "url", in: "query" }] } },
      'the operation table\'s entry for "GET /x" passes query parameter "url" flat, where an option is passed; write where: "nested" (pass the table `endpoint-options openapi` writes)',
    ],
    [
      "a variable named like an option",
      base,
      { "GET /x/{url}": { method: "GET", url: "/x/{url}", parameters: [{ name: "u", in: "path", variable: "url" }] } },
      'the operation table\'s entry for "GET /x/{url}" names the url variable "url", which an option has; write its %XX form (pass the table `endpoint-options openapi` writes)',
    ],
    [
      "a body of an unknown kind",
      base,
      { "POST /x": { method: "POST", url: "/x", body: { kind: "xml" } } },
      'the operation table\'s entry for "POST /x" has its body\'s kind "xml"; write one of json, form, multipart, raw (pass the table `endpoint-options openapi` writes)',
    ],
  ])("a table or endpoint withOperations cannot read: %s", (_, endpoint, table, message) => {
    const error = endpointErrorFrom(
      () => withOperations(endpoint as typeof base, table as OperationTable),
      "ERR_INVALID_ROUTE",
    );
    expect(error.message).toBe(message);
  });

  it("only EndpointError is thrown for values of every kind in every place", () => {
    const values = [
      Symbol("s"),
      () => 1,
      10n,
      Number.NaN,
      new Date(Number.NaN),
      new Map(),
      new Set([1]),
      new Uint8Array([1]),
      Object.create(null),
      new (class Thing {})(),
      [[1]],
      { a: { b: [{}] } },
    ];
    const places = [
      (value: unknown) => api("GET /s", { deep: value }),
      (value: unknown) => api("GET /s", { flat: value }),
      (value: unknown) => api("GET /s", { csv: value }),
      (value: unknown) => api("GET /s", { j: value }),
      (value: unknown) => api("GET /s", { cookies: { c: value } }),
      (value: unknown) => api("GET /hooks/{url}/{item.id}", { "item.id": value, parameters: { path: { url: value } } }),
      (value: unknown) => api("POST /f", { f: value }),
      (value: unknown) => api("POST /f", { data: value }),
      (value: unknown) => api("POST /m", { f: value }),
    ];
    for (const place of places) {
      for (const value of values) {
        try {
          place(value);
        } catch (error) {
          expect(error).toBeInstanceOf(EndpointError);
        }
      }
    }
  });
});

// Each case runs at the size named and at an eighth of it (test/helpers/linear.ts says how); hash tables and
// large lists at sizes past the processor's caches, as test/hostile.test.ts explains.
describe("hostile values cost linear time (eight times the input takes at most 32 times as long)", () => {
  const api = sending({
    "GET /s": {
      method: "GET",
      url: "/s/{id}",
      parameters: [
        { name: "deep", in: "query", style: "deepObject" },
        { name: "list", in: "query" },
        { name: "text", in: "query", allowReserved: true },
      ],
    },
    "POST /f": { method: "POST", url: "/f", body: { kind: "form", encoding: { deep: { style: "deepObject" } } } },
  });
  /** An object nested `n` levels deep: `{ a: { a: … { a: 1 } } }`. */
  const chain = (n: number): unknown => {
    let value: unknown = 1;
    for (let i = 0; i < n; i++) value = { a: value };
    return value;
  };
  it.each<[string, number, (n: number) => () => unknown]>([
    ["a deepObject nested 40,000 levels", 40_000, (n) => call(api, "GET /s", { id: 1, deep: chain(n) })],
    [
      "a deepObject of 40,000 keys",
      40_000,
      (n) =>
        call(api, "GET /s", { id: 1, deep: Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, i])) }),
    ],
    // A list's copies and texts outgrow the young generation between 12,500 and 25,000 items (the core's
    // .merge() alone then takes 10 times as long an item): both sizes stay below that.
    [
      "an exploded list of 10,000 items",
      10_000,
      (n) => call(api, "GET /s", { id: 1, list: Array.from({ length: n }, (_, i) => i) }),
    ],
    ["an allowReserved value of 100,000 %", 100_000, (n) => call(api, "GET /s", { id: 1, text: "%".repeat(n) })],
    [
      "a form body of 40,000 fields",
      40_000,
      (n) => call(api, "POST /f", Object.fromEntries(Array.from({ length: n }, (_, i) => [`f${i}`, i]))),
    ],
  ])("%s", (_, size, work) => {
    expect(confirmedGrowth(work, size / 8, 8, 32)).toBeLessThan(32);
  });
});

// ---- Properties -------------------------------------------------------------------------------------------

describe("for generated tables and values", () => {
  const STYLES: SerializationStyle[] = ["form", "spaceDelimited", "pipeDelimited", "deepObject"];
  const char = fc.oneof(
    fc.string({ unit: "grapheme-ascii", minLength: 1, maxLength: 1 }),
    fc.constantFrom(..."{}:/?#[]@!$&'()*+,;=% |^\"<>", "é", "😀", "%41"),
    fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code)),
  );
  const text = fc.string({ unit: char, maxLength: 6 });
  const parameterName = fc.oneof(
    fc.constantFrom("color", "$filter", "ids[]", "$.xgafv", "a b", "__proto__", "constructor", "é", "1", "0"),
    text.filter((name) => name !== "" && !OPTION_KEYS.has(name)),
  );
  const key = fc.oneof(fc.constantFrom("R", "__proto__", "a[b]", "", "2"), text);
  const scalar = fc.oneof(
    text,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }),
    fc.date({ noInvalidDate: false }),
    fc.constant(null),
    fc.constant(undefined),
  );
  const flat = fc.oneof(
    { weight: 3, arbitrary: scalar },
    { weight: 2, arbitrary: fc.array(scalar, { maxLength: 3 }) },
    { weight: 2, arbitrary: fc.dictionary(key, scalar, { maxKeys: 3 }) },
  );
  const nested = fc.dictionary(
    key,
    fc.oneof(scalar, fc.array(flat, { maxLength: 2 }), fc.dictionary(key, flat, { maxKeys: 2 })),
    {
      maxKeys: 3,
    },
  );
  const value = fc.oneof(
    { weight: 6, arbitrary: flat },
    { weight: 2, arbitrary: nested },
    { weight: 1, arbitrary: fc.constantFrom<unknown>(() => 1, Symbol("s"), new Map(), new Uint8Array([1])) },
  );
  const how = fc.record(
    { style: fc.constantFrom(...STYLES), explode: fc.boolean(), json: fc.boolean() },
    { requiredKeys: [] },
  );
  /** Query parameters with distinct names, each with its style and a value; some nested. */
  const queryParameters = fc.uniqueArray(fc.record({ name: parameterName, how, nested: fc.boolean(), value }), {
    selector: ({ name }) => name,
    maxLength: 4,
  });
  /** The same, some with allowReserved, whose text URLSearchParams cannot read back. */
  const anyQueryParameters = fc.uniqueArray(
    fc.record({
      name: parameterName,
      how: fc.record(
        { style: fc.constantFrom(...STYLES), explode: fc.boolean(), json: fc.boolean(), allowReserved: fc.boolean() },
        { requiredKeys: [] },
      ),
      nested: fc.boolean(),
      value,
    }),
    { selector: ({ name }) => name, maxLength: 4 },
  );
  const form = fc.uniqueArray(fc.record({ name: parameterName, how, value }), {
    selector: ({ name }) => name,
    maxLength: 4,
  });

  /** A value's text in a pair: what the style table says, before percent-encoding. */
  function textOf(value: unknown): string {
    if (typeof value === "string") return (value as string & { toWellFormed(): string }).toWellFormed();
    if (typeof value === "number" || typeof value === "bigint" || typeof value === "boolean") return String(value);
    if (value instanceof Date && !Number.isNaN(value.getTime())) return value.toISOString();
    throw new Error("no text");
  }
  const isObject = (value: unknown): value is Record<string, unknown> =>
    typeof value === "object" &&
    value !== null &&
    [Object.prototype, null].includes(Object.getPrototypeOf(value)) &&
    !(value instanceof Date);

  /**
   * The decoded pairs OpenAPI's style table gives a value, written here independently of query.ts (recursive,
   * with no encoding at all); throws for a value the table has no text for.
   */
  function modelPairs(
    name: string,
    value: unknown,
    style: SerializationStyle,
    explode: boolean,
    json: boolean,
  ): [string, string][] {
    if (value === undefined || value === null) return [];
    if (json) {
      const json = JSON.stringify(value);
      if (json === undefined) throw new Error("no JSON");
      return [[textOf(name), json]];
    }
    if (style === "deepObject") {
      if (!Array.isArray(value) && !isObject(value)) throw new Error("deepObject scalar");
      const pairs: [string, string][] = [];
      const walk = (prefix: string, member: unknown): void => {
        if (member === undefined || member === null) return;
        if (Array.isArray(member)) for (const [i, item] of member.entries()) walk(`${prefix}[${i}]`, item);
        else if (isObject(member)) for (const k of Object.keys(member)) walk(`${prefix}[${textOf(k)}]`, member[k]);
        else pairs.push([prefix, textOf(member)]);
      };
      walk(textOf(name), value);
      return pairs;
    }
    if (!Array.isArray(value) && !isObject(value)) return [[textOf(name), textOf(value)]];
    const delimiter = style === "spaceDelimited" ? " " : style === "pipeDelimited" ? "|" : ",";
    const members: [string | undefined, string][] = Array.isArray(value)
      ? value.filter((item) => item != null).map((item) => [undefined, textOf(item)])
      : Object.keys(value)
          .filter((k) => value[k] != null)
          .map((k) => [textOf(k), textOf(value[k])]);
    if (members.length === 0) return [];
    if (explode) return members.map(([k, t]) => [k ?? textOf(name), t]);
    return [[textOf(name), members.flatMap(([k, t]) => (k === undefined ? [t] : [k, t])).join(delimiter)]];
  }

  /** The model's pairs for every parameter, or "error" when any value has no text. */
  function expectedPairs(
    parameters: {
      name: string;
      how: { style?: SerializationStyle; explode?: boolean; json?: boolean };
      value: unknown;
    }[],
  ): [string, string][] | "error" {
    try {
      return parameters.flatMap(({ name, how: { style = "form", explode, json = false }, value }) =>
        modelPairs(name, value, json ? "form" : style, explode ?? style === "form", json),
      );
    } catch {
      return "error";
    }
  }

  function tableOf(
    parameters: { name: string; how: object; nested?: boolean }[],
    body?: Operation["body"],
  ): OperationTable {
    return {
      "GET /q": {
        method: "GET",
        url: "/q",
        parameters: parameters.map(({ name, how, nested }) => ({
          name,
          in: "query",
          ...how,
          ...(nested && { where: "nested" }),
        })),
      },
      "POST /f": { method: "POST", url: "/f", ...(body && { body }) },
    };
  }

  function queryOptions(parameters: { name: string; nested: boolean; value: unknown }[]): Record<string, unknown> {
    const options: Record<string, unknown> = {};
    const nested: Record<string, unknown> = {};
    for (const { name, nested: isNested, value } of parameters) {
      Object.defineProperty(isNested ? nested : options, name, {
        value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    if (Object.keys(nested).length > 0) options.parameters = { query: nested };
    return options;
  }

  /** A result with a FormData body written as its entries, so that two results compare by what they send. */
  function comparable(result: RequestOptions | EndpointError): unknown {
    if (result instanceof EndpointError) return { code: result.code, message: result.message };
    if (!(result.body instanceof FormData)) return result;
    const entries: unknown[] = [];
    result.body.forEach((part, name) => {
      entries.push([name, typeof part === "string" ? part : [part.name, part.type, part.size]]);
    });
    return { ...result, body: entries };
  }

  it(
    "the query decodes (URLSearchParams) to the pairs of the style table, or the call is ERR_INVALID_PARAMETER",
    () => {
      fc.assert(
        fc.property(queryParameters, (parameters) => {
          const api = sending(tableOf(parameters));
          const expected = expectedPairs(parameters);
          const result = settle(() => api("GET /q", queryOptions(parameters)));
          if (expected === "error") {
            expect(result).toBeInstanceOf(EndpointError);
            expect((result as EndpointError).code).toBe("ERR_INVALID_PARAMETER");
          } else {
            expect(result).not.toBeInstanceOf(EndpointError);
            expect([...new URL((result as RequestOptions).url).searchParams]).toStrictEqual(expected);
          }
        }),
        fuzz(500, 70),
      );
    },
    TIMEOUT,
  );

  it(
    "a form body decodes to the pairs of its fields' encodings",
    () => {
      fc.assert(
        fc.property(form, (fields) => {
          const encoding = Object.fromEntries(fields.map(({ name, how: { json: _, ...style } }) => [name, style]));
          const api = sending(tableOf([], { kind: "form", encoding }));
          const data = Object.fromEntries(fields.map(({ name, value }) => [name, value]));
          // Fields are written in the data object's key order (integer keys first, as JavaScript orders them).
          const byName = new Map(
            fields.map(({ name, how: { json: _, ...style }, value }) => [name, { name, how: style, value }]),
          );
          const expected = expectedPairs(Object.keys(data).map((name) => byName.get(name) as (typeof fields)[number]));
          const result = settle(() => api("POST /f", { data }));
          if (expected === "error") {
            expect((result as EndpointError).code).toBe("ERR_INVALID_PARAMETER");
          } else {
            expect(result).not.toBeInstanceOf(EndpointError);
            expect([...new URLSearchParams((result as RequestOptions).body as string)]).toStrictEqual(expected);
          }
        }),
        fuzz(300, 71),
      );
    },
    TIMEOUT,
  );

  it(
    "the call deep-equals parse(merge()) and throws only EndpointError (same code and message), through .defaults()",
    () => {
      const kinds = fc.constantFrom<Operation["body"]>(
        undefined,
        { kind: "json", required: true, contentType: "application/vnd.api+json" },
        { kind: "form", encoding: { d: { style: "deepObject" } } },
        { kind: "multipart", encoding: { d: { style: "deepObject" }, j: { contentType: "application/json" } } },
        { kind: "raw", contentType: "text/plain" },
      );
      const cookies = fc.option(fc.dictionary(fc.constantFrom("s", "t", "u"), value, { maxKeys: 2 }), {
        nil: undefined,
      });
      fc.assert(
        fc.property(
          anyQueryParameters,
          kinds,
          cookies,
          fc.dictionary(fc.constantFrom("d", "j", "x", "data", "method", "headers"), value, { maxKeys: 3 }),
          fc.option(fc.dictionary(parameterName, value, { maxKeys: 2 }), { nil: undefined }),
          (parameters, body, cookieValues, fields, defaults) => {
            const table = tableOf(parameters, body);
            const cookieTable: OperationTable = {
              ...table,
              "GET /q": {
                ...(table["GET /q"] as Operation),
                parameters: [
                  ...((table["GET /q"] as Operation).parameters ?? []),
                  { name: "s", in: "cookie" },
                  { name: "t", in: "cookie", explode: false },
                ],
              },
            };
            const made = settle(() =>
              defaults === undefined ? sending(cookieTable) : sending(cookieTable).defaults(defaults),
            );
            if (made instanceof EndpointError) return;
            const calls: [string, Record<string, unknown>][] = [
              ["GET /q", { ...queryOptions(parameters), ...(cookieValues && { cookies: cookieValues }) }],
              ["POST /f", fields],
              ["GET /not-in-table", fields],
            ];
            for (const [route, options] of calls) {
              const direct = settle(() => made(route, options));
              const merged = settle(() => made.merge(route, options));
              const twoSteps = merged instanceof EndpointError ? merged : settle(() => made.parse(merged));
              // node's deep equality: vitest's reads an own `constructor` key as the object's class.
              const [left, right] = [comparable(twoSteps), comparable(direct)];
              expect(isDeepStrictEqual(left, right), `${inspect(left)} differs from ${inspect(right)}`).toBe(true);
            }
          },
        ),
        fuzz(300, 72),
      );
    },
    TIMEOUT,
  );
});
