// The command line's checks of a call against a route map: GitHub's (src/github/github-names.ts), or the operation
// table of a module written by `endpoint-options openapi` (`--map`). A route the map does not list, or a
// parameter its route does not name, is an error with the suggestion the types give
// (`per_pgae: did you mean per_page?`); `--no-check` lets it through. Routes are read as the strict endpoint
// reads them (docs/typed-routes.md): `:name` as `{name}`, HEAD wherever GET is mapped, a placeholder renamed, and
// literal text in place of a placeholder.
import { EndpointError, quote } from "../base/errors.js";
import type { OperationTable } from "../clients/operations.js";
import { OPTION_NAMES } from "../core/option-names.js";
import { GITHUB_ROUTE_NAMES } from "../github/github-names.js";

/** A route map as the checks read it: each route key with the keys its type names. */
export interface CheckedMap {
  /** How messages name it: "GitHub's route map", "the route map of stripe.ts". */
  readonly label: string;
  readonly routes: ReadonlyMap<string, readonly string[] | undefined>;
}

/** GitHub's map, read once from the generated names. */
let github: CheckedMap | undefined;

export function githubMap(): CheckedMap {
  if (github !== undefined) return github;
  const routes = new Map<string, readonly string[]>();
  for (const line of GITHUB_ROUTE_NAMES.split("\n")) {
    const [method = "", path = "", ...names] = line.split(" ");
    routes.set(`${method} ${path}`, names);
  }
  github = { label: "GitHub's route map", routes };
  return github;
}

/** What the command line needs of a module written by `endpoint-options openapi`. */
export interface MapModule {
  readonly map: CheckedMap;
  readonly table: OperationTable;
  /** The module's baseUrl (its document's first server), when it names one. */
  readonly baseUrl?: string;
}

const TABLE_START = "const operations: OperationTable = JSON.parse(";
const BASE_URL_START = "withOperations(rest.defaults({ baseUrl: ";

/**
 * The operation table and baseUrl of a module's text, as `endpoint-options openapi` writes them: each one JSON
 * string literal, read with JSON.parse (the module is never run).
 */
