// Differential test: every route of GitHub's REST API (test/fixtures/github-routes.json, extracted from
// @octokit/openapi by `npm run routes:extract`) is called through endpoint-options and @octokit/endpoint@7
// with generated parameters. Where docs/design.md keeps version 7's behaviour the two must agree exactly
// (after the method's case and the user agent); where it deliberately differs, inputs are generated
// separately and our result is checked against the behaviour docs/design.md states.
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { endpoint as endpoint7 } from "octokit-endpoint-7";
import { afterAll, describe, expect, it } from "vitest";
import { EndpointError, endpoint } from "../src/index.js";
import { FUZZ_RUNS, fuzz, SEED, TIMEOUT } from "./helpers/fuzz.js";

interface Parameter {
  name: string;
  types: string[];
  enum?: unknown[];
}
interface Route {
  route: string;
  path: Parameter[];
  query: Parameter[];
  body: null | { contentType: string; properties?: Parameter[] };
}
const { routes } = JSON.parse(readFileSync(new URL("./fixtures/github-routes.json", import.meta.url), "utf8")) as {
  routes: Route[];
};

const routeNames = new Set(routes.map((route) => route.route));

type Options = Record<string, unknown>;
type Result = { method: string; url: string; headers: Record<string, unknown>; body?: unknown; request?: unknown };
/** Both libraries through one loose signature: the inputs here are generated, not typed routes. */
interface Library {
  (route: unknown, options?: unknown): Result;
  defaults(options: unknown): Library;
  merge(route: unknown, options?: unknown): Options;
  DEFAULTS: Options & { headers: Record<string, unknown> };
}
const ours = endpoint as unknown as Library;
const v7 = endpoint7 as unknown as Library;
const OUR_AGENT = ours.DEFAULTS.headers["user-agent"];
const V7_AGENT = v7.DEFAULTS.headers["user-agent"];

/** One call: `.defaults()` levels, then the route and options (as a route string or one options object). */
interface Call {
  defaults: Options[];
  route: string;
  options: Options;
  objectForm: boolean;
}

function run(library: Library, { defaults, route, options, objectForm }: Call): Result {
  const fn = defaults.reduce((current, level) => current.defaults(level), library);
  if (!objectForm) return fn(route, options);
  const space = route.indexOf(" ");
  return fn({ method: route.slice(0, space), url: route.slice(space + 1), ...options });
}

/** Method in lowercase and either library's own default user agent replaced by one placeholder. */
function normalize(result: Options, agent: unknown): Options {
  const headers = { ...(result.headers as Options) };
  if (headers["user-agent"] === agent) headers["user-agent"] = "<default user agent>";
  return { ...result, method: String(result.method).toLowerCase(), headers };
}

// ---- The tally reported at the end -------------------------------------------------------------

const tally = {
  compared: 0,
  /** Properties that found an input where we disagree with v7 (or with docs/design.md): each fails its test. */
  unexplained: 0,
  routes: new Set<string>(),
  /** Deliberate differences: inputs generated, checked against docs/design.md, and how many v7 answered otherwise. */
  deliberate: new Map<string, { checked: number; v7Differs: number }>(),
};

function countDeliberate(kind: string, v7Differs: boolean): void {
  const entry = tally.deliberate.get(kind) ?? { checked: 0, v7Differs: 0 };
  entry.checked++;
  if (v7Differs) entry.v7Differs++;
  tally.deliberate.set(kind, entry);
}

afterAll(() => {
  const kinds = [...tally.deliberate].map(([kind, { checked, v7Differs }]) => `${kind} ${v7Differs}/${checked}`);
  console.log(
    `differential: ${tally.compared} calls compared with @octokit/endpoint@7 on ${tally.routes.size}/${routes.length} routes, ${tally.unexplained} unexplained disagreements; deliberate (v7 differs/checked): ${kinds.join("; ")} [seed ${SEED}]`,
  );
});

// ---- Generators for the inputs where both libraries must agree ------------------------------------

const RESERVED = [..."!#$&'()*+,/:;=?@[]%{}<>\"\\^`| ~-._"];
const char = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: "grapheme-ascii", minLength: 1, maxLength: 1 }) },
  { weight: 3, arbitrary: fc.constantFrom(...RESERVED) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", minLength: 1, maxLength: 1 }) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", minLength: 1, maxLength: 1 }) },
);
/** Any well-formed Unicode text, rich in reserved characters. */
const text = fc.string({ unit: char, maxLength: 10 });
const simpleName = fc.string({ unit: fc.constantFrom(..."abcdefxyz_"), minLength: 1, maxLength: 6 });
const number = fc.oneof(fc.integer(), fc.double(), fc.constantFrom(0, -1, 1e21, Number.MAX_SAFE_INTEGER));

const climbs = (value: unknown): boolean => {
  const shown = Array.isArray(value) ? value.map(String).join(",") : value;
  return shown === "." || shown === "..";
};
/** A path value: text, a number, a boolean, a list or a flat object (RFC 6570 `{x}` lists them with commas). */
const pathValue = fc
  .oneof(
    { weight: 6, arbitrary: fc.oneof(text, number, fc.boolean()) },
    // Empty lists and objects are undefined in RFC 6570: a missing parameter (deliberate, below).
    { weight: 1, arbitrary: fc.array(fc.oneof(text, fc.integer()), { minLength: 1, maxLength: 3 }) },
    { weight: 1, arbitrary: fc.dictionary(simpleName, fc.oneof(text, fc.integer()), { minKeys: 1, maxKeys: 2 }) },
  )
  .filter((value) => !climbs(value));

