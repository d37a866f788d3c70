// The operation table a user's module carries (docs/cli.md, "Serialisation"): for each route key, the url the
// core expands and what `withOperations` writes itself: query and cookie parameters by their OpenAPI style,
// parameters renamed or nested, and the body's kind, content-type and encoding. The generator (src/openapi/openapi.ts)
// fills it; this file holds its shape and the rules that turn a document's path and names into it.
import { isAlpha, isWordChar } from "../base/chars.js";
import { encodeComponent, encodeReserved } from "../base/encode.js";
import { type NoUrlName, OPTION_NAME_LIST } from "../core/option-names.js";
import { isPlainVarname } from "../template/template.js";

/** The styles the runtime writes for query and cookie parameters and form fields. */
export type QueryStyle = "form" | "spaceDelimited" | "pipeDelimited" | "deepObject";

/** One parameter the runtime handles: where the caller passes it and how it is written. */
export interface ParameterEntry {
  name: string;
  in: "path" | "query" | "cookie";
  where?: "nested";
  variable?: string;
  style?: QueryStyle;
  explode?: boolean;
  allowReserved?: true;
  json?: true;
}

/** How a form or multipart field is written, when the document says otherwise than the default. */
export interface EncodingEntry {
  style?: QueryStyle;
  explode?: boolean;
  allowReserved?: true;
  contentType?: string;
}

export interface BodyEntry {
  kind: "json" | "form" | "multipart" | "raw";
  contentType?: string;
  required?: true;
  fields?: "data";
  encoding?: Record<string, EncodingEntry>;
}

/** One operation of the table. Defaults are left out, so the table stays small. */
export interface OperationEntry {
  method: string;
  url: string;
  parameters?: ParameterEntry[];
  body?: BodyEntry;
  /** The route's top-level keys, as its type names them (read by the command line's checks). */
  names?: readonly string[];
}

/**
 * The names that fill no url (option-names.ts: the option names, and `data`): a parameter so named is passed under `parameters`, a path
 * parameter so named gets a template variable of another name, and a body field so named puts the body in `data`.
 */
export const OPTION_NAMES: ReadonlySet<string> = new Set<NoUrlName>([...OPTION_NAME_LIST, "data"]);

/** Keys of a generated endpoint's options besides the core's: `parameters` and `cookies`. */
export const OWN_KEYS: ReadonlySet<string> = new Set(["parameters", "cookies"]);

/** A name the caller cannot pass flat: an option's, or one of the generated endpoint's own keys. */
export function isReservedName(name: string): boolean {
  return OPTION_NAMES.has(name) || OWN_KEYS.has(name);
}

/**
 * The template variable of a path parameter whose name the url cannot hold as it is, or that is an option's
 * (the core never fills a variable named like an option), or undefined for the others: the name's UTF-8
 * bytes outside `[A-Za-z0-9_]` written `%XX` (`item.id` → `item%2Eid`, `$id` → `%24id`), an option's first
 * letter so (`url` → `%75rl`). Every such variable holds a `%` and no plain name does, so none is another's.
 */
export function variableOf(name: string): string | undefined {
  if (OPTION_NAMES.has(name)) return `%${name.charCodeAt(0).toString(16).toUpperCase()}${name.slice(1)}`;
  // A name the core's url reads as a variable as it is (template.ts, the varname grammar's home).
  if (isPlainVarname(name)) return undefined;
  let out = "";
  for (const character of name) {
    const code = character.charCodeAt(0);
    if (code < 128) out += isWordChar(code) ? character : `%${code.toString(16).toUpperCase().padStart(2, "0")}`;
    else out += encodeComponent(character);
  }
  return out;
}

/**
 * A path's literal text as the url writes it: what a url template cannot hold as text percent-encoded as UTF-8
 * (spaces, braces, a `%` that starts no `%XX`), and, in the path (`inPath`), a `:` before a letter or `_`
 * written `%3A` (Google's `/models:list`), or the core would read `:list` as a placeholder.
 */
export function urlLiteral(text: string, inPath: boolean): string {
  const encoded = encodeReserved(text);
  if (!inPath) return encoded;
  let out = "";
  let start = 0;
  for (let i = encoded.indexOf(":"); i !== -1; i = encoded.indexOf(":", i + 1)) {
    const next = encoded.charCodeAt(i + 1);
    if (isAlpha(next) || next === 95) {
      out += `${encoded.slice(start, i)}%3A`;
      start = i + 1;
    }
  }
  return out + encoded.slice(start);
}

/** A media type's essence: lowercase, without parameters or spaces (`Application/JSON; charset=utf-8` → `application/json`). */
export function essenceOf(type: string): string {
  const end = type.indexOf(";");
  return (end === -1 ? type : type.slice(0, end)).trim().toLowerCase();
}

/** A JSON media type: `application/json`, `application/vnd.api+json`, with or without parameters. */
export function isJsonMediaType(type: string): boolean {
  const essence = essenceOf(type);
  if (essence === "application/json") return true;
  if (!essence.startsWith("application/") || !essence.endsWith("+json") || essence.length <= 17) return false;
  for (let i = 12; i < essence.length - 5; i++) {
    const code = essence.charCodeAt(i);
    if (!(isWordChar(code) || code === 46 || code === 43 || code === 45)) return false;
  }
  return true;
}

/** An OpenAPI style the runtime writes for a query or cookie parameter or a form field, or undefined. */
function queryStyleOf(style: unknown): QueryStyle | undefined {
  return style === "form" || style === "spaceDelimited" || style === "pipeDelimited" || style === "deepObject"
    ? style
    : undefined;
}

/**
 * How a query or cookie parameter, or a form field, is written, defaults left out: the style when it is not
 * form, explode when it is not its style's default (true for form, false otherwise), allowReserved when true.
 * OpenAPI's own default explode is true for form only.
 */
export function writtenAs(value: Record<string, unknown>): Pick<EncodingEntry, "style" | "explode" | "allowReserved"> {
  const given = typeof value.style === "string" ? value.style : "form";
  // A style the runtime does not write (`simple` on a query) is sent as form, exploded as the document says.
  const style = queryStyleOf(given) ?? "form";
  const explode = typeof value.explode === "boolean" ? value.explode : given === "form";
  const out: Pick<EncodingEntry, "style" | "explode" | "allowReserved"> = {};
  if (style !== "form") out.style = style;
  if (explode !== (style === "form")) out.explode = explode;
  if (value.allowReserved === true) out.allowReserved = true;
  return out;
}
