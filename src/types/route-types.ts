// Types only: the parameters a route string requires, read from the literal with the runtime's rules
// (route.ts splitRoute, url.ts compileAnyUrl over template.ts tokenize), and the opt-in route map that
// `endpoint-options/github` fills.
import type { NoUrlName } from "../core/option-names.js";
import type { Method } from "../core/route.js";
import type { EndpointOptionFields, EndpointOptions, MergedOptions, RequestOptions } from "./options.js";

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

/** `:name` placeholders in literal path text: a letter or `_`, then word characters. Mirrors url.ts colonNameEnd. */
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
 * The one variable of a url that only expressions of that variable write (`{+next}`, `{/x}`, `{;a,a}`,
 * `{+v}{#v:3}`): without it the url is empty, which the runtime refuses (it would request the baseUrl itself);
 * never for any other url. One step per expression.
 */
type LoneExpressionName<
  Url extends string,
  Names extends string = never,
> = Url extends `{${infer Expression}}${infer Rest}`
  ? Expression extends `${string}{${string}`
    ? never
    : LoneExpressionName<Rest, Names | VariableNames<Expression extends `${Operator}${infer Spec}` ? Spec : Expression>>
  : Url extends ""
    ? [Names] extends [never]
      ? never
      : IsUnion<Names> extends false
        ? Names
        : never
    : never;

/**
 * The parameters a url template requires: simple `{name}` / `{a,b}` expressions and `:name` in its path,
 * and in the host of an http(s) url (`https://{host}/…`; not a port or `user:pass@`), with a host that is
 * one expression alone (`https://{+host}/…`), and the variable of a url that only expressions of that one
 * variable write (`{+next}`), which would otherwise leave the url empty.
 * @example
 * type T = RequiredParameters<"https://{host}/repos/{owner}/:repo{/path}{?page}">; // "host" | "owner" | "repo"
 */
export type RequiredParameters<Url extends string> =
  | PathNames<PathPart<Url>>
  | (Url extends `${string}://${string}` ? HostNames<HostPart<Url>> : never)
  | LoneExpressionName<Url>;

/** Parameter keys an options object surely sets (its type has no `undefined`); `string` when it has an index signature. */
export type DefinedKeys<O> = string extends keyof O
  ? string
  : Exclude<{ [K in keyof O]-?: undefined extends O[K] ? never : K }[keyof O] & string, NoUrlName>;

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
type SplitExpected<
  R extends string,
  Defaulted extends string,
  DefaultMethod extends Lowercase<Method>,
  Routes,
  Strict extends boolean,
> =
  SplitRoute<R> extends infer Split
    ? Split extends [unknown, infer Url extends string]
      ? RouteKey<Split, DefaultMethod> extends infer Key extends string
        ? Key extends keyof Routes
          ? Expected<WithDefaults<Routes[Key], Defaulted>, true>
          : OutsideExpected<Key, Url, Defaulted, Routes, Strict>
        : never
      : // A NonLiteralRoute takes any options; an InvalidRoute is reported on the route by ValidRoute.
        AnyOptions
    : never;

/**
 * A route that is not a key of the map: a strict endpoint types one it reads as a key (`:name`, HEAD, text
 * in place of a placeholder, a renamed placeholder) by that key's entry; any other is typed from its url.
 */
type OutsideExpected<
  Key extends string,
  Url extends string,
  Defaulted extends string,
  Routes,
  Strict extends boolean,
> = Strict extends true
  ? MatchOf<Key, Routes> extends infer Found
    ? [Found] extends [never]
      ? UrlExpected<Url, Defaulted>
      : Expected<WithDefaults<MatchedParameters<Found, Routes>, Defaulted>, true>
    : never
  : UrlExpected<Url, Defaulted>;

/**
 * One route. The common shapes take the fewest steps: a key of the route map, then `"METHOD /url"` with an
 * uppercase method, which needs no normalized key (it would be the route itself) and goes straight to the url.
 */
type OneExpected<
  R extends string,
  Defaulted extends string,
  DefaultMethod extends Lowercase<Method>,
  Routes,
  Strict extends boolean,
> =
  CommonRoute<R, Routes> extends infer Common
    ? Common extends [infer Key extends keyof Routes]
      ? Expected<WithDefaults<Routes[Key], Defaulted>, true>
      : Common extends string
        ? OutsideExpected<R, Common, Defaulted, Routes, Strict>
        : SplitExpected<R, Defaulted, DefaultMethod, Routes, Strict>
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

