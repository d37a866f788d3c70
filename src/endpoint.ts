// `endpoint` and its `.defaults()` chain: each level holds only its frozen merged defaults.
import { describeType, EndpointError } from "./errors.js";
import { type EndpointOptions, type MergedOptions, mergeOptions, type ParseOptions } from "./merge.js";
import { defaultsLevel, parseOptions, parseRoute, type RequestOptions } from "./parse.js";
import { compileRoute, type Method } from "./route.js";
import type {
  DefinedKeys,
  EndpointRoutes,
  MethodOf,
  OptionsCheck,
  RouteArguments,
  RouteCheck,
  RouteMergedOptions,
  RouteMethod,
  RouteRequestOptions,
  RouteUrl,
} from "./route-types.js";
import { isPlainObject, own } from "./template.js";

/** The default `user-agent`: `endpoint-options/<version>`, the version taken from package.json at build time. */
export const USER_AGENT = `endpoint-options/${__VERSION__}`;

/** The defaults every `endpoint` function starts from: GitHub's REST API, version 3. */
const GITHUB_DEFAULTS: MergedOptions = {
  method: "GET",
  baseUrl: "https://api.github.com",
  headers: { accept: "application/vnd.github.v3+json", "user-agent": USER_AGENT },
  mediaType: { format: "", previews: [] },
};

/**
 * Route strings an editor offers: the keys of the route map (none in the core), while any string is taken.
 * A wrapper's `<R extends RouteName>` keeps those completions, where `<R extends string>` loses them.
 */
export type RouteName = (keyof EndpointRoutes & string) | (string & {});

/**
 * Turns a route and options into request options, with `.defaults()`, `.DEFAULTS`, `.merge()` and `.parse()`.
 * `Defaulted` holds the parameter names its defaults set (optional in calls); `DefaultMethod` the method a
 * bare url sends. Plain `Endpoint` stands for any endpoint function (any defaults); see "Typed routes".
 */
export interface Endpoint<
  Defaulted extends string = string,
  DefaultMethod extends Lowercase<Method> = Lowercase<Method>,
> {
  /**
   * Builds request options from a route string and options, or from options alone (`url` required,
   * `method` defaulting to GET). A literal route requires its path parameters.
   * @example
   * endpoint("GET /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "rest.js", state: "open" })
   */
  <const R extends RouteName | EndpointOptions>(
    route: R & OptionsCheck<R, Defaulted>,
    ...options: [R] extends [string] ? RouteArguments<R, Defaulted, DefaultMethod> : []
  ): RouteRequestOptions<[R] extends [string] ? RouteMethod<R, DefaultMethod> : MethodOf<R, DefaultMethod>>;
  /** The merged defaults of this function, frozen. */
  readonly DEFAULTS: Readonly<MergedOptions>;
  /** A new endpoint function whose defaults are these options merged onto this one's. */
  defaults<const O extends EndpointOptions>(
    options: O,
  ): Endpoint<Defaulted | DefinedKeys<O>, MethodOf<O, DefaultMethod>>;
  /** A route string sets the method and url, as `@octokit/endpoint` takes it. */
  defaults<const R extends RouteName>(route: R & RouteCheck<R>): Endpoint<Defaulted, RouteMethod<R, DefaultMethod>>;
  /** Merges a route and options onto the defaults without parsing them: `method` uppercase, `url` a template. */
  merge<const R extends RouteName>(
    route: R & RouteCheck<R>,
    options?: EndpointOptions,
  ): RouteMergedOptions<Uppercase<RouteMethod<R, DefaultMethod>>, RouteUrl<R>>;
  merge(options?: EndpointOptions): MergedOptions;
  /** Turns merged options into request options. Stateless. */
  parse<const O extends ParseOptions>(options: O): RouteRequestOptions<Lowercase<O["method"]>>;
}

function freezeDefaults(defaults: MergedOptions): void {
  for (const value of Object.values(defaults.headers)) if (Array.isArray(value)) Object.freeze(value);
  Object.freeze(defaults.headers);
  Object.freeze(defaults.mediaType.previews);
  Object.freeze(defaults.mediaType);
  Object.freeze(defaults);
}

function withDefaults(DEFAULTS: MergedOptions): Endpoint {
  freezeDefaults(DEFAULTS);
  const level = defaultsLevel(DEFAULTS);
  // Its name is "endpoint", from the key: a binding of that name would clash with the export below, and
  // bundlers would rename it ("endpoint2").
  const { endpoint } = {
    endpoint: (route: unknown, options?: unknown): RequestOptions => parseRoute(level, route, options),
  };
  const merge = (route?: unknown, options?: unknown): MergedOptions => {
    const merged = mergeOptions(DEFAULTS, route, options);
    // A malformed url template is refused where it is given, as endpoint() refuses it (compiled once,
    // cached for the call that parses it); .defaults() merges here too.
    const url = own(merged, "url");
    if (typeof url === "string") compileRoute(url);
    return merged;
  };
  // Frozen: `endpoint` is shared by every importer in a process, so none may swap its DEFAULTS or methods.
  return Object.freeze(
    Object.assign(endpoint, {
      DEFAULTS,
      defaults: (options: unknown): Endpoint => {
        // `.defaults(null)` adds nothing, as in @octokit/endpoint; a null route is an error elsewhere. A
        // route string is taken, as @octokit/endpoint takes it.
        if (options != null && typeof options !== "string" && !isPlainObject(options)) {
          throw new EndpointError(
            "ERR_INVALID_ROUTE",
            `.defaults() takes a plain object of options, got ${describeType(options)}; pass e.g. { baseUrl: "https://github.example.com/api/v3" }`,
          );
        }
        return withDefaults(merge(options ?? undefined));
      },
      merge,
      parse: (options: ParseOptions): RequestOptions => parseOptions(options),
    }),
  ) as Endpoint;
}

/**
 * Turns a REST route and parameters into request options for any HTTP client. Sends nothing.
 * @example
 * endpoint("GET /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "rest.js", state: "open" })
 * // → { method: "get", url: "https://api.github.com/repos/octokit/rest.js/issues?state=open", headers: {…} }
 */
// Pure: a bundle that imports only parseTemplate or an adapter drops endpoint and its defaults.
export const endpoint: Endpoint<never, "get"> = /* @__PURE__ */ withDefaults(GITHUB_DEFAULTS) as Endpoint<never, "get">;
