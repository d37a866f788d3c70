// What reaches the wire, for the corpus test (test/corpus.test.ts): the request openapi-fetch builds for a call
// (its query and form serialisers configured per parameter from the document), the spec's rule where
// openapi-fetch departs from it (each departure a named class, with the rule), and both requests read back the
// same way: method, path segments and query pairs percent-decoded, the header parameters, the content-type and the
// body. Fragments are left out: fetch never sends one.
import createClient, { serializeArrayParam, serializeObjectParam, serializePrimitiveParam } from "openapi-fetch";
import type { CallBody, CallParameter, FieldEncoding, OperationCall } from "./corpus-calls.js";
import { isObject, type Json } from "./corpus-values.js";

/** A way openapi-fetch departs from OpenAPI or RFC 3986, and the rule the harness expects instead. */
export interface Departure {
  readonly id: DepartureId;
  /** What openapi-fetch does. */
  readonly does: string;
  /** The rule, with its source. */
  readonly rule: string;
}

export type DepartureId =
  | "query after the fragment"
  | "a second ?"
  | "deepObject nested"
  | "deepObject list"
  | "delimited object"
  | "allowReserved"
  | "cookie"
  | "media range"
  | "header object";

export const DEPARTURES: readonly Departure[] = [
  {
    id: "query after the fragment",
    does: "appends `?query` to a path that holds `#` (AWS's `/#X-Amz-Target=…`): the query lands in the fragment, which is never sent",
    rule: 'RFC 3986 §3: `[ "?" query ] [ "#" fragment ]`, the query comes before the fragment',
  },
  {
    id: "a second ?",
    does: "appends `?query` to a path that holds a `?` of its own: the parameters become part of the last literal value",
    rule: "RFC 3986 §3.4: the query is everything after the first `?`; further pairs are joined with `&`",
  },
  {
    id: "deepObject nested",
    does: 'throws on a deepObject property that is an object or a list ("Deeply-nested arrays/objects aren\'t supported")',
    rule: "OpenAPI 3.1.1 Style Values: deepObject's representation of array or object properties is not defined; expected as qs and Stripe write them, `name[a][b]=v` and `name[a][0]=v`",
  },
  {
    id: "deepObject list",
    does: "writes a deepObject list as form pairs, `name=a&name=b`",
    rule: "OpenAPI 3.1.1 Style Values: deepObject is defined for objects only; expected as qs and Stripe write lists, `name[0]=a&name[1]=b`",
  },
  {
    id: "delimited object",
    does: "joins a spaceDelimited or pipeDelimited object's keys and values with `,` and drops the name",
    rule: "OpenAPI 3.1.1 Style Examples: `color=R%20100%20G%20200%20B%20150`, `color=R%7C100%7CG%7C200%7CB%7C150`",
  },
  {
    id: "allowReserved",
    does: "sends every character of the value as it is (`#`, `&`, `=`, `+`, a space, `%`)",
    rule: "OpenAPI 3.1.1 Parameter Object `allowReserved`: reserved characters pass, but `[`, `]`, `#`, and `&`, `=`, `+` in a query still need percent-encoding; all others are encoded (RFC 6570 §3.2.3)",
  },
  {
    id: "cookie",
    does: "sends no cookie parameter (`params.cookie` is not read)",
    rule: "OpenAPI 3.1.1 Style Values and Appendix D: form style `name=value`, several pairs joined by `; ` (RFC 6265 §4.2.1)",
  },
  {
    id: "media range",
    does: "sends a media range the document lists (`*/*`, `application/*`) as the body's content-type",
    rule: "RFC 9110 §8.3: Content-Type names a media type, never a range; a JSON value is labelled `application/json`",
  },
  {
    id: "header object",
    does: "sends an object header as `[object Object]`",
    rule: "OpenAPI 3.1.1 Style Examples, simple: `R,100,G,200` (explode `R=100,G=200`)",
  },
];

/** A request as it reaches the wire, each part as text that compares with `===`. */
export interface Wire {
  readonly method: string;
  readonly path: string;
  readonly query: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

type Style = "simple" | "label" | "matrix" | "form" | "deepObject";
type ArrayStyle = "simple" | "label" | "matrix" | "form" | "spaceDelimited" | "pipeDelimited";

/** Percent-decodes every run of `%XX` triplets as UTF-8; other text (a lone `%`) stays as it is. */
export function percentDecode(text: string): string {
  return text.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
    const bytes = new Uint8Array(run.length / 3);
    for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(run.slice(3 * i + 1, 3 * i + 3), 16);
    return new TextDecoder().decode(bytes);
  });
}

