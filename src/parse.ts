// Merged options → request options: url expansion, query string, body, accept amendments.
import { encodeComponent, encodeComponentKeepingPlus } from "./encode.js";
import { describeType, EndpointError, quote } from "./errors.js";
import {
  assignHeaders,
  type HeaderValue,
  isPlainObject,
  type MergedOptions,
  mediaTypeFormat,
  previewName,
  type RequestMeta,
  setOwn,
} from "./merge.js";
import { compileRoute, expandRoute, isFullUrl, joinUrl, type Method, normalizeMethod, OPTION_NAMES } from "./route.js";

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

function queryValueText(name: string, value: unknown, isItem: boolean): string | undefined {
  switch (typeof value) {
    case "string":
      return value;
    case "number":
    case "bigint":
    case "boolean":
      return String(value);
    case "undefined":
      return undefined;
    default:
      if (value === null) return undefined;
      if (value instanceof Date) {
        if (Number.isNaN(value.getTime())) {
          throw new EndpointError(
            "ERR_INVALID_PARAMETER",
            `query parameter ${quote(name)} is an invalid Date; pass a valid Date`,
          );
        }
        return value.toISOString();
      }
      throw new EndpointError(
        "ERR_INVALID_PARAMETER",
        isItem
          ? `query parameter ${quote(name)} holds ${describeType(value)} in its list; list only strings, numbers, booleans or dates`
          : `query parameter ${quote(name)} is ${describeType(value)}, which has no query form; pass a string, number, boolean, Date or array, or write {?${name}*} in the url to explode an object`,
      );
  }
}

/** One `key=value` pair of the query string, or undefined for an omitted (undefined or null) value. */
function queryPair(name: string, value: unknown): string | undefined {
  // GitHub's search reads `+` as a space: q keeps its `+` literal (https://docs.github.com/rest/search).
  const encode = name === "q" ? encodeComponentKeepingPlus : encodeComponent;
  let text: string | undefined;
  if (Array.isArray(value)) {
    text = "";
    let count = 0;
    for (const item of value) {
      const itemText = queryValueText(name, item, true);
      if (itemText === undefined) continue;
      text += (count++ === 0 ? "" : ",") + encode(itemText);
    }
  } else {
    const scalar = queryValueText(name, value, false);
    if (scalar === undefined) return undefined;
    text = encode(scalar);
  }
  return `${encodeComponent(name)}=${text}`;
}

/** Appends query pairs before any fragment, with `?` or `&` as the url needs. */
function appendQuery(url: string, query: string): string {
  const hash = url.indexOf("#");
  const beforeHash = hash === -1 ? url : url.slice(0, hash);
  const fragment = hash === -1 ? "" : url.slice(hash);
  let separator = "?";
  if (beforeHash.includes("?")) {
    const last = beforeHash.charCodeAt(beforeHash.length - 1);
    separator = last === 63 /* ? */ || last === 38 /* & */ ? "" : "&";
  }
  return beforeHash + separator + query + fragment;
}

/**
 * Replaces the `application/vnd.<vendor>[.v3][.<x>][+json]` at the end of one accept entry with
 * `application/vnd.<vendor>[.v3].<format>`, as `@octokit/endpoint` does, without a backtracking regex.
 */
function formatEntry(entry: string, format: string): string {
  const marker = "application/vnd";
  for (let at = entry.indexOf(marker); at !== -1; at = entry.indexOf(marker, at + 1)) {
    let i = at + marker.length;
    const segment = (from: number): number => {
      if (entry.charCodeAt(from) !== 46) return -1;
      let end = from + 1;
      while (end < entry.length && isWordCode(entry.charCodeAt(end))) end++;
      return end > from + 1 ? end : -1;
    };
    const restIsJsonSuffix = (from: number): boolean =>
      from === entry.length || (entry.length - from === 5 && entry.startsWith("+json", from));
    const vendorEnd = segment(i);
    if (vendorEnd === -1) continue;
    i = vendorEnd;
    let version = "";
    if (!restIsJsonSuffix(i)) {
      const nextEnd = segment(i);
      if (nextEnd === -1) continue;
      const name = entry.slice(i, nextEnd);
      if (name === ".v3" && restIsJsonSuffix(nextEnd)) {
        version = name;
      } else if (name === ".v3" && segment(nextEnd) !== -1 && restIsJsonSuffix(segment(nextEnd))) {
        version = name;
      } else if (!restIsJsonSuffix(nextEnd)) {
        continue;
      }
    }
    return `${entry.slice(0, at)}${marker}${entry.slice(at + marker.length, vendorEnd)}${version}.${format}`;
  }
  return entry;
}

function isWordCode(code: number): boolean {
  return (code >= 48 && code <= 57) || ((code | 32) >= 97 && (code | 32) <= 122) || code === 95;
}

