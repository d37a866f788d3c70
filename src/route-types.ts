// Types only: the parameters a route string requires, read from the literal with the runtime's rules
// (route.ts splitRoute, url.ts compileAnyUrl over template.ts tokenize), and the opt-in route map that
// `endpoint-options/github` fills.
import type { Method, OptionName } from "./route.js";
import type { EndpointOptionFields, EndpointOptions, MergedOptions, RequestOptions } from "./types.js";

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

/** Parameters from a route map, keys given by defaults made optional. */
type WithDefaults<P, Defaulted extends string> = [Defaulted] extends [never]
  ? P
  : string extends Defaulted
    ? Partial<P>
    : { [K in keyof P as K extends Defaulted ? never : K]: P[K] } & {
        [K in keyof P as K extends Defaulted ? K : never]?: P[K] | undefined;
      };

/**
 * What a route expects of a call's options: its parameters, and whether other keys are refused. A route of
 * the route map refuses them (`exact`); a route typed from its url takes any other key, for the query or body.
 */
interface Expected<P, Exact extends boolean> {
  readonly parameters: P;
  readonly exact: Exact;
}

/** A route that is not a literal: any options, all optional. */
type AnyOptions = Expected<Empty, false>;

/** The path parameters a url requires (`Names`); those in `Defaulted` (set by `.defaults()`) may be left out. */
type PathParameters<Names extends string, Defaulted extends string> = [Extract<Names, Defaulted>] extends [never]
  ? { readonly [K in Names]: PathParameterValue }
  : [Exclude<Names, Defaulted>] extends [never]
    ? { readonly [K in Names]?: PathParameterValue | undefined }
    : { readonly [K in Exclude<Names, Defaulted>]: PathParameterValue } & {
        readonly [K in Extract<Names, Defaulted>]?: PathParameterValue | undefined;
      };

/** What a url template expects, typed by inference; a url that is not a literal takes any options. */
type UrlExpected<Url extends string, Defaulted extends string> =
  RequiredParameters<Url> extends infer Names extends string
    ? [Names] extends [never]
      ? AnyOptions
      : IsLiteral<Url> extends true
        ? Expected<PathParameters<Names, Defaulted>, false>
        : AnyOptions
    : never;

/** `"GET /x"` for a route and the method it falls back to. */
type RouteKey<Split, DefaultMethod extends Lowercase<Method>> = Split extends [infer M, infer Url extends string]
  ? `${M extends Method ? M : Uppercase<DefaultMethod>} ${Url}`
  : never;

/** Any route shape: split by the general rule, looked up in the route map under its normalized key. */
type SplitExpected<R extends string, Defaulted extends string, DefaultMethod extends Lowercase<Method>, Routes> =
  SplitRoute<R> extends infer Split
    ? Split extends [unknown, infer Url extends string]
      ? RouteKey<Split, DefaultMethod> extends infer Key extends keyof Routes
        ? Expected<WithDefaults<Routes[Key], Defaulted>, true>
        : UrlExpected<Url, Defaulted>
      : // A NonLiteralRoute takes any options; an InvalidRoute is reported on the route by ValidRoute.
        AnyOptions
    : never;

/**
 * One route. The common shapes take the fewest steps: a key of the route map, then `"METHOD /url"` with an
 * uppercase method, which needs no normalized key (it would be the route itself) and goes straight to the url.
 */
type OneExpected<R extends string, Defaulted extends string, DefaultMethod extends Lowercase<Method>, Routes> =
  CommonRoute<R, Routes> extends infer Common
    ? Common extends [infer Key extends keyof Routes]
      ? Expected<WithDefaults<Routes[Key], Defaulted>, true>
      : Common extends string
        ? UrlExpected<Common, Defaulted>
        : SplitExpected<R, Defaulted, DefaultMethod, Routes>
    : never;

/** `[R]` for a key of the route map, the url of `"METHOD /url"` (not in the map), `false` for any other shape. */
type CommonRoute<R extends string, Routes> = R extends keyof Routes
  ? [R]
  : R extends `${Method} ${infer Url}`
    ? Url extends `${string} ${string}` | ""
      ? false
      : Url
    : false;

type IsUnion<T, All = T> = T extends unknown ? ([All] extends [T] ? false : true) : never;

type UnionToIntersection<U> = (U extends unknown ? (union: U) => void : never) extends (all: infer I) => void
  ? I
  : never;

