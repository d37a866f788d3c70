// OpenAPI operations sent as their document says. `withOperations(endpoint, table)` wraps an endpoint function
// with the operation table `endpoint-options openapi` writes: a call of a route in the table is
// `endpoint.parse(send(endpoint.merge(operation, options)))`. The core merges and parses; `send` only moves
// the table's parameters in the merged options (path values to their url variables, query and cookie
// parameters written by OpenAPI's styles, form and multipart bodies), so nothing is merged or parsed a second
// way. Only a bundle that imports withOperations holds this module (docs/design.md#operation-tables).

import { scalarText } from "../base/encode.js";
import { describeType, EndpointError, quote } from "../base/errors.js";
import { checkPlainObject, isContainer, isPlainObject, own, ownItem, setOwn } from "../base/util.js";
import { carriesContentType, isBlob, isBytes, labelsItself } from "../core/body.js";
import { fillsNoUrl } from "../core/option-names.js";
import {
  appendQuery,
  ENCODED_PAIRS,
  type PairSink,
  PLAIN_PAIRS,
  type SerializationStyle,
  type StyleOptions,
  writeStyled,
} from "../core/query.js";
import { METHODS, type Method } from "../core/route.js";
import { compileUrl, fillsUrl, objectHint } from "../core/url.js";
import { isUndefinedValue } from "../template/template.js";
import type { Endpoint } from "../types/endpoint.js";
import type { MergedHeaders, MergedOptions, RequestOptions } from "../types/options.js";

/**
 * How `withOperations` sends the routes of a route map, by route key (`"POST /v1/customers"`): the table
 * `endpoint-options openapi` writes into a generated module as JSON.
 */
export interface OperationTable {
  readonly [route: string]: Operation;
}

/** One operation of an OpenAPI document: its method and url, and how its parameters and body are sent. */
export interface Operation {
  /** The HTTP method, uppercase: GET, HEAD, POST, PUT, PATCH, DELETE or OPTIONS. */
  readonly method: string;
  /**
   * The url template the core expands: the document's path, each path parameter written as the RFC 6570
   * expression of its style and named by its template variable, and any literal `?query` or `#fragment` of the
   * path. No `{?…}`: the query is written from `parameters`.
   */
  readonly url: string;
  /** The path, query and cookie parameters sent as the table says (header parameters go in `headers`). */
  readonly parameters?: readonly OperationParameter[];
  /** The request body, when the operation has one. */
  readonly body?: OperationBody;
  /**
   * The route's top-level keys as its type names them (path, query and flat body fields, `data`, `headers`,
   * `cookies`, `parameters`): read by the command line's `--map`, to catch a misspelt name; withOperations
   * does not read it.
   */
  readonly names?: readonly string[];
}

/** A path, query or cookie parameter of an operation. */
export interface OperationParameter {
  /** The document's name: the key the caller passes the value under. */
  readonly name: string;
  readonly in: "path" | "query" | "cookie";
  /**
   * Where the caller passes it: `"flat"` (the default, `options[name]`) or `"nested"`
   * (`options.parameters[in][name]`, for a name an option or another parameter has). Cookies are always
   * passed in `options.cookies[name]`.
   */
  readonly where?: "flat" | "nested";
  /** path: the url template's variable, when it is not `name` (`url` is `%75rl`, `item.id` is `item%2Eid`). */
  readonly variable?: string;
  /** query and cookie: OpenAPI's style. Default `"form"`. */
  readonly style?: SerializationStyle;
  /** query and cookie: OpenAPI's explode. Default true for `"form"`, false otherwise. */
  readonly explode?: boolean;
  /** query: reserved characters are sent as they are. Default false. */
  readonly allowReserved?: boolean;
  /** The value is sent as its JSON text (a parameter whose `content` is JSON). */
  readonly json?: boolean;
}

