// Request options → the arguments of a real client: WHATWG fetch (undici) and node:http(s).

import { describeType, EndpointError, quote } from "../base/errors.js";
import { own, setOwn } from "../base/util.js";
import { bodyKind, checkContentLength, headerText, isA, isShared, tag, utf8Length } from "../core/body.js";
import { assignHeaders } from "../core/headers.js";
import { type Method, normalizeMethod } from "../core/route.js";
import { isFullUrl } from "../core/safety.js";
import type { HeaderValue, RequestOptions } from "../types/options.js";

/** Request options read back and checked: method uppercase, header values as the text that goes on the wire. */
export interface CheckedRequest {
  method: Method;
  url: string;
  headers: Record<string, string>;
  /** undefined when there is no body (`body` absent, undefined or null). */
  body: unknown;
  request: Record<string, unknown> | undefined;
}

/** A body as the adapters see it: text, bytes, or something only fetch can send as it is. */
export type BodyForm =
  | { kind: "none" }
  // contentType is always set, even to undefined: an absent one would be read from Object.prototype.
  | { kind: "text"; text: string; contentType: string | undefined }
  | { kind: "bytes"; bytes: Uint8Array }
  | { kind: "fetch-only"; value: unknown; what: string; stream: boolean }
  | { kind: "node-stream"; value: PipeableStream };

/** A Node.js readable stream (`fs.createReadStream`…), as far as piping it into a request needs. */
export interface PipeableStream {
  pipe<T>(destination: T, options?: { end?: boolean }): T;
}

const FORM_CONTENT_TYPE = "application/x-www-form-urlencoded;charset=UTF-8";

/**
 * Request options (what `endpoint()` returns) are an object: the one check of that rule, for the adapters
 * and `nextPage()`. Anything else is ERR_MISSING_URL, as there is no url to read: `${needs}, got <type>; ${fix}`.
 */
export function checkRequestOptionsObject(
  value: unknown,
  needs: string,
  fix: string,
): asserts value is Record<string, unknown> {
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new EndpointError("ERR_MISSING_URL", `${needs}, got ${describeType(value)}; ${fix}`);
  }
}

/** Checks request options (from `endpoint()` or made by hand) for the adapter named `adapter`. */
export function checkRequestOptions(value: unknown, adapter: string): CheckedRequest {
  checkRequestOptionsObject(
    value,
    `${adapter}() needs request options`,
    `pass the result of endpoint(), e.g. ${adapter}(endpoint("GET /user"))`,
  );
  // Own properties only: a polluted Object.prototype must not add a body, headers or a `request`.
  const options = value;
  const url = own(options, "url");
  if (url === undefined || url === null || url === "") {
    throw new EndpointError(
      "ERR_MISSING_URL",
      `${adapter}() got request options without a url; pass the result of endpoint()`,
    );
  }
  if (typeof url !== "string") {
    throw new EndpointError(
      "ERR_INVALID_ROUTE",
      `request option "url" is ${describeType(url)}; pass a string such as "https://api.example.com/user"`,
    );
  }
  const method = normalizeMethod(own(options, "method"));
  const checked: Record<string, HeaderValue> = {};
  assignHeaders(checked, own(options, "headers"));
  const headers: Record<string, string> = {};
  // assignHeaders checked every text: numbers and lists joined from them stay printable ASCII.
  for (const name of Object.keys(checked)) setOwn(headers, name, headerText(checked[name] as HeaderValue));
  if (Object.hasOwn(headers, "transfer-encoding")) {
    // With content-length beside it, node:http's own server answers 400; fetch refuses it outright.
    throw new EndpointError(
      "ERR_INVALID_HEADER",
      `header "transfer-encoding" cannot be sent by ${adapter}(), which frames the body itself (content-length for fixed bodies, chunked for streams); remove it`,
    );
  }
  const body = own(options, "body") ?? undefined;
  if (body !== undefined && (method === "GET" || method === "HEAD")) {
    throw new EndpointError(
      "ERR_INVALID_PARAMETER",
      `a ${method} request cannot carry a body, got ${describeType(body)}; drop "body" or use POST, PUT or PATCH`,
    );
  }
  // Hand-written request options meet the rule endpoint() applies.
  if (Object.hasOwn(headers, "content-length")) checkContentLength(headers["content-length"] as string, body, method);
  const request = own(options, "request");
  if (request !== undefined && request !== null && (typeof request !== "object" || Array.isArray(request))) {
    throw new EndpointError(
      "ERR_INVALID_PARAMETER",
      `request option "request" is ${describeType(request)}; pass an object such as { signal }`,
    );
  }
  return { method, url, headers, body, request: (request ?? undefined) as Record<string, unknown> | undefined };
}

