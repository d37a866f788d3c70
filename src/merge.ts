// Merging options onto defaults: route strings, headers, media types and plain parameters.
import { BoundedCache } from "./cache.js";
import { ALPHANUMERIC, charSet, codePointName, controlCharacterAt, isWordOrDash } from "./chars.js";
import { describeType, EndpointError, quote } from "./errors.js";
import { checkBaseUrl, type Method, normalizeMethod, splitRoute } from "./route.js";
import { isPlainObject, own, ownItem } from "./template.js";

/** A header value as endpoint-options passes it through: text, a number, or a list of either. */
export type HeaderValue = string | number | boolean | bigint | readonly (string | number)[];

/** Anything with the `forEach` of a WHATWG `Headers` (undici, node-fetch, browsers) or a `Map`. */
export interface HeadersLike {
  forEach(callback: (value: string, name: string) => void): void;
}

/**
 * Headers as a caller passes them: any case of name. `undefined` is ignored; `null` removes the
 * header, including an inherited default such as `user-agent`.
 */
export type HeadersInput =
  | Readonly<Record<string, HeaderValue | null | undefined>>
  | HeadersLike
  | readonly (readonly [string, HeaderValue | null | undefined])[];

/** Media type parameters that amend the `accept` header. */
export interface MediaTypeOptions {
  /** A format such as `raw`, `diff`, `text+json`; `null` or `""` clears one set by `.defaults()`. */
  readonly format?: string | null | undefined;
  /** API preview names, with or without the `-preview` suffix. */
  readonly previews?: readonly string[] | undefined;
}

/** Meta information for the HTTP client; returned unchanged in the request options. */
export interface RequestMeta {
  [key: string]: unknown;
}

/** Options for `endpoint()`, `.merge()` and `.defaults()`: every key that is not an option is a parameter. */
export interface EndpointOptions {
  readonly method?: string | undefined;
  readonly url?: string | undefined;
  readonly baseUrl?: string | undefined;
  readonly headers?: HeadersInput | undefined;
  readonly mediaType?: MediaTypeOptions | undefined;
  /** A request body used as it is, instead of a JSON body built from the parameters. */
  readonly data?: unknown;
  /** Anything for your HTTP client (a `RequestInit`, say): merged onto the defaults' when both are plain objects. */
  readonly request?: RequestMeta | object | undefined;
  readonly [parameter: string]: unknown;
}

/** A merged `mediaType`: the format ("" for none) and the preview names without `-preview`. */
export interface MediaTypeDefaults {
  format: string;
  previews: string[];
  [key: string]: unknown;
}

/**
 * What `.parse()` takes: merged options, whose `mediaType` may leave out `previews` (or `format`), as
 * `@octokit/endpoint`'s `EndpointDefaults` may.
 */
export interface ParseOptions {
  method: Method;
  baseUrl: string;
  url?: string;
  headers: Record<string, HeaderValue>;
  mediaType: MediaTypeOptions;
  request?: RequestMeta;
  [parameter: string]: unknown;
}

/** Options merged onto their defaults, nothing parsed yet: `method` uppercase, `url` still a template. */
export interface MergedOptions extends ParseOptions {
  mediaType: MediaTypeDefaults;
}

/** Sets an own property; a `__proto__` key stays data and never reaches a prototype. */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === "__proto__") {
    Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
  } else {
    target[key] = value;
  }
}

/**
 * A shallow copy of an object's own enumerable properties, `__proto__` kept as data. (Node 20's V8
 * makes objects from `{ ...spread }` pathologically slow to extend, so copies are built key by key.)
 */
export function copyRecord<T>(source: Readonly<Record<string, T>>): Record<string, T> {
  // Object.assign is the fast clone, but it would run the __proto__ setter for an own "__proto__" key.
  if (!Object.hasOwn(source, "__proto__")) return Object.assign({}, source);
  const copy: Record<string, T> = {};
  for (const key of Object.keys(source)) setOwn(copy, key, source[key]);
  return copy;
}

/** A copy of headers that owns its lists too: a default's list is frozen and shared, a copy's is not. */
export function copyHeaders(headers: Readonly<Record<string, HeaderValue>>): Record<string, HeaderValue> {
  const copy = copyRecord(headers);
  for (const name of Object.keys(copy)) {
    const value = copy[name];
    if (Array.isArray(value)) copy[name] = [...value];
  }
  return copy;
}