/** How a form or multipart body writes one field: OpenAPI's Encoding Object. */
export interface OperationEncoding {
  readonly style?: SerializationStyle;
  readonly explode?: boolean;
  readonly allowReserved?: boolean;
  /** multipart: the part's content-type. */
  readonly contentType?: string;
}

/** An operation's request body. */
export interface OperationBody {
  /**
   * `"json"`: the core's JSON body; `"form"`: application/x-www-form-urlencoded; `"multipart"`:
   * multipart/form-data, as a FormData; `"raw"`: `data` as it is.
   */
  readonly kind: "json" | "form" | "multipart" | "raw";
  /** The content-type set when the caller sets none (never on multipart: a FormData labels itself). */
  readonly contentType?: string;
  /** The document requires a body: a json body with no field is sent as `{}`. */
  readonly required?: boolean;
  /** Where the caller passes the fields: `"flat"` (the default: every leftover parameter) or `"data"`. */
  readonly fields?: "flat" | "data";
  /** form and multipart: how each field is written, by field name. */
  readonly encoding?: { readonly [field: string]: OperationEncoding };
}

/** Any endpoint function: `endpoint`, `rest`, one of their `.defaults()`, typed or strict. */
type AnyEndpointType = Endpoint<string, Lowercase<Method>, unknown, boolean>;

/** An endpoint function as this module calls it. */
interface EndpointFunction {
  (route?: unknown, options?: unknown): RequestOptions;
  readonly DEFAULTS: Readonly<MergedOptions>;
  defaults(options?: unknown): EndpointFunction;
  merge(route?: unknown, options?: unknown): MergedOptions;
  parse(options: unknown): RequestOptions;
}

/**
 * `endpoint` sending the routes of `table` as their OpenAPI document says: query and cookie parameters by their
 * styles, path parameters under their url variables, form and multipart bodies, the document's content-type.
 * A route of the table is `endpoint.parse(send(endpoint.merge(operation, options)))`, so parameters set by
 * `.defaults()` are sent as the table says too; any other route, and options without a route, go to
 * `endpoint` as they are. The result has `endpoint`'s type and API (`.defaults()` keeps the table).
 * @example
 * const stripe = withOperations(rest.defaults({ baseUrl: "https://api.stripe.com" }), {
 *   "GET /v1/customers": { method: "GET", url: "/v1/customers", parameters: [{ name: "created", in: "query", style: "deepObject" }] },
 * });
 * stripe("GET /v1/customers", { created: { gte: 1700000000 } }).url;
 * // → "https://api.stripe.com/v1/customers?created%5Bgte%5D=1700000000"
 */
export function withOperations<E extends AnyEndpointType>(endpoint: E, table: OperationTable): E {
  return sendingOperations(endpointFunction(endpoint), compileTable(table)) as unknown as E;
}

function endpointFunction(endpoint: unknown): EndpointFunction {
  if (
    typeof endpoint !== "function" ||
    typeof own(endpoint, "merge") !== "function" ||
    typeof own(endpoint, "parse") !== "function" ||
    typeof own(endpoint, "defaults") !== "function"
  ) {
    throw new EndpointError(
      "ERR_INVALID_ROUTE",
      `withOperations() takes an endpoint function (rest, endpoint, or one their .defaults() made), got ${describeType(endpoint)}; pass e.g. rest.defaults({ baseUrl: "https://api.example.com" })`,
    );
  }
  return endpoint as EndpointFunction;
}

/** A frozen endpoint function like the core's, whose table routes `send` rewrites between merge and parse. */
function sendingOperations(
  inner: EndpointFunction,
  operations: ReadonlyMap<string, CompiledOperation>,
): EndpointFunction {
  const operationOf = (route: unknown): CompiledOperation | undefined =>
    typeof route === "string" ? operations.get(route) : undefined;
  const merge = (route?: unknown, options?: unknown): MergedOptions => {
    const operation = operationOf(route);
    return operation === undefined
      ? inner.merge(route, options)
      : send(inner.merge(operation.target, options), operation);
  };
  const { endpoint }: { endpoint: Unfinished } = {
    endpoint: (route, options) =>
      operationOf(route) === undefined ? inner(route, options) : inner.parse(merge(route, options)),
  };
  endpoint.DEFAULTS = inner.DEFAULTS;
  endpoint.defaults = (options?: unknown) => sendingOperations(inner.defaults(options), operations);
  endpoint.merge = merge;
  endpoint.parse = inner.parse;
  return Object.freeze(endpoint) as EndpointFunction;
}

