// `endpoint` and its `.defaults()` chain: each level holds only its frozen merged defaults.
import { type EndpointOptions, type MergedOptions, mergeOptions } from "./merge.js";
import { parseOptions, type RequestOptions } from "./parse.js";

/** The default `user-agent`: `endpoint-options/<version>`, the version taken from package.json at build time. */
export const USER_AGENT = `endpoint-options/${__VERSION__}`;

/** The defaults every `endpoint` function starts from: GitHub's REST API, version 3. */
const GITHUB_DEFAULTS: EndpointOptions = {
  method: "GET",
  baseUrl: "https://api.github.com",
  headers: { accept: "application/vnd.github.v3+json", "user-agent": USER_AGENT },
  mediaType: { format: "", previews: [] },
};

/** Turns a route and options into request options, with `.defaults()`, `.DEFAULTS`, `.merge()` and `.parse()`. */
export interface Endpoint {
  /**
   * Builds request options from a route string and options.
   * @example
   * endpoint("GET /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "rest.js", state: "open" })
   */
  (route: string, options?: EndpointOptions): RequestOptions;
  /** Builds request options from options alone: `url` is required, `method` defaults to GET. */
  (options: EndpointOptions): RequestOptions;
  /** The merged defaults of this function, frozen. */
  readonly DEFAULTS: Readonly<MergedOptions>;
  /** A new endpoint function whose defaults are these options merged onto this one's. */
  defaults(options: EndpointOptions): Endpoint;
  /** Merges a route and options onto the defaults without parsing them: `method` uppercase, `url` a template. */
  merge(route: string, options?: EndpointOptions): MergedOptions;
  merge(options?: EndpointOptions): MergedOptions;
  /** Turns merged options into request options. Stateless. */
  parse(options: MergedOptions): RequestOptions;
}

function freezeDefaults(defaults: MergedOptions): Readonly<MergedOptions> {
  Object.freeze(defaults.headers);
  Object.freeze(defaults.mediaType.previews);
  Object.freeze(defaults.mediaType);
  return Object.freeze(defaults);
}

function withDefaults(parent: MergedOptions | undefined, options: unknown): Endpoint {
  const DEFAULTS = freezeDefaults(mergeOptions(parent, options));
  const endpoint = (route: unknown, options?: unknown): RequestOptions =>
    parseOptions(mergeOptions(DEFAULTS, route, options), true);
  return Object.assign(endpoint, {
    DEFAULTS,
    defaults: (options: EndpointOptions): Endpoint => withDefaults(DEFAULTS, options),
    merge: (route?: unknown, options?: unknown): MergedOptions => mergeOptions(DEFAULTS, route, options),
    parse: (options: MergedOptions): RequestOptions => parseOptions(options),
  }) as Endpoint;
}

/**
 * Turns a REST route and parameters into request options for any HTTP client. Sends nothing.
 * @example
 * endpoint("GET /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "rest.js", state: "open" })
 * // → { method: "get", url: "https://api.github.com/repos/octokit/rest.js/issues?state=open", headers: {…} }
 */
export const endpoint: Endpoint = withDefaults(undefined, GITHUB_DEFAULTS);
