// The query string: the core's leftover parameters of GET, HEAD and OPTIONS requests as `key=value` pairs,
// and OpenAPI's styles, which withOperations (operations.ts) writes query and cookie parameters and form and
// multipart fields with.
import {
  dateTime,
  encodeComponent,
  encodeComponentKeepingPlus,
  encodeQueryReserved,
  scalarText,
} from "../base/encode.js";
import { describeType, EndpointError, quote } from "../base/errors.js";
import { isContainer, isPlainObject, ownItem } from "../base/util.js";

function queryValueText(name: string, value: unknown, isItem: boolean): string | undefined {
  if (value === undefined || value === null) return undefined;
  const text = scalarText(value);
  if (text !== undefined) return text;
  const type = describeType(value);
  let fix = "pass a string, number, boolean, Date or array";
  if (Number.isNaN(dateTime(value))) fix = "pass a valid Date (this one's getTime() is NaN)";
  else if (isPlainObject(value)) fix += `, or write {?${name}*} in the url to explode an object`;
  throw new EndpointError(
    "ERR_INVALID_PARAMETER",
    isItem
      ? `query parameter ${quote(name)} holds ${type} in its list; list only strings, numbers, booleans or Dates`
      : `query parameter ${quote(name)} is ${type}, which has no query form; ${fix}`,
  );
}

/**
 * One `key=value` pair of the query string, or undefined for an omitted (undefined or null) value. With
 * GitHub's conventions (`github`), `q` keeps its `+`: GitHub's search reads it as a space
 * (https://docs.github.com/rest/search). Any other API gets every value encoded alike.
 */