/** An endpoint function before its properties are set. */
type Unfinished = ((route?: unknown, options?: unknown) => RequestOptions) & {
  -readonly [K in "DEFAULTS" | "defaults" | "merge" | "parse"]?: unknown;
};

type Place = "path" | "query" | "cookie";

/** A parameter of the table, read once. */
interface SentParameter extends StyleOptions {
  readonly name: string;
  readonly in: Place;
  /** Passed in `options.parameters[in]` (cookies: always in `options.cookies`). */
  readonly nested: boolean;
  /** path: the key the value is put back under for the url template, when it moves (renamed, nested or JSON). */
  readonly variable: string | undefined;
  readonly json: boolean;
  /** Names the parameter in a message: `query parameter "color" of "GET /widgets"`. */
  readonly what: () => string;
}

/** How a form or multipart field is written. `styled`: the table gave a style, explode or allowReserved. */
interface FieldEncoding extends StyleOptions {
  readonly styled: boolean;
  readonly contentType: string | undefined;
}

interface SentBody {
  readonly kind: OperationBody["kind"];
  readonly contentType: string | undefined;
  readonly required: boolean;
  /** The fields are passed in `data` alone. */
  readonly inData: boolean;
  /** The table's encoding, by field. */
  readonly byField: ReadonlyMap<string, FieldEncoding>;
}

interface CompiledOperation {
  readonly route: string;
  /** What the call's options are merged onto, as a route's method and url. */
  readonly target: { readonly method: Method; readonly url: string };
  readonly parameters: readonly SentParameter[];
  /** The names each of the caller's groups may hold: `parameters.path`, `parameters.query` and `cookies`. */
  readonly groups: Readonly<Record<Place, ReadonlySet<string>>>;
  /** Path parameters whose value moves, by variable: a missing one is named as the caller passes it. */
  readonly moved: ReadonlyMap<string, SentParameter>;
  readonly body: SentBody | undefined;
}

/** A form or multipart field the table says nothing of: form style, exploded. */
const PLAIN_FIELD: FieldEncoding = {
  style: "form",
  explode: true,
  allowReserved: false,
  styled: false,
  contentType: undefined,
};

const FORM_CONTENT_TYPE = "application/x-www-form-urlencoded";

/** The places a caller nests parameters in, under `parameters`. */
const NESTED_PLACES: ReadonlySet<string> = /* @__PURE__ */ new Set(["path", "query"]);

/**
 * Moves the table's parameters in merged options that the wrapper owns (`.merge()` wrote them): path values
 * to their url variables, the query into the url, cookies into the `cookie` header, and the body fields into
 * `data` as the body's kind writes them. Nested values are read, never changed: a `.defaults()` level shares them.
 */
