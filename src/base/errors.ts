import { isAlpha, isControl, isDigit } from "./chars.js";
import { dateTime } from "./encode.js";

/** The stable codes an {@link EndpointError} carries, one per kind of bad input. */
export type EndpointErrorCode =
  | "ERR_INVALID_ROUTE"
  | "ERR_INVALID_METHOD"
  | "ERR_MISSING_URL"
  | "ERR_INVALID_TEMPLATE"
  | "ERR_MISSING_PARAMETER"
  | "ERR_INVALID_PARAMETER"
  | "ERR_INVALID_HEADER";

/**
 * The one error endpoint-options throws. `code` is stable; `message` names the input and the fix.
 * @example
 * try { endpoint("GET /repos/{owner}/{repo}", { owner: "octokit" }) }
 * catch (error) { if (error instanceof EndpointError && error.code === "ERR_MISSING_PARAMETER") … }
 */
export class EndpointError extends TypeError {
  readonly code: EndpointErrorCode;

  constructor(code: EndpointErrorCode, message: string) {
    super(message);
    this.name = "EndpointError";
    this.code = code;
  }
}

/** The characters of caller input an error message shows. */
export const MAX_QUOTED = 120;

/** The characters of a class name an error message shows. */
const MAX_TYPE_NAME = 60;

/**
 * Text as one line of a message: C0 and C1 control characters, line and paragraph separators, bidi
 * controls (which could reorder what a log shows) and lone surrogates escaped as `\uXXXX`. The CLI passes
 * whole messages through it, since some quote input it did not (JSON.parse's).
 */
export function oneLine(text: string): string {
  let out = "";
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code & 0xfc00) === 0xd800 && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      i++; // a surrogate pair: one character
    } else if (
      isControl(code) ||
      (code >= 0xd800 && code <= 0xdfff) ||
      (code >= 0x2028 && code <= 0x202e) ||
      (code >= 0x2066 && code <= 0x2069) ||
      code === 0x200e ||
      code === 0x200f ||
      code === 0x061c
    ) {
      out += `${text.slice(start, i)}\\u${code.toString(16).padStart(4, "0")}`;
      start = i + 1;
    }
  }
  return out + text.slice(start);
}

/** The first `max` characters of `text` and "…" when it is longer, never half a surrogate pair. */
function excerpt(text: string, max: number): string {
  if (text.length <= max) return text;
  // A high surrogate is 0xD800 to 0xDBFF.
  const end = (text.charCodeAt(max - 1) & 0xfc00) === 0xd800 ? max - 1 : max;
  return `${text.slice(0, end)}…`;
}

/**
 * Text with the credentials of every url in it shown as `***`, so that no message repeats them:
 * `https://user:token@host/x` becomes `https://***@host/x`. As URL parsers read a url, its credentials are
 * what stands between the scheme's `:` (and any `/` or `\` after it) and the last `@` before the authority
 * ends at a `/`, `\`, `?` or `#`. Text that merely looks so (`mailto:me@example.com`) loses as much. Linear:
 * an authority is read once, however many `:` stand in it; only the schemes in the first `shown`
 * characters of the result are looked at, each authority read to its end.
 */
export function hideCredentials(text: string, shown = Number.POSITIVE_INFINITY): string {
  let out = "";
  let copied = 0;
  // Whether text[i] follows a scheme's characters: a letter, then letters, digits, "+", "-" or ".".
  let inScheme = false;
  // The authority read last: where it ends, and its last "@" (-1 for none).
  let end = -1;
  let at = -1;
  for (let i = 0; i < text.length && out.length + i - copied <= shown; i++) {
    const code = text.charCodeAt(i);
    if (code !== 58 /* : */ || !inScheme) {
      inScheme = isAlpha(code) || (inScheme && (isDigit(code) || code === 43 || code === 45 || code === 46));
      continue;
    }
    inScheme = false;
    let start = i + 1;
    while (text.charCodeAt(start) === 47 /* / */ || text.charCodeAt(start) === 92 /* \ */) start++;
    // A ":" inside the authority read last shares its end: only one past it is read.
    if (start > end) {
      at = -1;
      for (end = start; end < text.length; end++) {
        const next = text.charCodeAt(end);
        if (next === 64 /* @ */) at = end;
        else if (next === 47 || next === 92 || next === 63 /* ? */ || next === 35 /* # */) break;
      }
    }
    if (at >= start) {
      out += `${text.slice(copied, start)}***`;
      copied = at;
      i = at;
    }
  }
  return copied === 0 ? text : out + text.slice(copied);
}

/**
 * Quotes caller input for an error message, shortened so a huge input cannot flood a log, with the
 * credentials of any url in it hidden. Only strings are in quotes, so that `12n`, `NaN` or `Symbol(GET)`
 * never reads as the string of the same text.
 */
export function quote(value: unknown): string {
  let text: string;
  try {
    switch (typeof value) {
      case "string":
        return oneLine(JSON.stringify(excerpt(hideCredentials(value, MAX_QUOTED), MAX_QUOTED)));
      case "bigint":
        text = `${value}n`;
        break;
      case "function":
        text = value.name ? `function ${value.name}` : "a function";
        break;
      case "object": {
        const time = dateTime(value);
        text = time === undefined ? json(value) : Number.isNaN(time) ? "Invalid Date" : new Date(time).toISOString();
        break;
      }
      default:
        // A number (NaN and Infinity included), a symbol, a boolean, undefined.
        text = String(value);
    }
  } catch {
    // A cyclic object, a getter that throws.
    text = Object.prototype.toString.call(value);
  }
  return oneLine(excerpt(hideCredentials(text, MAX_QUOTED), MAX_QUOTED));
}

/** An object as JSON, serialised only as far as a message shows it. */
function json(value: object | null): string {
  // Serialising stops once the shown part is written: a value whose parts are shared (x = [x, x], nested)
  // would be exponentially long in full. Each value written adds at least one character, so the text is
  // exact up to where it is cut.
  let written = 0;
  return (
    JSON.stringify(value, (_, part: unknown) => {
      if (written > MAX_QUOTED) return undefined;
      // A string's credentials are hidden before JSON escapes it: an escape's "\\" would end the authority.
      if (typeof part === "string") {
        const shown = hideCredentials(part, MAX_QUOTED);
        written += shown.length + 1;
        return shown;
      }
      if (part !== undefined && typeof part !== "function" && typeof part !== "symbol") written += 1;
      // Each item writes a character at least: a long list is cut to what can be shown. A typed array is
      // shown as a list, cut too (as an object, each of its indexes would be walked); a DataView has no
      // items, and stays an object.
      return (
        Array.isArray(part)
          ? part.length > MAX_QUOTED
          : ArrayBuffer.isView(part) && Object.prototype.toString.call(part) !== "[object DataView]"
      )
        ? Array.prototype.slice.call(part, 0, MAX_QUOTED + 1)
        : part;
    }) ?? String(value)
  );
}

/** Names the type of a value the way an error message should: `array`, `null`, `Date`, `string`… */
export function describeType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value !== "object") return typeof value;
  const time = dateTime(value);
  if (Number.isNaN(time)) return "an invalid Date";
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto === null || proto === Object.prototype) return "object";
  const name = (value as { constructor?: { name?: unknown } }).constructor?.name;
  // No date in it: this realm's Date prototype alone, or something only named Date (another realm's
  // Date prototype, a class of the caller's).
  if (time === undefined && (value instanceof Date || name === "Date")) return "not a real Date";
  return typeof name === "string" && name !== "" ? oneLine(excerpt(name, MAX_TYPE_NAME)) : "object";
}