function queryValue(parameter: Parameter): fc.Arbitrary<unknown> {
  if (parameter.name === "q") return fc.string({ unit: fc.oneof(char, fc.constant("+")), maxLength: 12 });
  const choices: fc.Arbitrary<unknown>[] = [];
  if (parameter.types.includes("string") || parameter.types.every((type) => type === "array" || type === "null")) {
    choices.push(text);
  }
  if (parameter.enum !== undefined && parameter.enum.length > 0) choices.push(fc.constantFrom(...parameter.enum));
  if (parameter.types.includes("integer")) choices.push(fc.integer(), fc.nat({ max: 100 }));
  if (parameter.types.includes("number")) choices.push(number);
  if (parameter.types.includes("boolean")) choices.push(fc.boolean());
  return fc.oneof(...choices);
}

const OPTION_NAMES = new Set(["method", "url", "baseUrl", "headers", "request", "mediaType", "data"]);
const TOKEN = [..."!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"];
const headerName = fc.oneof(
  fc.constantFrom("Accept", "User-Agent", "Content-Type", "Authorization", "X-GitHub-Api-Version", "If-None-Match"),
  fc.string({ unit: fc.constantFrom(...TOKEN), minLength: 1, maxLength: 10 }).filter((name) => name !== "__proto__"),
);
/** Text a header may hold: printable ASCII and tab (anything else is an error, checked below). */
const headerText = fc
  .string({ unit: char, minLength: 1, maxLength: 12 })
  .filter((value) => [...value].every((c) => c === "\t" || (c >= " " && c <= "~")));
const ACCEPTS = [
  "application/vnd.github.v3+json",
  "application/vnd.github+json",
  "application/vnd.github.raw+json",
  "application/vnd.github.v3.diff",
  "application/vnd.github.v3.star+json",
  "application/json",
  "application/octet-stream",
  "application/vnd.github.squirrel-girl-preview+json",
  "application/vnd.github.luke-cage-preview+json,application/vnd.github.v3+json",
  "*/*",
  "text/html",
];
const ACCEPT_PIECES = ["application/vnd", ".github", ".v3", ".raw", "+json", "-preview", "ant-man", ",", " ", "x_1"];
const accept = fc.oneof(
  fc.constantFrom(...ACCEPTS),
  fc.array(fc.constantFrom(...ACCEPT_PIECES), { minLength: 1, maxLength: 8 }).map((pieces) => pieces.join("")),
);
const headerValue = fc.oneof(headerText, fc.integer(), fc.array(headerText, { minLength: 1, maxLength: 2 }));
/** Headers in mixed case; `accept` and `content-type` set to realistic values. */
const headers = fc
  .tuple(
    fc.dictionary(headerName, headerValue, { maxKeys: 3, noNullPrototype: true }),
    fc.option(accept, { nil: undefined }),
    fc.option(fc.constantFrom("text/plain", "application/json", "application/x-www-form-urlencoded", ""), {
      nil: undefined,
    }),
  )
  .map(([rest, acceptValue, contentType]) => {
    const result: Options = { ...rest };
    if (acceptValue !== undefined) result[acceptValue.length % 2 ? "Accept" : "accept"] = acceptValue;
    if (contentType !== undefined) result["Content-Type"] = contentType;
    for (const name of Object.keys(result)) {
      // v7 calls accept.split(): a number or list there throws a TypeError (see "v7 throws" below).
      if (name.toLowerCase() === "accept" && typeof result[name] !== "string") delete result[name];
    }
    return result;
  });

const FORMATS = ["raw", "diff", "patch", "sha", "full", "html", "text", "base64", "object", "star+json", "text+json"];
const format = fc.oneof(fc.constantFrom(...FORMATS), fc.string({ unit: fc.constantFrom(..."abz09_.+"), maxLength: 6 }));
const PREVIEWS = ["mercy", "symmetra", "scarlet-witch", "squirrel-girl", "luke-cage", "machine-man", "baptiste"];
/** Preview names, none containing "-preview" (v7 strips its first occurrence anywhere; we strip a suffix). */
const previewName = fc.oneof(
  fc.constantFrom(...PREVIEWS),
  fc.string({ unit: fc.constantFrom(..."abcxyz09_-"), minLength: 1, maxLength: 8 }),
);
const GHES = [
  "https://github.acme-inc.com/api/v3",
  "https://ghe.example.com:8443/api/v3",
  "http://localhost:3000/api/v3",
  "https://api.github.com",
];

/** Names of previews v7 reads from an accept header, as its `/[\w-]+(?=-preview)/g` does. */
function previewsIn(value: unknown): string[] {
  return typeof value === "string" ? (value.match(/[\w-]+(?=-preview)/g) ?? []) : [];
}

function eligibleForColon(name: string): boolean {
  return /^[a-z]\w+$/.test(name);
}