/** `a=1&b=2` as decoded `name=value` pairs; `form` decodes `+` as a space (application/x-www-form-urlencoded). */
export function pairsOf(text: string, form = false): string[] {
  return text
    .split("&")
    .filter((pair) => pair !== "")
    .map((pair) => {
      const decode = (part: string): string => percentDecode(form ? part.replaceAll("+", " ") : part);
      const at = pair.indexOf("=");
      return at === -1 ? decode(pair) : `${decode(pair.slice(0, at))}=${decode(pair.slice(at + 1))}`;
    });
}

const sorted = (items: readonly string[]): string => [...items].sort().join("\n");

/** A stable JSON text: keys sorted, so that two serialisations of one value compare equal. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_, item: unknown) =>
    isObject(item) ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : item,
  );
}

/** The media type's essence, lowercase, without parameters. */
export const essence = (contentType: string | null): string =>
  (contentType ?? "").split(";")[0]?.trim().toLowerCase() ?? "";

/**
 * A header value as a list reads it: white space around its commas is optional (RFC 9110 §5.6.1), so a list sent
 * as `a,b` (OpenAPI's simple style) and as two field lines that Headers joins into `a, b` are the same list.
 */
const listValue = (value: string): string => value.replace(/[ \t]*,[ \t]*/g, ",");

/** Reads a request back as the wire has it: the header parameters named, the content-type, the cookie, the body. */
export async function wireOf(request: Request, headerNames: readonly string[]): Promise<Wire> {
  const url = new URL(request.url);
  const headers: Record<string, string> = {};
  for (const name of headerNames) {
    const value = request.headers.get(name);
    if (value !== null) headers[name] = listValue(value);
  }
  const contentType = essence(request.headers.get("content-type"));
  if (contentType !== "") headers["content-type"] = contentType;
  const cookie = request.headers.get("cookie");
  if (cookie !== null) {
    headers.cookie = sorted(cookie.split(";").map((pair) => percentDecode(pair.trim())));
  }
  let body = "";
  if (request.body !== null) {
    if (contentType === "multipart/form-data") {
      const entries: [string, FormDataEntryValue][] = [];
      (await request.formData()).forEach((value, name) => {
        entries.push([name, value]);
      });
      const parts: string[] = [];
      for (const [name, value] of entries)
        parts.push(`${name}=${typeof value === "string" ? value : await value.text()}`);
      body = sorted(parts);
    } else {
      const text = await request.text();
      if (contentType === "application/x-www-form-urlencoded") body = sorted(pairsOf(text, true));
      else if (text !== "" && (contentType.endsWith("json") || contentType.endsWith("+json"))) {
        try {
          body = canonicalJson(JSON.parse(text));
        } catch {
          body = text;
        }
      } else body = text;
    }
  }
  return {
    method: request.method,
    path: url.pathname.split("/").map(percentDecode).join("/"),
    query: sorted(pairsOf(url.search.slice(1))),
    headers,
    body,
  };
}

/** The parts of two wires that differ, each named with both values (ours first). */
export function differences(ours: Wire, expected: Wire): string[] {
  const found: string[] = [];
  const compare = (part: string, a: string | undefined, b: string | undefined): void => {
    if (a !== b) found.push(`${part}: ${JSON.stringify(a)} ≠ ${JSON.stringify(b)}`);
  };
  compare("method", ours.method, expected.method);
  compare("path", ours.path, expected.path);
  compare("query", ours.query, expected.query);
  for (const name of new Set([...Object.keys(ours.headers), ...Object.keys(expected.headers)])) {
    compare(`header ${name}`, ours.headers[name], expected.headers[name]);
  }
  compare("body", ours.body, expected.body);
  return found;
}

// The spec's rules where openapi-fetch departs from them.

const encode = (value: unknown): string => encodeURIComponent(String(value));

/** deepObject as qs and Stripe's clients write it: `name[a][b]=v`, lists `name[0]=v`. */
function deepObjectPairs(name: string, value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => deepObjectPairs(`${name}[${index}]`, item));
  if (isObject(value)) return Object.entries(value).flatMap(([key, item]) => deepObjectPairs(`${name}[${key}]`, item));
  return value === undefined || value === null ? [] : [`${encode(name)}=${encode(value)}`];
}

