// Merging a route and options onto defaults: the one reading of options, which endpoint() parses, and
// .merge() and .defaults() turn into merged options. Headers are checked by headers.ts, media types by
// media-type.ts, and plain objects merge deeply by deep-merge.ts.
import { codePointName, controlCharacterAt } from "../base/chars.js";
import { describeType, EndpointError, quote } from "../base/errors.js";
import { checkPlainObject, plainData, setOwn } from "../base/util.js";
import type { MediaTypeDefaults, MergedHeaders, MergedOptions } from "../types/options.js";
import { mergeValue } from "./deep-merge.js";
import { assignHeaders, copyHeaders } from "./headers.js";
import { mergedMediaType, previewsWithoutGitHub } from "./media-type.js";
import { OPTION_NAMES } from "./option-names.js";
import { type Method, normalizeMethod, type SplitRoute, splitRoute } from "./route.js";
import { checkBaseUrl, joinableBase } from "./url.js";

/** The `url` option, checked to be a string (a template, compiled later) without control characters. */
export function checkUrlOption(value: unknown): string {
  if (typeof value !== "string") {
    throw new EndpointError(
      "ERR_INVALID_ROUTE",
      `option "url" is ${describeType(value)}; pass a string such as "/repos/{owner}/{repo}"`,
    );
  }
  const at = controlCharacterAt(value);
  if (at !== -1) {
    throw new EndpointError(
      "ERR_INVALID_ROUTE",
      `option "url" ${quote(value)} has a control character (${codePointName(value.charCodeAt(at))}) at index ${at}; percent-encode it as ${encodeURIComponent(value.charAt(at))}`,
    );
  }
  return value;
}

/**
 * One `.defaults()` level: its defaults, merged, which calls through it merge onto. Creating one costs about
 * a call: its merge, freezing it, and its `DEFAULTS`.
 */
export class Level {
  // Declared, not defined: fields assigned once in the constructor, each in one order, build fastest.
  /** The merged defaults: `DEFAULTS`' fields, and the parameters in merged order. */
  declare readonly merged: Merged;
  /**
   * True when the level belongs to `endpoint`'s family, which follows GitHub's conventions (`q` keeps its
   * `+`, previews name GitHub's preview media types); `rest`'s family follows none. Levels inherit it.
   */
  declare readonly github: boolean;
  /** The defaults as merged options, frozen, their headers and media type the level's own (frozen). */
  declare readonly DEFAULTS: Readonly<MergedOptions>;
  /** The baseUrl, ready to join ("" when there is none: the bare level `.parse()` reads onto). */
  declare readonly base: string;

  /**
   * `merged`'s headers and media type are the level's from now on (its parent's, or copies its merge
   * made): they are frozen, and shared by its `DEFAULTS` and its calls, which copy them.
   */
  constructor(merged: Merged, github: boolean) {
    const { headers, mediaType, baseUrl } = merged;
    for (const name in headers) {
      const value = headers[name];
      if (Array.isArray(value) && Object.hasOwn(headers, name)) Object.freeze(value);
    }
    Object.freeze(headers);
    Object.freeze(mediaType.previews);
    Object.freeze(mediaType);
    this.merged = merged;
    this.github = github;
    this.DEFAULTS = Object.freeze(
      withRest(
        { method: merged.method, baseUrl: baseUrl as string, headers: headers as MergedHeaders, mediaType },
        merged,
      ),
    );
    this.base = baseUrl === undefined ? "" : joinableBase(baseUrl);
  }
}

/**
 * The level `.parse()` reads merged options onto: no defaults at all (no baseUrl, no headers), so that what
 * the options hold is all there is.
 */
export function bareLevel(github: boolean): Level {
  const mediaType: MediaTypeDefaults = { format: "", previews: [] };
  return new Level(
    {
      method: "GET",
      url: undefined,
      baseUrl: undefined,
      headers: {},
      ownsHeaders: false,
      mediaType,
      request: undefined,
      parameters: [],
      split: undefined,
    },
    github,
  );
}

/** The level of the root's defaults, written out as merged options. */
export function rootLevel(defaults: MergedOptions, github: boolean): Level {
  return new Level(
    {
      method: defaults.method,
      url: undefined,
      baseUrl: defaults.baseUrl,
      headers: defaults.headers,
      ownsHeaders: false,
      mediaType: defaults.mediaType,
      request: undefined,
      parameters: [],
      split: undefined,
    },
    github,
  );
}

/**
 * A route and options merged onto a level: what `endpoint()` parses, and what `.merge()` writes out as
 * merged options. Each option and parameter is read once; the level's headers and media type are shared
 * until the call changes them.
 */