/** Generated options for one route, with .defaults() levels, all inside the domain where v7 is the reference. */
function callFor(route: Route): fc.Arbitrary<Call> {
  const method = route.route.slice(0, route.route.indexOf(" "));
  const pathNames = new Set(route.path.map((parameter) => parameter.name));
  const isQuery = method === "GET" || method === "HEAD";
  const paramValues: Record<string, fc.Arbitrary<unknown>> = {};
  for (const parameter of route.path) paramValues[parameter.name] = pathValue;
  for (const parameter of route.query) {
    if (!pathNames.has(parameter.name) && !OPTION_NAMES.has(parameter.name)) {
      paramValues[parameter.name] = queryValue(parameter);
    }
  }
  for (const parameter of route.body?.properties ?? []) {
    if (!pathNames.has(parameter.name) && !OPTION_NAMES.has(parameter.name)) {
      paramValues[parameter.name] = fc.jsonValue({ maxDepth: 2 });
    }
  }
  const extraValue = isQuery ? fc.oneof(text, number, fc.boolean()) : fc.jsonValue({ maxDepth: 2 });
  const known = new Set([...Object.keys(paramValues), ...OPTION_NAMES, "q"]);
  const extras = fc.dictionary(
    simpleName.filter((name) => !known.has(name)),
    extraValue,
    { maxKeys: 2, noNullPrototype: true },
  );
  const raw = route.body !== null && route.body.contentType !== "application/json";
  const data: fc.Arbitrary<unknown> = raw
    ? fc.constant(route.body?.contentType === "application/octet-stream" ? new Uint8Array([1, 2, 3]) : "# Hello")
    : fc.oneof(fc.dictionary(simpleName, fc.jsonValue({ maxDepth: 2 })), fc.array(fc.jsonValue({ maxDepth: 2 })));
  const upload = route.route.includes("{?name,label}");

  return fc
    .record({
      // Which parameters the call sets (path parameters always, by the call or a defaults level).
      values: fc.record(paramValues, { requiredKeys: route.path.map((parameter) => parameter.name) }),
      extras,
      uploadQuery: fc.tuple(text, text),
      data: raw ? data : isQuery ? fc.constant(undefined) : fc.option(data, { nil: undefined }),
      headers: fc.option(headers, { nil: undefined }),
      format: fc.option(format, { nil: undefined }),
      previews: fc.uniqueArray(fc.record({ name: previewName, level: fc.nat({ max: 2 }), suffix: fc.boolean() }), {
        selector: (preview) => preview.name,
        maxLength: 3,
      }),
      levels: fc.array(
        fc.record(
          {
            baseUrl: fc.constantFrom(...GHES),
            headers,
            request: fc.record({ timeout: fc.nat() }),
            pathParameters: fc.boolean(),
            extras,
          },
          { requiredKeys: [] },
        ),
        { maxLength: 2 },
      ),
      request: fc.option(fc.record({ retries: fc.nat({ max: 3 }) }), { nil: undefined }),
      colons: fc.boolean(),
      objectForm: fc.boolean(),
      // Any case of the method; a GET route may be sent as HEAD (both route leftovers to the query).
      methodCase: fc.constantFrom("upper", "lower", "title", "head"),
    })
    .map((generated) => {
      let url = route.route.slice(method.length + 1);
      if (generated.colons) {
        for (const { name } of route.path) if (eligibleForColon(name)) url = url.replace(`{${name}}`, `:${name}`);
      }
      const options: Options = { ...generated.extras, ...generated.values };
      if (upload) [options.name, options.label] = generated.uploadQuery;
      if (generated.data !== undefined) options.data = generated.data;
      const callHeaders: Options = { ...generated.headers };
      if (raw) callHeaders["content-type"] = route.body?.contentType;
      if (Object.keys(callHeaders).length > 0) options.headers = callHeaders;
      if (generated.request !== undefined) options.request = generated.request;
      const previewsAt = (level: number): string[] =>
        generated.previews
          .filter((preview) => preview.level === level)
          .map((preview) => (preview.suffix ? `${preview.name}-preview` : preview.name));
      const mediaType: Options = {};
      if (generated.format !== undefined) mediaType.format = generated.format;
      if (previewsAt(0).length > 0) mediaType.previews = previewsAt(0);
      if (Object.keys(mediaType).length > 0) options.mediaType = mediaType;

      const defaults = generated.levels.map((level, index): Options => {
        const result: Options = { ...level.extras };
        if (level.baseUrl !== undefined) result.baseUrl = level.baseUrl;
        if (level.headers !== undefined) result.headers = level.headers;
        if (level.request !== undefined) result.request = level.request;
        if (previewsAt(index + 1).length > 0) result.mediaType = { previews: previewsAt(index + 1) };
        // A defaults level may fix path parameters, as `endpoint.defaults({ owner, repo })` does.
        if (level.pathParameters) {
          for (const { name } of route.path) {
            result[name] = options[name];
            delete options[name];
          }
        }
        return result;
      });
      const sent = generated.methodCase === "head" && method === "GET" ? "HEAD" : method;
      const cased =
        generated.methodCase === "lower"
          ? sent.toLowerCase()
          : generated.methodCase === "title"
            ? sent.charAt(0) + sent.slice(1).toLowerCase()
            : sent;
      return { defaults, route: `${cased} ${url}`, options, objectForm: generated.objectForm };
    })
    .filter((call) => {
      // Previews named in an accept header and again in mediaType: we list them once (deliberate, below).
      const named = new Set(
        [...call.defaults, call.options].flatMap((level) =>
          Object.values((level.headers as Options | undefined) ?? {}).flatMap(previewsIn),
        ),
      );
      // An accept header naming a preview twice: we list it once when previews are set (deliberate, below).
      const repeats = [...call.defaults, call.options].some((level) =>
        Object.values((level.headers as Options | undefined) ?? {}).some((value) => {
          const names = previewsIn(value);
          return new Set(names).size !== names.length;
        }),
      );
      return (
        !(repeats && generatedPreviews(call).length > 0) &&
        generatedPreviews(call).every((name) => !named.has(name)) &&
        !mergesObjectOntoNonObject(call) &&
        !hasProtoKey([call.defaults, call.options])
      );
    });
}

