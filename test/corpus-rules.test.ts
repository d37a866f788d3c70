// The rules the corpus test (test/corpus.test.ts) holds requests to where openapi-fetch departs from the spec,
// and the style table's n/a cells it leaves uncompared: each case a rule of OpenAPI 3.1.1 or RFC 3986, with the
// request the harness expects (test/helpers/corpus-wire.ts, test/helpers/corpus-calls.ts).
import { describe, expect, it } from "vitest";
import {
  type CallBody,
  type CallParameter,
  type OperationCall,
  undefinedSerialisation,
} from "./helpers/corpus-calls.js";
import { type DepartureId, expectedWire } from "./helpers/corpus-wire.js";

const BASE = "https://api.test/base";

const parameter = (
  name: string,
  place: CallParameter["in"],
  value: unknown,
  style = place === "query" || place === "cookie" ? "form" : "simple",
  more: Partial<CallParameter> = {},
): CallParameter => ({
  name,
  in: place,
  style,
  explode: style === "form",
  allowReserved: false,
  json: false,
  value,
  nested: false,
  ...more,
});

const call = (path: string, parameters: CallParameter[], body?: CallBody): OperationCall => ({
  method: body === undefined ? "GET" : "POST",
  path,
  parameters,
  ...(body === undefined ? {} : { body }),
  bodyLeftOut: false,
  options: {},
});

interface Case {
  rule: string;
  call: OperationCall;
  departure?: DepartureId;
  query?: string[];
  headers?: Record<string, string>;
  body?: string[];
}

const CASES: Case[] = [
  {
    rule: "form, exploded list (the default): a pair per item, as openapi-fetch writes it",
    call: call("/pets", [parameter("tags", "query", ["a b", "c&d"])]),
    query: ["tags=a b", "tags=c&d"],
  },
  {
    rule: "RFC 3986 §3: the query comes before the fragment, which is never sent",
    call: call("/#X-Amz-Target=Hub.List", [parameter("MaxResults", "query", 7)]),
    departure: "query after the fragment",
    query: ["MaxResults=7"],
  },
  {
    rule: "RFC 3986 §3.4: the query starts at the path's own `?`; parameters are joined to it with `&`",
    call: call("/services/rest?method=flickr.test", [parameter("api_key", "query", "k")]),
    departure: "a second ?",
    query: ["api_key=k", "method=flickr.test"],
  },
  {
    rule: "deepObject nested objects and lists, as qs and Stripe write them",
    call: call("/charges", [
      parameter("created", "query", { gt: 1, in: ["a", "b"], card: { brand: "x" } }, "deepObject", { explode: true }),
    ]),
    departure: "deepObject nested",
    query: ["created[card][brand]=x", "created[gt]=1", "created[in][0]=a", "created[in][1]=b"],
  },
  {
    rule: "deepObject list, as qs and Stripe write it: `name[0]=a`",
    call: call("/charges", [parameter("expand", "query", ["a", "b"], "deepObject", { explode: true })]),
    departure: "deepObject list",
    query: ["expand[0]=a", "expand[1]=b"],
  },
  {
    rule: "deepObject of scalar properties: `name[key]=value`, as openapi-fetch writes it",
    call: call("/hotels", [parameter("name", "query", { eq: "x y" }, "deepObject", { explode: true })]),
    query: ["name[eq]=x y"],
  },
  {
    rule: "spaceDelimited object: keys and values joined by spaces (Style Examples)",
    call: call("/colors", [parameter("color", "query", { R: 100, G: 200 }, "spaceDelimited")]),
    departure: "delimited object",
    query: ["color=R 100 G 200"],
  },
  {
    rule: "pipeDelimited list: items joined by `|`, as openapi-fetch writes it",
    call: call("/colors", [parameter("color", "query", ["blue", "black"], "pipeDelimited")]),
    query: ["color=blue|black"],
  },
  {
    rule: "allowReserved: `&`, `=`, `+`, `#` in a value are still percent-encoded, so the pair stays whole",
    call: call("/data", [parameter("path", "query", "a/b&c=d#e", "form", { allowReserved: true })]),
    departure: "allowReserved",
    query: ["path=a/b&c=d#e"],
  },
  {
    rule: "cookie parameters: form pairs in one cookie header, joined by `; ` (Appendix D)",
    call: call("/session", [parameter("id", "cookie", "a b"), parameter("ids", "cookie", ["x", "y"])]),
    departure: "cookie",
    headers: { cookie: "id=a b\nids=x\nids=y" },
  },
  {
    rule: "header list, simple style: `a,b`, the same list as the field lines fetch joins with `, `",
    call: call("/files", [parameter("X-Ids", "header", ["a", "b"])]),
    headers: { "x-ids": "a,b" },
  },
  {
    rule: "header object, simple style: `R,100,G,200`",
    call: call("/files", [parameter("X-Color", "header", { R: 100, G: 200 })]),
    departure: "header object",
    headers: { "x-color": "R,100,G,200" },
  },
  {
    rule: "form body: each field by its encoding, deepObject ones as qs writes them",
    call: call("/customers", [], {
      kind: "form",
      mediaType: "application/x-www-form-urlencoded",
      value: { email: "a+b@example.com", metadata: { k: "v" }, expand: ["x"] },
      encoding: { metadata: { style: "deepObject", explode: true }, expand: { style: "deepObject", explode: true } },
      fields: "flat",
      callerContentType: false,
    }),
    departure: "deepObject list",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: ["email=a+b@example.com", "expand[0]=x", "metadata[k]=v"],
  },
  {
    rule: "multipart body: a part per field, a part per item of a list, objects as JSON text",
    call: call("/upload", [], {
      kind: "multipart",
      mediaType: "multipart/form-data",
      value: { file: "bytes", tags: ["a", "b"], meta: { k: 1 } },
      encoding: {},
      fields: "flat",
      callerContentType: false,
    }),
    headers: { "content-type": "multipart/form-data" },
    body: ["file=bytes", 'meta={"k":1}', "tags=a", "tags=b"],
  },
];