/**
 * A union of routes (`admin ? "GET /admin/{x}" : "POST /users/{id}"`): any of them may be the route at run
 * time, so the options must suit each, are required when one requires them, and refuse a key only when every
 * route refuses other keys.
 */
type EveryExpected<Each> = Expected<
  UnionToIntersection<Each extends Expected<infer P, boolean> ? P : never>,
  false extends (Each extends Expected<unknown, infer Exact> ? Exact : never) ? false : true
>;

/** What a route expects of the options: `Defaulted` keys (set by `.defaults()`) may be left out. */
export type RouteExpected<
  R extends string,
  Defaulted extends string,
  DefaultMethod extends Lowercase<Method>,
  Routes,
> = [R] extends [never]
  ? AnyOptions
  : IsUnion<R> extends false
    ? OneExpected<R, Defaulted, DefaultMethod, Routes>
    : EveryExpected<OneExpected<R, Defaulted, DefaultMethod, Routes>>;

/**
 * The options a call may hold while TypeScript reads them (its type parameter's constraint): each parameter
 * optional and typed, the options, and any other key. Editors offer the parameter names from it.
 */
export type OptionsDraft<E> =
  E extends Expected<infer P, boolean> ? { readonly [K in keyof P]?: P[K] } & EndpointOptions : never;

/** The options a route takes: its parameters and the options, and no other key when `exact`. */
type RouteOptions<E> =
  E extends Expected<infer P, infer Exact>
    ? Exact extends true
      ? P & EndpointOptionFields
      : P & EndpointOptions
    : never;

/** The options argument, as a rest tuple: optional when every parameter is (or is set by `.defaults()`). */
export type RouteArguments<E, O> =
  E extends Expected<infer P, boolean>
    ? Empty extends P
      ? [options?: CheckedOptions<E, O>]
      : [options: CheckedOptions<E, O>]
    : never;

/** The keys of parameters that are alternatives (a body that is one of several shapes): every one's keys. */
type KeysOf<P> = P extends unknown ? keyof P : never;

/** Keys of the options that are neither a parameter of the route nor an option. */
type UnknownKeys<P, O> = Exclude<keyof O, KeysOf<P> | keyof EndpointOptionFields> & string;

/** The parameters a route requires, `data: unknown` too (its own alias: computed once per route). */
type RequiredKeys<P> = { [K in keyof P]-?: Empty extends Pick<P, K> ? never : K }[keyof P] & string;

/**
 * The options argument checked against `O`, the options given. Valid options are checked against the route's
 * own type (values, enums); otherwise the type is a sentence that names the problem, so that it is the first
 * line of TypeScript's error: an unknown key (with the nearest parameter name) on that key, missing
 * parameters on the argument. Options whose type has an index signature (`...Record<string, unknown>`) may
 * hold keys the route map does not list: that is the escape hatch.
 */
type CheckedOptions<E, O> = O extends never
  ? O // O is inferred from the argument through this branch.
  : string extends keyof O
    ? RouteOptions<E>
    : E extends Expected<infer P, infer Exact>
      ? (Exact extends true ? UnknownKeys<P, O> : never) extends infer Unknown extends string
        ? [Unknown] extends [never]
          ? Exclude<RequiredKeys<P>, keyof O> extends infer Missing extends string
            ? [Missing] extends [never]
              ? RouteOptions<E> // TypeScript checks the values, nested objects' keys included.
              : MissingParameters<Missing>
            : never
          : {
              readonly [K in keyof O]: K extends Unknown
                ? UnknownParameter<
                    UnknownParameterText<K, NearestNames<K, (KeysOf<P> | keyof EndpointOptionFields) & string>>
                  >
                : O[K];
            }
        : never
      : never;

type MissingParameters<Missing extends string> =
  IsUnion<Missing> extends true
    ? `missing required parameters: ${Join<Missing, ", ">}`
    : `missing required parameter: ${Missing}`;

/**
 * The type an unknown key of a route's options gets, so that TypeScript's error on that key names it and the
 * nearest parameter: `UnknownParameter<"per_pgae: did you mean per_page?">`. (An interface rather than the
 * sentence itself: an editor would offer a string type as a completion.)
 */
export interface UnknownParameter<Problem extends string> {
  readonly "unknown parameter": Problem;
}