/**
 * What a route expects of the options: `Defaulted` keys (set by `.defaults()`) may be left out. A `Strict`
 * endpoint also types the routes it reads as keys of its map (see `InRouteMap`) by their entries.
 */
export type RouteExpected<
  R extends string,
  Defaulted extends string,
  DefaultMethod extends Lowercase<Method>,
  Routes,
  Strict extends boolean = false,
> = [R] extends [never]
  ? AnyOptions
  : IsUnion<R> extends false
    ? OneExpected<R, Defaulted, DefaultMethod, Routes, Strict>
    : EveryExpected<OneExpected<R, Defaulted, DefaultMethod, Routes, Strict>>;

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

/** The route map's key for a route, or the key a strict endpoint reads it as (`MatchOf`), or never. */
type MapKeyOf<R extends string, Routes, DefaultMethod extends Lowercase<Method>> = R extends keyof Routes
  ? R
  : SplitRoute<R> extends infer Split
    ? Split extends [unknown, string]
      ? RouteKey<Split, DefaultMethod> extends infer Key extends string
        ? Key extends keyof Routes
          ? Key
          : MatchOf<Key, Routes>["key"]
        : never
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

// How a strict endpoint reads a route that is not a key of its map. `:name` is `{name}`; HEAD takes a GET
// entry; a placeholder of the route stands for the key's placeholder in the same place whatever its name
// (the parameter keeps the route's name, which is the one the runtime fills); plain text stands for a
// placeholder of the key (no parameter then), and the text and the rest of the route fill a key's last
// placeholder when no route goes on below it (`git/ref/tags/{ref}` for `git/ref/{ref}`). Text that is, or is
// a few edits from, a literal segment of the map in that place is read as that segment, so a misspelt
// segment is still refused. The route is walked down the map a segment at a time. Each key walks along as
// `"<the rest of its path> <key>"` (a path has no space), so that one template pattern per step keeps the
// keys whose next segment matches, and `Found` or `Stuck` give the keys back.

/** A whole segment a route writes as a placeholder (`{name}`, `{+name}`, `:name`): its name, or never. */
type PlaceholderName<Segment extends string> = Segment extends `{${infer Spec}}`
  ? Spec extends `${string}${"{" | "}" | "," | "*" | ":"}${string}` | ""
    ? never
    : Spec extends `+${infer Name}`
      ? Name
      : Spec extends `${Operator}${string}`
        ? never
        : Spec
  : Segment extends `:${infer Name}`
    ? Name extends `${Alpha | "_"}${string}`
      ? LeadingWord<Name> extends Name
        ? Name
        : never
      : never
    : never;

/** A key's segment that is one simple placeholder (`{issue_number}`): its name, or never. */
type KeyPlaceholderName<Segment extends string> = Segment extends `{${infer Name}}`
  ? Name extends `${string}${"{" | "}" | "," | "*" | ":"}${string}` | `${Operator}${string}` | ""
    ? never
    : Name
  : never;

/** Text that can stand for a placeholder's value: not empty, and no brace, colon, `?` or `#`. */
type IsPlainText<Segment extends string> = Segment extends ""
  ? false
  : Segment extends `${string}${"{" | "}" | ":" | "?" | "#"}${string}`
    ? false
    : true;

/** The keys of a map as they start a walk: `"<path without its leading /> <key>"`. */
type Walkers<Keys extends string> = Keys extends `${string} /${infer Path}`
  ? Path extends `${string} ${string}`
    ? never
    : `${Path} ${Keys}`
  : never;

/** The keys walkers carry. */
type KeysOfWalkers<Walking extends string> = Walking extends `${string} ${infer Key}` ? Key : never;

/** The walk found these keys (any method): every segment of the route matches theirs. */
interface Found<Keys extends string> {
  readonly found: Keys;
}

/** The walk stopped at `Rest`, the rest of the route: `Walking` (any method) match it up to there. */
interface Stuck<Walking extends string, Rest extends string> {
  readonly stuck: [Walking, Rest];
}

/** The walk of a route key (`"GET /repos/:org/:repo"`) down the keys of a map. */
type WalkOf<Key extends string, Keys extends string> = Key extends `${string} /${infer Path}`
  ? WalkPath<Walkers<Keys>, Path>
  : Stuck<Walkers<Keys>, Key extends `${string} ${infer Url}` ? Url : Key>;

