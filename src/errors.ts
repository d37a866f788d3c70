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

/** Quotes caller input for an error message, shortened so a huge input cannot flood a log. */
export function quote(value: unknown): string {
  let text: string;
  let quoted = true;
  try {
    if (typeof value === "bigint") text = `${value}n`;
    else if (typeof value === "string" || typeof value === "symbol" || typeof value === "function")
      text = String(value);
    else if (value instanceof Date) text = String(value);
    else {
      quoted = false;
      // Serialising stops once the shown part is written: a value whose parts are shared (x = [x, x],
      // nested) would be exponentially long in full. Each value written adds at least one character,
      // so the text is exact up to where it is cut.
      let written = 0;
      text =
        JSON.stringify(value, (_, part: unknown) => {
          if (written > MAX_QUOTED) return undefined;
          // Each item writes a character at least: a long list is cut to what can be shown.
          if (Array.isArray(part) && part.length > MAX_QUOTED) return part.slice(0, MAX_QUOTED + 1);
          if (part !== undefined && typeof part !== "function" && typeof part !== "symbol") {
            written += typeof part === "string" ? part.length + 1 : 1;
          }
          return part;
        }) ?? String(value);
    }
  } catch {
    // A cyclic object, a getter that throws, or something that only has Date's prototype.
    quoted = false;
    text = Object.prototype.toString.call(value);
  }
  const shown = text.length > MAX_QUOTED ? `${text.slice(0, MAX_QUOTED)}…` : text;
  return quoted ? JSON.stringify(shown) : shown;
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
  if (time === undefined && value instanceof Date) return "not a real Date (only its prototype is Date's)";
  if (time === undefined && name === "Date") return "not a real Date";
  return typeof name === "string" && name !== "" ? name : "object";
}
