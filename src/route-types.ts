// Types only: the parameters a route string requires, read from the literal with the runtime's rules
// (route.ts splitRoute, url.ts compileAnyUrl over template.ts tokenize), and the opt-in route map that
// `endpoint-options/github` fills.
import type { Method, OptionName } from "./route.js";
import type { EndpointOptions, MergedOptions, RequestOptions } from "./types.js";

/**
 * Parameter types by route (`"GET /repos/{owner}/{repo}"`), empty in the core. An opt-in module such as
 * `endpoint-options/github` fills it by declaration merging; a route found here is typed by its entry,
 * any other route by what its literal requires.
 * @example
 * declare module "endpoint-options" {
 *   interface EndpointRoutes {
 *     "GET /widgets/{id}": { id: number; expand?: boolean };
 *   }
 * }
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging, which a type alias cannot take.
export interface EndpointRoutes {}

/**
 * A value for a required path parameter (`{name}` or `:name` in the path); a Date expands as ISO 8601.
 * Booleans, lists and objects expand at run time too, but in a path segment they are almost always a
 * mistake, so the types refuse them.
 */
export type PathParameterValue = string | number | bigint | Date;

/** Request options whose `method` is known: what a call with a literal route returns. */
export interface RouteRequestOptions<M extends Lowercase<Method> = Lowercase<Method>> extends RequestOptions {
  method: M;
}

/** Merged options whose `method` and `url` template are known: what `.merge()` returns for a literal route. */
export interface RouteMergedOptions<M extends Method = Method, U extends string = string> extends MergedOptions {
  method: M;
  url: U;
}

type Alpha =
  | "a"
  | "b"
  | "c"
  | "d"
  | "e"
  | "f"
  | "g"
  | "h"
  | "i"
  | "j"
  | "k"
  | "l"
  | "m"
  | "n"
  | "o"
  | "p"
  | "q"
  | "r"
  | "s"
  | "t"
  | "u"
  | "v"
  | "w"
  | "x"
  | "y"
  | "z"
  | Uppercase<"a" | "b" | "c" | "d" | "e" | "f" | "g" | "h" | "i" | "j" | "k" | "l" | "m">
  | Uppercase<"n" | "o" | "p" | "q" | "r" | "s" | "t" | "u" | "v" | "w" | "x" | "y" | "z">;
type Digit = "0" | "1" | "2" | "3" | "4" | "5" | "6" | "7" | "8" | "9";
type WordChar = Alpha | Digit | "_";

/** True for a single literal or a union of literals; false for `string`, template strings and `${number}`. */
type IsLiteral<S extends string> = Empty extends Record<S, 1> ? false : true;

/** `{}`: an object type with no keys. */
type Empty = Record<never, never>;

type TrimStart<S extends string> = S extends ` ${infer Rest}` ? TrimStart<Rest> : S;
type TrimEnd<S extends string> = S extends `${infer Rest} ` ? TrimEnd<Rest> : S;

/** Why a route literal fails at run time; an options argument of this type cannot be given. */
export interface InvalidRoute<Reason extends string> {
  readonly "invalid route": Reason;
}

/** A method as a route may write it: upper or lower case (any other case takes the slow path). */
type RouteMethodWord = Method | Lowercase<Method>;

/**
 * The method a word names in any ASCII case, as the runtime reads it, or never: "poſt" upper-cases to
 * "POST" but does not lower-case back to "post".
 */
type NamedMethod<W extends string> =
  Uppercase<W> extends Method ? (Lowercase<Uppercase<W>> extends Lowercase<W> ? Uppercase<W> : never) : never;

/**
 * `"<METHOD> <url>"` (one or more spaces) → `[method, url]`; a bare url → `[undefined, url]`, as
 * `splitRoute` does. A third word or an unknown method is an `InvalidRoute`. The common
 * `"GET /path"` takes one template match; anything else the general rule. A template string such as
 * `` `GET /repos/${string}` `` splits too: its url is checked for being a literal where it matters.
 */
