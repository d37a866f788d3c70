// Merged options → request options (url, query or body, headers), and endpoint()'s one-pass path.
import { amendAccept } from "./accept.js";
import { describeType, EndpointError } from "./errors.js";
import {
  assignHeaders,
  checkUrlOption,
  copyHeaders,
  copyRecord,
  type HeaderValue,
  type MediaTypeDefaults,
  type MergedOptions,
  mergedMediaType,
  mergeOptions,
  mergeValue,
  type ParseOptions,
  type RequestMeta,
  setOwn,
} from "./merge.js";
import { appendQuery, queryPair } from "./query.js";
import {
  type CompiledRoute,
  checkBaseUrl,
  compileRoute,
  expandRoute,
  fillsNoUrl,
  joinableBase,
  type Method,
  normalizeMethod,
  OPTION_NAMES,
  resolveUrl,
  splitRoute,
} from "./route.js";
import { isPlainObject, own } from "./template.js";

/** Request options for any HTTP client: what `endpoint()` and `.parse()` return. */
export interface RequestOptions {
  /** The HTTP method, lowercase. */
  method: Lowercase<Method>;
  /** The full URL, placeholders filled and query parameters appended. */
  url: string;
  /** Every header, names lowercase. */
  headers: Record<string, HeaderValue>;
  /** The request body, when there is one. */
  body?: unknown;
  /** The `request` option exactly as it was passed. */
  request?: RequestMeta;
}

const JSON_CONTENT_TYPE = "application/json; charset=utf-8";

const NO_MEDIA_TYPE: MediaTypeDefaults = Object.freeze({
  format: "",
  previews: Object.freeze([]) as unknown as string[],
});

/** What every request is built from, however the options were merged. */
interface RequestParts {
  readonly method: Method;
  readonly template: string;
  readonly route: CompiledRoute;
  /** What fills the url: the merged options, or the call's own options when no default is involved. */
  readonly variables: Readonly<Record<string, unknown>>;
  /** The base address from `joinableBase`. */
  readonly base: string | undefined;
  /** A fresh headers object this request owns, or undefined to take a copy of the level's. */
  readonly headers: Record<string, HeaderValue> | undefined;
  /** The level whose default headers a request without `headers` of its own copies. */
  readonly level: DefaultHeaders;
  readonly mediaType: MediaTypeDefaults;
  readonly request: unknown;
  /** The parameters that reach the query or body, in merged key order: each key, then its value (one list, not two). */
  readonly parameters: readonly unknown[];
}

function buildRequest(parts: RequestParts): RequestOptions {
  const { method, route, parameters } = parts;
  const path = expandRoute(route, parts.variables, method, parts.template);
  let url = resolveUrl(route, path, parts.base);

  let body: unknown;
  let isJson = false;
  // SPEC.md gives a body only to PATCH, POST, PUT and DELETE. OPTIONS, which decisions.md adds, has
  // none either, so its leftovers go to the query as GET's and HEAD's do.
  if (method === "GET" || method === "HEAD" || method === "OPTIONS") {
    let query = "";
    for (let i = 0; i < parameters.length; i += 2) {
      const key = parameters[i] as string;
      const value = parameters[i + 1];
      if (key === "data" && value !== null) throw dataWithoutBody(method);
      const pair = queryPair(key, value);
      if (pair !== undefined) query += query === "" ? pair : `&${pair}`;
    }
    if (query !== "") url = route.mayHoldQueryOrFragment ? appendQuery(url, query) : `${url}?${query}`;
  } else {
    const data = keyIndex(parameters, "data");
    if (data !== -1) {
      body = parameters[data + 1];
      isJson = isPlainObject(body) || Array.isArray(body);
    } else if (parameters.length > 0) {
      const json: Record<string, unknown> = {};
      for (let i = 0; i < parameters.length; i += 2) setOwn(json, parameters[i] as string, parameters[i + 1]);
      body = json;
      isJson = true;
    } else if (method === "PUT" || method === "PATCH") {
      // GitHub needs a content-length of 0 on PUT and PATCH requests without a body.
      body = "";
    }
  }

  const headers = parts.headers ?? cloneHeaders(parts.level, isJson);
  amendAccept(headers, parts.mediaType);
  // An empty or zero content-type counts as none, as in @octokit/endpoint.
  if (isJson && !(Object.hasOwn(headers, "content-type") && headers["content-type"])) {
    headers["content-type"] = JSON_CONTENT_TYPE;
  }

  const result: RequestOptions = { method: method.toLowerCase() as Lowercase<Method>, url, headers };
  if (body !== undefined) result.body = body;
  if (parts.request) result.request = parts.request as RequestMeta;
  return result;
}

/** `data` on GET, HEAD or OPTIONS: SPEC.md gives a body only to PATCH, POST, PUT and DELETE. */
function dataWithoutBody(method: Method): EndpointError {
  return new EndpointError(
    "ERR_INVALID_PARAMETER",
    `option "data" is a request body, and ${method} requests have none; use POST, PUT, PATCH or DELETE, or pass data: null to drop one set by .defaults()`,
  );
}