function send(merged: MergedOptions, operation: CompiledOperation): MergedOptions {
  const options = merged as Record<string, unknown>;
  const { route, parameters, groups } = operation;
  // The url as merged, before the query joins it: what the path and a flat body's fields are read by.
  const template = options.url as string;
  const nested = groupOf(
    take(options, "parameters"),
    "parameters",
    route,
    "an object such as { path: { … }, query: { … } }",
  );
  const cookies = groupOf(take(options, "cookies"), "cookies", route, "an object such as { session: … }");
  const path = groupOf(nested && own(nested, "path"), "parameters.path", route, "an object of path parameters");
  const query = groupOf(nested && own(nested, "query"), "parameters.query", route, "an object of query parameters");
  checkKnown(nested, NESTED_PLACES, "parameters", route);
  checkKnown(path, groups.path, "parameters.path", route);
  checkKnown(query, groups.query, "parameters.query", route);
  checkKnown(cookies, groups.cookie, "cookies", route);

  // Every value is taken out before any is put back: a nested path `id` goes back under `id` after a flat
  // query `id` left.
  const values: unknown[] = [];
  for (const parameter of parameters) {
    let value: unknown;
    if (parameter.in === "cookie") value = cookies === undefined ? undefined : own(cookies, parameter.name);
    else if (parameter.nested) value = own((parameter.in === "path" ? path : query) ?? {}, parameter.name);
    else if (parameter.in === "query" || parameter.variable !== undefined) value = take(options, parameter.name);
    values.push(value);
  }
  const queryPairs: string[] = [];
  const cookiePairs: string[] = [];
  const toQuery: PairSink = (name, value) => queryPairs.push(`${name}=${value}`);
  const toCookie: PairSink = (name, value) => cookiePairs.push(`${name}=${value}`);
  for (let i = 0; i < parameters.length; i++) {
    const parameter = parameters[i] as SentParameter;
    let value = values[i];
    if (value === undefined || value === null) continue;
    if (parameter.json) value = jsonText(value, parameter.what);
    if (parameter.in === "path") {
      if (parameter.variable !== undefined) setOwn(options, parameter.variable, value);
    } else if (parameter.in === "query") {
      writeStyled(parameter.name, value, parameter, ENCODED_PAIRS, toQuery, parameter.what);
    } else {
      if (isContainer(value) && !Array.isArray(value)) {
        throw new EndpointError(
          "ERR_INVALID_PARAMETER",
          `${parameter.what()} is an object, which a cookie cannot hold; pass a string, number, boolean, Date or list`,
        );
      }
      writeStyled(parameter.name, value, parameter, ENCODED_PAIRS, toCookie, parameter.what);
    }
  }
  if (operation.moved.size > 0) checkMovedPath(options, operation);
  if (queryPairs.length > 0) options.url = appendQuery(template, queryPairs.join("&"));
  if (cookiePairs.length > 0) addCookies(options.headers as MergedHeaders, cookiePairs.join("; "));
  const { body } = operation;
  const { method } = merged;
  if (body !== undefined && (method === "POST" || method === "PUT" || method === "PATCH" || method === "DELETE")) {
    sendBody(options, template, body, route);
  }
  return merged;
}

/** An own key's value, taken out of the wrapper's own merged options. */
function take(options: Record<string, unknown>, key: string): unknown {
  if (!Object.hasOwn(options, key)) return undefined;
  const value = options[key];
  delete options[key];
  return value;
}

/** A group of the caller's parameters (`parameters`, `parameters.path`, `cookies`…): a plain object, or undefined. */
function groupOf(
  value: unknown,
  option: string,
  route: string,
  fix: string,
): Readonly<Record<string, unknown>> | undefined {
  if (value === undefined || value === null) return undefined;
  if (!isPlainObject(value)) {
    throw new EndpointError(
      "ERR_INVALID_PARAMETER",
      `option ${quote(option)} of ${quote(route)} is ${describeType(value)}; pass ${fix}`,
    );
  }
  return value;
}

/** Refuses a key of a group the operation has no parameter for: it would be sent nowhere. */
function checkKnown(
  values: Readonly<Record<string, unknown>> | undefined,
  names: ReadonlySet<string>,
  where: string,
  route: string,
): void {
  if (values === undefined) return;
  for (const key of Object.keys(values)) {
    if (names.has(key) || values[key] === undefined) continue;
    const known =
      names.size === 0
        ? "none"
        : [...names]
            .slice(0, 20)
            .map((name) => quote(name))
            .join(", ");
    throw new EndpointError(
      "ERR_INVALID_PARAMETER",
      `${quote(route)} has no ${quote(key)} in ${where}, which takes ${known}; pass only those`,
    );
  }
}

