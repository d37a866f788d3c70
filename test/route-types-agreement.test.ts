// The types read a literal route as the runtime does (docs/typed-routes.md, "Inference rules"): checked on
// generated routes (fast-check, seeded: see helpers/fuzz.ts). For each route the runtime's reading is taken from
// what `endpoint()` does: its method, and which url variables it refuses to leave out (ERR_MISSING_PARAMETER when
// that one alone is missing). The types' reading, for every route at once, is asserted in ONE program compiled
// with TypeScript's API: each assertion that fails is a diagnostic on its route's line.
import path from "node:path";
import fc from "fast-check";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { compileUrl } from "../src/core/url.js";
import { EndpointError, endpoint } from "../src/index.js";
import { ROOT } from "./helpers/built-package.js";
import { fuzz, TIMEOUT } from "./helpers/fuzz.js";

type Loose = (route: string, options?: Record<string, unknown>) => { method: string; url: string };
const loose = endpoint as unknown as Loose;

// ---- Generation ---------------------------------------------------------------------------------------------

/**
 * Url variable names: plain, with `-`, `.` and `%XX` (RFC 6570 varname), one like a method. Never an option's
 * name (`url`, `baseUrl`, `data`…): docs/typed-routes.md, "Not in the types", lists a placeholder named after an
 * option as a mistake only the runtime reports.
 */
const varName = fc.constantFrom("a", "b", "owner", "repo_id", "team-slug", "x.y", "%41b", "_p", "v1", "Get");
/** `:name` words: a letter or `_`, then word characters (never `-`: `:a-b` is `:a` then "-b"). */
const colonName = fc.constantFrom("a", "b", "owner", "repo_id", "_p", "v1", "X");

const modifier = fc.constantFrom("", "", "", "*", ":3");
const varSpec = fc.tuple(varName, modifier).map(([name, mod]) => `${name}${mod}`);
const varList = (max: number) => fc.array(varSpec, { minLength: 1, maxLength: max }).map((specs) => specs.join(","));
const operator = fc.constantFrom("+", "#", ".", "/", ";", "?", "&");

const simpleExpression = varList(2).map((list) => `{${list}}`);
const operatorExpression = fc.tuple(operator, varList(2)).map(([op, list]) => `{${op}${list}}`);
const literalWord = fc.constantFrom("repos", "v1", "a.b", "x%20y", "~u", "issues", "-", "@me", "a;b", "x=1");

/** Text where a `:` is subtle: after digits, doubled, before a digit, ending a segment. */
const colonText = fc.oneof(
  colonName.map((name) => `:${name}`),
  fc.tuple(colonName, fc.constantFrom(".json", "-x", "", "{.fmt}", "%20")).map(([name, tail]) => `:${name}${tail}`),
  fc.constantFrom(
    "v:1",
    "x:80",
    "::a",
    "a:",
    ":",
    ":-a",
    ":1x",
    "p:{b}",
    "a:_b",
    "%3Aa",
    ":_",
    "{a}:b",
    ":a:b",
    ":a{b}",
  ),
);

/** One path segment: pieces run together. */
const segment = fc
  .array(fc.oneof({ weight: 3, arbitrary: literalWord }, simpleExpression, operatorExpression, colonText), {
    minLength: 1,
    maxLength: 3,
  })
  .map((pieces) => pieces.join(""));

const pathPart = fc.array(segment, { minLength: 0, maxLength: 4 }).map((segments) => `/${segments.join("/")}`);

/** A query and fragment: literal text (with colons, which are no placeholders there), expressions or both. */
const queryPart = fc.oneof(
  { weight: 3, arbitrary: fc.constant("") },
  fc.constantFrom("?q=:a", "?a=1&b=:owner", "?x={b}", "?q=repo::x", "?t=v:1"),
  fc.tuple(fc.constantFrom("?", "?a=1"), fc.oneof(operatorExpression, simpleExpression)).map(([a, b]) => a + b),
  varList(2).map((list) => `{?${list}}`),
  fc.tuple(varList(1), varList(1)).map(([a, b]) => `{?${a}}{&${b}}`),
);
const fragmentPart = fc.oneof(
  { weight: 4, arbitrary: fc.constant("") },
  fc.constantFrom("#top", "#:a", "#x{b}", "{#f}", "#s:owner"),
);