/**
 * A fresh copy of the default headers, with the JSON content-type for JSON bodies. A spread copy is
 * the fastest clone in V8, but Node 20's V8 makes adding a key to one very slow, so it is used only
 * when no key will be added (previews add an accept header that defaults removed).
 */
function cloneHeaders(
  { headers, jsonHeaders, hasAccept, hasList }: DefaultHeaders,
  isJson: boolean,
): Record<string, HeaderValue> {
  // A default list (frozen, shared by every call) is copied so that each result owns its headers.
  if (hasList) return copyHeaders(hasAccept && isJson ? jsonHeaders : headers);
  if (!hasAccept) return copyRecord(headers);
  return { ...(isJson ? jsonHeaders : headers) };
}

/** Turns merged options into request options. Stateless: the same merged options give the same result. */
export function parseOptions(options: ParseOptions): RequestOptions {
  if (!isPlainObject(options)) {
    // decisions.md: no url in parse() is ERR_MISSING_URL; any other value that is not a plain object is
    // refused as options are.
    throw new EndpointError(
      options == null ? "ERR_MISSING_URL" : "ERR_INVALID_ROUTE",
      `parse() needs merged options (a plain object), got ${describeType(options)}; pass the result of endpoint.merge()`,
    );
  }
  const method = normalizeMethod(own(options, "method") ?? "GET");
  const url = own(options, "url");
  if (url === undefined || url === null || url === "") {
    throw new EndpointError(
      "ERR_MISSING_URL",
      'no url given; pass a route such as "GET /user" or set the "url" option',
    );
  }
  const template = checkUrlOption(url);
  const route = compileRoute(template);
  const headers: Record<string, HeaderValue> = {};
  assignHeaders(headers, own(options, "headers"));
  const baseUrl = own(options, "baseUrl");
  const parameters: unknown[] = [];
  // A url that names an option fills from a copy of the other keys; parameters are read from it too, once.
  const variables = route.namesAnOption ? fillableVariables(options) : options;
  for (const key of Object.keys(options)) {
    // Options and url variables are read elsewhere, once.
    if (OPTION_NAMES.has(key) || route.variableNames.has(key)) continue;
    // `data` fills no url, so the copy lacks it.
    const value = key === "data" ? options[key] : variables[key];
    if (value === undefined) continue;
    parameters.push(key, value);
  }
  return buildRequest({
    method,
    template,
    route,
    variables,
    base: baseUrl === undefined || baseUrl === null ? undefined : joinableBase(checkBaseUrl(baseUrl)),
    headers,
    // Never copied (the headers above are this request's own): a level only in form.
    level: { headers, jsonHeaders: headers, hasAccept: true, hasList: false },
    mediaType: mergedMediaType(NO_MEDIA_TYPE, own(options, "mediaType") ?? null, false),
    request: own(options, "request"),
    parameters,
  });
}

function fillableVariables(options: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const parameters: Record<string, unknown> = {};
  for (const key of Object.keys(options)) if (!fillsNoUrl(key)) setOwn(parameters, key, options[key]);
  return parameters;
}

/** One `.defaults()` level, read once so that calls do not re-read its defaults. */
export interface DefaultsLevel {
  readonly defaults: Readonly<MergedOptions>;
  /** The defaults' parameter names (every key that is not an option), in order, and as a set. */
  readonly parameterKeys: readonly string[];
  readonly parameterKeySet: ReadonlySet<string>;
  /** An unfrozen copy of the default headers to clone per call (V8 clones frozen objects slowly). */
  readonly headers: Readonly<Record<string, HeaderValue>>;
  /** The same with the JSON content-type, unless the defaults set a content-type. */
  readonly jsonHeaders: Readonly<Record<string, HeaderValue>>;
  readonly hasAccept: boolean;
  /** True when a default header is a list. */
  readonly hasList: boolean;
  /** The defaults' own `request`, if any. */
  readonly request: unknown;
  /** The defaults' baseUrl, ready to join. */
  readonly base: string | undefined;
}

/** The headers of a level, which a call copies unless it passes headers of its own. */
type DefaultHeaders = Pick<DefaultsLevel, "headers" | "jsonHeaders" | "hasAccept" | "hasList">;

/** Reads a frozen defaults object into a level. */
export function defaultsLevel(defaults: Readonly<MergedOptions>): DefaultsLevel {
  const parameterKeys = Object.keys(defaults).filter((key) => !OPTION_NAMES.has(key) && defaults[key] !== undefined);
  const headers = copyRecord(defaults.headers);
  const jsonHeaders = copyRecord(defaults.headers);
  if (!own(jsonHeaders, "content-type")) jsonHeaders["content-type"] = JSON_CONTENT_TYPE;
  return {
    defaults,
    parameterKeys,
    parameterKeySet: new Set(parameterKeys),
    headers,
    jsonHeaders,
    hasAccept: Object.hasOwn(headers, "accept"),
    hasList: Object.values(headers).some(Array.isArray),
    request: own(defaults, "request"),
    base: joinableBase(defaults.baseUrl),
  };
}