type WalkPath<Walking extends string, Rest extends string> = Rest extends `${infer Segment}/${infer After}`
  ? WalkSegment<Walking, Segment, After, false>
  : WalkSegment<Walking, Rest, "", true>;

/**
 * The walkers whose next segment matches `Pattern` and that end there (`Last`) or go on below it. A rest has
 * more segments when a `/` comes before the space (`MoreSegments`): a `${string}` in a pattern would otherwise
 * run on past the space into the key.
 */
type WalkersAt<Walking extends string, Pattern extends string, Last extends boolean> = Last extends true
  ? Exclude<Extract<Walking, `${Pattern} ${string}`>, MoreSegments>
  : Extract<Extract<Walking, `${Pattern}/${string}`>, MoreSegments>;

/** A walker whose rest has more than one segment. */
type MoreSegments = `${string}/${string} ${string}`;

/** Walkers one segment on. */
type Onward<Walking extends string> = Walking extends `${string}/${infer After}` ? After : never;

/** One step: on to the next segment with the walkers that match this one, or stuck here when none does. */
type WalkOn<
  Walking extends string,
  Segment extends string,
  After extends string,
  Last extends boolean,
  Next extends string,
> = [Next] extends [never]
  ? Stuck<Walking, Last extends true ? Segment : `${Segment}/${After}`>
  : Last extends true
    ? Found<KeysOfWalkers<Next>>
    : WalkPath<Onward<Next>, After>;

type WalkSegment<Walking extends string, Segment extends string, After extends string, Last extends boolean> = [
  PlaceholderName<Segment>,
] extends [never]
  ? WalkersAt<Walking, Segment, Last> extends infer Same extends string
    ? [Same] extends [never]
      ? IsPlainText<Segment> extends true
        ? [NearestNames<Segment, LiteralsAt<Walking>>] extends [never]
          ? WalkFill<Walking, Segment, After, Last>
          : Stuck<Walking, Last extends true ? Segment : `${Segment}/${After}`>
        : Stuck<Walking, Last extends true ? Segment : `${Segment}/${After}`>
      : WalkOn<Walking, Segment, After, Last, Same>
    : never
  : WalkOn<Walking, Segment, After, Last, WalkersAt<Walking, `{${string}}`, Last>>;

/** Text in place of a key's placeholder; with more of the route after it, only when no key goes on below that placeholder. */
type WalkFill<
  Walking extends string,
  Segment extends string,
  After extends string,
  Last extends boolean,
> = Last extends true
  ? WalkOn<Walking, Segment, After, true, WalkersAt<Walking, `{${string}}`, true>>
  : WalkersAt<Walking, `{${string}}`, false> extends infer Below extends string
    ? [Below] extends [never]
      ? WalkersAt<Walking, `{${string}}`, true> extends infer Filled extends string
        ? [Filled] extends [never]
          ? Stuck<Walking, `${Segment}/${After}`>
          : Found<KeysOfWalkers<Filled>>
        : never
      : WalkOn<Walking, Segment, After, false, Below>
    : never;

/** The rest of a walker's path, and its next segment. */
type RestOf<Walker extends string> = Walker extends `${infer Rest} ${string}` ? Rest : never;
type NextSegment<Walker extends string> =
  RestOf<Walker> extends `${infer Segment}/${string}` ? Segment : RestOf<Walker>;

/** The literal segments walkers have next. */
type LiteralsAt<Walking extends string> = Walking extends unknown
  ? NextSegment<Walking> extends infer Segment extends string
    ? Segment extends `{${string}`
      ? never
      : Segment
    : never
  : never;

/** A key a route is read as: the route's placeholders named otherwise (`[key's, route's]`), the key's placeholders text fills, and the route's own placeholders inside that text. */
interface Match<Key extends string, Renamed extends [string, string], Filled extends string, Own extends string> {
  readonly key: Key;
  readonly renamed: Renamed;
  readonly filled: Filled;
  readonly own: Own;
}

/**
 * The key (of the route's method; for HEAD, else of GET) that a strict endpoint reads a route key as, with
 * what it renames and fills, or never.
 */
type MatchOf<Key extends string, Routes> = Key extends `HEAD ${infer Url}`
  ? `GET ${Url}` extends keyof Routes
    ? Match<`GET ${Url}`, never, never, never>
    : MatchByWalk<Key, keyof Routes & string>
  : MatchByWalk<Key, keyof Routes & string>;