/** A `__proto__` key anywhere: v7's merge assigns it (dropping it or changing a prototype); we keep it as data. */
function hasProtoKey(value: unknown): boolean {
  if (value === null || typeof value !== "object") return false;
  return Object.keys(value).some((key) => key === "__proto__" || hasProtoKey((value as Options)[key]));
}

function isPlain(value: unknown): value is Options {
  if (value === null || typeof value !== "object") return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === null || proto === Object.prototype;
}

/** A plain object given where a lower level set a string, number or array: v7 merges it into that value's keys. */
function mergesObjectOntoNonObject(call: Call): boolean {
  const conflicts = (existing: unknown, incoming: unknown): boolean => {
    if (!isPlain(incoming) || existing === undefined) return false;
    if (!isPlain(existing)) return true;
    return Object.keys(incoming).some((key) => conflicts(existing[key], incoming[key]));
  };
  const merged: Options = {};
  for (const level of [...call.defaults, call.options]) {
    for (const key of Object.keys(level)) {
      if (OPTION_NAMES.has(key) && key !== "data") continue;
      if (conflicts(merged[key], level[key])) return true;
      merged[key] = isPlain(level[key]) && isPlain(merged[key]) ? { ...merged[key], ...level[key] } : level[key];
    }
  }
  return false;
}

function generatedPreviews(call: Call): string[] {
  return [...call.defaults, call.options].flatMap((level) =>
    (((level.mediaType as Options | undefined)?.previews as string[] | undefined) ?? []).map((name) =>
      name.replace(/-preview$/, ""),
    ),
  );
}

function expectSame(call: Call): void {
  const mine = normalize(run(ours, call), OUR_AGENT);
  const theirs = normalize(run(v7, call), V7_AGENT);
  expect(mine).toStrictEqual(theirs);
  const fnOurs = call.defaults.reduce((current, level) => current.defaults(level), ours);
  const fnV7 = call.defaults.reduce((current, level) => current.defaults(level), v7);
  const mergedOurs = normalize(fnOurs.merge(call.route, call.options), OUR_AGENT);
  const mergedV7 = normalize(fnV7.merge(call.route, call.options), V7_AGENT);
  expect(mergedOurs).toEqual(mergedV7);
  expect(normalize(fnOurs.DEFAULTS, OUR_AGENT)).toEqual(normalize(fnV7.DEFAULTS, V7_AGENT));
  tally.compared++;
  const [method = "", url = ""] = call.route.split(" ");
  const original = `${method.toUpperCase()} ${url.replace(/:(\w+)/g, (_, name: string) => `{${name}}`)}`;
  tally.routes.add(original.startsWith("HEAD ") && !routeNames.has(original) ? `GET ${original.slice(5)}` : original);
}

/** Runs a property and names the route and the seed to replay it with when it fails. */
function assertProperty<T>(
  label: string,
  arbitrary: fc.Arbitrary<T>,
  check: (value: T) => void,
  runs: number,
  offset: number,
): void {
  try {
    fc.assert(fc.property(arbitrary, check), { ...fuzz(runs, offset), numRuns: runs });
  } catch (error) {
    tally.unexplained++;
    throw new Error(`${label}: replay with FUZZ_SEED=${SEED} (offset ${offset})\n${(error as Error).message}`);
  }
}

describe("every GitHub REST route: endpoint-options and @octokit/endpoint@7 agree", () => {
  it("covers the whole API description (about 1,000 routes)", () => {
    expect(routes.length).toBeGreaterThan(1000);
    expect(new Set(routes.map((route) => route.route)).size).toBe(routes.length);
  });

  // Two generated calls per route in `npm test`, from its fixed seed; `npm run fuzz` makes a hundred, from a fresh one.
  const perRoute = FUZZ_RUNS > 0 ? Math.ceil(FUZZ_RUNS / 10) : 2;
  it(
    `agrees on ${perRoute} generated calls per route, merge() and DEFAULTS included`,
    () => {
      // Every route runs even after a failure, so that the tally counts all disagreeing routes at once.
      const failures: string[] = [];
      routes.forEach((route, index) => {
        try {
          assertProperty(route.route, callFor(route), expectSame, perRoute, index);
        } catch (error) {
          failures.push((error as Error).message);
        }
      });
      expect(failures.join("\n\n")).toBe("");
      expect(tally.routes.size).toBe(routes.length);
    },
    TIMEOUT,
  );
});

// ---- Deliberate differences: generated separately, checked against docs/design.md ----------------------

const withPath = routes.filter((route) => route.path.length > 0);
const colonRoutes = withPath.filter((route) => route.path.every((parameter) => eligibleForColon(parameter.name)));
const getRoutes = routes.filter((route) => route.route.startsWith("GET "));
const bodyRoutes = routes.filter((route) => !/^(GET|HEAD) /.test(route.route) && !route.route.includes("{?"));
/** Routes whose body (if any) is JSON: stripping a call's headers leaves no raw body without its content-type. */
const jsonRoutes = routes.filter((route) => route.body === null || route.body.contentType === "application/json");
const uploadRoutes = routes.filter((route) => route.route.includes("{?name,label}"));

