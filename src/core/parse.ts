// Parsing merged options into request options: the url expanded and joined to the baseUrl, leftover
// parameters into the query or the JSON body, headers copied and `accept` amended.

import { EndpointError, quote } from "../base/errors.js";
import { setOwn } from "../base/util.js";
import type { HeaderValue, MediaTypeDefaults, MergedHeaders, RequestMeta, RequestOptions } from "../types/options.js";
import { amendAccept } from "./accept.js";
import { checkContentLength, labelsItself } from "./body.js";
import { copyHeaders, JSON_CONTENT_TYPE } from "./headers.js";
import type { Level, Merged } from "./merge.js";
import { appendQuery, queryPair } from "./query.js";
import type { Method } from "./route.js";
import { checkSentUrl } from "./safety.js";
import {
  type CompiledUrl,
  compileUrl,
  compileUrlOnce,
  expandUrl,
  fillsUrl,
  joinableBase,
  originOf,
  resolveUrl,
} from "./url.js";

/**
 * Request options from a merge: what `endpoint()` returns for a route and options merged onto `level`, and
 * `.parse()` for merged options read onto a bare level. `github`: GitHub's conventions apply (the level's
 * family, see Level).
 */
export function parseMerged(merged: Merged, level: Level, github: boolean): RequestOptions {
  const { method, url: template, parameters } = merged;
  if (template === undefined || template === "") throw missingUrl();
  const compiled = compiledUrlOf(merged, template);
  const path = expandUrl(compiled, parameters, method, template);
  const base =
    merged.baseUrl === undefined
      ? undefined
      : merged.baseUrl === level.merged.baseUrl
        ? level.base
        : joinableBase(merged.baseUrl);
  let url = resolveUrl(compiled, path, base);
  // A url whose structure values may have changed is checked as clients will read it; so is one sent
  // without a baseUrl. No value can change any other's.
  if (compiled.checks !== undefined || base === undefined) {
    const joinedTo = url === path ? undefined : originOf(merged.baseUrl as string);
    const ownSlashes = (compiled.parts[0] as string).startsWith("//");
    checkSentUrl(url, joinedTo, compiled.checks, ownSlashes, `${method} ${template}`);
  }

  let body: unknown;
  let isJson = false;
  // A body goes only with PATCH, POST, PUT and DELETE. OPTIONS has none either, so its leftovers go to
  // the query as GET's and HEAD's do.
  // The parameters the url does not name are left over for the query or body.
  const named = compiled.parts.length > 1;
  if (method === "GET" || method === "HEAD" || method === "OPTIONS") {
    let query = "";
    for (let i = 0; i < parameters.length; i += 2) {
      const key = parameters[i] as string;
      if (named && fillsUrl(compiled, key)) continue;
      const value = parameters[i + 1];
      if (key === "data" && value !== null) throw dataWithoutBody(method);
      const pair = queryPair(key, value, github);
      if (pair !== undefined) query += query === "" ? pair : `&${pair}`;
    }
    if (query !== "") url = compiled.mayHoldQueryOrFragment ? appendQuery(url, query) : `${url}?${query}`;
  } else {
    // `data` never fills a url: it is always left over.
    const data = keyIndex(parameters, "data");
    let json: Record<string, unknown> | undefined;
    if (data !== -1) {
      body = parameters[data + 1];
      // Labelled JSON unless the platform labels it or only the caller can (see body.ts).
      isJson = !labelsItself(body);
    } else {
      for (let i = 0; i < parameters.length; i += 2) {
        const key = parameters[i] as string;
        if (named && fillsUrl(compiled, key)) continue;
        json ??= {};
        setOwn(json, key, parameters[i + 1]);
      }
    }
    if (json !== undefined) {
      body = json;
      isJson = true;
    } else if (data === -1 && (method === "PUT" || method === "PATCH")) {
      // GitHub needs a content-length of 0 on PUT and PATCH requests without a body.
      body = "";
    }
  }

  // A level's headers are frozen and shared: a call that set none copies them, lists too.
  const headers = merged.ownsHeaders ? (merged.headers as MergedHeaders) : copyHeaders(merged.headers);
  const { mediaType } = merged;
  if (mediaType.format === "" || github) amendAccept(headers as Record<string, HeaderValue>, mediaType);
  else amendVendorAccept(headers as Record<string, HeaderValue>, mediaType);
  // A null content-type, kept by the merge, removes the label; an empty or zero one counts as none, as in
  // @octokit/endpoint.
  const contentType = Object.hasOwn(headers, "content-type") ? headers["content-type"] : undefined;
  if (contentType === null) delete headers["content-type"];
  else if (isJson && !contentType) headers["content-type"] = JSON_CONTENT_TYPE;
  // A content-length must describe the body that is sent (body.ts); most calls have none, and pay one look.
  if (Object.hasOwn(headers, "content-length")) {
    checkContentLength(headers["content-length"] as HeaderValue, body, method);
  }

  const result: RequestOptions = {
    method: method.toLowerCase() as Lowercase<Method>,
    url,
    headers: headers as Record<string, HeaderValue>,
  };
  if (body !== undefined) result.body = body;
  if (merged.request) result.request = merged.request as RequestMeta;
  return result;
}

/** A merge's url compiled: the route string's split keeps it when the url is the route's, else the url cache. */
export function compiledUrlOf(merged: Merged, url: string): CompiledUrl {
  const { split } = merged;
  if (split === undefined || split.url !== url) return compileUrl(url);
  split.compiled ??= compileUrlOnce(url);
  return split.compiled;
}

/**
 * Without GitHub's conventions a format still rewrites a vendor media type (`application/vnd.example+json`
 * becomes `application/vnd.example.raw`); an accept header without one cannot take it.
 */
function amendVendorAccept(headers: Record<string, HeaderValue>, mediaType: MediaTypeDefaults): void {
  const before = headers.accept;
  amendAccept(headers, mediaType);
  if (headers.accept === before) {
    throw new EndpointError(
      "ERR_INVALID_PARAMETER",
      `mediaType.format ${quote(mediaType.format)} rewrites a vendor media type (application/vnd.<vendor>+json), and ${before === undefined ? "there is no accept header" : `accept ${quote(before)} has none`}; set the accept header`,
    );
  }
}

function missingUrl(): EndpointError {
  return new EndpointError("ERR_MISSING_URL", 'no url given; pass a route such as "GET /user" or set the "url" option');
}

/** `data` on GET, HEAD or OPTIONS, which have no body. */
function dataWithoutBody(method: Method): EndpointError {
  return new EndpointError(
    "ERR_INVALID_PARAMETER",
    `option "data" is a body, and ${method} requests have none; use POST, PUT, PATCH or DELETE, or pass data: null to drop a default`,
  );
}

/** Where `key` stands among the keys of a key, value, key, value… list, or -1. */
function keyIndex(list: readonly unknown[], key: string): number {
  for (let i = 0; i < list.length; i += 2) if (list[i] === key) return i;
  return -1;
}
