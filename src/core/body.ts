// What kind of request body a value is: the one reading that `endpoint()` (for its content-type and
// content-length) and the adapters (for how they send it) share.
import { describeType, EndpointError, quote } from "../base/errors.js";
import { isPlainObject } from "../base/util.js";
import type { HeaderValue } from "../types/options.js";
import type { Method } from "./route.js";

/** `Object.prototype.toString`'s tag: it tells a realm's built-ins apart from look-alikes. */
export function tag(value: object): string {
  return Object.prototype.toString.call(value);
}

export function isShared(buffer: ArrayBufferLike): boolean {
  return tag(buffer) === "[object SharedArrayBuffer]";
}

/** An instance of a global class that a runtime may not have (Blob, FormData…). */
export function isInstance(value: object, name: "Blob" | "FormData" | "URLSearchParams" | "ReadableStream"): boolean {
  const type = (globalThis as Record<string, unknown>)[name];
  return typeof type === "function" && value instanceof type;
}

/** An instance of a platform class, of any realm or copy of undici: by its tag, or as an instance of the global. */
export function isA(value: object, name: "Blob" | "FormData" | "URLSearchParams" | "ReadableStream"): boolean {
  return tag(value) === `[object ${name}]` || isInstance(value, name);
}

/** A Blob or File, of any realm or copy of undici (a File's tag is its own). */
export function isBlob(value: object): value is Blob {
  return isA(value, "Blob") || tag(value) === "[object File]";
}

/** Bytes: an ArrayBuffer (shared or not) or a view of one (Uint8Array, Buffer, DataView…). */
export function isBytes(value: object): value is ArrayBuffer | ArrayBufferView {
  return ArrayBuffer.isView(value) || tag(value) === "[object ArrayBuffer]" || isShared(value as ArrayBufferLike);
}

/** A Node.js readable stream: it has a `pipe` of its class's (one inherited from Object.prototype is pollution). */
export function isPipeable(value: object): boolean {
  const { pipe } = value as { pipe?: unknown };
  return typeof pipe === "function" && pipe !== (Object.prototype as { pipe?: unknown }).pipe;
}

/**
 * What kind of request body a value is. The one reading behind `endpoint()`'s content-type (`labelsItself`),
 * its content-length check, and how the adapters send a body (`bodyForm` in adapters.ts), so they cannot
 * disagree:
 * - "none": undefined or null; no client sends a body for it.
 * - "text": a string, the caller's text (JSON or not), sent as it is.
 * - "json": a plain object or array, a finite number or a boolean, written as JSON.
 * - "bytes", "blob", "form-data", "url-search-params": the platform's bodies (of any realm or copy of
 *   undici), which label themselves or which only the caller can label.
 * - "node-stream": a Node.js stream (a `pipe` of its class's).
 * - "stream": a ReadableStream, or any other async iterable (a plain object or class instance with
 *   `Symbol.asyncIterator`, an async generator), which fetch streams. It is looked for before a plain object:
 *   an object that says it streams is a stream, not JSON.
 * - "other": anything else (a Map, a Date, a sync generator, NaN, a bigint…). `endpoint()` labels it JSON as
 *   @octokit/endpoint does; the adapters refuse it, since no client sends it as it is.
 */
export type BodyKind =
  | "none"
  | "text"
  | "json"
  | "bytes"
  | "blob"
  | "form-data"
  | "url-search-params"
  | "node-stream"
  | "stream"
  | "other";

/** The kind of a request body: see BodyKind. */
export function bodyKind(body: unknown): BodyKind {
  if (body === undefined || body === null) return "none";
  if (typeof body === "string") return "text";
  if (typeof body === "boolean" || (typeof body === "number" && Number.isFinite(body))) return "json";
  if (typeof body !== "object") return "other";
  if (isBytes(body)) return "bytes";
  if (isBlob(body)) return "blob";
  if (isA(body, "FormData")) return "form-data";
  if (isA(body, "URLSearchParams")) return "url-search-params";
  if (isA(body, "ReadableStream")) return "stream";
  if (isPipeable(body)) return "node-stream";
  if (typeof (body as { [Symbol.asyncIterator]?: unknown })[Symbol.asyncIterator] === "function") return "stream";
  return isPlainObject(body) || Array.isArray(body) ? "json" : "other";
}

