// The query string of GET, HEAD and OPTIONS requests: leftover parameters as `key=value` pairs.
import { dateTime, encodeComponent, encodeComponentKeepingPlus, scalarText } from "./encode.js";
import { describeType, EndpointError, quote } from "./errors.js";
import { isPlainObject, ownItem } from "./util.js";

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