export function readMapModule(text: string, file: string): MapModule {
  const table = stringAfter(text, TABLE_START);
  if (table === undefined) {
    throw new EndpointError(
      "ERR_INVALID_PARAMETER",
      `--map ${quote(file)} holds no operation table; pass a module written by \`endpoint-options openapi\` (generate it again with this version)`,
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(table);
  } catch {
    parsed = undefined;
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    throw new EndpointError(
      "ERR_INVALID_PARAMETER",
      `--map ${quote(file)}: its operation table is not a JSON object; generate the module again`,
    );
  }
  const routes = new Map<string, readonly string[] | undefined>();
  for (const [key, operation] of Object.entries(parsed)) {
    const names = (operation as { names?: unknown } | null)?.names;
    routes.set(key, Array.isArray(names) && names.every((name) => typeof name === "string") ? names : undefined);
  }
  const baseUrl = stringAfter(text, BASE_URL_START);
  const name = file.slice(Math.max(file.lastIndexOf("/"), file.lastIndexOf("\\")) + 1);
  return {
    map: { label: `the route map of ${name}`, routes },
    table: parsed as OperationTable,
    ...(baseUrl === undefined ? {} : { baseUrl }),
  };
}

/** The JSON string literal right after `start` in `text`, read; undefined when there is none. */
function stringAfter(text: string, start: string): string | undefined {
  const at = text.indexOf(start);
  if (at === -1 || text.charCodeAt(at + start.length) !== 34 /* " */) return undefined;
  let end = at + start.length + 1;
  while (end < text.length) {
    const code = text.charCodeAt(end);
    if (code === 92 /* \ */) end += 2;
    else if (code === 34) break;
    else end++;
  }
  try {
    const value: unknown = JSON.parse(text.slice(at + start.length, end + 1));
    return typeof value === "string" ? value : undefined;
  } catch {
    return undefined;
  }
}

/** A route split for matching: its method, its path's segments, and the names of its query expressions. */
interface SplitRoute {
  readonly method: string;
  readonly segments: readonly string[];
  /** A literal `?query` or `#fragment` after the path, as written. */
  readonly tail: string;
  readonly queryNames: readonly string[];
}

/**
 * `METHOD /path{?a,b}` split: `{?…}` and `{&…}` expressions taken out (their names kept), a literal query or
 * fragment kept apart, and `:name` segments read as `{name}`.
 */
function splitRoute(route: string): SplitRoute {
  const space = route.indexOf(" ");
  const method = space === -1 ? "GET" : route.slice(0, space).toUpperCase();
  let path = "";
  const queryNames: string[] = [];
  const rest = space === -1 ? route : route.slice(space + 1);
  for (let i = 0; i < rest.length; ) {
    if (rest.charCodeAt(i) === 123 /* { */ && (rest[i + 1] === "?" || rest[i + 1] === "&")) {
      const close = rest.indexOf("}", i);
      if (close !== -1) {
        for (const spec of rest.slice(i + 2, close).split(",")) queryNames.push(variableName(spec));
        i = close + 1;
        continue;
      }
    }
    path += rest[i];
    i++;
  }
  let cut = path.length;
  for (let i = 0; i < path.length; i++) {
    if (path[i] === "?" || path[i] === "#") {
      cut = i;
      break;
    }
  }
  const segments = path
    .slice(0, cut)
    .split("/")
    .map((segment) => (segment.length > 1 && segment[0] === ":" ? `{${segment.slice(1)}}` : segment));
  return { method, segments, tail: path.slice(cut), queryNames };
}

/** A variable spec's name: without its `*` or `:n` modifier. */
function variableName(spec: string): string {
  const colon = spec.indexOf(":");
  const name = colon === -1 ? spec : spec.slice(0, colon);
  return name.endsWith("*") ? name.slice(0, -1) : name;
}

/** The name of a segment that is one whole simple placeholder (`{owner}`), else undefined. */
function placeholder(segment: string): string | undefined {
  if (segment.length < 3 || segment[0] !== "{" || segment[segment.length - 1] !== "}") return undefined;
  const name = segment.slice(1, -1);
  return name.includes("{") || name.includes("}") || "+#./;?&".includes(name[0] as string) ? undefined : name;
}

/** The placeholder names a segment holds, whatever their operator. */
function placeholdersIn(segment: string): string[] {
  const names: string[] = [];
  for (let open = segment.indexOf("{"); open !== -1; open = segment.indexOf("{", open + 1)) {
    const close = segment.indexOf("}", open);
    if (close === -1) break;
    let body = segment.slice(open + 1, close);
    if ("+#./;?&".includes(body[0] ?? "")) body = body.slice(1);
    for (const spec of body.split(",")) names.push(variableName(spec));
  }
  return names;
}

/** Each key of a map split once, for every lookup and suggestion of a call. */
const splitKeys = new WeakMap<CheckedMap, ReadonlyMap<string, SplitRoute>>();

function splitKeysOf(map: CheckedMap): ReadonlyMap<string, SplitRoute> {
  let split = splitKeys.get(map);
  if (split === undefined) {
    split = new Map([...map.routes.keys()].map((key) => [key, splitRoute(key)]));
    splitKeys.set(map, split);
  }
  return split;
}

/** How a route is read as a map key: the key, and the key's placeholders the route renames or fills with text. */
interface Reading {
  readonly key: string;
  readonly renamed: ReadonlyMap<string, string>;
  readonly filled: ReadonlySet<string>;
  /** How many of the key's placeholders the route fills with text: the fewest reads best. */
  readonly cost: number;
}

/** The route read as one key of the map, or undefined when none reads it. */
function readAs(map: CheckedMap, route: SplitRoute): Reading | undefined {
  let best: Reading | undefined;
  for (const method of route.method === "HEAD" ? ["HEAD", "GET"] : [route.method]) {
    for (const [key, mapped] of splitKeysOf(map)) {
      if (!key.startsWith(`${method} `)) continue;
      const reading = match(key, mapped, route);
      if (reading !== undefined && (best === undefined || reading.cost < best.cost)) best = reading;
    }
    if (best !== undefined) return best;
  }
  return undefined;
}

function match(key: string, mapped: SplitRoute, route: SplitRoute): Reading | undefined {
  if (mapped.tail !== route.tail) return undefined;
  // A key's query expression (`{?name,label}` on a route with a body) is part of the route: without it the
  // names would go into the body.
  if (mapped.queryNames.some((name) => !route.queryNames.includes(name))) return undefined;
  const renamed = new Map<string, string>();
  const filled = new Set<string>();
  const last = mapped.segments.length - 1;
  let cost = 0;
  for (let i = 0; i <= last; i++) {
    const mine = mapped.segments[i] as string;
    const theirs = route.segments[i];
    if (theirs === undefined) return undefined;
    if (mine === theirs) continue;
    const name = placeholder(mine);
    if (name === undefined) return undefined;
    const other = placeholder(theirs);
    if (other !== undefined) {
      if (other !== name) renamed.set(name, other);
    } else {
      filled.add(name);
      cost++;
    }
  }
  if (route.segments.length > mapped.segments.length) {
    // The map's last placeholder takes literal text and then itself (`git/ref/{ref}` read as
    // `git/ref/tags/{ref}`); any other longer route is another route.
    const name = placeholder(mapped.segments[last] ?? "");
    const extra = route.segments.slice(last);
    if (name === undefined || extra[extra.length - 1] !== `{${name}}`) return undefined;
    if (extra.slice(0, -1).some((segment) => segment.includes("{"))) return undefined;
    renamed.delete(name);
    filled.delete(name);
    cost++;
  }
  return { key, renamed, filled, cost };
}

/** A name compared loosely: lowercase, without `_` and `-` (`perPage` is `per_page`), as the types compare. */
function loosely(name: string): string {
  let out = "";
  for (const char of name) if (char !== "_" && char !== "-") out += char.toLowerCase();
  return out;
}

/**
 * The Damerau-Levenshtein distance (optimal string alignment): how many insertions, deletions, substitutions
 * and swaps of two neighbours turn `a` into `b`.
 */
export function editDistance(a: string, b: string): number {
  let beforePrevious: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let distance = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        distance = Math.min(distance, (beforePrevious[j - 2] as number) + 1);
      }
      current.push(distance);
    }
    beforePrevious = previous;
    previous = current;
  }
  return previous[b.length] as number;
}