function outcome(library: Library, call: Call): Options | Error {
  try {
    return normalize(run(library, call), library === ours ? OUR_AGENT : V7_AGENT);
  } catch (error) {
    return error as Error;
  }
}

function withOptions(call: Call, options: Options): Call {
  return { ...call, options: { ...call.options, ...options } };
}

/** The same call in every respect but the `.defaults()` levels' and the call's mediaType and headers. */
function plain(call: Call): Call {
  const strip = ({ mediaType: _m, headers: _h, ...rest }: Options): Options => rest;
  return { ...call, defaults: call.defaults.map(strip), options: strip(call.options) };
}

function differs(a: unknown, b: unknown): boolean {
  try {
    expect(a).toStrictEqual(b);
    return false;
  } catch {
    return true;
  }
}

/** Ours must equal `expected` (what docs/design.md states); returns whether v7 answered otherwise. */
function expectDecided(call: Call, expected: Options | Error): boolean {
  const mine = outcome(ours, call);
  expect(mine).toStrictEqual(expected);
  return differs(outcome(v7, call), mine);
}

/** Ours must throw this EndpointError (naming these inputs); returns whether v7 did not. */
function expectEndpointError(call: Call, code: string, named: string[] = []): boolean {
  const mine = outcome(ours, call);
  expect(mine).toBeInstanceOf(EndpointError);
  expect((mine as EndpointError).code).toBe(code);
  for (const name of named) expect((mine as EndpointError).message).toContain(JSON.stringify(name));
  return !(outcome(v7, call) instanceof EndpointError);
}

function withHeader(result: Options | Error, name: string, value: unknown): Options | Error {
  if (result instanceof Error) return result;
  const headers = { ...(result.headers as Options) };
  if (value === undefined) delete headers[name];
  else headers[name] = value;
  return { ...result, headers };
}

function urlOf(result: Options | Error): string {
  if (result instanceof Error) throw result;
  return result.url as string;
}

/** The call without a `data` option, so that leftover parameters make the body. */
function withoutData(call: Call): Call {
  const { data: _, ...options } = call.options;
  return { ...call, options };
}

function mapUrl(result: Options | Error, change: (url: string) => string): Options | Error {
  return result instanceof Error ? result : { ...result, url: change(result.url as string) };
}

const listItems = fc.array(fc.oneof(text, fc.integer(), fc.boolean()), { minLength: 1, maxLength: 3 });
const withLoneSurrogate = fc
  .tuple(text, fc.integer({ min: 0xd800, max: 0xdfff }), text)
  .map(([before, code, after]) => before + String.fromCharCode(code) + after)
  .filter((value) => !(value as string & { isWellFormed(): boolean }).isWellFormed());
const toWellFormed = (value: string): string => (value as string & { toWellFormed(): string }).toWellFormed();
const keyNeedingEncoding = text.filter((key) => encodeURIComponent(key) !== key && !OPTION_NAMES.has(key));
const colonWord = fc.stringMatching(/^[a-z][a-z0-9_]{1,6}$/);
const MARK = "zzmarkzz";

interface Deliberate<T> {
  /** The kind of disagreement with v7, as the tally names it. */
  kind: string;
  /** What docs/design.md says. */
  decision: string;
  routes: Route[];
  extra: fc.Arbitrary<T>;
  /** Checks our result against docs/design.md; returns whether v7 answered otherwise. */
  check: (call: Call, extra: T, route: Route) => boolean;
}

function deliberate<T>(entry: Deliberate<T>): Deliberate<unknown> {
  return entry as Deliberate<unknown>;
}

