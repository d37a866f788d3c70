// The endpoint function's public types: `Endpoint` and `StrictEndpoint`, typed by route-types.ts over the
// option and result shapes of options.ts.
import type { Method } from "../core/route.js";
import type { EndpointOptions, MergedOptions, ParseOptions } from "./options.js";
import type {
  DefinedKeys,
  EndpointRoutes,
  InRouteMap,
  MethodOf,
  OptionsDraft,
  RouteArguments,
  RouteCheck,
  RouteExpected,
  RouteMergedOptions,
  RouteMethod,
  RouteRequestOptions,
  RouteUrl,
  ValidRoute,
} from "./route-types.js";

/**
 * Route strings an editor offers: the keys of the route map (none in the core), while any string is taken.
 * A wrapper's `<R extends RouteName>` keeps those completions, where `<R extends string>` loses them.
 */
export type RouteName<Routes = EndpointRoutes> = (keyof Routes & string) | (string & {});

/** The options a call may hold while TypeScript reads them: the route's parameters, optional, and any key. */
type DraftOf<R, Defaulted extends string, DefaultMethod extends Lowercase<Method>, Routes, Strict extends boolean> = [
  R,
] extends [string]
  ? OptionsDraft<RouteExpected<R, Defaulted, DefaultMethod, Routes, Strict>>
  : EndpointOptions;

/**
 * Turns a route and options into request options, with `.defaults()`, `.DEFAULTS`, `.merge()` and `.parse()`.
 * `Defaulted` holds the parameter names its defaults set (optional in calls); `DefaultMethod` the method a
 * bare url sends; `Routes` the route map that types the routes it knows (`EndpointRoutes`, which
 * `endpoint-options/github` fills). A `Strict` endpoint takes only the routes of its map (see `StrictEndpoint`).
 * Plain `Endpoint` stands for any endpoint function (any defaults); see "Typed routes".
 */
export interface Endpoint<
  Defaulted extends string = string,
  DefaultMethod extends Lowercase<Method> = Lowercase<Method>,
  Routes = EndpointRoutes,
  Strict extends boolean = false,
> {
  /**
   * Builds request options from a route string and options, or from options alone (`url` required,
   * `method` defaulting to GET). A literal route requires its path parameters; a route of the route map
   * takes exactly its parameters.
   * @example
   * endpoint("GET /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "rest.js", state: "open" })
   */
  <
    const R extends RouteName<Routes> | EndpointOptions,
    const O extends DraftOf<R, Defaulted, DefaultMethod, Routes, Strict> = DraftOf<
      R,
      Defaulted,
      DefaultMethod,
      Routes,
      Strict
    >,
  >(
    route: R & ValidRoute<R, Defaulted> & (Strict extends true ? InRouteMap<R, Routes, DefaultMethod> : unknown),
    ...options: [R] extends [string]
      ? RouteArguments<RouteExpected<R, Defaulted, DefaultMethod, Routes, Strict>, O>
      : []
  ): RouteRequestOptions<[R] extends [string] ? RouteMethod<R, DefaultMethod> : MethodOf<R, DefaultMethod>>;
  /** The merged defaults of this function, frozen. */
  readonly DEFAULTS: Readonly<MergedOptions>;
  /** A new endpoint function whose defaults are these options merged onto this one's. */
  defaults<const O extends EndpointOptions>(
    options: O,
  ): Endpoint<Defaulted | DefinedKeys<O>, MethodOf<O, DefaultMethod>, Routes, Strict>;
  /** A route string sets the method and url, as `@octokit/endpoint` takes it. */
  defaults<const R extends RouteName<Routes>>(
    route: R & RouteCheck<R>,
  ): Endpoint<Defaulted, RouteMethod<R, DefaultMethod>, Routes, Strict>;
  /** Merges a route and options onto the defaults without parsing them: `method` uppercase, `url` a template. */
  merge<const R extends RouteName<Routes>>(
    route: R & RouteCheck<R> & (Strict extends true ? InRouteMap<R, Routes, DefaultMethod> : unknown),
    options?: EndpointOptions,
  ): RouteMergedOptions<Uppercase<RouteMethod<R, DefaultMethod>>, RouteUrl<R>>;
  merge(options?: EndpointOptions): MergedOptions;
  /** Turns merged options into request options. Stateless. */
  parse<const O extends ParseOptions>(options: O): RouteRequestOptions<Lowercase<O["method"]>>;
}

/**
 * An endpoint function that takes only the routes of a route map, each with exactly its parameters: a route
 * not in the map is a compile error naming the nearest routes. The same function at run time; its
 * `.defaults()` are strict too.
 * @example
 * // endpoint-options/github exports `endpoint` as a StrictEndpoint<GitHubRoutes>. For a map of your own:
 * const api: StrictEndpoint<MyRoutes> = endpoint.defaults({ baseUrl: "https://api.example.com" });
 */
export type StrictEndpoint<
  Routes,
  Defaulted extends string = never,
  DefaultMethod extends Lowercase<Method> = "get",
> = Endpoint<Defaulted, DefaultMethod, Routes, true>;
