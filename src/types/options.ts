// The public types of endpoint-options' options and results (the endpoint function: endpoint.ts; typed
// routes: route-types.ts).
import type { Method } from "../core/route.js";

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