/**
 * The names near `name`, as the types find them (route-types.ts `NearestNames`): the same loosely, or within one
 * edit for a name of up to four characters and two for a longer one.
 */
export function nearestNames(name: string, names: Iterable<string>): string[] {
  const budget = name.length > 4 ? 2 : 1;
  const wanted = loosely(name);
  const near: string[] = [];
  for (const candidate of names) {
    if (candidate === name) continue;
    const close =
      loosely(candidate) === wanted ||
      (Math.abs(candidate.length - name.length) <= budget && editDistance(name, candidate) <= budget);
    if (close && !near.includes(candidate)) near.push(candidate);
  }
  return near;
}

const NO_CHECK = "pass --no-check to send it anyway";

/**
 * Checks a call of `route` with these parameter names against the map: the route must read as one of its keys
 * and each name must be one that key's type names (or an option's). Throws an EndpointError with the nearest
 * routes or names.
 */
export function checkCall(map: CheckedMap, route: string, names: readonly string[]): void {
  const split = splitRoute(route);
  const reading = map.routes.has(route)
    ? { key: route, renamed: new Map<string, string>(), filled: new Set<string>(), cost: 0 }
    : readAs(map, split);
  if (reading === undefined) {
    const near = nearbyRoutes(map, split);
    throw new EndpointError(
      "ERR_INVALID_ROUTE",
      `route ${quote(route)} is not in ${map.label}${near.length === 0 ? "" : ` (did you mean ${near.map((key) => quote(key)).join(" or ")}?)`}; fix the route, or ${NO_CHECK}`,
    );
  }
  const keyNames = map.routes.get(reading.key);
  if (keyNames === undefined) return;
  const known = new Set<string>();
  for (const name of keyNames) {
    if (!reading.renamed.has(name) && !reading.filled.has(name)) known.add(name);
  }
  for (const segment of split.segments) for (const name of placeholdersIn(segment)) known.add(name);
  for (const name of split.queryNames) known.add(name);
  for (const name of names) {
    if (known.has(name) || OPTION_NAMES.has(name)) continue;
    const renamedTo = [...reading.renamed].find(([mapName]) => mapName === name)?.[1];
    const why = reading.filled.has(name)
      ? `${name}: the route's text fills it`
      : renamedTo !== undefined
        ? `${name}: this route names it ${renamedTo}`
        : describeNear(name, [...known, ...OPTION_NAMES]);
    throw new EndpointError(
      "ERR_INVALID_PARAMETER",
      `${why} (${quote(reading.key)} of ${map.label} takes no parameter ${quote(name)}); fix the name, or ${NO_CHECK}`,
    );
  }
}