/**
 * A path parameter passed under another key than its url variable (renamed or nested) is named, when it is
 * missing, as the caller passes it: the core would name its variable (`%75rl`). Others are the core's to name.
 */
function checkMovedPath(options: Readonly<Record<string, unknown>>, operation: CompiledOperation): void {
  const flat: string[] = [];
  const nested: string[] = [];
  for (const [variable, parameter] of operation.moved) {
    if (isUndefinedValue(own(options, variable))) (parameter.nested ? nested : flat).push(parameter.name);
  }
  const names = [...flat, ...nested];
  if (names.length === 0) return;
  const fixes: string[] = [];
  if (flat.length > 0) fixes.push(objectHint(flat));
  if (nested.length > 0) fixes.push(`{ parameters: { path: ${objectHint(nested)} } }`);
  throw new EndpointError(
    "ERR_MISSING_PARAMETER",
    `missing parameter${names.length > 1 ? "s" : ""} ${names.map((name) => quote(name)).join(", ")} for ${quote(operation.route)}; pass ${fixes.join(" and ")}`,
  );
}

/** A value's JSON text, for a parameter whose content is JSON. */
function jsonText(value: unknown, what: () => string): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch (error) {
    // BigInts and cycles; an error of the caller's own (a toJSON that throws) passes on.
    if (!(error instanceof TypeError)) throw error;
    throw new EndpointError(
      "ERR_INVALID_PARAMETER",
      `${what()} is sent as JSON text, which JSON.stringify cannot write for it (a BigInt or a cycle); pass JSON data`,
    );
  }
  if (text === undefined) {
    throw new EndpointError(
      "ERR_INVALID_PARAMETER",
      `${what()} is sent as JSON text, and ${describeType(value)} has none; pass JSON data`,
    );
  }
  return text;
}

/** Adds cookie pairs to the `cookie` header, after any the caller set. */
function addCookies(headers: MergedHeaders, cookies: string): void {
  const before = own(headers, "cookie");
  headers.cookie =
    before === undefined || before === null || before === ""
      ? cookies
      : `${Array.isArray(before) ? before.join("; ") : String(before)}; ${cookies}`;
}

/**
 * The body: form and multipart fields written into `data`, `{}` for a required json body with no field, and
 * the document's content-type where the caller set none and the body does not carry its own.
 */
function sendBody(options: Record<string, unknown>, template: string, body: SentBody, route: string): void {
  const hasData = Object.hasOwn(options, "data");
  const data = hasData ? options.data : undefined;
  // Parameters left over after the url's: the fields of a flat body.
  let leftover: string[] | undefined;
  const leftoverFields = (): string[] => {
    leftover ??= fieldNames(options, template);
    return leftover;
  };
  if (body.kind === "form" || body.kind === "multipart") {
    let fields: Readonly<Record<string, unknown>> | undefined;
    if (hasData) {
      if (isContainer(data) && !Array.isArray(data)) fields = data as Readonly<Record<string, unknown>>;
      else if (data !== null && typeof data !== "string" && !labelsItself(data)) {
        throw new EndpointError(
          "ERR_INVALID_PARAMETER",
          `option "data" of ${quote(route)} is ${describeType(data)}; a ${body.kind === "form" ? FORM_CONTENT_TYPE : "multipart/form-data"} body takes an object of fields, or a string, URLSearchParams, FormData or Blob sent as it is`,
        );
      }
    } else if (!body.inData && (leftoverFields().length > 0 || body.required)) {
      const taken: Record<string, unknown> = {};
      for (const name of leftoverFields()) setOwn(taken, name, take(options, name));
      fields = taken;
    }
    if (fields !== undefined) {
      options.data = body.kind === "form" ? formText(fields, body, route) : formData(fields, body, route);
    }
  } else if (body.kind === "json") {
    // The document's JSON: a string is a JSON string, written with its quotes, as every typed client writes it
    // (the core sends a string as JSON text already written).
    if (typeof data === "string") options.data = JSON.stringify(data);
    else if (body.required && !hasData && leftoverFields().length === 0) options.data = {};
  }

  const contentType = body.contentType ?? (body.kind === "form" ? FORM_CONTENT_TYPE : undefined);
  if (contentType === undefined || body.kind === "multipart") return;
  const headers = options.headers as MergedHeaders;
  // A content-type of the caller's stands; null sends the body unlabelled.
  const given = own(headers, "content-type");
  if (given === null || given) return;
  const sent = Object.hasOwn(options, "data")
    ? !carriesContentType(options.data)
    : body.kind === "json" && leftoverFields().length > 0;
  if (sent) headers["content-type"] = contentType;
}