/** What `UnknownParameter` says of key `K`: the nearest names, or how to send it anyway. */
type UnknownParameterText<K extends string, Nearest extends string> = [Nearest] extends [never]
  ? `${K}: the route map does not list it (to send it anyway, spread a Record<string, unknown>)`
  : `${K}: did you mean ${Join<Nearest, " or ">}?`;

/** The last member of a union (in TypeScript's order). */
type LastOf<U> =
  UnionToIntersection<U extends unknown ? (member: U) => void : never> extends (member: infer L) => void ? L : never;

/** The members of a union of strings as one string, `Separator` between them; at most `Limit` of them. */
type Join<
  U extends string,
  Separator extends string,
  Limit extends unknown[] = [1, 1, 1, 1, 1],
  Done extends string = "",
> = [U] extends [never]
  ? Done
  : Limit extends [unknown, ...infer Less]
    ? LastOf<U> extends infer Last extends string
      ? Join<Exclude<U, Last>, Separator, Less, Done extends "" ? Last : `${Last}${Separator}${Done}`>
      : Done
    : `${Done}${Separator}…`;

/** A name compared loosely: lowercase, without `_` and `-` (`perPage` is `per_page`). */
type Loosely<S extends string, Done extends string = ""> = S extends `${infer C}${infer Rest}`
  ? Loosely<Rest, C extends "_" | "-" ? Done : `${Done}${Lowercase<C>}`>
  : Done;

/**
 * True when `A` becomes `B` in at most `Budget`'s length of edits: a character inserted, deleted or changed, or
 * two neighbours swapped (Damerau-Levenshtein). Equal characters are consumed in a tail call.
 */
type WithinEdits<A extends string, B extends string, Budget extends unknown[]> = A extends `${infer A0}${infer ARest}`
  ? B extends `${infer B0}${infer BRest}`
    ? A0 extends B0
      ? WithinEdits<ARest, BRest, Budget>
      : Budget extends [unknown, ...infer Less]
        ? WithinEdits<ARest, BRest, Less> extends true
          ? true
          : WithinEdits<ARest, B, Less> extends true
            ? true
            : WithinEdits<A, BRest, Less> extends true
              ? true
              : ARest extends `${B0}${infer ATail}`
                ? BRest extends `${A0}${infer BTail}`
                  ? WithinEdits<ATail, BTail, Less>
                  : false
                : false
        : false
    : ShorterThan<A, Budget>
  : ShorterThan<B, Budget>;

/** True when `S` has at most `Budget`'s length of characters. */
type ShorterThan<S extends string, Budget extends unknown[]> = S extends `${string}${infer Rest}`
  ? Budget extends [unknown, ...infer Less]
    ? ShorterThan<Rest, Less>
    : false
  : true;

/** The edits a name of this length may be off by: one for up to four characters, two for longer names (about what TypeScript allows its own suggestions). */
type EditsFor<S extends string> = S extends `${infer _1}${infer _2}${infer _3}${infer _4}${infer _5}${string}`
  ? [1, 1]
  : [1];

/** Names close to `K`: the same loosely, or a few edits away. */
type NearestNames<K extends string, Names extends string> = Names extends unknown
  ? Loosely<Names> extends Loosely<K>
    ? Names
    : WithinEdits<K, Names, EditsFor<K>> extends true
      ? Names
      : never
  : never;

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
 * The check of `endpoint()`'s first argument. A route string that fails at run time is intersected with an
 * `InvalidRoute` that no string can be, so the error names the reason on the route; `"METHOD /url"` with an
 * uppercase method and one word of url takes one check. An options object used without a route: a literal
 * `url` requires its parameters like a route does. A route held in a type parameter (`R extends string`)
 * cannot be checked: pass it on as `route as string`, or type the wrapper's arguments as
 * `Parameters<typeof endpoint<R>>`.
 */
export type ValidRoute<O, Defaulted extends string = never> = O extends string
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

/**
 * A strict endpoint's check of a route string: `unknown` when every route it may be is a key of the route map
 * (method upper-cased, spaces collapsed, a bare url with the defaults' method), an `InvalidRoute` naming the
 * nearest routes otherwise. A route that is not a literal cannot be looked up, so it is refused too.
 */