/** Plain objects nested deeper than this are not merged: such input is hostile or cyclic. */
const MAX_MERGE_DEPTH = 1000;

/** Merges done in one `mergeValue`, by the two objects merged: objects shared in the input stay shared. */
type Merged = Map<object, Map<object, Record<string, unknown>>>;

/**
 * Plain objects merge deeply into a new object; anything else (arrays, class instances) is taken as it is.
 * A pair of objects is merged once: an input whose parts are shared (x = { a: x, b: x }, nested) would
 * otherwise cost time exponential in its depth. A cycle is still an error, caught by the depth limit.
 */
export function mergeValue(existing: unknown, incoming: unknown, depth = 0, merged?: Merged): unknown {
  if (!isPlainObject(incoming) || !isPlainObject(existing)) return incoming;
  const known = merged?.get(existing)?.get(incoming);
  if (known !== undefined) return known;
  if (depth >= MAX_MERGE_DEPTH) {
    throw new EndpointError(
      "ERR_INVALID_PARAMETER",
      `options nest plain objects more than ${MAX_MERGE_DEPTH} levels deep on both the defaults and the call (or are cyclic); pass flatter data`,
    );
  }
  const result = copyRecord(existing);
  const done: Merged = merged ?? new Map();
  for (const key of Object.keys(incoming)) {
    setOwn(result, key, mergeValue(own(result, key), incoming[key], depth + 1, done));
  }
  const byIncoming = done.get(existing) ?? new Map<object, Record<string, unknown>>();
  done.set(existing, byIncoming.set(incoming, result));
  return result;
}

/** RFC 9110 `tchar`, the characters of a header name. */
const TOKEN_CHARS = charSet(`${ALPHANUMERIC}!#$%&'*+-.^_\`|~`);

function invalidHeader(message: string): EndpointError {
  return new EndpointError("ERR_INVALID_HEADER", message);
}

/** The same few names recur: each is checked once. */
const headerNames = new BoundedCache<string>(500, 20_000);

/** Lower-cases a header name, checking that it is an RFC 9110 token. */
function checkedHeaderName(name: string): string {
  for (let i = 0; i < name.length; i++) {
    const code = name.charCodeAt(i);
    // Past ASCII the table gives undefined, so non-ASCII is refused too.
    if (TOKEN_CHARS[code] !== 1) {
      throw invalidHeader(
        `header name ${quote(name)} has ${quote(name.charAt(i))} at index ${i}; use letters, digits and !#$%&'*+-.^_\`|~ only`,
      );
    }
  }
  if (name === "") throw invalidHeader('a header name is empty; name the header, e.g. "accept"');
  return name.toLowerCase();
}

/**
 * Checks a header value's text where it is given, not later in a client: HTTP clients send header values as
 * bytes, fetch and node:http refuse code points above U+00FF and control characters, and the bytes 0x80–0xFF
 * would go out as Latin-1 where UTF-8 was meant. Only tab and printable ASCII survive every client unchanged
 * (RFC 9110 section 5.5, field-vchar without obs-text).
 */
function checkHeaderText(name: string, text: string): void {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 9 || (code >= 32 && code <= 126)) continue;
    if (code === 13 || code === 10 || code === 0) {
      const shown = code === 13 ? "CR" : code === 10 ? "LF" : "NUL";
      throw invalidHeader(
        `header ${quote(name)} has a ${shown} character at index ${i} of its value; remove line breaks and NUL from header values`,
      );
    }
    throw invalidHeader(
      `header ${quote(name)} has ${quote(text.charAt(i))} at index ${i} of its value, which HTTP clients cannot send as it is; use printable ASCII (percent-encode or RFC 8187-encode other text)`,
    );
  }
}