const NO_OPTIONS: Readonly<Record<string, unknown>> = Object.freeze({});

/** True when the two sets share a name: the smaller is walked, so a call costs no more than its url. */
function readsAny(few: ReadonlySet<string>, many: ReadonlySet<string>): boolean {
  if (few.size > many.size) return readsAny(many, few);
  if (few.size === 0) return false;
  for (const name of few) if (many.has(name)) return true;
  return false;
}

/**
 * `parse(merge(route, options))` in one pass, for `endpoint()`: the call's options are read once and
 * no merged options object is built. It checks in the same order as the two steps, so both give the
 * same result or the same error. (Url variables are read at expansion, after the other options: a
 * getter on one that throws is reached after a bad header, where merge() reaches it in key order. A
 * url variable written twice in the url is read twice.) Calls it does not cover (object routes, a url
 * option, a url reading a default parameter or an option name) take the two steps.
 */
export function parseRoute(level: DefaultsLevel, route: unknown, input: unknown): RequestOptions {
  const { defaults, parameterKeys, parameterKeySet } = level;
  const options = (input ?? NO_OPTIONS) as Readonly<Record<string, unknown>>;
  if (typeof route !== "string" || (input !== undefined && !isPlainObject(input)) || Object.hasOwn(options, "url")) {
    return parseOptions(mergeOptions(defaults, route, input));
  }
  const split = splitRoute(route);
  const template = split.url;
  let compiled = split.compiled;
  if (compiled === undefined) {
    try {
      compiled = compileRoute(template);
    } catch {
      // A malformed url: the two steps report it, after any error in the options, as they would.
      return parseOptions(mergeOptions(defaults, route, input));
    }
    split.compiled = compiled;
  }
  const { variableNames } = compiled;
  if (compiled.namesAnOption || readsAny(variableNames, parameterKeySet)) {
    // The url reads a default parameter or an option name: only merged options can fill it.
    return parseOptions(mergeOptions(defaults, route, input));
  }

  // What merge() does, in its order: the call's options apart, the url's variables skipped, every
  // other key a parameter.
  let method: Method = split.method ?? defaults.method;
  let base = level.base;
  let headers: Record<string, HeaderValue> | undefined;
  let mediaType: MediaTypeDefaults = defaults.mediaType;
  let request: unknown = level.request;
  const parameters: unknown[] = [];
  const optionKeys = Object.keys(options);
  for (let i = 0; i < optionKeys.length; i++) {
    const key = optionKeys[i] as string;
    // A url variable (never an option's name here) is read by the expansion alone: a getter runs once.
    if (variableNames.has(key)) continue;
    const value = options[key];
    if (value === undefined) continue;
    switch (key) {
      case "method":
        method = normalizeMethod(value);
        break;
      case "baseUrl":
        base = joinableBase(checkBaseUrl(value));
        break;
      case "headers":
        headers = level.hasList ? copyHeaders(level.headers) : copyRecord(level.headers);
        assignHeaders(headers, value);
        break;
      case "mediaType":
        mediaType = mergedMediaType(defaults.mediaType, value);
        break;
      case "request":
        request = mergeValue(request, value);
        break;
      default:
        // A default parameter is merged here, in key order, so that a merge that fails (too deep) is
        // reported where merge() reports it. A call's `data` replaces the defaults': it is the body as it is.
        parameters.push(key, key !== "data" && parameterKeySet.has(key) ? mergeValue(defaults[key], value) : value);
    }
  }

  return buildRequest({
    method,
    template,
    route: compiled,
    variables: options,
    base,
    headers,
    level,
    mediaType,
    request,
    parameters: parameterKeys.length === 0 ? parameters : withDefaultParameters(level, parameters),
  });
}

/** The call's parameters over a level's defaults, in merged order: the defaults' keys, then the call's new ones. */
function withDefaultParameters(level: DefaultsLevel, call: readonly unknown[]): unknown[] {
  const { defaults, parameterKeys, parameterKeySet } = level;
  // A map only for long lists: it keeps hostile input linear, a scan is quicker for a few keys.
  let callIndex: Map<unknown, number> | undefined;
  if (call.length > 32) {
    callIndex = new Map();
    for (let i = 0; i < call.length; i += 2) callIndex.set(call[i], i);
  }
  const merged: unknown[] = [];
  for (const key of parameterKeys) {
    const at = callIndex === undefined ? keyIndex(call, key) : (callIndex.get(key) ?? -1);
    // The call's value is merged onto the default's already.
    merged.push(key, at === -1 ? defaults[key] : call[at + 1]);
  }
  for (let i = 0; i < call.length; i += 2) {
    if (!parameterKeySet.has(call[i] as string)) merged.push(call[i], call[i + 1]);
  }
  return merged;
}

/** Where `key` stands among the keys of a key, value, key, value… list, or -1. */
function keyIndex(parameters: readonly unknown[], key: string): number {
  for (let i = 0; i < parameters.length; i += 2) if (parameters[i] === key) return i;
  return -1;
}