type SplitRoute<R extends string> = string extends R
  ? NonLiteralRoute
  : R extends `${infer M extends RouteMethodWord} ${infer Url}`
    ? Url extends `${string} ${string}` | ""
      ? SplitRouteSlowly<R>
      : [Uppercase<M>, Url]
    : IsLiteral<R> extends false
      ? NonLiteralRoute
      : R extends `${string} ${string}` | ""
        ? SplitRouteSlowly<R>
        : [NamedMethod<R>] extends [never]
          ? [undefined, R]
          : InvalidRoute<"it names a method but no url">;

/** A route that is `string` or a template string starting with a hole: any method, any options. */
export interface NonLiteralRoute {
  readonly "non-literal route": true;
}

type SplitRouteSlowly<R extends string> =
  TrimStart<R> extends `${infer First} ${infer Rest}`
    ? TrimEnd<TrimStart<Rest>> extends infer Url extends string
      ? Url extends ""
        ? SplitUrlOnly<First>
        : Url extends `${string} ${string}`
          ? InvalidRoute<"it has more than two words">
          : [NamedMethod<First>] extends [never]
            ? InvalidRoute<`unknown method "${First}"`>
            : [NamedMethod<First>, Url]
      : never
    : SplitUrlOnly<TrimStart<R>>;

type SplitUrlOnly<Word extends string> = Word extends ""
  ? InvalidRoute<"it is empty">
  : [NamedMethod<Word>] extends [never]
    ? [undefined, Word]
    : InvalidRoute<"it names a method but no url">;

/** The rest of a scheme after its first letter: letters, digits, `+`, `-`, `.` and `{x}` or `{.x}` expressions (`http{s}`), as the runtime reads it. */
type SchemeRest<S extends string> = S extends ""
  ? true
  : S extends `{${infer Expression}}${infer Rest}`
    ? Expression extends `${Exclude<Operator, ".">}${string}`
      ? false
      : SchemeRest<Rest>
    : S extends `${infer C}${infer Rest}`
      ? C extends Alpha | Digit | "+" | "-" | "."
        ? SchemeRest<Rest>
        : false
      : false;

/** The text from where the path starts: after `scheme://authority` when the url has them. */
type FromPath<U extends string> = U extends `${infer Scheme}://${infer Rest}`
  ? (Scheme extends `${Alpha}${infer SchemeTail}` ? SchemeRest<SchemeTail> : false) extends true
    ? Rest extends `${infer Authority}/${infer Path}`
      ? Authority extends `${string}${"?" | "#" | "{&"}${string}`
        ? ""
        : // `{/x}` starts the path: drop the rest of that (optional) expression.
          Authority extends `${string}{`
          ? Path extends `${string}}${infer AfterExpression}`
            ? AfterExpression
            : ""
          : Path
      : ""
    : U
  : U;

/**
 * The path: everything before the first `?`, `#` or `{&` (literal or operator, both end it), after any
 * scheme and authority. A url with none of these is all path (one check).
 */
type PathPart<U extends string> = U extends `${string}${"?" | "#" | "{&" | "://"}${string}` ? PathPartSlowly<U> : U;
type PathPartSlowly<U extends string> =
  FromPath<U> extends infer P extends string
    ? P extends `${infer BeforeQuery}?${string}`
      ? BeforeHash<BeforeQuery>
      : BeforeHash<P>
    : never;
type BeforeHash<P extends string> = P extends `${infer Before}#${string}`
  ? BeforeAmpersand<Before>
  : BeforeAmpersand<P>;
type BeforeAmpersand<P extends string> = P extends `${infer Before}{&${string}` ? Before : P;

type Operator = "+" | "#" | "." | "/" | ";" | "?" | "&" | "=" | "," | "!" | "@" | "|";

/** The names a simple `{a,b:3,c*}` expression requires; none for an operator expression. */
type SimpleExpressionNames<E extends string> = E extends `${Operator}${string}`
  ? never
  : E extends `${string}${"," | ":" | "*"}${string}`
    ? VariableNames<E>
    : E;
