// Following pages: the request for the next page, from the request options of this one and the response's
// `Link` header (RFC 8288). Nothing is merged again, so defaults never add to the query the link carries.
import { describeType, EndpointError, quote } from "../base/errors.js";
import { own, ownItem, setOwn } from "../base/util.js";
import { isFullUrl } from "../core/safety.js";
import type { HeaderValue, RequestMeta, RequestOptions } from "../types/options.js";
import { checkRequestOptionsObject } from "./adapters.js";

/**
 * The request for the next page: `previous` with its url replaced by the `Link` header's `rel="next"` url,
 * or undefined on the last page (no such link, or no header). Its method and headers are copies of
 * `previous`'s; its body and `request` are `previous`'s, as they are. The next url must have the same origin as `previous`'s, since its headers
 * (`authorization` included) go with it.
 * @example
 * let options = endpoint("GET /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "rest.js", per_page: 100 });
 * // … fetch, then:
 * options = nextPage(options, response.headers.get("link")); // undefined after the last page
 * @throws {EndpointError} ERR_INVALID_HEADER for a `Link` header that is no string, or whose next url is not
 * an http(s) url of the same origin; ERR_MISSING_URL or ERR_INVALID_ROUTE for `previous` without a full url.
 */
export function nextPage(previous: RequestOptions, link: string | null | undefined): RequestOptions | undefined {
  checkRequestOptionsObject(
    previous,
    "nextPage() needs the request options of the page you fetched",
    "pass what endpoint() returned for it",
  );
  const url = own(previous, "url");
  if (typeof url !== "string" || !isFullUrl(url)) {
    throw new EndpointError(
      typeof url === "string" ? "ERR_INVALID_ROUTE" : "ERR_MISSING_URL",
      `nextPage() needs request options with a full http(s) url, got ${quote(url)}; pass what endpoint() returned`,
    );
  }
  if (link === undefined || link === null) return undefined;
  if (typeof link !== "string") {
    throw new EndpointError(
      "ERR_INVALID_HEADER",
      `the Link header is ${describeType(link)}; pass the header's text, e.g. response.headers.get("link")`,
    );
  }
  const target = linkTarget(link, "next");
  if (target === undefined) return undefined;
  let next: URL;
  try {
    next = new URL(target, url);
  } catch {
    throw new EndpointError("ERR_INVALID_HEADER", `the Link header's next url ${quote(target)} is not a url`);
  }
  if (next.protocol !== "https:" && next.protocol !== "http:") {
    throw new EndpointError(
      "ERR_INVALID_HEADER",
      `the Link header's next url ${quote(next.href)} is not an http(s) url; follow only http(s) links`,
    );
  }
  if (next.username !== "" || next.password !== "") {
    throw new EndpointError(
      "ERR_INVALID_HEADER",
      `the Link header's next url ${quote(target)} holds credentials, which fetch() refuses; follow it yourself without them`,
    );
  }
  if (next.origin !== new URL(url).origin) {
    throw new EndpointError(
      "ERR_INVALID_HEADER",
      `the Link header's next url ${quote(next.href)} is not on ${quote(new URL(url).origin)}, where this request went, and its headers (authorization included) would go with it; follow that url yourself if you trust it`,
    );
  }
  const result: RequestOptions = { method: previous.method, url: next.href, headers: copyOf(own(previous, "headers")) };
  const body = own(previous, "body");
  if (body !== undefined) result.body = body;
  const request = own(previous, "request");
  if (request !== undefined) result.request = request as RequestMeta;
  return result;
}

/** A copy of request options' headers, lists copied too. */
function copyOf(headers: unknown): Record<string, HeaderValue> {
  const copy: Record<string, HeaderValue> = {};
  if (headers === null || typeof headers !== "object") return copy;
  for (const name of Object.keys(headers)) {
    const value = (headers as Record<string, HeaderValue>)[name] as HeaderValue;
    setOwn(
      copy,
      name,
      Array.isArray(value) ? Array.from({ length: value.length }, (_, i) => ownItem(value, i)) : value,
    );
  }
  return copy as Record<string, HeaderValue>;
}

/**
 * The target of the first link whose `rel` holds `relation` (any case), read in one pass: `<target>` then
 * parameters (`; name=token` or `; name="quoted \" string"`) up to the next comma outside quotes.
 */
export function linkTarget(header: string, relation: string): string | undefined {
  let at = 0;
  while (at < header.length) {
    const open = header.indexOf("<", at);
    if (open === -1) return undefined;
    const close = header.indexOf(">", open + 1);
    if (close === -1) return undefined;
    let rel: string | undefined;
    // The parameters: names and values, until a comma that is not inside a quoted value.
    let i = close + 1;
    while (i < header.length && header.charCodeAt(i) !== 44 /* , */) {
      if (header.charCodeAt(i) !== 59 /* ; */) {
        i++;
        continue;
      }
      const equals = i + 1;
      let end = equals;
      while (end < header.length && !";,=".includes(header.charAt(end))) end++;
      const name = header.slice(equals, end).trim().toLowerCase();
      i = end;
      if (header.charAt(i) !== "=") continue;
      i++;
      while (header.charAt(i) === " " || header.charAt(i) === "\t") i++;
      let value = "";
      if (header.charAt(i) === '"') {
        for (i++; i < header.length && header.charAt(i) !== '"'; i++) {
          if (header.charAt(i) === "\\") i++;
          value += header.charAt(i);
        }
        i++;
      } else {
        const start = i;
        while (i < header.length && !";,".includes(header.charAt(i))) i++;
        value = header.slice(start, i).trim();
      }
      if (name === "rel" && rel === undefined) rel = value;
    }
    if (rel?.toLowerCase().replaceAll("\t", " ").split(" ").includes(relation)) {
      return header.slice(open + 1, close).trim();
    }
    at = i + 1;
  }
  return undefined;
}