describe("the requests the corpus test expects", () => {
  it.each(CASES)("$rule", async ({ call: operation, departure, query, headers, body }) => {
    const { wire, departed } = await expectedWire(operation, BASE);
    expect([...departed]).toEqual(departure === undefined ? [] : [departure]);
    if (query !== undefined) expect(wire?.query).toBe([...query].sort().join("\n"));
    if (headers !== undefined) expect(wire?.headers).toEqual(headers);
    if (body !== undefined) expect(wire?.body).toBe([...body].sort().join("\n"));
  });
});

describe("the style table's n/a cells: no request to compare", () => {
  it.each([
    {
      rule: "form style of a list of objects",
      style: "form",
      explode: true,
      value: [{ a: 1 }],
      undefinedAs: "form style of a list holding lists or objects",
    },
    {
      rule: "simple style of an object holding an object",
      style: "simple",
      explode: false,
      value: { a: { b: 1 } },
      undefinedAs: "simple style of an object holding lists or objects",
    },
    {
      rule: "spaceDelimited, exploded",
      style: "spaceDelimited",
      explode: true,
      value: ["a"],
      undefinedAs: "spaceDelimited with explode true",
    },
    {
      rule: "pipeDelimited of a scalar",
      style: "pipeDelimited",
      explode: false,
      value: "a",
      undefinedAs: "pipeDelimited of a scalar",
    },
    {
      rule: "deepObject, unexploded",
      style: "deepObject",
      explode: false,
      value: { a: 1 },
      undefinedAs: "deepObject with explode false",
    },
    {
      rule: "deepObject of a scalar",
      style: "deepObject",
      explode: true,
      value: "a",
      undefinedAs: "deepObject of a scalar",
    },
    {
      rule: "form style of an object of scalars is defined",
      style: "form",
      explode: true,
      value: { a: 1 },
      undefinedAs: undefined,
    },
    {
      rule: "deepObject of nested objects follows qs",
      style: "deepObject",
      explode: true,
      value: { a: { b: 1 } },
      undefinedAs: undefined,
    },
  ])("$rule", ({ style, explode, value, undefinedAs }) => {
    expect(undefinedSerialisation(style, explode, value)).toBe(undefinedAs);
  });
});