/** A value sent as JSON text (a parameter with `content`), or as it is. */
const asSent = (parameter: Pick<CallParameter, "json">, value: unknown): unknown =>
  parameter.json ? JSON.stringify(value) : value;

const isScalar = (value: unknown): boolean => !Array.isArray(value) && !isObject(value);

/**
 * One query parameter (or form field) serialised by openapi-fetch's own serialisers, configured from the
 * document's style, explode and allowReserved; where openapi-fetch departs from the spec, the spec's rule, and
 * the departure's id in `departed`.
 */
export function serialiseQueryParameter(
  name: string,
  value: unknown,
  encoding: { style: string; explode: boolean; allowReserved: boolean },
  departed: Set<DepartureId>,
): string {
  const { style, explode, allowReserved } = encoding;
  if (value === undefined || value === null) return "";
  const fetchText = (reserved: boolean): string => {
    if (Array.isArray(value)) {
      return serializeArrayParam(name, value, { style: style as ArrayStyle, explode, allowReserved: reserved });
    }
    if (isObject(value)) {
      return serializeObjectParam(name, value, { style: style as Style, explode, allowReserved: reserved });
    }
    return serializePrimitiveParam(name, String(value), { allowReserved: reserved });
  };
  if (style === "deepObject") {
    if (Array.isArray(value)) {
      departed.add("deepObject list");
      return deepObjectPairs(name, value).join("&");
    }
    if (isObject(value) && !Object.values(value).every(isScalar)) {
      departed.add("deepObject nested");
      return deepObjectPairs(name, value).join("&");
    }
  }
  if ((style === "spaceDelimited" || style === "pipeDelimited") && isObject(value) && !explode) {
    departed.add("delimited object");
    const joined = Object.entries(value)
      .flatMap(([key, item]) => [encode(key), encode(item)])
      .join(style === "spaceDelimited" ? "%20" : "|");
    return `${encode(name)}=${joined}`;
  }
  if (allowReserved) {
    // The spec's result, decoded, is the fully encoded one's: reserved characters that pass decode to themselves.
    const spec = fetchText(false);
    if (sorted(pairsOf(fetchText(true))) !== sorted(pairsOf(spec))) departed.add("allowReserved");
    return spec;
  }
  return fetchText(false);
}

/** A header parameter's value by the simple style. */
function simpleHeader(parameter: CallParameter): string {
  const { value, explode } = parameter;
  if (Array.isArray(value)) return value.map(String).join(",");
  if (isObject(value)) {
    return Object.entries(value)
      .map(([key, item]) => (explode ? `${key}=${String(item)}` : `${key},${String(item)}`))
      .join(",");
  }
  return String(asSent(parameter, value));
}

/** The fields of a form body, each serialised as a query parameter by its encoding (default form, explode). */
function formBody(body: CallBody, departed: Set<DepartureId>): string {
  if (!isObject(body.value)) return typeof body.value === "string" ? body.value : "";
  return Object.entries(body.value)
    .map(([field, value]) => {
      const encoding: FieldEncoding = body.encoding[field] ?? {};
      const style = encoding.style ?? "form";
      return serialiseQueryParameter(
        field,
        value,
        { style, explode: encoding.explode ?? style === "form", allowReserved: encoding.allowReserved ?? false },
        departed,
      );
    })
    .filter((pair) => pair !== "")
    .join("&");
}

/** A multipart body: a part per field, a part per item of a list, objects as JSON text. */
function multipartBody(body: CallBody): FormData {
  const form = new FormData();
  if (!isObject(body.value)) return form;
  const text = (value: unknown): string => (isScalar(value) ? String(value) : JSON.stringify(value));
  for (const [field, value] of Object.entries(body.value)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) form.append(field, text(item));
  }
  return form;
}

/** The options of an untyped openapi-fetch call, as far as the harness passes them. */
interface LooseInit {
  params: { path: Json; query: Json; header: Json; cookie: Json };
  headers: Record<string, string>;
  body?: unknown;
  bodySerializer?: (body: unknown) => unknown;
  querySerializer: (query: Json) => string;
}

interface LooseClient {
  request(method: string, url: string, init: LooseInit): Promise<unknown>;
}