/** The merged options' parameters that are no option and fill no variable of `template`: a flat body's fields. */
function fieldNames(options: Readonly<Record<string, unknown>>, template: string): string[] {
  const compiled = compileUrl(template);
  return Object.keys(options).filter((key) => !fillsNoUrl(key) && !fillsUrl(compiled, key));
}

function fieldEncoding(body: SentBody, field: string): FieldEncoding {
  return body.byField.get(field) ?? PLAIN_FIELD;
}

/** application/x-www-form-urlencoded: each field written by its style, as a query is. */
function formText(fields: Readonly<Record<string, unknown>>, body: SentBody, route: string): string {
  const pairs: string[] = [];
  const toForm: PairSink = (name, value) => pairs.push(`${name}=${value}`);
  for (const name of Object.keys(fields)) {
    writeStyled(name, fields[name], fieldEncoding(body, name), ENCODED_PAIRS, toForm, () => fieldWhat(name, route));
  }
  return pairs.join("&");
}

function fieldWhat(name: string, route: string): string {
  return `body field ${quote(name)} of ${quote(route)}`;
}

/**
 * multipart/form-data: a FormData with a part per field. A Blob or File is a part as it is, bytes a Blob of
 * the field's content-type (else application/octet-stream); an exploded list a part per item; a scalar its
 * text; an object (or an item that is one) its JSON text. A field the table gives a style is written by it
 * instead, as text parts (deepObject: `field[key]`). A field's content-type labels its text part (a Blob).
 */
function formData(fields: Readonly<Record<string, unknown>>, body: SentBody, route: string): FormData {
  const form = new (platformClass("FormData", route))();
  for (const name of Object.keys(fields)) {
    const how = fieldEncoding(body, name);
    const what = (): string => fieldWhat(name, route);
    const value = fields[name];
    const toParts: PairSink = (part, text) => form.append(part, text);
    if (how.style === "deepObject" && isContainer(value)) {
      writeStyled(name, value, how, PLAIN_PAIRS, toParts, what);
    } else if (Array.isArray(value) && how.explode) {
      for (let i = 0; i < value.length; i++) appendPart(form, name, ownItem(value, i), how, route, what);
    } else if (how.styled && isContainer(value)) {
      writeStyled(name, value, how, PLAIN_PAIRS, toParts, what);
    } else {
      appendPart(form, name, value, how, route, what);
    }
  }
  return form;
}

/** One part: a Blob, bytes, a list or object as JSON text, or a scalar's text. */
function appendPart(
  form: FormData,
  name: string,
  value: unknown,
  how: FieldEncoding,
  route: string,
  what: () => string,
): void {
  if (value === undefined || value === null) return;
  if (typeof value === "object" && isBlob(value)) {
    form.append(name, value);
    return;
  }
  if (typeof value === "object" && isBytes(value)) {
    const Blob = platformClass("Blob", route);
    form.append(name, new Blob([value as BlobPart], { type: how.contentType ?? "application/octet-stream" }));
    return;
  }
  const text = isContainer(value) ? jsonText(value, what) : scalarText(value);
  if (text === undefined) {
    throw new EndpointError(
      "ERR_INVALID_PARAMETER",
      `${what()} is ${describeType(value)}, which a multipart part cannot hold; pass a string, number, boolean, Date, Blob, bytes, list or plain object`,
    );
  }
  if (how.contentType === undefined) form.append(name, text);
  else form.append(name, new (platformClass("Blob", route))([text], { type: how.contentType }));
}