type MatchByWalk<Key extends string, Keys extends string> =
  WalkOf<Key, Keys> extends Found<infer Candidates extends string>
    ? Key extends `${infer M} /${infer Path}`
      ? AlignEach<Candidates, Path> extends infer All
        ? OfMethod<All, M> extends infer Mine
          ? [Mine] extends [never]
            ? M extends "HEAD"
              ? OfMethod<All, "GET">
              : never
            : Mine
          : never
        : never
      : never
    : never;

type OfMethod<All, M extends string> =
  All extends Match<`${M} ${string}`, [string, string], string, string> ? All : never;

/** Each candidate key aligned with the route's path, segment by segment (the walk's patterns let a few through that this refuses). */
type AlignEach<Candidates extends string, Path extends string> = Candidates extends `${string} /${infer KeyPath}`
  ? Align<Candidates, KeyPath, Path>
  : never;

type Align<
  Key extends string,
  KeyRest extends string,
  Rest extends string,
  Renamed extends [string, string] = never,
  Filled extends string = never,
> = KeyRest extends `${infer KeySegment}/${infer KeyAfter}`
  ? Rest extends `${infer Segment}/${infer After}`
    ? AlignSegment<KeySegment, Segment> extends infer Step
      ? Step extends ["same"]
        ? Align<Key, KeyAfter, After, Renamed, Filled>
        : Step extends ["renamed", infer Pair extends [string, string]]
          ? Align<Key, KeyAfter, After, Renamed | Pair, Filled>
          : Step extends ["filled", infer Name extends string]
            ? Align<Key, KeyAfter, After, Renamed, Filled | Name>
            : never
      : never
    : never
  : Rest extends `${infer Segment}/${string}`
    ? // The route goes on: text and the rest of the route fill the key's last placeholder.
      [KeyPlaceholderName<KeyRest>] extends [never]
      ? never
      : IsPlainText<Segment> extends true
        ? Match<Key, Renamed, Filled | KeyPlaceholderName<KeyRest>, PathNames<Rest>>
        : never
    : AlignSegment<KeyRest, Rest> extends infer Step
      ? Step extends ["same"]
        ? Match<Key, Renamed, Filled, never>
        : Step extends ["renamed", infer Pair extends [string, string]]
          ? Match<Key, Renamed | Pair, Filled, never>
          : Step extends ["filled", infer Name extends string]
            ? Match<Key, Renamed, Filled | Name, never>
            : never
      : never;

/** How a route's segment stands for a key's: the same text, a placeholder named otherwise, or text filling one. */
type AlignSegment<KeySegment extends string, Segment extends string> = KeySegment extends Segment
  ? ["same"]
  : KeyPlaceholderName<KeySegment> extends infer Name extends string
    ? [Name] extends [never]
      ? never
      : PlaceholderName<Segment> extends infer Own extends string
        ? [Own] extends [never]
          ? IsPlainText<Segment> extends true
            ? ["filled", Name]
            : never
          : Own extends Name
            ? ["same"]
            : ["renamed", [Name, Own]]
        : never
    : never;

/**
 * The parameters of the key a route is read as: a renamed placeholder's parameter under the route's name (the
 * runtime fills the route's names), none for a placeholder text fills, a path value for each placeholder of
 * the route inside that text. The key's own names for those are refused, with a message saying why.
 */
type MatchedParameters<Found, Routes> =
  Found extends Match<infer Key, infer Renamed, infer Filled, infer Own>
    ? Key extends keyof Routes
      ? [Renamed | Filled | Own] extends [never]
        ? Routes[Key]
        : (Routes[Key] extends infer P ? (P extends unknown ? Omit<P, Filled | Renamed[0]> : never) : never) & {
            [Pair in Renamed as Pair[1]]: Routes[Key][Pair[0] & keyof Routes[Key]];
          } & { [Name in Own]: PathParameterValue } & {
            [Pair in Renamed as Exclude<Pair[0], Own>]?: UnknownParameter<`${Pair[0]}: this route names it ${Pair[1]}`>;
          } & { [Name in Exclude<Filled, Own>]?: UnknownParameter<`${Name}: the route's text fills it`> }
      : never
    : never;

/**
 * Routes near a key that is not in the map, cheapest first: the key with a query expression (`{?key,ref}`);
 * the keys the route is read as, with another method; else, where the walk down the map stopped, the keys
 * (of the route's method where there are some) whose rest is within two edits of the route's, or whose next
 * segment is a few edits from the route's, or else the routes beside it there.
 */
