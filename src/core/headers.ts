// The header rules: names are RFC 9110 tokens, lower-cased; values are tab and printable ASCII, numbers,
// or lists of them; null removes a header (merging keeps a null content-type). Merging and the adapters
// read headers through assignHeaders.
import { BoundedCache } from "../base/cache.js";
import { charSet } from "../base/chars.js";
import { describeType, EndpointError, quote } from "../base/errors.js";
import { copyRecord, isPlainObject, ownItem, setOwn } from "../base/util.js";
import type { HeadersLike, HeaderValue, MergedHeaders } from "../types/options.js";

/** A copy of headers that owns its lists too: a default's list is frozen and shared, a copy's is not. */
export function copyHeaders(headers: Readonly<MergedHeaders>): MergedHeaders {
  const copy = copyRecord(headers);
  // for-in reads the names without a list of them; an inherited (polluted) name is no header.
  for (const name in copy) {
    const value = copy[name];
    if (Array.isArray(value) && Object.hasOwn(copy, name)) copy[name] = [...value];
  }
  return copy;
}

/** The JSON content-type a JSON body gets unless one is set. */
export const JSON_CONTENT_TYPE = "application/json; charset=utf-8";

/** RFC 9110 `tchar`, the characters of a header name. */
const TOKEN_CHARS = charSet("!#$%&'*+-.^_`|~");

export function invalidHeader(message: string): EndpointError {
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
  // The same few values (accept, user-agent, a token) recur on every call: each is checked once.
  if (headerTexts.get(text) !== undefined) return;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 9 || (code >= 32 && code <= 126)) continue;
    if (code === 13 || code === 10 || code === 0) {
      const shown = code === 13 ? "CR" : code === 10 ? "LF" : "NUL";
      throw invalidHeader(
        `header ${quote(name)} has a ${shown} at index ${i} of its value; remove line breaks and NUL`,
      );
    }
    throw invalidHeader(
      `header ${quote(name)} has ${quote(text.charAt(i))} at index ${i} of its value, which HTTP cannot carry; use printable ASCII (percent-encode other text)`,
    );
  }
  headerTexts.set(text, true);
}

/** Header values checked already. */
const headerTexts = new BoundedCache<true>(500, 50_000);

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

function setHeader(
  target: Record<string, HeaderValue | null>,
  name: unknown,
  value: unknown,
  keepNullContentType: boolean,
): void {
  if (value === undefined) return;
  if (typeof name !== "string") throw invalidHeader(`header name ${quote(name)} must be a string`);
  const lower = headerNames.remember(name, checkedHeaderName);
  if (value === null) {
    // A null content-type is kept until the request is made: it removes the JSON label a body would get.
    if (keepNullContentType && lower === "content-type") target[lower] = null;
    else delete target[lower];
    return;
  }
  setOwn(target, lower, checkHeaderValue(lower, value));
}

/**
 * Copies caller headers onto `target`: names lower-cased and checked, `null` removing, `undefined` ignored.
 * Merging (`keepNullContentType`) keeps a null content-type, which removes a body's JSON label later.
 */
export function assignHeaders(
  target: Record<string, HeaderValue | null>,
  headers: unknown,
  keepNullContentType = false,
): void {
  if (headers === undefined || headers === null) return;
  if (isPlainObject(headers)) {
    for (const name of Object.keys(headers)) setHeader(target, name, headers[name], keepNullContentType);
  } else if (Array.isArray(headers)) {
    for (let i = 0; i < headers.length; i++) {
      const entry = ownItem(headers, i);
      if (!Array.isArray(entry) || entry.length !== 2) {
        throw invalidHeader(`header entry ${quote(entry)} is not a [name, value] pair`);
      }
      setHeader(target, ownItem(entry, 0), ownItem(entry, 1), keepNullContentType);
    }
  } else if (typeof (headers as Partial<HeadersLike>).forEach === "function") {
    (headers as HeadersLike).forEach((value, name) => {
      setHeader(target, name, value, keepNullContentType);
    });
  } else {
    throw invalidHeader(
      `option "headers" is ${describeType(headers)}; pass an object such as { authorization: "token …" } or a Headers instance`,
    );
  }
}