/** FormData or Blob, which every runtime the package supports has; a clear error where one is missing. */
function platformClass<N extends "FormData" | "Blob">(name: N, route: string): (typeof globalThis)[N] {
  const found = own(globalThis, name);
  if (typeof found !== "function") {
    throw new EndpointError(
      "ERR_INVALID_PARAMETER",
      `${quote(route)} sends a multipart/form-data body, and this runtime has no ${name}; pass data: a FormData of your own (undici's, say), or run on Node.js 18 or later, Deno, Bun or a browser`,
    );
  }
  return found as (typeof globalThis)[N];
}

// The table, read once into the forms above. It comes from the generator (JSON.parse of the module's
// string), so it is trusted, but read as own properties, and an entry that is not one the generator writes
// is refused naming the route.

const PLACES: readonly Place[] = ["path", "query", "cookie"];
const STYLES: readonly SerializationStyle[] = ["form", "spaceDelimited", "pipeDelimited", "deepObject"];
const KINDS: readonly OperationBody["kind"][] = ["json", "form", "multipart", "raw"];

function compileTable(table: unknown): ReadonlyMap<string, CompiledOperation> {
  checkPlainObject(
    table,
    "withOperations()'s table",
    "pass the table `endpoint-options openapi` writes",
    "ERR_INVALID_ROUTE",
  );
  const operations = new Map<string, CompiledOperation>();
  for (const route of Object.keys(table)) operations.set(route, compileOperation(route, table[route]));
  return operations;
}

function compileOperation(route: string, entry: unknown): CompiledOperation {
  if (!isPlainObject(entry)) throw tableError(route, `is ${describeType(entry)}, not an operation`);
  const method = oneOf(entry, "method", METHODS, route, "its");
  const url = own(entry, "url");
  if (method === undefined) throw tableError(route, "has no method");
  if (typeof url !== "string") throw tableError(route, `has url ${quote(url)}; write the url template as a string`);
  const list = own(entry, "parameters");
  if (list !== undefined && !Array.isArray(list)) throw tableError(route, `has parameters ${quote(list)}, not a list`);
  const parameters: SentParameter[] = [];
  const groups = { path: new Set<string>(), query: new Set<string>(), cookie: new Set<string>() };
  const moved = new Map<string, SentParameter>();
  for (let i = 0; i < (list?.length ?? 0); i++) {
    const parameter = compileParameter(route, ownItem(list as readonly unknown[], i), i);
    parameters.push(parameter);
    if (parameter.nested || parameter.in === "cookie") groups[parameter.in].add(parameter.name);
    if (parameter.variable !== undefined) moved.set(parameter.variable, parameter);
  }
  const body = own(entry, "body");
  return {
    route,
    target: Object.freeze({ method, url }),
    parameters,
    groups,
    moved,
    body: body === undefined ? undefined : compileBody(route, body),
  };
}

