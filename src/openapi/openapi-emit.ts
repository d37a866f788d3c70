// The one way document text reaches a module the OpenAPI generator writes (src/openapi/openapi.ts): a function for
// each place in TypeScript where it can stand (a string literal, a property key, a comment, an identifier).
// Their results are `Code`, a string type only these functions and `ts` make, so the compiler refuses a
// document's text spliced into the module any other way. Whoever writes the document must not be able to
// make the module do anything, nor keep it from compiling.

import { isControl } from "../base/chars.js";

declare const CODE: unique symbol;

/** Text of the generated module: the generator's own syntax, and document text only as written below. */
export type Code = string & { readonly [CODE]: true };

/**
 * The generator's own syntax around pieces that are code already: the template's literal parts are the
 * generator's source, and each interpolated piece must be `Code`.
 * @example ts`${propertyKey(name)}?: ${type}` // `"x-id"?: string`
 */
export function ts(parts: TemplateStringsArray, ...pieces: readonly Code[]): Code {
  let text = parts[0] ?? "";
  for (let i = 0; i < pieces.length; i++) text += `${pieces[i]}${parts[i + 1] ?? ""}`;
  return text as Code;
}

/** What `join` puts between pieces: the generator's own punctuation, never document text. */
export type Separator = "" | "; " | " | " | " & " | ", " | "\n" | "\n\n";

export function join(pieces: readonly Code[], separator: Separator): Code {
  return pieces.join(separator) as Code;
}

/**
 * Characters that end a line for TypeScript (LF, CR, U+2028, U+2029: a string literal or `//` comment ends
 * there), or make the file read otherwise than it compiles: C0 and C1 controls, DEL, and the bidirectional
 * controls ("Trojan Source", CVE-2021-42574).
 */
function isInvisible(code: number): boolean {
  return (
    isControl(code) ||
    (code >= 0x2028 && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069) ||
    code === 0x200e ||
    code === 0x200f ||
    code === 0x061c
  );
}

/** The invisible characters JSON.stringify leaves as they are (it escapes those below U+0020). */
const ESCAPED_IN_LITERALS = /[\u007f-\u009f\u2028-\u202e\u2066-\u2069\u200e\u200f\u061c]/;

const hex4 = (code: number): string => `\\u${code.toString(16).padStart(4, "0")}`;

/**
 * A string literal (also a string literal type) of any text. JSON.stringify escapes quotes, backslashes,
 * control characters and lone surrogates; U+2028, U+2029 (which end a TypeScript string) and the bidi
 * controls are escaped here.
 */
export function stringLiteral(text: string): Code {
  const json = JSON.stringify(text);
  // Most text has none: one native test (a single character class, which cannot backtrack) finds that out.
  if (!ESCAPED_IN_LITERALS.test(json)) return json as Code;
  let out = "";
  let start = 0;
  for (let i = 0; i < json.length; i++) {
    const code = json.charCodeAt(i);
    if (code >= 0x7f && isInvisible(code)) {
      out += `${json.slice(start, i)}${hex4(code)}`;
      start = i + 1;
    }
  }
  return (out + json.slice(start)) as Code;
}

/**
 * A literal type for an enum or const value: strings, finite numbers, booleans and null. Anything else
 * (an object, a number JSON cannot write) has none: undefined.
 */
export function literalType(value: unknown): Code | undefined {
  if (typeof value === "string") return stringLiteral(value);
  // A finite number's String() is digits, "-", "." and "e+": a numeric literal type.
  if (typeof value === "number") return Number.isFinite(value) ? (String(value) as Code) : undefined;
  if (typeof value === "boolean" || value === null) return String(value) as Code;
  return undefined;
}

/** ASCII letters, digits, `_` and `$`: what a bare property key may be. */
function isBareName(text: string): boolean {
  if (text.length === 0) return false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const letter = (code | 32) >= 97 && (code | 32) <= 122;
    const digit = code >= 48 && code <= 57;
    if (!(letter || code === 95 || code === 36 || (digit && i > 0))) return false;
  }
  return true;
}

/**
 * A property key of a type literal: bare when it is a plain name, else a string literal. Only for types:
 * in a type, `__proto__` is a property like any other (in an object literal at run time it is not).
 */
export function propertyKey(name: string): Code {
  return isBareName(name) ? (name as Code) : stringLiteral(name);
}

/**
 * Text as the inside of a comment: one line (every line terminator, control and bidi character becomes a
 * space), `*` `/` never adjacent (`*\/`), no `@ts-` directive (TypeScript obeys `@ts-expect-error` and
 * `@ts-expect-error` in comments: `@ ts-`), and a lone surrogate as U+FFFD, so the file is valid UTF-8.
 */