/**
 * Preview names already in an accept header: in each run of `[\w-]` characters, the text before
 * its last `-preview` (what `/[\w-]+(?=-preview)/g` finds, in linear time).
 */
function previewsInAccept(accept: string): string[] {
  const found: string[] = [];
  let runStart = -1;
  for (let i = 0; i <= accept.length; i++) {
    const inRun = i < accept.length && (isWordCode(accept.charCodeAt(i)) || accept.charCodeAt(i) === 45);
    if (inRun) {
      if (runStart === -1) runStart = i;
      continue;
    }
    if (runStart !== -1) {
      const run = accept.slice(runStart, i);
      const last = run.lastIndexOf("-preview");
      if (last > 0) found.push(run.slice(0, last));
      runStart = -1;
    }
  }
  return found;
}

/** Applies `mediaType.format` and `mediaType.previews` to the accept header (never to octet-stream). */
function amendAccept(headers: Record<string, HeaderValue>, mediaType: unknown): void {
  if (!isPlainObject(mediaType)) return;
  const format = mediaType.format === undefined || mediaType.format === null ? "" : mediaTypeFormat(mediaType.format);
  const previews = Array.isArray(mediaType.previews) ? mediaType.previews : [];
  if (format === "" && previews.length === 0) return;
  let accept = headers.accept;
  if (accept !== undefined && typeof accept !== "string") return;
  if (accept?.toLowerCase().includes("application/octet-stream")) return;
  if (format !== "" && accept !== undefined) {
    accept = accept
      .split(",")
      .map((entry) => formatEntry(entry, format))
      .join(",");
  }
  if (previews.length > 0) {
    const names = accept === undefined ? [] : previewsInAccept(accept);
    for (const preview of previews) {
      const name = previewName(preview);
      if (!names.includes(name)) names.push(name);
    }
    const suffix = format === "" ? "+json" : `.${format}`;
    accept = names.map((name) => `application/vnd.github.${name}-preview${suffix}`).join(",");
  }
  if (accept !== undefined) headers.accept = accept;
}

/**
 * Turns merged options into request options. Stateless: the same merged options give the same result.
 * `trusted` skips re-checking headers that `mergeOptions` has just checked.
 */
export function parseOptions(options: MergedOptions, trusted = false): RequestOptions {
  if (options === null || typeof options !== "object") {
    throw new EndpointError(
      "ERR_MISSING_URL",
      `parse() needs merged options, got ${describeType(options)}; pass the result of endpoint.merge()`,
    );
  }
  const method = normalizeMethod(options.method ?? "GET");
  const template = options.url;
  if (template === undefined || template === null || template === "") {
    throw new EndpointError(
      "ERR_MISSING_URL",
      'no url given; pass a route such as "GET /user" or set the "url" option',
    );
  }
  if (typeof template !== "string") {
    throw new EndpointError(
      "ERR_INVALID_ROUTE",
      `option "url" is ${describeType(template)}; pass a string such as "/repos/{owner}/{repo}"`,
    );
  }
  const route = compileRoute(template);
  const path = expandRoute(route, options, method, template);
  let url = isFullUrl(path) ? path : joinUrl(options.baseUrl, path);

  let headers: Record<string, HeaderValue>;
  if (trusted) {
    headers = { ...options.headers };
  } else {
    headers = {};
    assignHeaders(headers, options.headers);
  }
  amendAccept(headers, options.mediaType);

  let body: unknown;
  if (method === "GET" || method === "HEAD") {
    let query = "";
    for (const key of Object.keys(options)) {
      if (OPTION_NAMES.has(key) || route.variableNames.has(key)) continue;
      const pair = queryPair(key, options[key]);
      if (pair !== undefined) query += query === "" ? pair : `&${pair}`;
    }
    if (query !== "") url = appendQuery(url, query);
  } else if (Object.hasOwn(options, "data") && options.data !== undefined && !route.variableNames.has("data")) {
    body = options.data;
    if ((isPlainObject(body) || Array.isArray(body)) && headers["content-type"] === undefined) {
      headers["content-type"] = JSON_CONTENT_TYPE;
    }
  } else {
    let parameters: Record<string, unknown> | undefined;
    for (const key of Object.keys(options)) {
      if (OPTION_NAMES.has(key) || route.variableNames.has(key)) continue;
      const value = options[key];
      if (value === undefined) continue;
      parameters ??= {};
      setOwn(parameters, key, value);
    }
    if (parameters !== undefined) {
      body = parameters;
      if (headers["content-type"] === undefined) headers["content-type"] = JSON_CONTENT_TYPE;
    } else if (method === "PUT" || method === "PATCH") {
      // GitHub needs a content-length of 0 on PUT and PATCH requests without a body.
      body = "";
    }
  }

  const result: RequestOptions = { method: method.toLowerCase() as Lowercase<Method>, url, headers };
  if (body !== undefined) result.body = body;
  if (options.request) result.request = options.request;
  return result;
}