const deliberateDifferences: Deliberate<unknown>[] = [
  deliberate({
    kind: "null query value",
    decision: "Query string: undefined and null → omitted (difference 4; v7 writes key=null)",
    routes: getRoutes,
    extra: fc.constant(null),
    check: (call) => expectDecided(withOptions(call, { zz_null: null }), outcome(v7, call)),
  }),
  deliberate({
    kind: "array query value",
    decision: "array → elements encoded one by one, joined with a literal , (difference 4; v7: %2C)",
    routes: getRoutes,
    extra: listItems,
    check: (call, list) => {
      const expected = list.map((item) => encodeURIComponent(String(item))).join(",");
      return expectDecided(
        withOptions(call, { zz_list: list }),
        mapUrl(outcome(v7, withOptions(call, { zz_list: MARK })), (url) => url.replace(MARK, expected)),
      );
    },
  }),
  deliberate({
    kind: "Date query value",
    decision: "Date → ISO 8601 (difference 4; v7: Date.toString())",
    routes: getRoutes,
    extra: fc.date({ noInvalidDate: true }),
    check: (call, date) =>
      expectDecided(
        withOptions(call, { zz_date: date }),
        mapUrl(outcome(v7, withOptions(call, { zz_date: MARK })), (url) =>
          url.replace(MARK, encodeURIComponent(date.toISOString())),
        ),
      ),
  }),
  deliberate({
    kind: "object query value",
    decision: "A plain object as a query value: ERR_INVALID_PARAMETER (difference 4; v7: [object Object])",
    routes: getRoutes,
    extra: fc.dictionary(simpleName, text, { noNullPrototype: true }),
    check: (call, object) => expectEndpointError(withOptions(call, { zz_object: object }), "ERR_INVALID_PARAMETER"),
  }),
  deliberate({
    kind: "query key needing encoding",
    decision: "Keys and values are encoded with encodeURIComponent (difference 4; v7 writes keys raw)",
    routes: getRoutes,
    extra: fc.tuple(keyNeedingEncoding, text),
    check: (call, [key, value]) =>
      expectDecided(
        withOptions(call, { [key]: value }),
        outcome(v7, withOptions(call, { [encodeURIComponent(key)]: value })),
      ),
  }),
  deliberate({
    kind: "lone surrogate",
    decision: "encode.ts: a lone surrogate becomes U+FFFD as the WHATWG URL serializer does (v7: URIError)",
    routes: withPath,
    extra: withLoneSurrogate,
    check: (call, value, route) => {
      const name = (route.path[0] as Parameter).name;
      const alsoQuery = route.route.startsWith("GET ");
      const input = (text: string): Call =>
        withOptions(call, alsoQuery ? { [name]: text, zz_text: text } : { [name]: text });
      return expectDecided(input(value), outcome(v7, input(toWellFormed(value))));
    },
  }),
  deliberate({
    kind: "missing path parameter",
    decision:
      "A simple {name} or :name whose value is undefined, null, or (RFC 6570 section 2.3) an empty list or object: ERR_MISSING_PARAMETER naming every one (difference 2)",
    routes: withPath,
    extra: fc.tuple(fc.nat(), fc.constantFrom<unknown>(undefined, null, [], {}, [null])),
    check: (call, [pick, empty], route) => {
      const names = route.path
        .map((parameter) => parameter.name)
        .filter((_, index) => (pick >> index) % 2 === 0 || index === pick % route.path.length);
      const strip = (options: Options): Options => {
        const copy = { ...options };
        for (const name of names) {
          if (empty === undefined) delete copy[name];
          else copy[name] = empty;
        }
        return copy;
      };
      const missing = { ...call, defaults: call.defaults.map(strip), options: strip(call.options) };
      return expectEndpointError(missing, "ERR_MISSING_PARAMETER", [...new Set(names)]);
    },
  }),
  deliberate({
    kind: ". or .. path value",
    decision: "A simple path value that is exactly . or ..: ERR_INVALID_PARAMETER (difference 2)",
    routes: withPath,
    extra: fc.constantFrom(".", ".."),
    check: (call, dots, route) => {
      const name = (route.path[0] as Parameter).name;
      return expectEndpointError(withOptions(call, { [name]: dots }), "ERR_INVALID_PARAMETER", [name]);
    },
  }),
  deliberate({
    kind: "baseUrl with a trailing /",
    decision: "baseUrl and url are joined with exactly one / (difference 6; v7: /api/v3//user)",
    routes,
    extra: fc.constantFrom(...GHES),
    check: (call, baseUrl) =>
      expectDecided(withOptions(call, { baseUrl: `${baseUrl}/` }), outcome(v7, withOptions(call, { baseUrl }))),
  }),
  deliberate({
    kind: "bytes data without content-type",
    decision:
      "no JSON content-type on bytes, which only the caller can label (difference 8); string data is labelled JSON as in v7",
    routes: bodyRoutes,
    extra: fc.uint8Array({ maxLength: 4 }),
    check: (call, data) => {
      const bare = plain(call);
      return expectDecided(
        withOptions(bare, { data }),
        withHeader(outcome(v7, withOptions(bare, { data })), "content-type", undefined),
      );
    },
  }),
  deliberate({
    kind: "null header",
    decision: "A null header value removes that header, an inherited default included (difference 7; v7 sends null)",
    routes: jsonRoutes,
    extra: fc.constantFrom("user-agent", "accept", "authorization", "X-Extra"),
    check: (call, name) => {
      const bare = plain(call);
      return expectDecided(
        withOptions(bare, { headers: { [name]: null } }),
        withHeader(outcome(v7, bare), name.toLowerCase(), undefined),
      );
    },
  }),
  deliberate({
    kind: "Headers instance",
    decision: "A Headers instance is accepted wherever a headers object is (difference 7; v7 reads none of it)",
    routes: jsonRoutes,
    extra: fc.dictionary(fc.stringMatching(/^[a-z][a-z0-9-]{0,8}$/), fc.stringMatching(/^[A-Za-z0-9]{1,8}$/), {
      minKeys: 1,
      maxKeys: 3,
      noNullPrototype: true,
    }),
    check: (call, headerObject) => {
      const bare = plain(call);
      return expectDecided(
        withOptions(bare, { headers: new Headers(headerObject) }),
        outcome(v7, withOptions(bare, { headers: headerObject })),
      );
    },
  }),
  deliberate({
    kind: "duplicate previews",
    decision:
      "Previews from .defaults() come first, then the call's, after those named in accept, each once (difference 9)",
    routes: jsonRoutes,
    extra: fc.tuple(
      fc.array(fc.constantFrom("a", "b-preview", "c", "b"), { minLength: 1, maxLength: 3 }),
      fc.array(fc.constantFrom("a-preview", "b", "c", "d"), { minLength: 1, maxLength: 3 }),
      fc.option(
        fc.constantFrom(
          "application/vnd.github.a-preview+json",
          "application/vnd.github.v3+json",
          "application/vnd.github.e-preview+json,application/vnd.github.e-preview+json",
          "application/vnd.github.e-preview+json,application/vnd.github.a-preview.raw",
        ),
        { nil: undefined },
      ),
    ),
    check: (call, [defaultPreviews, callPreviews, acceptValue]) => {
      const bare = plain(call);
      const headers = acceptValue === undefined ? {} : { headers: { accept: acceptValue } };
      const input: Call = {
        ...bare,
        defaults: [{ mediaType: { previews: defaultPreviews } }, ...bare.defaults],
        options: { ...bare.options, ...headers, mediaType: { previews: callPreviews } },
      };
      const names = [...previewsIn(acceptValue), ...defaultPreviews, ...callPreviews].map((name) =>
        name.replace(/-preview$/, ""),
      );
      const accept = [...new Set(names)].map((name) => `application/vnd.github.${name}-preview+json`).join(",");
      return expectDecided(input, withHeader(outcome(v7, withOptions(bare, headers)), "accept", accept));
    },
  }),
  deliberate({
    kind: "preview name with -preview inside",
    decision: "previews: names with or without a -preview suffix (stripped); v7 strips the first -preview anywhere",
    routes: jsonRoutes,
    extra: fc.uniqueArray(
      fc.tuple(colonWord, colonWord).map(([before, after]) => `${before}-preview${after}`),
      { minLength: 1, maxLength: 3 },
    ),
    check: (call, names) => {
      const bare = plain(call);
      const accept = names.map((name) => `application/vnd.github.${name}-preview+json`).join(",");
      return expectDecided(
        withOptions(bare, { mediaType: { previews: names } }),
        withHeader(outcome(v7, bare), "accept", accept),
      );
    },
  }),
  deliberate({
    kind: ":Name and one-letter :n",
    decision: ":name = a letter or _, then word characters, read in the path (difference 5; v7: /:([a-z]w+)/)",
    routes: colonRoutes,
    extra: fc.boolean(),
    check: (call, oneLetter, route) => {
      let colonUrl = call.route;
      let braceUrl = call.route;
      const options = { ...call.options };
      route.path.forEach(({ name }, index) => {
        const renamed = oneLetter ? "ABCDEFGHIJKLMNOP".charAt(index) : name.charAt(0).toUpperCase() + name.slice(1);
        colonUrl = colonUrl.replace(new RegExp(`\\{${name}\\}|:${name}\\b`), `:${renamed}`);
        braceUrl = braceUrl.replace(new RegExp(`\\{${name}\\}|:${name}\\b`), `{${renamed}}`);
        options[renamed] = options[name] ?? call.defaults.find((level) => name in level)?.[name];
        delete options[name];
      });
      const defaults = call.defaults.map((level) => {
        const copy = { ...level };
        for (const { name } of route.path) delete copy[name];
        return copy;
      });
      return expectDecided(
        { ...call, defaults, route: colonUrl, options },
        outcome(v7, { ...call, defaults, route: braceUrl, options }),
      );
    },
  }),
  deliberate({
    kind: ":name outside the path",
    decision: ":name is never read in the scheme, authority, query or fragment (difference 5)",
    routes: [routes[0] as Route],
    extra: fc.tuple(colonWord, colonWord),
    check: (_, [user, word]) => {
      const search: Call = { defaults: [], route: `GET /search/issues?q=repo:${word}`, options: {}, objectForm: false };
      const mine = outcome(ours, search);
      expect(urlOf(mine)).toBe(`https://api.github.com/search/issues?q=repo:${word}`);
      const authority: Call = {
        defaults: [],
        route: `GET https://${user}:${word}@ghe.example.com/api/v3/user#:${word}`,
        options: {},
        objectForm: false,
      };
      expect(urlOf(outcome(ours, authority))).toBe(`https://${user}:${word}@ghe.example.com/api/v3/user#:${word}`);
      return differs(outcome(v7, search), mine) && differs(outcome(v7, authority), outcome(ours, authority));
    },
  }),
  deliberate({
    kind: "{?name,label} with a value undefined",
    decision: "RFC 6570: {?a,b} with b undefined has no trailing & (difference 3)",
    routes: uploadRoutes,
    extra: fc.constantFrom("name", "label"),
    check: (call, omitted) => {
      const { [omitted]: _, ...options } = call.options;
      const input = { ...call, options };
      return expectDecided(
        input,
        mapUrl(outcome(v7, input), (url) => url.replace("?&", "?").replace(/&$/, "")),
      );
    },
  }),
  deliberate({
    kind: "object over a non-object default",
    decision:
      "Plain objects merge deeply; anything else is taken as it is (v7 merges the object into the array's or string's indices)",
    routes: bodyRoutes,
    extra: fc.tuple(
      fc.oneof(
        fc.array(text, { minLength: 1 }),
        text.filter((value) => value !== ""),
      ),
      fc.dictionary(simpleName, text, { noNullPrototype: true }),
    ),
    check: (withData, [previous, object]) => {
      const call = withoutData(withData);
      const input: Call = {
        ...call,
        defaults: [...call.defaults, { zz_merge: previous }],
        options: { ...call.options, zz_merge: object },
      };
      return expectDecided(input, outcome(v7, { ...call, options: { ...call.options, zz_merge: object } }));
    },
  }),
  deliberate({
    kind: "__proto__ key",
    decision: "__proto__, constructor and prototype keys can never reach any prototype: they stay data",
    routes: bodyRoutes,
    extra: text,
    check: (withData, value) => {
      const call = withoutData(withData);
      const input: Call = {
        ...plain(call),
        defaults: [...plain(call).defaults, { zz_config: { a: 1 } }],
        options: { ...plain(call).options, zz_config: JSON.parse(`{"__proto__": ${JSON.stringify(value)}}`) },
      };
      const mine = outcome(ours, input);
      if (mine instanceof Error) throw mine;
      const config = (mine.body as Options).zz_config as Options;
      expect(Object.getPrototypeOf(config)).toBe(Object.prototype);
      expect(Object.getOwnPropertyDescriptor(config, "__proto__")?.value).toBe(value);
      expect(config.a).toBe(1);
      return differs(outcome(v7, input), mine);
    },
  }),
  deliberate({
    kind: "v7 throws a TypeError",
    decision: "Behaviour neither names follows v7, except where it crashes: a number q, an accept number with a format",
    routes: getRoutes,
    extra: fc.tuple(fc.integer(), fc.integer()),
    check: (call, [q, acceptNumber]) => {
      const bare = plain(call);
      const numericQ = expectDecided(withOptions(bare, { q }), outcome(v7, withOptions(bare, { q: String(q) })));
      const acceptCall = withOptions(bare, { headers: { accept: acceptNumber }, mediaType: { format: "raw" } });
      const numericAccept = expectDecided(
        acceptCall,
        outcome(v7, withOptions(bare, { headers: { accept: acceptNumber } })),
      );
      return numericQ && numericAccept;
    },
  }),
  deliberate({
    kind: "data on GET or HEAD",
    decision:
      "data is the request body (docs/design.md), and GET and HEAD have none: ERR_INVALID_PARAMETER (v7: ?data=…)",
    routes: getRoutes,
    extra: fc.oneof(text, fc.dictionary(simpleName, text, { minKeys: 1, maxKeys: 2 })),
    check: (call, data) => expectEndpointError(withOptions(call, { data }), "ERR_INVALID_PARAMETER", ["data"]),
  }),
  deliberate({
    kind: "data on a .defaults() level and a call",
    decision: "data becomes the body unchanged: the call's replaces a level's, never merged (v7 merges them)",
    routes: bodyRoutes,
    extra: fc.dictionary(simpleName, text, { minKeys: 1, maxKeys: 2 }),
    check: (call, data) => {
      const callOnly = withOptions(call, { data });
      const both = { ...callOnly, defaults: [{ data: { zz_level: "x" } }, ...call.defaults] };
      return expectDecided(both, outcome(v7, callOnly));
    },
  }),
  deliberate({
    kind: "invalid input: EndpointError",
    decision:
      "Unknown method, extra route words, malformed template, bad header, a header value HTTP clients refuse, a baseUrl that is not an absolute http(s) url or has CR/LF or a query, a control character in a route or url: EndpointError (difference 2, 7)",
    routes,
    extra: fc.nat({ max: 13 }),
    check: (call, which) => {
      const space = call.route.indexOf(" ");
      const url = call.route.slice(space + 1);
      const cases: [Call, string][] = [
        [{ ...call, route: `FETCH ${url}` }, "ERR_INVALID_METHOD"],
        [{ ...call, route: `${call.route} extra`, objectForm: false }, "ERR_INVALID_ROUTE"],
        [{ ...call, route: `${call.route}{` }, "ERR_INVALID_TEMPLATE"],
        [withOptions(call, { headers: { "x bad": "1" } }), "ERR_INVALID_HEADER"],
        [withOptions(call, { headers: { "x-note": "a\r\nx-injected: 1" } }), "ERR_INVALID_HEADER"],
        [withOptions(call, { headers: { "x-note": "a\0" } }), "ERR_INVALID_HEADER"],
        [withOptions(call, { baseUrl: "https://ghe.example.com\r\nx: 1/api/v3" }), "ERR_INVALID_PARAMETER"],
        [withOptions(call, { baseUrl: "https://ghe.example.com/api/v3?x=1" }), "ERR_INVALID_PARAMETER"],
        [withOptions(call, { baseUrl: "ghe.example.com/api/v3" }), "ERR_INVALID_PARAMETER"],
        [withOptions(call, { baseUrl: "https://" }), "ERR_INVALID_PARAMETER"],
        [withOptions(call, { headers: { "x-note": "a\x01" } }), "ERR_INVALID_HEADER"],
        [withOptions(call, { headers: { "x-note": "caf\u00e9" } }), "ERR_INVALID_HEADER"],
        [{ ...call, route: `${call.route.slice(0, space)}\t${url}`, objectForm: false }, "ERR_INVALID_ROUTE"],
        [{ ...call, route: `${call.route}\n` }, "ERR_INVALID_ROUTE"],
      ];
      const [input, code] = cases[which] as [Call, string];
      return expectEndpointError(input, code);
    },
  }),
];

describe("deliberate differences from v7 (docs/design.md), checked against the stated behaviour", () => {
  it.each(deliberateDifferences.map((entry, index) => [entry.kind, entry.decision, entry, index] as const))(
    "%s: %s",
    (kind, _, { routes: on, extra, check }, index) => {
      const arbitrary = fc.constantFrom(...on).chain((route) => fc.tuple(callFor(route), extra, fc.constant(route)));
      assertProperty(
        kind,
        arbitrary,
        ([call, value, route]) => {
          countDeliberate(kind, check(call, value, route));
        },
        FUZZ_RUNS > 0 ? FUZZ_RUNS : 40,
        10_000 + index,
      );
      const { checked = 0, v7Differs = 0 } = tally.deliberate.get(kind) ?? {};
      expect(checked).toBeGreaterThan(0);
      // Each kind is a real disagreement: v7 answers otherwise on most generated inputs.
      expect(v7Differs).toBeGreaterThan(0);
    },
    TIMEOUT,
  );
});