function checkHeaderValue(name: string, value: unknown): HeaderValue {
  switch (typeof value) {
    case "string":
      checkHeaderText(name, value);
      return value;
    case "number":
    case "boolean":
    case "bigint":
      return value;
    default:
      if (Array.isArray(value)) {
        // A copy: the caller's list never goes into DEFAULTS (frozen there) or a result.
        const list: (string | number)[] = [];
        for (let i = 0; i < value.length; i++) {
          const item = ownItem(value, i);
          if (typeof item === "string") checkHeaderText(name, item);
          else if (typeof item !== "number") {
            throw invalidHeader(
              `header ${quote(name)} has a list holding ${describeType(item)}; list only strings or numbers`,
            );
          }
          list.push(item);
        }
        return list;
      }
      throw invalidHeader(
        `header ${quote(name)} is ${describeType(value)}; pass a string, number, boolean, bigint, or a list of strings and numbers`,
      );
  }
}

function setHeader(target: Record<string, HeaderValue>, name: unknown, value: unknown): void {
  if (value === undefined) return;
  if (typeof name !== "string") throw invalidHeader(`header name ${quote(name)} must be a string`);
  const lower = headerNames.remember(name, checkedHeaderName);
  if (value === null) {
    delete target[lower];
    return;
  }
  setOwn(target, lower, checkHeaderValue(lower, value));
}

/** Copies caller headers onto `target`: names lower-cased and checked, `null` removing, `undefined` ignored. */
export function assignHeaders(target: Record<string, HeaderValue>, headers: unknown): void {
  if (headers === undefined || headers === null) return;
  if (isPlainObject(headers)) {
    for (const name of Object.keys(headers)) setHeader(target, name, headers[name]);
  } else if (Array.isArray(headers)) {
    for (let i = 0; i < headers.length; i++) {
      const entry = ownItem(headers, i);
      if (!Array.isArray(entry) || entry.length !== 2) {
        throw invalidHeader(`header entry ${quote(entry)} is not a [name, value] pair`);
      }
      setHeader(target, ownItem(entry, 0), ownItem(entry, 1));
    }
  } else if (typeof (headers as Partial<HeadersLike>).forEach === "function") {
    (headers as HeadersLike).forEach((value, name) => {
      setHeader(target, name, value);
    });
  } else {
    throw invalidHeader(
      `option "headers" is ${describeType(headers)}; pass an object such as { authorization: "token …" } or a Headers instance`,
    );
  }
}

/** Checks a preview name (`[\w-]`) or a format (`[\w.+-]`) for the accept header. */
function checkMediaTypeText(what: "preview" | "mediaType.format", text: string): void {
  const isFormat = what === "mediaType.format";
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (!isWordOrDash(code) && !(isFormat && (code === 46 || code === 43))) {
      throw invalidHeader(
        `${what} ${quote(text)} has ${quote(text.charAt(i))}, which cannot go into the accept header; use letters, digits, "_" and "-"${isFormat ? ', "." and "+"' : ""}`,
      );
    }
  }
}

/** A preview name checked to be `[\w-]+`, its `-preview` suffix removed when `strip` is set. */
function previewName(preview: unknown, strip: boolean): string {
  if (typeof preview !== "string") {
    throw new EndpointError(
      "ERR_INVALID_PARAMETER",
      `preview ${quote(preview)} is ${describeType(preview)}; pass preview names as strings, e.g. ["mercy"]`,
    );
  }
  const name = strip && preview.endsWith("-preview") ? preview.slice(0, -8) : preview;
  if (name === "") throw invalidHeader(`preview ${quote(preview)} has no name; pass e.g. "mercy"`);
  checkMediaTypeText("preview", name);
  return name;
}

/** A `mediaType.format`, checked so that it can go into the accept header. */
function mediaTypeFormat(format: unknown): string {
  if (typeof format !== "string") {
    throw new EndpointError(
      "ERR_INVALID_PARAMETER",
      `mediaType.format is ${describeType(format)}; pass a string such as "raw" or "diff"`,
    );
  }
  checkMediaTypeText("mediaType.format", format);
  return format;
}

/**
 * A new mediaType: `base` with the caller's merged in: format replaced, previews appended without
 * duplicates, any other key merged deeply. `base` is not changed and its previews array is shared
 * unless previews are added. Merging strips `-preview` from new names; `parse()` reads names merged
 * already, so it passes `strip` false and `endpoint(x)` equals `parse(merge(x))` ("a-preview-preview").
 */