type VariableNames<E extends string> = E extends `${infer First},${infer Rest}`
  ? VariableName<First> | VariableNames<Rest>
  : VariableName<E>;
type VariableName<Spec extends string> = Spec extends `${infer Name}:${string}`
  ? Name
  : Spec extends `${infer Name}*`
    ? Name
    : Spec;

/** `:name` placeholders in literal path text: a letter or `_`, then word characters. */
type ColonNames<Text extends string, Found extends string = never> = Text extends `${string}:${infer After}`
  ? ColonNames<After, After extends `${Alpha | "_"}${string}` ? Found | LeadingWord<After> : Found>
  : Found;
type LeadingWord<S extends string, Word extends string = ""> = S extends `${infer C}${infer Rest}`
  ? C extends WordChar
    ? LeadingWord<Rest, `${Word}${C}`>
    : Word
  : Word;

/**
 * Names a path requires: one step per `{…}` expression (tail-recursive), plus `:name` in the text
 * outside braces only when the path has a colon at all.
 */
type BraceNames<
  P extends string,
  Found extends string = never,
> = P extends `${string}{${infer Expression}}${infer Rest}`
  ? BraceNames<Rest, Found | SimpleExpressionNames<Expression>>
  : Found;
type OutsideColonNames<
  P extends string,
  Found extends string = never,
> = P extends `${infer Text}{${string}}${infer Rest}`
  ? OutsideColonNames<Rest, Found | ColonNames<Text>>
  : Found | ColonNames<P>;
type PathNames<P extends string> = BraceNames<P> | (P extends `${string}:${string}` ? OutsideColonNames<P> : never);

/**
 * The host of an http(s) url (`https://user@{host}:8080/…` → `{host}`), as the runtime reads it: after the
 * authority's last `@`, before a `:port` outside braces (`{host:3}` is a prefix). "" for any other url.
 */
type HostPart<U extends string> = U extends `${infer Scheme}://${infer Rest}`
  ? Lowercase<Scheme> extends "http" | "https"
    ? Rest extends `{&${infer Expression}}${infer After}`
      ? // A `{&x}` alone where the host goes writes "&x=…" or nothing, which the runtime refuses.
        AuthorityOf<After> extends ""
        ? `{&${Expression}}`
        : ""
      : BeforePort<AfterLastAt<AuthorityOf<Rest>>>
    : ""
  : "";
/**
 * The authority: up to the first `/`, `?` or `#`, also as an expression's operator (`{/x}`), or a `{&`, which
 * is kept: the runtime reads query after it, and the `&x=…` it may write stops the host being one expression.
 */
type AuthorityOf<A extends string> = A extends `${infer Before}${"/" | "?" | "#"}${string}`
  ? AuthorityOf<Before>
  : A extends `${infer Before}{&${string}`
    ? `${Before}{&`
    : A extends `${infer Before}{`
      ? Before
      : A;
type AfterLastAt<A extends string> = A extends `${string}@${infer After}` ? AfterLastAt<After> : A;
type BeforePort<H extends string, Done extends string = ""> = H extends `${infer Before}:${infer After}`
  ? UnclosedBrace<Before> extends true
    ? After extends `${infer Inside}}${infer Rest}`
      ? BeforePort<Rest, `${Done}${Before}:${Inside}}`>
      : `${Done}${H}`
    : `${Done}${Before}`
  : `${Done}${H}`;
type UnclosedBrace<T extends string> = T extends `${string}{${infer Inside}`
  ? Inside extends `${string}}${infer Rest}`
    ? UnclosedBrace<Rest>
    : true
  : false;

/**
 * The names an http(s) url's host requires: each variable of its simple expressions (the runtime requires
 * those, as in the path) and the one variable of a host that is one expression alone (`{+host}`): without
 * it the url has no host, which the runtime refuses.
 */
type HostNames<H extends string> = H extends `{${infer Expression}}`
  ? Expression extends `${string}${"{" | "}" | ","}${string}`
    ? BraceNames<H>
    : VariableName<Expression extends `${Operator}${infer Spec}` ? Spec : Expression>
  : BraceNames<H>;