/** `name: did you mean a or b?`, as the types write it, or that the map does not list it. */
function describeNear(name: string, candidates: readonly string[]): string {
  const near = nearestNames(name, candidates);
  return near.length === 0 ? `${name}: the route map does not list it` : `${name}: did you mean ${near.join(" or ")}?`;
}

/** The keys near a route that reads as none: up to three. */
function nearbyRoutes(map: CheckedMap, route: SplitRoute): string[] {
  const split = splitKeysOf(map);
  const methods = route.method === "HEAD" ? ["HEAD", "GET"] : [route.method];
  let keys = [...map.routes.keys()].filter((key) => methods.some((method) => key.startsWith(`${method} `)));
  // A method the map has no route of: the routes of any method.
  if (keys.length === 0) keys = [...map.routes.keys()];
  const shape = (segments: readonly string[]): string =>
    segments.map((segment) => (placeholder(segment) === undefined ? segment : "{}")).join("/");
  const wanted = shape(route.segments);
  // The key with a query expression the route left out.
  const withQuery = keys.filter((key) => {
    const mapped = split.get(key) as SplitRoute;
    return mapped.queryNames.length > 0 && mapped.tail === route.tail && shape(mapped.segments) === wanted;
  });
  if (withQuery.length > 0) return withQuery.slice(0, 3);
  // The keys whose path is within two edits of the route's, nearest first.
  const close = keys
    .map((key) => ({ key, distance: distanceWithin(shape((split.get(key) as SplitRoute).segments), wanted, 2) }))
    .filter(({ distance }) => distance <= 2)
    .sort((a, b) => a.distance - b.distance);
  if (close.length > 0) return close.slice(0, 3).map(({ key }) => key);
  // Else those whose one differing segment is a near name of the route's, as deep as it.
  const respelt = keys.filter((key) => {
    const { segments } = split.get(key) as SplitRoute;
    if (segments.length !== route.segments.length) return false;
    let differing = 0;
    for (let i = 0; i < segments.length; i++) {
      const mine = segments[i] as string;
      const theirs = route.segments[i] as string;
      if (mine === theirs || placeholder(mine) !== undefined) continue;
      if (nearestNames(theirs, [mine]).length === 0) return false;
      differing++;
    }
    return differing > 0;
  });
  if (respelt.length > 0) return respelt.slice(0, 3);
  // Else the routes beside it: those sharing the most leading segments.
  let most = 0;
  let beside: string[] = [];
  for (const key of keys) {
    const { segments } = split.get(key) as SplitRoute;
    let shared = 0;
    while (shared < segments.length && shared < route.segments.length && segments[shared] === route.segments[shared]) {
      shared++;
    }
    if (shared > most) {
      most = shared;
      beside = [key];
    } else if (shared === most && shared > 1) beside.push(key);
  }
  // Beside it only past the leading "/": else nothing is near.
  return most > 1 ? beside.slice(0, 3) : [];
}

/** The edit distance of two texts, or `limit + 1` when their lengths alone differ by more. */
function distanceWithin(a: string, b: string, limit: number): number {
  return Math.abs(a.length - b.length) > limit ? limit + 1 : editDistance(a, b);
}