/** A url that node:http and curl can send to: `http://` or `https://`. */
export function checkFullUrl(url: string, adapter: string): void {
  if (!isFullUrl(url)) {
    throw new EndpointError(
      "ERR_INVALID_ROUTE",
      `${adapter}() needs a full http(s) url, got ${quote(url)}; build it with a "baseUrl" (endpoint() has one by default; hand-written merged options for .parse() need one too)`,
    );
  }
}

function bytesOf(value: ArrayBuffer | ArrayBufferView): Uint8Array {
  if (ArrayBuffer.isView(value)) return new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
  return new Uint8Array(value);
}

/**
 * The JSON text of a body, by JSON.stringify at full speed. When it throws, a second pass tells what JSON
 * cannot write (a BigInt, a cycle, nesting too deep for it), which is an `EndpointError`, from an error of
 * the caller's own objects (a `toJSON`, a getter, a `Proxy` trap), which passes through unchanged.
 */
function jsonText(body: unknown): string {
  try {
    return JSON.stringify(body);
  } catch (error) {
    let refusal: EndpointError | undefined;
    try {
      refusal = unwritableIn(body);
    } catch {
      // The caller's code threw again: its first error stands.
    }
    throw refusal ?? error;
  }
}

/** How many levels a body may nest below itself before the second pass calls it too deep. */
const MAX_JSON_DEPTH = 1000;

/** What JSON cannot write in a body, as an error naming where it is; undefined when it finds none. */
function unwritableIn(body: unknown): EndpointError | undefined {
  // The objects being written, outermost first, and the same as a set: meeting one of them again is a cycle.
  const open: unknown[] = [];
  const openSet = new Set<unknown>();
  let refusal: EndpointError | undefined;
  try {
    JSON.stringify(body, function (this: unknown, key: string, value: unknown) {
      // `this` holds `key`: every object written after it is finished.
      while (open.length > 0 && open[open.length - 1] !== this) openSet.delete(open.pop());
      const object = typeof value === "object" && value !== null;
      // A BigInt, or one boxed by Object(1n).
      if (typeof value === "bigint" || (object && tag(value) === "[object BigInt]")) {
        refusal = unwritable(
          `holds a BigInt under key ${quote(key)}; pass it as a string, or as a number when it is small`,
        );
      } else if (object) {
        if (openSet.has(value)) {
          refusal = unwritable(
            `refers back to an object that holds it (a cycle, under key ${quote(key)}); pass a tree of plain values`,
          );
        } else if (open.length > MAX_JSON_DEPTH) {
          // The body itself is level 0 and is open first: `open.length` is the level of `value`.
          refusal = unwritable(
            `nests more than ${MAX_JSON_DEPTH} levels deep, deeper than JSON.stringify goes here; pass flatter data`,
          );
        }
        open.push(value);
        openSet.add(value);
      }
      if (refusal !== undefined) throw refusal;
      return value;
    });
  } catch (error) {
    if (error !== refusal) throw error;
  }
  return refusal;
}

function unwritable(why: string): EndpointError {
  return new EndpointError("ERR_INVALID_PARAMETER", `the request body cannot be written as JSON: it ${why}`);
}

/**
 * Sorts a body into the form the adapters handle, by body.ts's `bodyKind`, the reading `endpoint()` labels
 * by. Plain objects and arrays, finite numbers and booleans are written as JSON; strings and bytes are sent
 * as they are (a string is the caller's text, JSON or not); a stream is a stream (an async iterable that is
 * not a Node.js stream is fetch's alone); anything else is an error that lists what works.
 */
export function bodyForm(body: unknown): BodyForm {
  switch (bodyKind(body)) {
    // A null body is none, as fetch reads it: checkRequestOptions gives undefined for it.
    case "none":
      return { kind: "none" };
    case "text":
      return { kind: "text", text: body as string, contentType: undefined };
    case "json":
      // A JSON scalar too: endpoint() labels it JSON, and its JSON text is what goes out.
      return { kind: "text", text: jsonText(body as object), contentType: undefined };
    case "bytes":
      return { kind: "bytes", bytes: bytesOf(body as ArrayBuffer | ArrayBufferView) };
    case "url-search-params":
      return { kind: "text", text: String(body), contentType: FORM_CONTENT_TYPE };
    case "blob":
      return { kind: "fetch-only", value: body, what: "a Blob", stream: false };
    case "form-data":
      return { kind: "fetch-only", value: body, what: "FormData", stream: false };
    case "stream":
      return {
        kind: "fetch-only",
        value: body,
        what: isA(body as object, "ReadableStream") ? "a ReadableStream" : "an async iterable",
        stream: true,
      };
    // A stream's pipe comes from its class; one inherited from Object.prototype is pollution, never called.
    case "node-stream":
      return { kind: "node-stream", value: body as PipeableStream };
    case "other":
      throw new EndpointError(
        "ERR_INVALID_PARAMETER",
        `the request body is ${typeof body === "number" ? String(body) : describeType(body)}, which no client can send; pass a string, bytes (Uint8Array, ArrayBuffer), Blob, FormData, URLSearchParams, a stream, a plain object or array for JSON, or a finite number or a boolean as JSON`,
      );
  }
}

