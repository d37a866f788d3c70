// `endpoint` and its `.defaults()` chain: each level holds only its frozen merged defaults. endpoint(x)
// is parse(merge(x)): the same merge, parsed without writing merged options out.
import { checkPlainObject, isPlainObject } from "../base/util.js";
import type { Endpoint } from "../types/endpoint.js";
import type { MergedOptions, ParseOptions, RequestOptions } from "../types/options.js";
import { bareLevel, Level, type Merged, mergedOptions, mergeRoute, readMergedOptions, rootLevel } from "./merge.js";
import { compiledUrlOf, parseMerged } from "./parse.js";
import { exampleBaseUrlFor } from "./url.js";

/** The default `user-agent`: `endpoint-options/<version>`, the version taken from package.json at build time. */
export const USER_AGENT = `endpoint-options/${__VERSION__}`;

/** The defaults every `endpoint` function starts from: GitHub's REST API, version 3. */
const GITHUB_DEFAULTS: MergedOptions = {
  method: "GET",
  baseUrl: "https://api.github.com",
  headers: { accept: "application/vnd.github.v3+json", "user-agent": USER_AGENT },
  mediaType: { format: "", previews: [] },
};

/** A route and options merged onto `level`; a malformed url template is refused here, where it is given. */
function merge(level: Level, route: unknown, options: unknown): Merged {
  const merged = mergeRoute(level, route, options);
  if (merged.url !== undefined) compiledUrlOf(merged, merged.url);
  return merged;
}

/**
 * `.parse()`, the same on every level of a family: merged options read onto a bare level, as a call's
 * options are read (each once, in key order), and parsed as a call is. It keeps nothing between calls.
 */
function parseWith(github: boolean): (options: ParseOptions) => RequestOptions {
  const bare = bareLevel(github);
  return (options) => {
    // No url in parse() is ERR_MISSING_URL; any other value that is not a plain object is refused as
    // options are.
    checkPlainObject(
      options,
      "parse()'s argument",
      "pass the merged options endpoint.merge() returns",
      options == null ? "ERR_MISSING_URL" : "ERR_INVALID_ROUTE",
    );
    return parseMerged(readMergedOptions(bare, options), bare, github);
  };
}
const parseGitHub = /* @__PURE__ */ parseWith(true);
const parsePlain = /* @__PURE__ */ parseWith(false);

/** A function with `.defaults()`'s, `.merge()`'s and `.parse()`'s properties, before they are set. */
type Unfinished = ((route: unknown, options?: unknown) => RequestOptions) & {
  -readonly [K in "DEFAULTS" | "defaults" | "merge" | "parse"]?: unknown;
};

function withDefaults(level: Level): Endpoint {
  // Its name is "endpoint", from the key: a binding of that name would clash with the export below, and
  // bundlers would rename it ("endpoint2").
  const { endpoint }: { endpoint: Unfinished } = {
    endpoint: (route, options) => parseMerged(mergeRoute(level, route, options), level, level.github),
  };
  // Properties set one by one, in one order: V8 builds such functions fastest (a level costs about a call).
  endpoint.DEFAULTS = level.DEFAULTS;
  endpoint.defaults = (options: unknown): Endpoint => {
    // `.defaults(null)` adds nothing, as in @octokit/endpoint; a null route is an error elsewhere. A
    // route string is taken, as @octokit/endpoint takes it.
    // The fix text is built only for a value that fails: a chain builds levels on every call.
    if (options != null && typeof options !== "string" && !isPlainObject(options)) {
      checkPlainObject(
        options,
        ".defaults()'s argument",
        `pass e.g. { baseUrl: "${exampleBaseUrlFor(level.github)}" }`,
        "ERR_INVALID_ROUTE",
      );
    }
    return withDefaults(new Level(merge(level, options ?? undefined, undefined), level.github));
  };
  endpoint.merge = (route?: unknown, options?: unknown): MergedOptions => mergedOptions(merge(level, route, options));
  endpoint.parse = level.github ? parseGitHub : parsePlain;
  // Frozen: `endpoint` is shared by every importer in a process, so none may swap its DEFAULTS or methods.
  return Object.freeze(endpoint) as Endpoint;
}

/**
 * Turns a REST route and parameters into request options for any HTTP client. Sends nothing.
 * @example
 * endpoint("GET /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "rest.js", state: "open" })
 * // → { method: "get", url: "https://api.github.com/repos/octokit/rest.js/issues?state=open", headers: {…} }
 */
// Pure, both calls: a bundle that imports only parseTemplate or an adapter drops endpoint and its defaults.
export const endpoint: Endpoint<never, "get"> = /* @__PURE__ */ withDefaults(
  /* @__PURE__ */ rootLevel(GITHUB_DEFAULTS, true),
) as Endpoint<never, "get">;

/** A route map with no routes: every route is typed from its string. */
export type NoRoutes = Record<never, never>;

/**
 * The same API for any REST API, with none of GitHub's conventions: `accept: application/json` and no
 * other header, no baseUrl until you set one, every query value encoded alike (no `q` rule), no previews,
 * and a `mediaType.format` only for a vendor media type in your accept header.
 * @example
 * const api = rest.defaults({ baseUrl: "https://api.example.com/v1" });
 * api("GET /widgets/{id}", { id: 42, expand: "parts" });
 * // → { method: "get", url: "https://api.example.com/v1/widgets/42?expand=parts", headers: { accept: "application/json" } }
 */
export const rest: Endpoint<never, "get", NoRoutes> = /* @__PURE__ */ withDefaults(
  /* @__PURE__ */ rootLevel(
    { method: "GET", baseUrl: "", headers: { accept: "application/json" }, mediaType: { format: "", previews: [] } },
    false,
  ),
) as Endpoint<never, "get", NoRoutes>;