type Nearby<Key extends string, Keys extends string> =
  Extract<Keys, `${Key}{${string}`> extends infer WithQuery extends string
    ? [WithQuery] extends [never]
      ? Key extends `${infer M} ${string}`
        ? WalkOf<Key, Keys> extends infer Walk
          ? Walk extends Found<infer Other extends string>
            ? DidYouMean<Other>
            : Walk extends Stuck<infer Walking extends string, infer Rest extends string>
              ? NearbyBelow<OfMethodOrAny<Walking, M | (M extends "HEAD" ? "GET" : never)>, Rest>
              : ""
          : never
        : ""
      : DidYouMean<WithQuery>
    : never;

/** The walkers of these methods, or all of them when none is. */
type OfMethodOrAny<Walking extends string, M extends string> =
  Extract<Walking, `${string} ${M} ${string}`> extends infer Mine extends string
    ? [Mine] extends [never]
      ? Walking
      : Mine
    : never;

type NearbyBelow<Walking extends string, Rest extends string> = [Walking] extends [never]
  ? ""
  : CloseRests<SameDepth<Walking, Rest>, Rest> extends infer Close extends string
    ? [Close] extends [never]
      ? Rest extends `${infer Segment}/${infer After}`
        ? Respelt<Walking, Segment, After, Rest>
        : Respelt<Walking, Rest, never, Rest>
      : DidYouMean<Close>
    : never;

/**
 * The keys the route is read as with its segment spelt as the nearest literal segment there (`isues/{number}`
 * as `issues/{number}`), else the keys with such a segment and as many segments as the route, else the routes
 * beside it.
 */
type Respelt<Walking extends string, Segment extends string, After extends string, Rest extends string> =
  NearestNames<Segment, LiteralsAt<Walking>> extends infer Near extends string
    ? [Near] extends [never]
      ? `; routes beside it: ${Join<KeysOfWalkers<Beside<Walking>>, ", ">}`
      : (
            Near extends unknown
              ? (
                  [After] extends [never]
                    ? WalkPath<Walking, Near>
                    : WalkPath<Walking, `${Near}/${After}`>
                ) extends Found<infer Keys extends string>
                ? Keys
                : never
              : never
          ) extends infer Respelt extends string
        ? [Respelt] extends [never]
          ? DidYouMean<KeysOfWalkers<SameDepthOrAll<CloseNext<Walking, Segment>, Rest>>>
          : DidYouMean<Respelt>
        : never
    : never;

/** The walkers with as many segments left as `Rest`. */
type SameDepth<Walking extends string, Rest extends string> = Exclude<
  Extract<Walking, AtLeastAsDeep<Rest>>,
  AtLeastAsDeep<`/${Rest}`>
>;

/** The walkers with as many segments left as `Rest`, or all of them when none has. */
type SameDepthOrAll<Walking extends string, Rest extends string> =
  SameDepth<Walking, Rest> extends infer Same extends string ? ([Same] extends [never] ? Walking : Same) : never;

/** A pattern of walkers with at least as many segments left as `Rest`. */
type AtLeastAsDeep<Rest extends string> = Rest extends `${string}/${infer After}`
  ? `${string}/${AtLeastAsDeep<After>}`
  : `${string} ${string}`;

/** The keys whose rest is within two edits of the route's (of walkers as deep as the route: two edits seldom add or drop a `/`, and the others are many). */
type CloseRests<Walking extends string, Rest extends string> = Walking extends `${infer KeyRest} ${infer Key}`
  ? WithinEdits<Rest, KeyRest, [1, 1]> extends true
    ? Key
    : never
  : never;

/** The walkers whose next segment is near the route's (`NearestNames`). */
type CloseNext<Walking extends string, Segment extends string> = Walking extends unknown
  ? [NearestNames<Segment, NextSegment<Walking>>] extends [never]
    ? never
    : Walking
  : never;

/** The walkers one segment from their end, or all of them when none is. */
type Beside<Walking extends string> =
  Exclude<Walking, `${string}/${string} ${string}`> extends infer One extends string
    ? [One] extends [never]
      ? Walking
      : One
    : never;

/** The suggestion that ends an `InvalidRoute`'s sentence: up to three routes. */
type DidYouMean<Routes extends string> = `; did you mean ${Join<Routes, " or ", [1, 1, 1]>}?`;