/** UTF-8 bytes of a string. Lone surrogates become U+FFFD, as fetch does with its USVString bodies. */
export function utf8(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

declare global {
  /**
   * Merges with the `RequestInit` of the DOM lib or `@types/node`. Where neither is loaded (`lib: ["es2022"]`,
   * `types: []`) it is empty, so that these declarations still compile without `skipLibCheck`.
   */
  interface RequestInit {}
}

/** `fetch` options from request options: `RequestInit` with a plain `headers` record and `duplex` for streams. */
export type FetchInit = Omit<RequestInit, "method" | "headers"> & {
  /** Uppercase, as every client's method type takes it (got's, axios'). */
  method: Method;
  headers: Record<string, string>;
  /** `"half"` for stream bodies, which undici and Chromium require. */
  duplex?: "half";
};

/** Headers fetch refuses to send, failing only at send time with a bare `TypeError: fetch failed`. */
const FETCH_REFUSED_HEADERS = ["expect", "keep-alive", "upgrade"] as const;

/** The `RequestInit` options that `toFetch` carries over from `request`; method, headers and body never. */
const FETCH_INIT_KEYS = [
  "signal",
  "cache",
  "credentials",
  "integrity",
  "keepalive",
  "mode",
  "priority",
  "redirect",
  "referrer",
  "referrerPolicy",
  "window",
  "dispatcher", // undici
] as const;

/**
 * The arguments of `fetch(url, init)` for request options: method upper-cased (fetch does not upper-case
 * `patch`), JSON bodies serialised, other bodies passed as they are, fetch options from `request` carried over.
 * @example
 * const response = await fetch(...toFetch(endpoint("PATCH /repos/{owner}/{repo}", { owner, repo, name })));
 */
export function toFetch(requestOptions: RequestOptions): [url: string, init: FetchInit] {
  const { method, url, headers, body, request } = checkRequestOptions(requestOptions, "toFetch");
  for (const name of FETCH_REFUSED_HEADERS) {
    if (Object.hasOwn(headers, name)) {
      throw new EndpointError(
        "ERR_INVALID_HEADER",
        `header ${quote(name)} cannot be sent by fetch (undici and browsers refuse it); remove it, or send with toNodeRequest()`,
      );
    }
  }
  const init: FetchInit = { method, headers };
  if (request !== undefined) {
    for (const key of FETCH_INIT_KEYS) {
      if (Object.hasOwn(request, key) && request[key] !== undefined) {
        (init as Record<string, unknown>)[key] = request[key];
      }
    }
  }
  const form = bodyForm(body);
  switch (form.kind) {
    case "none":
      break;
    case "text": {
      // fetch labels a string body text/plain when no content-type is set; bytes keep the request options exact.
      const bytes = utf8(form.text);
      if (form.contentType !== undefined) {
        init.body = body as URLSearchParams;
      } else {
        init.body = !Object.hasOwn(headers, "content-type") ? (bytes as Uint8Array<ArrayBuffer>) : form.text;
      }
      break;
    }
    case "bytes":
      // fetch refuses shared memory, or sends a SharedArrayBuffer as the text "[object SharedArrayBuffer]": copy it.
      init.body = isShared(form.bytes.buffer) ? (form.bytes.slice() as Uint8Array<ArrayBuffer>) : (body as ArrayBuffer);
      break;
    case "fetch-only":
      init.body = form.value as BodyInit;
      if (form.stream) init.duplex = "half";
      break;
    case "node-stream":
      // undici reads any async iterable; a Node.js Readable is one.
      if (typeof (form.value as Partial<AsyncIterable<unknown>>)[Symbol.asyncIterator] !== "function") {
        throw new EndpointError(
          "ERR_INVALID_PARAMETER",
          `the request body is ${describeType(form.value)}, a stream fetch cannot read; pass a Node.js Readable or a ReadableStream`,
        );
      }
      init.body = form.value as unknown as BodyInit;
      init.duplex = "half";
      break;
  }
  return [url, init];
}

/** A Node.js readable stream's events, as far as counting what it sends needs. */
interface EventStream extends PipeableStream {
  on(event: "data", listener: (chunk: unknown) => void): unknown;
  on(event: "end", listener: () => void): unknown;
}

/**
 * `stream`, piped so that the request it is piped into sends exactly the `given` number of bytes: were it to send more,
 * the request is destroyed with ERR_INVALID_HEADER before the chunk that goes past the length is written;
 * were it to end short, before the request ends. The request's socket closes then, and a kept-alive agent
 * never sends another request on it, which the server would read as this one's body. A stream without
 * `on` (no Node.js stream) is piped as it is.
 */
function withLength(stream: PipeableStream, given: string): PipeableStream {
  const { on } = stream as Partial<EventStream>;
  if (typeof on !== "function" || on === (Object.prototype as Partial<EventStream>).on) return stream;
  const length = Number(given);
  return {
    pipe(destination, options) {
      let sent = 0;
      let failed = false;
      const fail = (what: string): void => {
        if (failed) return;
        failed = true;
        const error = new EndpointError(
          "ERR_INVALID_HEADER",
          `the stream body ${what}, and header "content-length" is ${quote(given)}; give the stream's exact length in bytes, or drop the header to send it chunked`,
        );
        (destination as { destroy?: (error: Error) => unknown }).destroy?.(error);
      };
      // Listeners added before pipe's own run first: they see each chunk before pipe writes it.
      const events = stream as EventStream;
      events.on("data", (chunk) => {
        const size = typeof chunk === "string" ? utf8Length(chunk) : (chunk as { byteLength?: unknown }).byteLength;
        sent += typeof size === "number" ? size : 0;
        if (sent > length) fail(`sends more than ${given} bytes`);
      });
      events.on("end", () => {
        if (sent < length) fail(`ended after ${sent} bytes`);
      });
      return stream.pipe(destination, options);
    },
  };
}

/** What `toNodeRequest` returns: call `request(url, options)`, then `req.end(body)` or `stream.pipe(req)`. */
export interface NodeRequestArguments {
  /** The full url, the first argument of `http.request` or `https.request` (pick by `url.startsWith("https:")`). */
  url: string;
  /** The second argument: method, headers (with content-length for fixed bodies) and options from `request`. */
  options: { method: Method; headers: Record<string, string>; [option: string]: unknown };
  /** The body bytes to pass to `req.end(body)`; undefined when there is none or it is a stream. */
  body?: Uint8Array;
  /**
   * A Node.js readable stream body: `stream.pipe(req)`. Sent chunked unless `content-length` was given; then
   * this `stream` sends exactly that many bytes, or destroys `req` with ERR_INVALID_HEADER (pipe this one,
   * not the stream you passed, which nothing holds to the length).
   */
  stream?: PipeableStream;
}

/** The `http.request` options that `toNodeRequest` carries over from `request`. */
const NODE_OPTION_KEYS = [
  "agent",
  "signal",
  "timeout",
  "lookup",
  "family",
  "localAddress",
  "ca",
  "cert",
  "key",
  "pfx",
  "passphrase",
  "rejectUnauthorized",
  "servername",
] as const;

/**
 * The arguments of `node:http`/`node:https` `request(url, options)` and the body to write: JSON serialised,
 * strings UTF-8 encoded, `content-length` set for every fixed body.
 * @example
 * const { url, options, body } = toNodeRequest(endpoint("POST /markdown", { text: "**hi**" }));
 * https.request(url, options, onResponse).end(body);
 */
export function toNodeRequest(requestOptions: RequestOptions): NodeRequestArguments {
  const { method, url, headers, body, request } = checkRequestOptions(requestOptions, "toNodeRequest");
  checkFullUrl(url, "toNodeRequest");
  const options: NodeRequestArguments["options"] = { method, headers };
  if (request !== undefined) {
    for (const key of NODE_OPTION_KEYS) {
      if (Object.hasOwn(request, key) && request[key] !== undefined) options[key] = request[key];
    }
  }
  const result: NodeRequestArguments = { url, options };
  const form = bodyForm(body);
  let bytes: Uint8Array | undefined;
  switch (form.kind) {
    case "none":
      break;
    case "text":
      bytes = utf8(form.text);
      if (form.contentType !== undefined && !Object.hasOwn(headers, "content-type")) {
        headers["content-type"] = form.contentType;
      }
      break;
    case "bytes":
      bytes = form.bytes;
      break;
    case "node-stream": {
      // The caller vouches for a stream's length (checkRequestOptions checked it is one): piping it holds it to it.
      const length = own(headers, "content-length");
      result.stream = typeof length === "string" ? withLength(form.value, length) : form.value;
      break;
    }
    case "fetch-only":
      throw new EndpointError(
        "ERR_INVALID_PARAMETER",
        `toNodeRequest() cannot write ${form.what} body; use toFetch(), or turn it into bytes first (new Uint8Array(await new Response(body).arrayBuffer()))${form.stream ? ` or a Node.js stream (${form.what === "a ReadableStream" ? "Readable.fromWeb(body)" : "Readable.from(body)"})` : ""}`,
      );
  }
  if (bytes !== undefined) {
    // A content-length given is this length already (checkRequestOptions).
    headers["content-length"] = String(bytes.byteLength);
    result.body = bytes;
  }
  return result;
}