export type InRouteMap<O, Routes, DefaultMethod extends Lowercase<Method>> = [O] extends [string]
  ? string extends O
    ? InvalidRoute<"not a literal route: a strict endpoint takes the routes of its map (use the default endpoint for others)">
    : OutsideMap<O, Routes, DefaultMethod> extends infer Outside extends string
      ? [Outside] extends [never]
        ? unknown
        : InvalidRoute<NotInMap<Outside, Routes, DefaultMethod>>
      : never
  : unknown;

/** The routes of a union that are not in the route map (an alias of its own, so that it distributes). */
type OutsideMap<R extends string, Routes, DefaultMethod extends Lowercase<Method>> = R extends unknown
  ? [MapKeyOf<R, Routes, DefaultMethod>] extends [never]
    ? R
    : never
  : never;

/** The route map's key for a route, or never. */
type MapKeyOf<R extends string, Routes, DefaultMethod extends Lowercase<Method>> = R extends keyof Routes
  ? R
  : SplitRoute<R> extends infer Split
    ? Split extends [unknown, string]
      ? Extract<RouteKey<Split, DefaultMethod>, keyof Routes>
      : never
    : never;

type NotInMap<R extends string, Routes, DefaultMethod extends Lowercase<Method>> =
  SplitRoute<R> extends infer Split
    ? Split extends [unknown, string]
      ? RouteKey<Split, DefaultMethod> extends infer Key extends string
        ? `${Key} is not in the route map${Nearby<Key, keyof Routes & string>}`
        : never
      : `${R} is not a literal route: a strict endpoint takes the routes of its map`
    : never;

/**
 * Routes near a key that is not in the map, cheapest first: the key with a query expression (`{?key,ref}`), the
 * same path with another method, routes of the same method a few edits away below the same parent path (or
 * else the same grandparent path: only the differing tails are compared, so an editor stays quick while a
 * route is half typed), else the routes beside it.
 */
type Nearby<Key extends string, Keys extends string> =
  Extract<Keys, `${Key}{${string}`> extends infer WithQuery extends string
    ? [WithQuery] extends [never]
      ? Extract<Keys, `${string} ${PathOf<Key>}`> extends infer SamePath extends string
        ? [SamePath] extends [never]
          ? Key extends `${infer M} ${infer Path}`
            ? CloseBelow<Keys, M, Path, ParentOf<Path>> extends infer Close extends string
              ? [Close] extends [never]
                ? CloseBelow<Keys, M, Path, ParentOf<ParentOf<Path>>> extends infer Farther extends string
                  ? [Farther] extends [never]
                    ? SiblingsOf<Keys, M, ParentOf<Path>> extends infer Siblings extends string
                      ? [Siblings] extends [never]
                        ? ""
                        : `; routes beside it: ${Join<Siblings, ", ">}`
                      : never
                    : DidYouMean<Farther>
                  : never
                : DidYouMean<Close>
              : never
            : ""
          : DidYouMean<SamePath>
        : never
      : DidYouMean<WithQuery>
    : never;

/** The suggestion that ends an `InvalidRoute`'s sentence: up to three routes. */
type DidYouMean<Routes extends string> = `; did you mean ${Join<Routes, " or ", [1, 1, 1]>}?`;

/** Keys of method `M` below `Parent` whose rest is within two edits of `Path`'s rest below it. */
type CloseBelow<
  Keys extends string,
  M extends string,
  Path extends string,
  Parent extends string,
> = Path extends `${Parent}/${infer Tail}`
  ? Keys extends `${M} ${Parent}/${infer KeyTail}`
    ? WithinEdits<Tail, KeyTail, [1, 1]> extends true
      ? Keys
      : never
    : never
  : never;

/** Keys one segment below `Parent`, with method `M`. */
type SiblingsOf<
  Keys extends string,
  M extends string,
  Parent extends string,
> = Keys extends `${M} ${Parent}/${infer Last}` ? (Last extends `${string}/${string}` ? never : Keys) : never;

/** The path of a `"METHOD /path"` key. */
type PathOf<Key extends string> = Key extends `${string} ${infer Path}` ? Path : Key;

/** The path without its last segment: `/repos/{owner}/{repo}/issue` → `/repos/{owner}/{repo}`. */
type ParentOf<Path extends string, Done extends string = ""> = Path extends `${infer Segment}/${infer Rest}`
  ? Rest extends `${string}/${string}`
    ? ParentOf<Rest, `${Done}${Segment}/`>
    : `${Done}${Segment}`
  : Done;