/** The document's path with each path parameter's style written as openapi-fetch's path serialiser reads it. */
function templateFor(call: OperationCall): string {
  let path = call.path;
  for (const parameter of call.parameters) {
    if (parameter.in !== "path") continue;
    const prefix = parameter.style === "label" ? "." : parameter.style === "matrix" ? ";" : "";
    path = path.replaceAll(`{${parameter.name}}`, `{${prefix}${parameter.name}${parameter.explode ? "*" : ""}}`);
  }
  return path;
}

/** The literal query a document's path holds (`/api?op=list` → `op=list`), before any fragment. */
function literalQuery(path: string): string {
  const end = path.indexOf("#") === -1 ? path.length : path.indexOf("#");
  const start = path.indexOf("?");
  return start === -1 || start > end ? "" : path.slice(start + 1, end);
}

export interface Expected {
  readonly wire?: Wire;
  /** openapi-fetch threw, or the request it built could not be read. */
  readonly error?: string;
  readonly departed: ReadonlySet<DepartureId>;
}

/**
 * The request openapi-fetch builds for the call, against `baseUrl`, corrected by the spec's rule for each
 * departure the call meets.
 */
export async function expectedWire(call: OperationCall, baseUrl: string): Promise<Expected> {
  const departed = new Set<DepartureId>();
  let captured: Request | undefined;
  const client = createClient({
    baseUrl,
    fetch: async (request: Request) => {
      captured = request;
      return new Response(null, { status: 204 });
    },
  }) as unknown as LooseClient;
  const params: LooseInit["params"] = { path: {}, query: {}, header: {}, cookie: {} };
  for (const parameter of call.parameters) {
    params[parameter.in][parameter.name] =
      parameter.in === "path" ? asSent(parameter, parameter.value) : parameter.value;
  }
  const queryParameters = call.parameters.filter((parameter) => parameter.in === "query");
  let queryText = "";
  const init: LooseInit = {
    params,
    headers: {},
    querySerializer: (query) => {
      queryText = queryParameters
        .map((parameter) =>
          serialiseQueryParameter(parameter.name, asSent(parameter, query[parameter.name]), parameter, departed),
        )
        .filter((pair) => pair !== "")
        .join("&");
      return queryText;
    },
  };
  const { body } = call;
  if (body !== undefined) {
    init.body = body.value;
    switch (body.kind) {
      case "json":
        if (body.mediaType.includes("*")) departed.add("media range");
        else if (body.mediaType.toLowerCase() !== "application/json") init.headers["content-type"] = body.mediaType;
        break;
      case "form":
        init.headers["content-type"] = "application/x-www-form-urlencoded";
        init.bodySerializer = () => formBody(body, departed);
        break;
      case "multipart":
        init.bodySerializer = () => multipartBody(body);
        break;
      case "raw":
        init.headers["content-type"] = body.mediaType;
        init.bodySerializer = (value) => (typeof value === "string" ? value : JSON.stringify(value));
        break;
    }
  }
  try {
    await client.request(call.method, templateFor(call), init);
  } catch (error) {
    return { error: `openapi-fetch: ${(error as Error).message}`, departed };
  }
  if (captured === undefined) return { error: "openapi-fetch sent nothing", departed };
  const headerParameters = call.parameters.filter((parameter) => parameter.in === "header");
  const read = await wireOf(
    captured,
    headerParameters.map((parameter) => parameter.name.toLowerCase()),
  );
  const headers: Record<string, string> = { ...read.headers };
  for (const parameter of headerParameters) {
    // openapi-fetch writes scalars and lists as the simple style does (a list as field lines, the same list).
    if (!isObject(parameter.value)) continue;
    const name = parameter.name.toLowerCase();
    const spec = listValue(simpleHeader(parameter));
    if (headers[name] !== spec) {
      departed.add("header object");
      headers[name] = spec;
    }
  }
  const cookies = call.parameters.filter((parameter) => parameter.in === "cookie");
  if (cookies.length > 0) {
    departed.add("cookie");
    const pairs = cookies.flatMap((parameter) =>
      pairsOf(serialiseQueryParameter(parameter.name, asSent(parameter, parameter.value), parameter, new Set())),
    );
    headers.cookie = sorted(pairs);
  }
  let query = read.query;
  const literal = literalQuery(call.path);
  if ((call.path.includes("#") || literal !== "") && queryText !== "") {
    departed.add(call.path.indexOf("?") !== -1 && literal !== "" ? "a second ?" : "query after the fragment");
    query = sorted([...pairsOf(literal), ...pairsOf(queryText)]);
  }
  return { wire: { ...read, query, headers }, departed };
}
