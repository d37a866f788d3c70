// The public types of endpoint-options' options, results and functions (typed routes: route-types.ts).
import type { Method } from "../core/route.js";
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

/** A header value as endpoint-options passes it through: text, a number, or a list of either. */
export type HeaderValue = string | number | boolean | bigint | readonly (string | number)[];

/** Merged headers: `"content-type": null` is the one null, kept to remove a body's JSON label. */
export type MergedHeaders = Record<string, HeaderValue | null>;

/** Anything with the `forEach` of a WHATWG `Headers` (undici, node-fetch, browsers) or a `Map`. */
export interface HeadersLike {
  forEach(callback: (value: string, name: string) => void): void;
}

/**
 * Headers as a caller passes them: any case of name. `undefined` is ignored; `null` removes the
 * header, including an inherited default such as `user-agent`.
 */
export type HeadersInput =
  | Readonly<Record<string, HeaderValue | null | undefined>>
  | HeadersLike
  | readonly (readonly [string, HeaderValue | null | undefined])[];

/** Media type parameters that amend the `accept` header. */
export interface MediaTypeOptions {
  /** A format such as `raw`, `diff`, `text+json`; `null` or `""` clears one set by `.defaults()`. */
  readonly format?: string | null | undefined;
  /** API preview names, with or without the `-preview` suffix. */
  readonly previews?: readonly string[] | undefined;
}

/** Meta information for the HTTP client; returned unchanged in the request options. */
export interface RequestMeta {
  [key: string]: unknown;
}

/** The options of a call that are not parameters: what every route takes besides its parameters. */
export interface EndpointOptionFields {
  readonly method?: string | undefined;
  readonly url?: string | undefined;
  readonly baseUrl?: string | undefined;
  readonly headers?: HeadersInput | undefined;
  readonly mediaType?: MediaTypeOptions | undefined;
  /** A request body used as it is, instead of a JSON body built from the parameters. */
  readonly data?: unknown;
  /** Anything for your HTTP client (a `RequestInit`, say): merged onto the defaults' when both are plain objects. */
  readonly request?: RequestMeta | object | undefined;
}

/** Options for `endpoint()`, `.merge()` and `.defaults()`: every key that is not an option is a parameter. */
export interface EndpointOptions extends EndpointOptionFields {
  readonly [parameter: string]: unknown;
}

/** A merged `mediaType`: the format ("" for none) and the preview names without `-preview`. */
export interface MediaTypeDefaults {
  format: string;
  previews: string[];
  [key: string]: unknown;
}

/**
 * What `.parse()` takes: merged options, whose `mediaType` may leave out `previews` (or `format`), as
 * `@octokit/endpoint`'s `EndpointDefaults` may.
 */
export interface ParseOptions {
  method: Method;
  baseUrl: string;
  url?: string;
  /**
   * The merged headers. `"content-type": null` is kept here when a caller or a level set it: it removes the
   * `application/json` label that a body would otherwise get. An undefined value is left out (as in
   * `@octokit/types`' `EndpointDefaults`, which Octokit's hooks receive).
   */
  headers: Readonly<Record<string, HeaderValue | null | undefined>>;
  mediaType: MediaTypeOptions;
  request?: RequestMeta;
  [parameter: string]: unknown;
}

/** Options merged onto their defaults, nothing parsed yet: `method` uppercase, `url` still a template. */
export interface MergedOptions extends ParseOptions {
  /** `"content-type": null` is the one null: it removes the JSON label a body would get. */
  headers: MergedHeaders;
  mediaType: MediaTypeDefaults;
}

/** Request options for any HTTP client: what `endpoint()` and `.parse()` return. */
export interface RequestOptions {
  /** The HTTP method, lowercase. */
  method: Lowercase<Method>;
  /** The full URL, placeholders filled and query parameters appended. */
  url: string;
  /** Every header, names lowercase. */
  headers: Record<string, HeaderValue>;
  /** The request body, when there is one. */
  body?: unknown;
  /** The `request` option exactly as it was passed. */
  request?: RequestMeta;
}

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