export function queryPair(name: string, value: unknown, github: boolean): string | undefined {
  const encode = github && name === "q" ? encodeComponentKeepingPlus : encodeComponent;
  if (typeof value === "string") return `${encodeComponent(name)}=${encode(value)}`;
  let text: string | undefined;
  if (Array.isArray(value)) {
    text = "";
    let count = 0;
    for (let i = 0; i < value.length; i++) {
      const itemText = queryValueText(name, ownItem(value, i), true);
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
export function appendQuery(url: string, query: string): string {
  const hash = url.indexOf("#");
  const beforeHash = hash === -1 ? url : url.slice(0, hash);
  const fragment = hash === -1 ? "" : url.slice(hash);
  return beforeHash + (beforeHash.includes("?") ? "&" : "?") + query + fragment;
}

/**
 * OpenAPI's styles for query and cookie parameters and for form and multipart fields
 * (https://spec.openapis.org/oas/v3.1.1#style-values).
 */
export type SerializationStyle = "form" | "spaceDelimited" | "pipeDelimited" | "deepObject";

/** How a value is written: its style, whether a list or object explodes into a pair each, and allowReserved. */
export interface StyleOptions {
  readonly style: SerializationStyle;
  readonly explode: boolean;
  readonly allowReserved: boolean;
}

/**
 * The text pairs are written in: percent-encoded for a query, a cookie or a form body (`ENCODED_PAIRS`), or as
 * it is for multipart parts (`PLAIN_PAIRS`). Names and values are written before delimiters join them, so a
 * delimiter inside a value stays data.
 */
export interface PairSyntax {
  /** A parameter's or field's name, or an object's key. */
  readonly name: (text: string) => string;
  readonly value: (text: string, allowReserved: boolean) => string;
  /** spaceDelimited's and pipeDelimited's separators. */
  readonly space: string;
  readonly pipe: string;
  /** deepObject's brackets. */
  readonly open: string;
  readonly close: string;
}

/**
 * Names and values encoded as `encodeURIComponent` does (allowReserved keeps what encodeQueryReserved keeps),
 * and the delimiters RFC 3986 does not allow in a query percent-encoded, as OpenAPI 3.1.1's style table
 * writes them (`color=blue%7Cblack%7Cbrown`, `color%5BR%5D=100`).
 */
export const ENCODED_PAIRS: PairSyntax = {
  name: encodeComponent,
  value: (text, allowReserved) => (allowReserved ? encodeQueryReserved(text) : encodeComponent(text)),
  space: "%20",
  pipe: "%7C",
  open: "%5B",
  close: "%5D",
};

const asItIs = (text: string): string => text;

/** Multipart parts: names and text as they are. */
export const PLAIN_PAIRS: PairSyntax = { name: asItIs, value: asItIs, space: " ", pipe: "|", open: "[", close: "]" };

/** Receives each pair a value writes: its name and its value, as the syntax writes them. */
export type PairSink = (name: string, value: string) => void;

/**
 * Writes `name` and `value` as OpenAPI's style table says (https://spec.openapis.org/oas/v3.1.1#style-examples),
 * pair by pair, into `sink`. `undefined` and `null` write nothing, nor does an empty list or object (RFC 6570
 * counts them as undefined); `""` writes `name=`. A scalar is one pair (a string as it is, a number, bigint or
 * boolean by `String()`, a Date as ISO 8601). A list or object explodes into a pair per item (`color=blue&
 * color=black`) or per key (`R=100&G=200`), or else is one pair joined by `,`, `%20` or `%7C`
 * (`color=R,100,G,200`). Their members are scalars; deepObject alone nests (see writeDeep). `what` names the
 * value in an error (`query parameter "color" of "GET /widgets"`); it is called only to write one.
 */
export function writeStyled(
  name: string,
  value: unknown,
  how: StyleOptions,
  syntax: PairSyntax,
  sink: PairSink,
  what: () => string,
): void {
  if (value === undefined || value === null) return;
  const { style } = how;
  if (style === "deepObject") {
    if (!isContainer(value)) {
      throw styleError(
        what,
        `is written deepObject-style and takes an object or list, got ${describeType(value)}`,
        "pass an object such as { key: value }",
      );
    }
    writeDeep(syntax.name(name), value, how, syntax, sink, what);
    return;
  }
  const text = scalarText(value);
  if (text !== undefined) {
    sink(syntax.name(name), syntax.value(text, how.allowReserved));
    return;
  }
  if (!isContainer(value)) {
    throw styleError(
      what,
      `is ${describeType(value)}, which has no ${style} form`,
      Number.isNaN(dateTime(value))
        ? "pass a valid Date (this one's getTime() is NaN)"
        : "pass a string, number, boolean, Date, list or plain object",
    );
  }
  // Each member's text, an object's as key, value, key, value…
  const texts: string[] = [];
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const item = memberText(ownItem(value, i), "in its list", how, syntax, what);
      if (item !== undefined) texts.push(item);
    }
  } else {
    const record = value as Readonly<Record<string, unknown>>;
    for (const key of Object.keys(record)) {
      const member = memberText(record[key], `at key ${quote(key)}`, how, syntax, what);
      if (member !== undefined) texts.push(syntax.name(key), member);
    }
  }
  if (texts.length === 0) return;
  const written = syntax.name(name);
  const list = Array.isArray(value);
  if (how.explode) {
    if (list) for (const item of texts) sink(written, item);
    else for (let i = 0; i < texts.length; i += 2) sink(texts[i] as string, texts[i + 1] as string);
  } else {
    sink(
      written,
      texts.join(style === "spaceDelimited" ? syntax.space : style === "pipeDelimited" ? syntax.pipe : ","),
    );
  }
}

/** A list item's or object member's value text; undefined for `undefined` and `null`, which are left out. */
function memberText(
  member: unknown,
  at: string,
  how: StyleOptions,
  syntax: PairSyntax,
  what: () => string,
): string | undefined {
  if (member === undefined || member === null) return undefined;
  const text = scalarText(member);
  if (text === undefined) {
    throw styleError(
      what,
      `holds ${describeType(member)} ${at}`,
      `a ${how.style}-style list or object holds only strings, numbers, booleans and Dates; only deepObject nests lists and objects`,
    );
  }
  return syntax.value(text, how.allowReserved);
}

/**
 * deepObject: `name[key]=value` for each scalar, a nested object as `name[a][b]=value` and a list as
 * `name[a][0]=value` (a list itself as `name[0]=value`: Stripe's `expand`), depth first in key order, as
 * Stripe's clients and `qs` (with indices) write them. No
 * recursion, so any depth works. The value is written as a tree: an object or list met twice (shared, or a
 * cycle) is refused, so the text grows with the value, never faster.
 */
function writeDeep(
  name: string,
  root: object,
  how: StyleOptions,
  syntax: PairSyntax,
  sink: PairSink,
  what: () => string,
): void {
  const seen = new Set<object>([root]);
  // Names and members still to write, the next last.
  const pending: unknown[] = [];
  pushMembers(pending, name, root, syntax);
  while (pending.length > 0) {
    const member = pending.pop();
    const memberName = pending.pop() as string;
    if (member === undefined || member === null) continue;
    if (isContainer(member)) {
      if (seen.has(member)) {
        throw styleError(
          what,
          `holds the same object or list twice, or a cycle, at ${quote(readable(memberName))}`,
          "deepObject writes a tree: pass a copy of the shared part",
        );
      }
      seen.add(member);
      pushMembers(pending, memberName, member, syntax);
      continue;
    }
    const text = scalarText(member);
    if (text === undefined) {
      throw styleError(
        what,
        `holds ${describeType(member)} at ${quote(readable(memberName))}`,
        "pass strings, numbers, booleans and Dates, in objects and lists",
      );
    }
    sink(memberName, syntax.value(text, how.allowReserved));
  }
}

/** Queues a list's items or an object's members with their names, the first last, so it is written first. */
function pushMembers(pending: unknown[], name: string, container: object, syntax: PairSyntax): void {
  if (Array.isArray(container)) {
    for (let i = container.length - 1; i >= 0; i--) {
      pending.push(`${name}${syntax.open}${i}${syntax.close}`, ownItem(container, i));
    }
    return;
  }
  const record = container as Readonly<Record<string, unknown>>;
  const keys = Object.keys(record);
  for (let i = keys.length - 1; i >= 0; i--) {
    const key = keys[i] as string;
    pending.push(`${name}${syntax.open}${syntax.name(key)}${syntax.close}`, record[key]);
  }
}

/** A name as a message shows it: `color[R]` rather than `color%5BR%5D`. */
function readable(name: string): string {
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

function styleError(what: () => string, problem: string, fix: string): EndpointError {
  return new EndpointError("ERR_INVALID_PARAMETER", `${what()} ${problem}; ${fix}`);
}