function commentText(text: string): string {
  let out = "";
  let start = 0;
  const put = (end: number, replacement: string, next: number): void => {
    out += `${text.slice(start, end)}${replacement}`;
    start = next;
  };
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdfff) {
      if (code <= 0xdbff && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) i++;
      else put(i, "\ufffd", i + 1);
    } else if (isInvisible(code) || code === 0x85) put(i, " ", i + 1);
    else if (code === 0x2a && text.charCodeAt(i + 1) === 0x2f) put(i, "*\\/", i + 2);
    else if (code === 0x40 && text.startsWith("ts-", i + 1)) put(i, "@ ", i + 1);
  }
  return out + text.slice(start);
}

/** Indentation of the generator's own. */
export type Indent = "" | "  " | "    " | "      " | "        ";

/** A doc comment of one line per text, at `indent`; nothing for no lines. */
export function docComment(lines: readonly string[], indent: Indent): Code {
  if (lines.length === 0) return "" as Code;
  if (lines.length === 1) return `${indent}/** ${commentText(lines[0] as string)} */` as Code;
  const body = lines.map((line) => `${indent} * ${commentText(line)}`);
  return [`${indent}/**`, ...body, `${indent} */`].join("\n") as Code;
}

/** A `//` comment line. */
export function lineComment(text: string): Code {
  return `// ${commentText(text)}` as Code;
}

/**
 * Names a generated module may not declare: reserved words, the names CommonJS gives every module, globals a
 * module should not hide, and the global types the generator writes (`Date`, `Record`).
 */
const RESERVED = new Set(
  [
    "break case catch class const continue debugger default delete do else enum export extends false finally for",
    "function if import in instanceof new null return super switch this throw true try typeof var void while with",
    "implements interface let package private protected public static yield await async of type as",
    "arguments eval exports require module __filename __dirname globalThis undefined NaN Infinity",
    "Array ReadonlyArray Boolean Date Error Function JSON Math Number Object Promise Record String Symbol",
    "Partial Required Readonly Pick Omit Exclude Extract NonNullable",
  ]
    .join(" ")
    .split(" "),
);

/** Identifiers made from document text are cut to this length, so a long name costs each mention little. */
const MAX_IDENTIFIER = 48;

/** True for a PascalCase name of ASCII letters and digits. */
export function isPascalCase(name: string): boolean {
  const first = name.charCodeAt(0);
  if (!(first >= 65 && first <= 90)) return false;
  for (let i = 1; i < name.length; i++) {
    const code = name.charCodeAt(i);
    if (!((code | 32) >= 97 && (code | 32) <= 122) && !(code >= 48 && code <= 57)) return false;
  }
  return true;
}

/** The camelCase form of a PascalCase name: the endpoint of the `<Name>Routes` map. */
export function camelCase(name: string): string {
  return name.charAt(0).toLowerCase() + name.slice(1);
}

/**
 * Text's ASCII letters and digits as PascalCase words ("simple-user" → `SimpleUser`), at most 48 characters;
 * `fallback` when there are none or they start with a digit (`2fa` → `Schema2fa`).
 */
export function pascalWords(text: string, fallback: string): string {
  let name = "";
  let wordStart = true;
  for (let i = 0; i < text.length && name.length < MAX_IDENTIFIER; i++) {
    const code = text.charCodeAt(i);
    const letter = (code | 32) >= 97 && (code | 32) <= 122;
    if (letter || (code >= 48 && code <= 57)) {
      name += wordStart ? text.charAt(i).toUpperCase() : text.charAt(i);
      wordStart = false;
    } else wordStart = true;
  }
  return name === "" || !isPascalCase(name) ? `${fallback}${name}`.slice(0, MAX_IDENTIFIER) : name;
}

/**
 * The identifiers one module declares. A name a document gives is never taken as one: `fresh` makes a new
 * identifier of its ASCII words, never a reserved or module-scope name, nor one this module declared.
 */
export class Identifiers {
  readonly #taken = new Set(RESERVED);
  /** The next number to try for a base name that is taken: `Pet2`, `Pet3`… */
  readonly #next = new Map<string, number>();

  /** False when the module cannot declare `name`: reserved, or declared already. */
  isFree(name: string): boolean {
    return !this.#taken.has(name);
  }

  /** Declares a name the generator chose (checked with `isFree`, or its own). */
  claim(name: string): Code {
    this.#taken.add(name);
    return name as Code;
  }

  /** A new identifier from document text: its `pascalWords`, and a number after them when that is taken. */
  fresh(text: string, fallback: string): Code {
    const base = pascalWords(text, fallback);
    let name = base;
    for (let n = this.#next.get(base) ?? 2; this.#taken.has(name); n++) {
      name = `${base}${n}`;
      this.#next.set(base, n + 1);
    }
    return this.claim(name);
  }
}
