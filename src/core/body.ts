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

/** The tags of the platform's self-labelling bodies, from any realm or copy of undici (a File's is its own). */
const LABELLED_TAGS = new Set([
  "[object FormData]",
  "[object URLSearchParams]",
  "[object Blob]",
  "[object File]",
  "[object ReadableStream]",
]);

/** A Blob or File, of any realm or copy of undici. */
export function isBlob(value: object): value is Blob {
  const type = tag(value);
  return type === "[object Blob]" || type === "[object File]" || isInstance(value, "Blob");
}

/**
 * A body that says its own content-type as clients send it: FormData (multipart, with the boundary the client
 * picks), URLSearchParams (a form), or a Blob or File that has a type. Any other body is labelled by the
 * caller, or by an operation's document (operations.ts).
 */
export function carriesContentType(body: unknown): boolean {
  if (typeof body !== "object" || body === null) return false;
  if (isBlob(body)) {
    const { type: mediaType } = body as { type?: unknown };
    return typeof mediaType === "string" && mediaType !== "";
  }
  const type = tag(body);
  return (
    type === "[object FormData]" ||
    type === "[object URLSearchParams]" ||
    isInstance(body, "FormData") ||
    isInstance(body, "URLSearchParams")
  );
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

/** A stream body: a ReadableStream, a Node.js stream, or an async iterable (which fetch streams). */
function isStream(body: object): boolean {
  return (
    tag(body) === "[object ReadableStream]" ||
    isInstance(body, "ReadableStream") ||
    isPipeable(body) ||
    typeof (body as { [Symbol.asyncIterator]?: unknown })[Symbol.asyncIterator] === "function"
  );
}

/**
 * A body the platform labels, or that only the caller can label: FormData, URLSearchParams, a Blob or File
 * (of any realm, or of another copy of undici), bytes, or a stream (a ReadableStream, a Node.js stream, an
 * async iterable). Every other body is labelled JSON, as @octokit/endpoint labels it: a plain object or
 * array, and a string, number, boolean or null (JSON text a caller wrote, or a JSON scalar).
 */
export function labelsItself(body: unknown): boolean {
  if (typeof body !== "object" || body === null) return false;
  return (
    isBytes(body) ||
    LABELLED_TAGS.has(tag(body)) ||
    isInstance(body, "URLSearchParams") ||
    isInstance(body, "Blob") ||
    isInstance(body, "FormData") ||
    isStream(body)
  );
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
  if (typeof body === "string") return utf8Length(body);
  if (typeof body === "boolean" || (typeof body === "number" && Number.isFinite(body))) return String(body).length;
  if (typeof body !== "object" || body === null) return undefined;
  if (isBytes(body)) return body.byteLength;
  if (isBlob(body)) {
    const { size } = body as { size?: unknown };
    return typeof size === "number" ? size : undefined;
  }
  if (tag(body) === "[object URLSearchParams]" || isInstance(body, "URLSearchParams")) return utf8Length(String(body));
  if (isPlainObject(body) || Array.isArray(body)) {
    try {
      return utf8Length(JSON.stringify(body) ?? "");
    } catch {
      return "unwritable";
    }
  }
  return isStream(body) ? "stream" : undefined;
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
      fix = "give the stream's length in decimal digits, or drop the header to send the stream chunked";
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