const scheme = fc.constantFrom("https", "http", "https", "HTTPS", "Http", "http{s}", "ftp", "h2c", "x-y.z");
const userinfo = fc.constantFrom("", "", "", "user@", "user:pass@", "{user}@", "{user}:{pass}@", "u:p:x@", "a@b@");
const host = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom("api.example.com", "localhost", "127.0.0.1") },
  fc.constantFrom(
    "{host}",
    "{+host}",
    "{tenant}.example.com",
    "{a}.{b}",
    "{host:3}",
    "{a,b}",
    "{&x}",
    "api{.tld}",
    "{+a}{+b}",
    "{team-slug}.x",
    "{x.y}.z",
    "h{a}",
    "{+a}.example.com",
    "{a}{+b}",
    "{.x}",
    "{;x}",
    "{a}:{b}",
    "[::1]",
    "[{ip}]",
    "{a}@{b}",
    "h:8080:a",
  ),
);
const port = fc.constantFrom("", "", "", ":8080", ":{port}", ":80{p}", ":{+port}", ":443", ":80:a", ":{p:2}");

/**
 * A full url. Left out, as docs/typed-routes.md ("Not in the types") says the types do not read them: a host the
 * url can never write (`https://{#h}/x`, `https://{?q}/x`; refused at run time whatever the values, except when
 * `http{s}` is given a value that is no http scheme), and a `{&x}` host beside an `@` or a port
 * (`https://a@{&x}/y`), which the runtime requires only because `x` alone can write that host.
 */
const fullUrl = fc
  .tuple(
    scheme,
    userinfo,
    host,
    port,
    // Named apart from the host's variables: a host that two expressions of one variable write
    // (`https://{;x}{&x}/`) is required by the runtime, and not read by the types (reported, not fixed).
    fc.constantFrom("", "", "", "", "{/y}", "{+p}", "{.d}", "{&y}", "{?q}", "{#f}"),
    fc.oneof({ weight: 4, arbitrary: pathPart }, fc.constant("")),
  )
  .filter(([, u, h, p]) => h !== "{&x}" || (u === "" && p === ""))
  .map(([s, u, h, p, after, rest]) => `${s}://${u}${h}${p}${after}${rest}`);

/** A path relative to the baseUrl: with its leading `/`, or without one (joined with one `/`). */
const relativeUrl = fc.oneof(
  { weight: 4, arbitrary: pathPart },
  pathPart.filter((p) => p.length > 1).map((p) => p.slice(1)),
);

/** Other shapes: no scheme's `://` (`urn:x:{a}`), a protocol-relative url, a value for a scheme. */
const otherUrl = fc
  .tuple(fc.constantFrom("urn:x:", "//{host}", "//h:80", "{scheme}://h", "mailto:"), pathPart)
  .map(([start, p]) => `${start}${p}`);

/** A url of one or two expressions and nothing else (`{+next}`): the values may leave it empty. */
const expressionsUrl = fc
  .array(fc.oneof(operatorExpression, simpleExpression), { minLength: 1, maxLength: 2 })
  .map((expressions) => expressions.join(""));

const url = fc
  .tuple(
    fc.oneof(
      { weight: 4, arbitrary: relativeUrl },
      { weight: 4, arbitrary: fullUrl },
      { weight: 1, arbitrary: otherUrl },
      { weight: 1, arbitrary: expressionsUrl },
    ),
    queryPart,
    fragmentPart,
  )
  .map(([base, query, fragment]) => `${base}${query}${fragment}`);