export function mergedMediaType(base: MediaTypeDefaults, mediaType: unknown, strip = true): MediaTypeDefaults {
  if (mediaType === null) return base;
  if (!isPlainObject(mediaType)) {
    throw new EndpointError(
      "ERR_INVALID_PARAMETER",
      `option "mediaType" is ${describeType(mediaType)}; pass an object such as { format: "raw", previews: ["mercy"] }`,
    );
  }
  // `base` is merged already: format and previews are its first keys.
  const merged = copyRecord(base) as MediaTypeDefaults;
  for (const key of Object.keys(mediaType)) {
    const value = mediaType[key];
    if (value === undefined) continue;
    if (key === "format") {
      // null clears an inherited format, as in @octokit/endpoint (undefined, like any option, is ignored).
      merged.format = value === null ? "" : mediaTypeFormat(value);
    } else if (key === "previews") {
      if (!Array.isArray(value)) {
        throw new EndpointError(
          "ERR_INVALID_PARAMETER",
          `mediaType.previews is ${describeType(value)}; pass an array of names such as ["mercy"]`,
        );
      }
      // A set keeps first-seen order; the inherited previews are unique already, so it grew only if
      // a name is new.
      const previews = new Set(merged.previews);
      for (let i = 0; i < value.length; i++) previews.add(previewName(ownItem(value, i), strip));
      if (previews.size > merged.previews.length) merged.previews = [...previews];
    } else {
      setOwn(merged, key, mergeValue(own(merged, key), value));
    }
  }
  return merged;
}

function assignOptions(merged: MergedOptions, options: Readonly<Record<string, unknown>>): void {
  for (const key of Object.keys(options)) {
    const value = options[key];
    if (value === undefined) continue;
    switch (key) {
      case "method":
        merged.method = normalizeMethod(value);
        break;
      case "url":
        merged.url = checkUrlOption(value);
        break;
      case "baseUrl":
        merged.baseUrl = checkBaseUrl(value);
        break;
      case "headers":
        assignHeaders(merged.headers, value);
        break;
      case "mediaType":
        merged.mediaType = mergedMediaType(merged.mediaType, value);
        break;
      case "data":
        // The request body, used as it is (decisions.md): never merged with a default's data.
        setOwn(merged, key, value);
        break;
      default:
        setOwn(merged, key, mergeValue(own(merged, key), value));
    }
  }
}

/** The `url` option, checked to be a string (a template, compiled later) without control characters. */
export function checkUrlOption(value: unknown): string {
  if (typeof value !== "string") {
    throw new EndpointError(
      "ERR_INVALID_ROUTE",
      `option "url" is ${describeType(value)}; pass a string such as "/repos/{owner}/{repo}"`,
    );
  }
  const at = controlCharacterAt(value);
  if (at !== -1) {
    throw new EndpointError(
      "ERR_INVALID_ROUTE",
      `option "url" ${quote(value)} has a control character (${codePointName(value.charCodeAt(at))}) at index ${at}; percent-encode it as ${encodeURIComponent(value.charAt(at))}`,
    );
  }
  return value;
}

/** Options are a plain object: a Map, a class instance or an array would lose its entries unseen. */
function checkOptionsObject(value: unknown, what: string): asserts value is Readonly<Record<string, unknown>> {
  if (!isPlainObject(value)) {
    throw new EndpointError(
      "ERR_INVALID_ROUTE",
      `${what} is ${describeType(value)}; pass a route string such as "GET /user" or a plain object of options`,
    );
  }
}

/**
 * Merges a route and options onto defaults into new merged options. Never mutates its arguments.
 * Options given with the route override it, as they override the defaults.
 */
export function mergeOptions(defaults: Readonly<MergedOptions>, route: unknown, options?: unknown): MergedOptions {
  // Copies the caller owns, never the defaults' (frozen) objects.
  const merged = copyRecord(defaults) as MergedOptions;
  merged.headers = copyHeaders(defaults.headers);
  merged.mediaType = copyRecord(defaults.mediaType) as MediaTypeDefaults;
  merged.mediaType.previews = [...defaults.mediaType.previews];
  if (typeof route === "string") {
    const { method, url } = splitRoute(route);
    if (method !== undefined) merged.method = method;
    merged.url = url;
  } else if (route !== undefined) {
    checkOptionsObject(route, "the route");
    assignOptions(merged, route);
  }
  if (options !== undefined && options !== null) {
    checkOptionsObject(options, "the options argument");
    assignOptions(merged, options);
  }
  return merged;
}