function compileParameter(route: string, entry: unknown, index: number): SentParameter {
  const at = `parameter ${index}'s`;
  if (!isPlainObject(entry)) throw tableError(route, `has ${at} entry ${quote(entry)}, not an object`);
  const name = own(entry, "name");
  if (typeof name !== "string") throw tableError(route, `has ${at} name ${quote(name)}; write the document's name`);
  const place = oneOf(entry, "in", PLACES, route, at);
  if (place === undefined) throw tableError(route, `has ${at} "in" missing; write path, query or cookie`);
  const nested = place !== "cookie" && oneOf(entry, "where", ["flat", "nested"], route, at) === "nested";
  if (!nested && place !== "cookie" && (fillsNoUrl(name) || name === "parameters" || name === "cookies")) {
    throw tableError(
      route,
      `passes ${place} parameter ${quote(name)} flat, where an option is passed; write where: "nested"`,
    );
  }
  const variable = stringField(entry, "variable", route, at);
  if (variable !== undefined && fillsNoUrl(variable)) {
    throw tableError(route, `names the url variable ${quote(variable)}, which an option has; write its %XX form`);
  }
  const json = flag(entry, "json", route, at) ?? false;
  const style = json ? "form" : (oneOf(entry, "style", STYLES, route, at) ?? "form");
  const what = (): string =>
    `${place === "cookie" ? "cookie" : `${place} parameter`} ${quote(name)} of ${quote(route)}`;
  return {
    name,
    in: place,
    nested,
    variable: place === "path" ? (variable ?? (nested || json ? name : undefined)) : undefined,
    json,
    style,
    explode: json || (flag(entry, "explode", route, at) ?? style === "form"),
    allowReserved: flag(entry, "allowReserved", route, at) ?? false,
    what,
  };
}

function compileBody(route: string, entry: unknown): SentBody {
  const at = "its body's";
  if (!isPlainObject(entry)) throw tableError(route, `has body ${quote(entry)}, not an object`);
  const kind = oneOf(entry, "kind", KINDS, route, at);
  if (kind === undefined) throw tableError(route, `has ${at} kind missing; write json, form, multipart or raw`);
  const encoding = new Map<string, FieldEncoding>();
  const fields = own(entry, "encoding");
  if (fields !== undefined) {
    if (!isPlainObject(fields)) throw tableError(route, `has ${at} encoding ${quote(fields)}, not an object`);
    for (const field of Object.keys(fields)) encoding.set(field, compileEncoding(route, field, fields[field]));
  }
  return {
    kind,
    contentType: stringField(entry, "contentType", route, at),
    required: flag(entry, "required", route, at) ?? false,
    inData: oneOf(entry, "fields", ["flat", "data"], route, at) === "data",
    byField: encoding,
  };
}

function compileEncoding(route: string, field: string, entry: unknown): FieldEncoding {
  const at = `its body's encoding of ${quote(field)}:`;
  if (!isPlainObject(entry)) throw tableError(route, `has ${at} ${quote(entry)}, not an object`);
  const style = oneOf(entry, "style", STYLES, route, at);
  const explode = flag(entry, "explode", route, at);
  const allowReserved = flag(entry, "allowReserved", route, at);
  return {
    style: style ?? "form",
    explode: explode ?? (style ?? "form") === "form",
    allowReserved: allowReserved ?? false,
    styled: style !== undefined || explode !== undefined || allowReserved !== undefined,
    contentType: stringField(entry, "contentType", route, at),
  };
}

function oneOf<T extends string>(
  entry: object,
  key: string,
  allowed: readonly T[],
  route: string,
  at: string,
): T | undefined {
  const value = own(entry, key);
  if (value === undefined || (allowed as readonly unknown[]).includes(value)) return value as T | undefined;
  throw tableError(route, `has ${at} ${key} ${quote(value)}; write one of ${allowed.join(", ")}`);
}

function flag(entry: object, key: string, route: string, at: string): boolean | undefined {
  const value = own(entry, key);
  if (value === undefined || typeof value === "boolean") return value;
  throw tableError(route, `has ${at} ${key} ${quote(value)}; write true or false`);
}

function stringField(entry: object, key: string, route: string, at: string): string | undefined {
  const value = own(entry, key);
  if (value === undefined || typeof value === "string") return value;
  throw tableError(route, `has ${at} ${key} ${quote(value)}; write a string`);
}

function tableError(route: string, problem: string): EndpointError {
  return new EndpointError(
    "ERR_INVALID_ROUTE",
    `the operation table's entry for ${quote(route)} ${problem} (pass the table \`endpoint-options openapi\` writes)`,
  );
}