const method = fc.constantFrom("", "GET ", "POST ", "get ", "Delete ", "PATCH  ", "  put ", "HEAD ", "options ");

const route = fc.tuple(method, url, fc.constantFrom("", "", "", " ")).map(([m, u, end]) => `${m}${u}${end}`);

// ---- The runtime's reading ----------------------------------------------------------------------------------

interface RuntimeReading {
  readonly route: string;
  readonly method: string;
  /** The names the runtime refuses to leave out, each alone (ERR_MISSING_PARAMETER), sorted. */
  readonly required: readonly string[];
  /** Names whose absence fails for another reason (a url the values make invalid): not compared. */
  readonly unclear: readonly string[];
}

/** Variables of the url (`fillsUrl`'s list), or undefined when the url is refused as written. */
function variablesOf(url: string): string[] | undefined {
  try {
    return [...compileUrl(url).variableNames];
  } catch {
    return undefined;
  }
}

type Outcome = "ok" | "missing" | "other";

function outcome(routeText: string, parameters: Record<string, unknown>): Outcome {
  try {
    loose(routeText, parameters);
    return "ok";
  } catch (error) {
    if (error instanceof EndpointError && error.code === "ERR_MISSING_PARAMETER") return "missing";
    return "other";
  }
}

/**
 * What `endpoint()` makes of a route: undefined when it refuses the route with every variable given (there is
 * no reading to compare then). A variable is required when leaving it alone out is ERR_MISSING_PARAMETER.
 */
function runtimeReading(routeText: string): RuntimeReading | undefined {
  let merged: { method: string; url: string };
  try {
    merged = (endpoint.merge as unknown as (route: string) => { method: string; url: string })(routeText);
  } catch {
    return undefined;
  }
  const names = variablesOf(merged.url);
  if (names === undefined) return undefined;
  // Values that fill a host, a port and a path segment alike.
  const all = Object.fromEntries(names.map((name) => [name, "1"]));
  if (outcome(routeText, all) !== "ok") return undefined;
  const required: string[] = [];
  const unclear: string[] = [];
  for (const name of names) {
    const { [name]: _, ...rest } = all;
    const result = outcome(routeText, rest);
    if (result === "missing") required.push(name);
    else if (result === "other") unclear.push(name);
  }
  return { route: routeText, method: merged.method.toLowerCase(), required: required.sort(), unclear: unclear.sort() };
}

// ---- The types' reading, in one program ---------------------------------------------------------------------

const CHECK_FILE = path.join(ROOT, "test", "__route-types-agreement__.ts");

const union = (names: readonly string[]): string =>
  names.length === 0 ? "never" : names.map((name) => JSON.stringify(name)).join(" | ");

/**
 * The program's text: per route, two lines (names, then method), each an assertion and a type to print; and
 * how many lines come before the first route's.
 */
function programText(readings: readonly RuntimeReading[]): { text: string; header: number } {
  const lines = [
    `import type { RouteExpected, RouteMethod } from "../src/types/route-types.js";`,
    "type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;",
    // The parameters a call must pass: what `endpoint(route, options)` requires of a default endpoint.
    "type Names<R extends string> = keyof RouteExpected<R, never, 'get', {}>['parameters'] & string;",
  ];
  const header = lines.length;
  readings.forEach((reading, i) => {
    const r = JSON.stringify(reading.route);
    lines.push(
      `type N${i} = Exclude<Names<${r}>, ${union(reading.unclear)}>; export const n${i}: Equal<N${i}, ${union(reading.required)}> = true;`,
      `type M${i} = RouteMethod<${r}>; export const m${i}: Equal<M${i}, ${JSON.stringify(reading.method)}> = true;`,
    );
  });
  return { text: `${lines.join("\n")}\n`, header };
}

interface Disagreement {
  readonly route: string;
  readonly what: "names" | "method";
  readonly runtime: string;
  readonly types: string;
}