/**
 * A body the platform labels, or that only the caller can label: bytes, a Blob or File, FormData,
 * URLSearchParams, or a stream (see BodyKind). Every other body is labelled JSON, as @octokit/endpoint labels
 * it: a plain object or array, and a string, number, boolean or null (JSON text a caller wrote, or a JSON
 * scalar).
 */
export function labelsItself(body: unknown): boolean {
  const kind = bodyKind(body);
  return kind !== "none" && kind !== "text" && kind !== "json" && kind !== "other";
}

/**
 * A body that says its own content-type as clients send it: FormData (multipart, with the boundary the client
 * picks), URLSearchParams (a form), or a Blob or File that has a type. Any other body is labelled by the
 * caller, or by an operation's document (operations.ts).
 */
export function carriesContentType(body: unknown): boolean {
  const kind = bodyKind(body);
  if (kind === "blob") {
    const { type: mediaType } = body as { type?: unknown };
    return typeof mediaType === "string" && mediaType !== "";
  }
  return kind === "form-data" || kind === "url-search-params";
}

/** The UTF-8 length of a string, as fetch and TextEncoder write it: a lone surrogate as U+FFFD, 3 bytes. */
export function utf8Length(text: string): number {
  return new TextEncoder().encode(text).byteLength;
}

/**
 * How many bytes a body sends, as every client writes it (the adapters, fetch, @octokit/request): a string
 * as UTF-8, bytes and a Blob as they are, URLSearchParams as its text, a plain object or array and a finite
 * number or boolean as JSON text. "stream" when only the caller can know; "unwritable" for a body JSON
 * cannot write (a BigInt, a cycle, a toJSON that throws), which no client sends and the adapters refuse, or
 * pass the caller's own error on, as they write it; undefined when only the client can know (FormData,
 * whose multipart boundary the client picks) or no client sends the body as it is (a Map).
 */
function sentLength(body: unknown): number | "stream" | "unwritable" | undefined {
  switch (bodyKind(body)) {
    case "text":
      return utf8Length(body as string);
    case "bytes":
      return (body as ArrayBuffer | ArrayBufferView).byteLength;
    case "blob": {
      const { size } = body as { size?: unknown };
      return typeof size === "number" ? size : undefined;
    }
    case "url-search-params":
      return utf8Length(String(body));
    case "json":
      try {
        return utf8Length(JSON.stringify(body) ?? "");
      } catch {
        return "unwritable";
      }
    case "stream":
    case "node-stream":
      return "stream";
    default:
      return undefined;
  }
}

/** A header value as the text that goes on the wire: numbers as digits, lists joined with ", ". */
export function headerText(value: HeaderValue): string {
  return Array.isArray(value) ? value.join(", ") : String(value);
}

/** Whether a header's text is a length as clients write one: decimal digits, without a sign or leading zeros. */
function isLength(text: string): boolean {
  return text !== "" && !/\D/.test(text) && (text === "0" || !text.startsWith("0"));
}

/**
 * The one rule for a caller's content-length: it must describe the body that is sent, since a client on a
 * kept-alive connection sends exactly that many bytes, and a server reads the rest as the next request (or
 * waits for bytes that never come). On a request without a body it may only be `0`, and only on a method
 * that can carry one (POST, PUT, PATCH, DELETE): every client sends that length for an empty POST. Beside
 * a body whose length is known at the call, it must be that length; beside FormData or a body no client
 * sends as it is, it is refused; beside a stream it must be a length, which the caller vouches for.
 * `endpoint()` (parse.ts) and the adapters both check with it.
 */
export function checkContentLength(value: HeaderValue, body: unknown, method: Method): void {
  const text = headerText(value);
  let problem: string | undefined;
  let fix = "drop the header: the client computes it";
  if (body === undefined || body === null) {
    if (method === "GET" || method === "HEAD" || method === "OPTIONS")
      problem = `on a ${method} request, which has no body`;
    else if (text !== "0") problem = "but the request has no body";
  } else {
    const length = sentLength(body);
    if (length === "unwritable") return;
    if (length === "stream") {
      if (isLength(text)) return;
      problem = "beside a stream body, and is no length in bytes";
      fix = "give the stream's length in bytes, or drop the header to send it chunked";
    } else if (length === undefined) {
      problem = `beside a body of ${describeType(body)}, whose length only the client knows`;
    } else if (text !== String(length)) {
      problem = `but the body has ${length} bytes`;
    }
  }
  if (problem !== undefined) {
    throw new EndpointError("ERR_INVALID_HEADER", `header "content-length" is ${quote(text)} ${problem}; ${fix}`);
  }
}