/**
 * The parameters a url template requires: simple `{name}` / `{a,b}` expressions and `:name` in its path,
 * and in the host of an http(s) url (`https://{host}/…`; not a port or `user:pass@`), with a host that is
 * one expression alone (`https://{+host}/…`).
 * @example
 * type T = RequiredParameters<"https://{host}/repos/{owner}/:repo{/path}{?page}">; // "host" | "owner" | "repo"
 */
export type RequiredParameters<Url extends string> =
  | PathNames<PathPart<Url>>
  | (Url extends `${string}://${string}` ? HostNames<HostPart<Url>> : never);

/** Parameter keys an options object surely sets (its type has no `undefined`); `string` when it has an index signature. */
export type DefinedKeys<O> = string extends keyof O
  ? string
  : Exclude<{ [K in keyof O]-?: undefined extends O[K] ? never : K }[keyof O] & string, OptionName | "data">;

/** The method an options object sets, lowercase; `Fallback` when it sets none. */
export type MethodOf<O, Fallback extends Lowercase<Method>> = O extends { readonly method: infer M extends string }
  ? IsLiteral<M> extends true
    ? [NamedMethod<M>] extends [never]
      ? Lowercase<Method>
      : Lowercase<M>
    : Lowercase<Method>
  : O extends { readonly method?: infer M }
    ? [M] extends [undefined]
      ? Fallback
      : Lowercase<Method>
    : Fallback;

/** Parameters from the route map, keys given by defaults made optional. */
type WithDefaults<P, Defaulted extends string> = [Defaulted] extends [never]
  ? P
  : string extends Defaulted
    ? Partial<P>
    : { [K in keyof P as K extends Defaulted ? never : K]: P[K] } & {
        [K in keyof P as K extends Defaulted ? K : never]?: P[K] | undefined;
      };

type MappedArguments<P> = Empty extends P ? [options?: P & EndpointOptions] : [options: P & EndpointOptions];

/** The options argument when the url requires `Names`: keys in `Defaulted` (set by `.defaults()`) may be left out. */
type NamedArguments<Names extends string, Defaulted extends string> = [Extract<Names, Defaulted>] extends [never]
  ? [options: { readonly [K in Names]: PathParameterValue } & EndpointOptions]
  : [Exclude<Names, Defaulted>] extends [never]
    ? [options?: { readonly [K in Names]?: PathParameterValue | undefined } & EndpointOptions]
    : [
        options: { readonly [K in Exclude<Names, Defaulted>]: PathParameterValue } & {
          readonly [K in Extract<Names, Defaulted>]?: PathParameterValue | undefined;
        } & EndpointOptions,
      ];

/** The options argument for a url template typed by inference; a url that is not a literal takes any options. */
type UrlArguments<Url extends string, Defaulted extends string> =
  RequiredParameters<Url> extends infer Names extends string
    ? [Names] extends [never]
      ? [options?: EndpointOptions]
      : IsLiteral<Url> extends true
        ? NamedArguments<Names, Defaulted>
        : [options?: EndpointOptions]
    : never;

/** `"GET /x"` for a route and the method it falls back to. */
type RouteKey<Split, DefaultMethod extends Lowercase<Method>> = Split extends [infer M, infer Url extends string]
  ? `${M extends Method ? M : Uppercase<DefaultMethod>} ${Url}`
  : never;

/** Any route shape: split by the general rule, looked up in the route map under its normalized key. */
type SplitRouteArguments<R extends string, Defaulted extends string, DefaultMethod extends Lowercase<Method>> =
  SplitRoute<R> extends infer Split
    ? Split extends [unknown, infer Url extends string]
      ? RouteKey<Split, DefaultMethod> extends infer Key extends keyof EndpointRoutes
        ? MappedArguments<WithDefaults<EndpointRoutes[Key], Defaulted>>
        : UrlArguments<Url, Defaulted>
      : // A NonLiteralRoute takes any options; an InvalidRoute is reported on the route by RouteCheck.
        [options?: EndpointOptions]
    : never;