function typeReadings(readings: readonly RuntimeReading[]): { disagreements: Disagreement[]; other: string[] } {
  const { text, header } = programText(readings);
  const options: ts.CompilerOptions = {
    strict: true,
    exactOptionalPropertyTypes: true,
    noUncheckedIndexedAccess: true,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    lib: ["lib.es2022.d.ts", "lib.dom.d.ts"],
    types: ["node"],
    typeRoots: [path.join(ROOT, "node_modules", "@types")],
    noEmit: true,
    skipLibCheck: true,
  };
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  const readFile = host.readFile.bind(host);
  host.fileExists = (name) => name === CHECK_FILE || fileExists(name);
  host.readFile = (name) => (name === CHECK_FILE ? text : readFile(name));
  host.getSourceFile = (name, language, onError) =>
    name === CHECK_FILE ? ts.createSourceFile(name, text, language) : getSourceFile(name, language, onError);
  const program = ts.createProgram([path.join(ROOT, "src", "globals.d.ts"), CHECK_FILE], options, host);
  const file = program.getSourceFile(CHECK_FILE) as ts.SourceFile;
  const checker = program.getTypeChecker();
  const printed = new Map<string, string>();
  for (const statement of file.statements) {
    if (ts.isTypeAliasDeclaration(statement) && /^[NM]\d+$/.test(statement.name.text)) {
      const type = checker.getTypeAtLocation(statement.name);
      printed.set(statement.name.text, readingOf(checker, type));
    }
  }
  const disagreements: Disagreement[] = [];
  const other: string[] = [];
  for (const diagnostic of [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)]) {
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, " ");
    const line = file.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line;
    const index = Math.floor((line - header) / 2);
    const reading = readings[index];
    if (line < header || reading === undefined) {
      other.push(`line ${line + 1}: ${message}`);
      continue;
    }
    const what = (line - header) % 2 === 0 ? "names" : "method";
    disagreements.push({
      route: reading.route,
      what,
      runtime: what === "names" ? union(reading.required) : JSON.stringify(reading.method),
      types: printed.get(`${what === "names" ? "N" : "M"}${index}`) ?? message,
    });
  }
  return { disagreements, other };
}

/** A union of string literals as a sorted list (`"a" | "b"`), any other type as TypeScript prints it. */
function readingOf(checker: ts.TypeChecker, type: ts.Type): string {
  if (type.flags & ts.TypeFlags.Never) return "never";
  const members = type.isUnion() ? type.types : [type];
  if (members.every((member) => member.isStringLiteral())) {
    return members
      .map((member) => JSON.stringify((member as ts.StringLiteralType).value))
      .sort()
      .join(" | ");
  }
  return checker.typeToString(type);
}

// ---- The property -------------------------------------------------------------------------------------------

describe("the types read a route as the runtime does", () => {
  it(
    "required parameters and method agree on generated routes (one program)",
    () => {
      const routes = [...new Set(fc.sample(route, fuzz(400, 71)))];
      const readings = routes.map(runtimeReading).filter((reading) => reading !== undefined);
      // Most routes are accepted as written: the comparison is about them.
      expect(readings.length).toBeGreaterThan(routes.length / 2);
      const { disagreements, other } = typeReadings(readings);
      expect(other).toEqual([]);
      const report = disagreements.map(
        ({ route: r, what, runtime, types }) => `${JSON.stringify(r)} ${what}: runtime ${runtime}, types ${types}`,
      );
      const required = readings.filter((reading) => reading.required.length > 0).length;
      const unclear = readings.filter((reading) => reading.unclear.length > 0).length;
      console.log(
        `route-types agreement: ${routes.length} routes, ${readings.length} accepted (${required} requiring a parameter, ${unclear} with a name whose absence fails otherwise), ${disagreements.length} disagreements`,
      );
      expect(report).toEqual([]);
    },
    TIMEOUT,
  );
});