export interface Merged {
  readonly method: Method;
  readonly url: string | undefined;
  /** The baseUrl, checked; undefined only in hand-written merged options given to `.parse()`. */
  readonly baseUrl: string | undefined;
  readonly headers: Readonly<MergedHeaders>;
  /** True when `headers` belongs to this merge alone: the call set headers, or `.parse()` read them. */
  readonly ownsHeaders: boolean;
  readonly mediaType: MediaTypeDefaults;
  readonly request: unknown;
  /** The parameters in merged order (the defaults' keys, then the call's new ones): key, value, key, value… */
  readonly parameters: readonly unknown[];
  /** The route string this merge read, when it was one. */
  readonly split?: SplitRoute | undefined;
}

/** What a merge reads into, as it goes. */
interface MergeState {
  method: Method;
  url: string | undefined;
  baseUrl: string | undefined;
  headers: MergedHeaders;
  ownsHeaders: boolean;
  mediaType: MediaTypeDefaults;
  request: unknown;
  parameters: unknown[];
  /** True while `parameters` holds the keys of one object alone: no key can be there twice. */
  fromOneObject: boolean;
  /** Where each parameter's key stands in `parameters`, once there are many: a scan is quicker for a few. */
  index: Map<unknown, number> | undefined;
  /** The route string's split, whose compiled url a call reuses when the url is the route's. */
  split: SplitRoute | undefined;
  /**
   * True when the options are merged options given back to `.parse()`: a null option is unset, preview names
   * keep a `-preview` that merging left them, and `rest`'s baseUrl "" (none set yet) stands.
   */
  readonly rereading: boolean;
  readonly github: boolean;
}

/** Options are a plain object (util.ts checkPlainObject): the fix when a route or options argument is not. */
const ROUTE_OR_OPTIONS = 'pass a route string such as "GET /user" or a plain object of options';

/**
 * Merges a route (a string, or options) and options onto a level. Never mutates its arguments. Options
 * given with the route override it, as they override the defaults; each is checked where it is read.
 */
export function mergeRoute(level: Level, route: unknown, options: unknown): Merged {
  const state = startMerge(level, false);
  if (typeof route === "string") {
    const split = splitRoute(route);
    if (split.method !== undefined) state.method = split.method;
    state.url = split.url;
    state.split = split;
  } else if (route !== undefined) {
    checkPlainObject(route, "the route", ROUTE_OR_OPTIONS, "ERR_INVALID_ROUTE");
    readOptions(state, route);
  }
  if (options !== undefined && options !== null) {
    checkPlainObject(options, "the options argument", ROUTE_OR_OPTIONS, "ERR_INVALID_ROUTE");
    // The route's keys and these may meet.
    if (route !== undefined && typeof route !== "string") state.fromOneObject = false;
    readOptions(state, options);
  }
  return finishMerge(level, state);
}

/**
 * Merged options (from `.merge()`, or written by hand) read onto a bare level: what `.parse()` parses. The
 * one reading of options, as a call's are read: each option and parameter once, in key order.
 */
export function readMergedOptions(level: Level, options: Readonly<Record<string, unknown>>): Merged {
  const state = startMerge(level, true);
  readOptions(state, options);
  return finishMerge(level, state);
}

/** A merge onto `level`, before any option is read: the level's defaults, shared until the call changes them. */
function startMerge(level: Level, rereading: boolean): MergeState {
  const defaults = level.merged;
  // The merge itself: read into as it goes, then handed on as it is (one object a call, not two).
  return {
    method: defaults.method,
    url: defaults.url,
    baseUrl: defaults.baseUrl,
    headers: defaults.headers as MergedHeaders,
    ownsHeaders: false,
    mediaType: defaults.mediaType,
    request: defaults.request,
    parameters: defaults.parameters.length === 0 ? [] : [...defaults.parameters],
    fromOneObject: defaults.parameters.length === 0,
    index: undefined,
    split: undefined,
    rereading,
    github: level.github,
  };
}

function finishMerge(level: Level, state: MergeState): Merged {
  // Merged from several objects, the parameters keep the order one object would give them.
  if (!state.fromOneObject) state.parameters = inObjectOrder(state.parameters);
  if (!level.github && state.mediaType.previews.length > 0) throw previewsWithoutGitHub();
  return state;
}

/** An array index as a property key: "0", "1", … up to 2³² − 2, without a leading zero. */
function isIndexKey(key: string): boolean {
  const first = key.charCodeAt(0);
  if (!(first >= 48 && first <= 57) || (first === 48 && key.length > 1) || key.length > 10) return false;
  for (let i = 1; i < key.length; i++) {
    const code = key.charCodeAt(i);
    if (code < 48 || code > 57) return false;
  }
  return Number(key) < 2 ** 32 - 1;
}