/**
 * The options argument for a route, as a rest tuple: optional when every required parameter is given
 * (by the route map or the url, minus `Defaulted` keys), required otherwise. `string` and template
 * string routes take any options. Checked once per call, so the common shapes take the fewest steps: a
 * route that is a key of the map, then `"METHOD /url"` with an uppercase method, which needs no
 * normalized key (it would be the route itself) and goes straight to the url.
 */
export type RouteArguments<
  R extends string,
  Defaulted extends string = never,
  DefaultMethod extends Lowercase<Method> = "get",
> = [R] extends [never]
  ? [options?: EndpointOptions]
  : IsUnion<R> extends false
    ? OneRouteArguments<R, Defaulted, DefaultMethod>
    : EveryRouteArguments<OneRouteArguments<R, Defaulted, DefaultMethod>>;

type IsUnion<T, All = T> = T extends unknown ? ([All] extends [T] ? false : true) : never;

type UnionToIntersection<U> = (U extends unknown ? (union: U) => void : never) extends (all: infer I) => void
  ? I
  : never;

/**
 * The options argument for a union of routes (`admin ? "GET /admin/{x}" : "POST /users/{id}"`): any of them
 * may be the route at run time, so the options must suit each, and are required when one requires them.
 */
type EveryRouteArguments<Each> =
  UnionToIntersection<Each extends [options?: infer O] ? Exclude<O, undefined> : never> extends infer All
    ? [Each extends unknown ? ([] extends Each ? never : true) : never] extends [never]
      ? [options?: All]
      : [options: All]
    : never;

type OneRouteArguments<R extends string, Defaulted extends string, DefaultMethod extends Lowercase<Method>> =
  CommonRoute<R> extends infer Common
    ? Common extends [infer Key extends keyof EndpointRoutes]
      ? MappedArguments<WithDefaults<EndpointRoutes[Key], Defaulted>>
      : Common extends string
        ? UrlArguments<Common, Defaulted>
        : SplitRouteArguments<R, Defaulted, DefaultMethod>
    : never;

/** `[R]` for a key of the route map, the url of `"METHOD /url"` (not in the map), `false` for any other shape. */
type CommonRoute<R extends string> = R extends keyof EndpointRoutes
  ? [R]
  : R extends `${Method} ${infer Url}`
    ? Url extends `${string} ${string}` | ""
      ? false
      : Url
    : false;

/** The lowercase method a route sends: its own, the defaults' for a bare url, any for a non-literal route. */
export type RouteMethod<
  R extends string,
  DefaultMethod extends Lowercase<Method> = "get",
> = R extends `${infer M extends Method} /${string}`
  ? Lowercase<M>
  : SplitRoute<R> extends [infer M, string]
    ? M extends Method
      ? Lowercase<M>
      : DefaultMethod
    : Lowercase<Method>;

/** The url template of a literal route, `string` otherwise. */
export type RouteUrl<R extends string> = SplitRoute<R> extends [unknown, infer Url extends string] ? Url : string;

/**
 * Checks the first argument. A route string that fails at run time is intersected with an `InvalidRoute`
 * that no string can be, so the error names the reason on the route; `"METHOD /url"` with an uppercase
 * method and one word of url takes one check. An options object used without a route: a literal `url`
 * requires its parameters like a route does.
 */
export type OptionsCheck<O, Defaulted extends string> = O extends string
  ? RouteCheck<O>
  : O extends { readonly url: infer Url extends string }
    ? IsLiteral<Url> extends true
      ? { readonly [K in Exclude<RequiredParameters<Url>, Defaulted>]: PathParameterValue }
      : unknown
    : unknown;

/** `unknown` for a route string the runtime accepts, the `InvalidRoute` saying why for one it rejects. */
export type RouteCheck<R extends string> = R extends `${Method} ${infer Url}`
  ? Url extends `${string} ${string}` | ""
    ? InvalidOf<SplitRoute<R>>
    : unknown
  : InvalidOf<SplitRoute<R>>;
type InvalidOf<Split> = Split extends InvalidRoute<string> ? Split : unknown;