/**
 * A key, value, key, value… list in the order an object holding them lists its keys: array indexes first,
 * ascending, then the others as they came. So `endpoint(x)` sends parameters in the order that
 * `parse(merge(x))` reads them from the merged options. Most lists have no index key and are returned as
 * they are.
 */
function inObjectOrder(parameters: unknown[]): unknown[] {
  let first = 0;
  while (first < parameters.length && !isIndexKey(parameters[first] as string)) first += 2;
  if (first >= parameters.length) return parameters;
  const indexes: number[] = [];
  for (let i = first; i < parameters.length; i += 2) if (isIndexKey(parameters[i] as string)) indexes.push(i);
  indexes.sort((a, b) => Number(parameters[a]) - Number(parameters[b]));
  const ordered: unknown[] = [];
  for (const i of indexes) ordered.push(parameters[i], parameters[i + 1]);
  for (let i = 0; i < parameters.length; i += 2) {
    if (!isIndexKey(parameters[i] as string)) ordered.push(parameters[i], parameters[i + 1]);
  }
  return ordered;
}

function readOptions(state: MergeState, options: Readonly<Record<string, unknown>>): void {
  // for-in with an own-key test reads keys in Object.keys order, without a list of them.
  for (const key in options) {
    if (!Object.hasOwn(options, key)) continue;
    const value = options[key];
    if (value === undefined) continue;
    if (value === null && state.rereading && OPTION_NAMES.has(key)) continue;
    switch (key) {
      case "method":
        state.method = normalizeMethod(value);
        break;
      case "url":
        state.url = checkUrlOption(value);
        break;
      case "baseUrl":
        // "" is `rest`'s own baseUrl before one is set: a path url is refused when it is joined.
        state.baseUrl =
          value === "" && state.rereading && !state.github ? "" : checkBaseUrl(value, 'option "baseUrl"', state.github);
        break;
      case "headers":
        if (!state.ownsHeaders) {
          state.headers = copyHeaders(state.headers);
          state.ownsHeaders = true;
        }
        assignHeaders(state.headers, value, true);
        break;
      case "mediaType":
        state.mediaType = mergedMediaType(state.mediaType, value, !state.rereading);
        break;
      case "request":
        state.request = mergeValue(state.request, value);
        break;
      default:
        // A parameter is read once into plain data, which the url, its checks, the query and the body read;
        // `data` is the body as it is.
        setParameter(state, key, typeof value === "object" && key !== "data" ? plainData(value) : value);
    }
  }
}

/** Sets a parameter over the one of that name merged so far: plain objects merge deeply, `data` is replaced. */
function setParameter(state: MergeState, key: string, value: unknown): void {
  const { parameters } = state;
  if (state.fromOneObject) {
    parameters.push(key, value);
    return;
  }
  if (state.index === undefined && parameters.length > 32) {
    state.index = new Map();
    for (let i = 0; i < parameters.length; i += 2) state.index.set(parameters[i], i);
  }
  let at = -1;
  if (state.index !== undefined) at = state.index.get(key) ?? -1;
  else for (let i = 0; i < parameters.length && at === -1; i += 2) if (parameters[i] === key) at = i;
  if (at === -1) {
    state.index?.set(key, parameters.length);
    parameters.push(key, value);
  } else {
    // `data` is the request body as it is: a call's replaces the defaults', never merged with it.
    parameters[at + 1] = key === "data" ? value : mergeValue(parameters[at + 1], value);
  }
}

/**
 * Merged options, the public form of a merge: a new object the caller owns (its headers, media type and
 * lists copies: the merge keeps its own), its parameters in merged order (the defaults' keys, then the call's).
 */
export function mergedOptions(merged: Merged): MergedOptions {
  // A media type's format and previews are its first keys (see mergedMediaType); any others follow.
  const source = merged.mediaType;
  const mediaType: MediaTypeDefaults = { format: source.format, previews: [...source.previews] };
  for (const key in source) {
    if (key !== "format" && key !== "previews" && Object.hasOwn(source, key)) setOwn(mediaType, key, source[key]);
  }
  return withRest(
    { method: merged.method, baseUrl: merged.baseUrl as string, headers: copyHeaders(merged.headers), mediaType },
    merged,
  );
}

/** Merged options with the merge's `request`, `url` and parameters after the four options every one has. */
function withRest(out: MergedOptions, merged: Merged): MergedOptions {
  if (merged.request !== undefined) setOwn(out, "request", merged.request);
  if (merged.url !== undefined) out.url = merged.url;
  const { parameters } = merged;
  for (let i = 0; i < parameters.length; i += 2) setOwn(out, parameters[i] as string, parameters[i + 1]);
  return out;
}
