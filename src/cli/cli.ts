// The endpoint-options command: a route and parameters in, request options (or a curl or fetch line) out.
// It never sends a request. Bad input prints the message to stderr and exits with status 2. The program
// itself (bin.ts) hands it the process's arguments, environment and streams.
import { readFileSync } from "node:fs";
import { isWordOrDash } from "../base/chars.js";
import { hideCredentials, oneLine, quote } from "../base/errors.js";
import { own, setOwn } from "../base/util.js";
import { fillsNoUrl, type NoUrlName } from "../core/option-names.js";
import { METHODS } from "../core/route.js";
import { checkBaseUrl, compileUrl, fillsUrl, hostNamesOf, missingParametersError, type PassHint } from "../core/url.js";
import {
  EndpointError,
  type EndpointOptions,
  endpoint,
  type RequestOptions,
  rest,
  toCurl,
  toFetch,
  withOperations,
} from "../index.js";
import { checkCall, editDistance, githubMap, type MapModule, readMapModule } from "./cli-check.js";
import { OPENAPI_HELP, openapiCommand } from "./cli-openapi.js";

const HELP = `Usage: endpoint-options [options] "<METHOD> <url>" [name=value | name:=json]...

Prints the request options for a route: method, url, headers and body. Sends nothing.

  endpoint-options "GET /repos/{owner}/{repo}/issues" owner=octokit repo=rest.js state=open
  endpoint-options "POST /repos/{owner}/{repo}/issues" owner=o repo=r title=Bug labels:='["bug"]' --output curl

Parameters:
  name=value            a string parameter (path placeholder, query or JSON body field)
  name:=json            a typed parameter, its value parsed as JSON: per_page:=100 draft:=true labels:='["bug"]'

Options:
  -H, --header "name: value"  add a header (repeatable); "name:" removes a default header, "name;" sends it empty
  --base-url <url>            the address a path url is joined to (default https://api.github.com)
  --format <format>           media type format for the accept header: raw, diff, patch, html, text+json…
  --preview <name>            an API preview for the accept header (repeatable)
  --data <text>               the raw request body instead of a JSON body built from parameters;
  --data @<file>              … read from a file (bytes as they are),
  --data -                    … or from standard input
  --token-env <NAME>          send "authorization: token <value of $NAME>"; an error if $NAME is unset or empty
  --map <module>              check and send the call by a module written by \`endpoint-options openapi\`
                              (its routes, parameter names, baseUrl and how each operation is sent)
  --no-check                  send a route or parameter the map does not list (by default a route of
                              GitHub's map, or of --map, is checked: a misspelt one is an error)
  --output json|curl|fetch    json (default): the request options as JSON (a body that is not UTF-8 text is
                              printed as base64 with "bodyEncoding": "base64");
                              curl: one shell-safe curl command line;
                              fetch: a JavaScript module snippet that calls fetch(url, init)
  -h, --help                  show this help
  --version                   show the version

Calls are checked against GitHub's route map (unless --base-url names another API, or the route a url on
another host): "per_pgae: did you mean per_page?" is an error.

Exit status: 0 on success, 2 on bad input (the message goes to stderr).

endpoint-options openapi <document> writes the TypeScript route map of an OpenAPI document:
${OPENAPI_HELP.split("\n")[0]}
`;

/** Bad command line usage: an unknown option, a missing value. Reported like an EndpointError. */
class UsageError extends Error {}

interface Arguments {
  route?: string;
  parameters: [string, unknown][];
  headers: [string, string | null][];
  baseUrl?: string;
  format?: string;
  previews: string[];
  data?: string;
  tokenEnv?: string;
  map?: string;
  noCheck: boolean;
  output: "json" | "curl" | "fetch";
  help: boolean;
  version: boolean;
}

const OUTPUTS = ["json", "curl", "fetch"] as const;
/** The fix for each name that is never a parameter: every name of option-names.ts, and no other (checked). */
const RESERVED = {
  method: 'write the method in the route, e.g. "POST /user/repos"',
  url: 'write the url in the route, e.g. "GET /user"',
  baseUrl: "use --base-url",
  headers: 'use -H "name: value"',
  mediaType: "use --format and --preview",
  request: "request meta has no meaning on the command line",
  data: "use --data",
} as const satisfies Record<NoUrlName, string>;

/**
 * A name as a message's example shows it, ready to copy: itself when it is short and plain (word
 * characters, `-`, `.`), else the placeholder `name`, so a message never echoes a long or odd argument.
 */
function example(name: string): string {
  if (name === "" || name.length > 40) return "name";
  for (let i = 0; i < name.length; i++) {
    const code = name.charCodeAt(i);
    if (!isWordOrDash(code) && code !== 46 /* . */) return "name";
  }
  return name;
}

function parseParameter(argument: string): [string, unknown] {
  const equals = argument.indexOf("=");
  if (equals === -1) {
    throw new EndpointError(
      "ERR_INVALID_PARAMETER",
      `parameter ${quote(argument)} has no value; write name=value, or name:=json for numbers, booleans, arrays and objects`,
    );
  }
  const typed = equals > 0 && argument.charCodeAt(equals - 1) === 58; /* : */
  const name = argument.slice(0, typed ? equals - 1 : equals);
  const text = argument.slice(equals + 1);
  if (name === "") {
    throw new EndpointError("ERR_INVALID_PARAMETER", `parameter ${quote(argument)} has no name; write name=value`);
  }
  if (fillsNoUrl(name)) {
    throw new EndpointError("ERR_INVALID_PARAMETER", `parameter ${quote(name)} is an option name; ${RESERVED[name]}`);
  }
  if (!typed) return [name, text];
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const shown = example(name);
    throw new EndpointError(
      "ERR_INVALID_PARAMETER",
      `parameter ${quote(name)} is not valid JSON after ":=" (${(error as Error).message}); quote text as name=value, or write JSON such as ${shown}:=100 or ${shown}:='["a"]'`,
    );
  }
  checkJsonText(name, text);
  return [name, value];
}

/** How deep `:=` JSON may nest: the output is printed recursively. */
const MAX_JSON_DEPTH = 1000;

/**
 * Checks a valid JSON text by scanning it (no recursion): it nests at most MAX_JSON_DEPTH deep, and no
 * number literal is one a JavaScript number cannot hold exactly, which would be sent as other digits
 * (12345678901234567890, 1e400, 0.1000000000000000000001). `1e20` is exact, though written short.
 */
function checkJsonText(name: string, json: string): void {
  let inString = false;
  let depth = 0;
  for (let i = 0; i < json.length; i++) {
    const code = json.charCodeAt(i);
    if (inString) {
      if (code === 92 /* \\ */) i++;
      else if (code === 34 /* " */) inString = false;
    } else if (code === 34) {
      inString = true;
    } else if (code === 91 /* [ */ || code === 123 /* { */) {
      if (++depth > MAX_JSON_DEPTH) {
        throw new EndpointError(
          "ERR_INVALID_PARAMETER",
          `parameter ${quote(name)} nests more than ${MAX_JSON_DEPTH} levels deep; pass flatter JSON`,
        );
      }
    } else if (code === 93 /* ] */ || code === 125 /* } */) {
      depth--;
    } else if (code === 45 /* - */ || (code >= 48 && code <= 57)) {
      let end = i + 1;
      while (end < json.length && "0123456789.eE+-".includes(json.charAt(end))) end++;
      const literal = json.slice(i, end);
      if (decimalOf(literal) !== decimalOf(String(Number(literal)))) {
        throw new EndpointError(
          "ERR_INVALID_PARAMETER",
          `parameter ${quote(name)} holds the number ${quote(literal).slice(1, -1)}, which ${Number.isFinite(Number(literal)) ? `would be sent as ${Number(literal)}` : "a JavaScript number cannot hold (Infinity, and null in a JSON body)"}; pass it as text with ${example(name)}=…, or as a string inside the JSON`,
        );
      }
      i = end - 1;
    }
  }
}

/** A number's decimal value as "sign digits e exponent", digits without leading or trailing zeros. */
function decimalOf(number: string): string {
  if (number === "Infinity" || number === "-Infinity") return number;
  const negative = number.startsWith("-");
  const [mantissa = "", exponent = "0"] = (negative ? number.slice(1) : number).toLowerCase().split("e");
  const [whole = "", fraction = ""] = mantissa.split(".");
  const digits = whole + fraction;
  let first = 0;
  while (first < digits.length && digits.charCodeAt(first) === 48) first++;
  let end = digits.length;
  while (end > first && digits.charCodeAt(end - 1) === 48) end--;
  if (first === end) return "0";
  return `${negative ? "-" : ""}${digits.slice(first, end)}e${Number(exponent) + whole.length - first}`;
}

function parseHeader(argument: string): [string, string | null] {
  const colon = argument.indexOf(":");
  const semicolon = argument.indexOf(";");
  // curl's conventions: "name;" sends an empty header, "name:" with no value removes one.
  if (colon === -1 && semicolon > 0 && semicolon === argument.length - 1) return [argument.slice(0, -1), ""];
  if (colon <= 0) {
    throw new EndpointError(
      "ERR_INVALID_HEADER",
      `header ${quote(argument)} has no "name:" part; write -H "name: value"`,
    );
  }
  const value = argument.slice(colon + 1).trim();
  return [argument.slice(0, colon).trim(), value === "" ? null : value];
}

/** The route argument: a parameter there means the route was forgotten, and would be read as a url. */
function checkedRoute(argument: string): string {
  if (argument.includes("=") && !argument.includes("/")) {
    throw new UsageError(
      `the first argument is the route, e.g. "GET /user", but ${quote(argument)} looks like a parameter; put the route first`,
    );
  }
  return argument;
}

/**
 * The second positional argument after a route that is only a method: `endpoint-options GET /user`, the
 * route left unquoted, which would otherwise read "/user" as a parameter without a value.
 */
function checkSplitRoute(route: string, argument: string): void {
  const isMethod = /^[A-Za-z]+$/.test(route) && (METHODS as readonly string[]).includes(route.toUpperCase());
  const isUrl = !argument.includes("=") || argument.startsWith("/") || /^https?:/i.test(argument);
  if (isMethod && isUrl) {
    throw new UsageError(`the route is two arguments; quote the route: ${quote(`${route} ${argument}`)}`);
  }
}

/** The long flags, for the suggestion after an unknown one. */
const LONG_FLAGS = [
  "--help",
  "--version",
  "--header",
  "--base-url",
  "--format",
  "--preview",
  "--data",
  "--token-env",
  "--map",
  "--no-check",
  "--output",
] as const;

/**
 * The long flag an unknown one most likely meant: the only one that starts with it (3 letters or more:
 * `--out`), else the nearest within 2 edits and a third of its length (`--ouput`, `--base_url`, `--head`,
 * `--preveiw`); none when nothing is that close (`--bogus`, `--he`).
 */
function nearestFlag(name: string): string | undefined {
  if (!name.startsWith("--")) return undefined;
  const typed = name.slice(2).toLowerCase();
  const started = LONG_FLAGS.filter((flag) => typed.length >= 3 && flag.startsWith(typed, 2));
  if (started.length === 1) return started[0];
  let nearest: string | undefined;
  let nearestDistance = Number.POSITIVE_INFINITY;
  for (const flag of LONG_FLAGS) {
    const known = flag.slice(2);
    const limit = Math.min(2, Math.floor(known.length / 3));
    // The distance is at least the difference in length: a long argument is never compared.
    if (Math.abs(known.length - typed.length) > limit) continue;
    const distance = editDistance(typed, known);
    if (distance <= limit && distance < nearestDistance) {
      nearest = flag;
      nearestDistance = distance;
    }
  }
  return nearest;
}

function parseArguments(argv: readonly string[]): Arguments {
  const args: Arguments = {
    parameters: [],
    headers: [],
    previews: [],
    output: "json",
    help: false,
    version: false,
    noCheck: false,
  };
  let onlyPositionals = false;
  for (let i = 0; i < argv.length; i++) {
    const argument = argv[i] as string;
    if (onlyPositionals || !argument.startsWith("-") || argument === "-") {
      if (args.route === undefined) args.route = checkedRoute(argument);
      else {
        if (args.parameters.length === 0) checkSplitRoute(args.route, argument);
        args.parameters.push(parseParameter(argument));
      }
      continue;
    }
    if (argument === "--") {
      onlyPositionals = true;
      continue;
    }
    let name = argument;
    let inline: string | undefined;
    if (argument.startsWith("--")) {
      const equals = argument.indexOf("=");
      if (equals !== -1) {
        name = argument.slice(0, equals);
        inline = argument.slice(equals + 1);
      }
    } else if (argument.length > 2) {
      name = argument.slice(0, 2);
      inline = argument.slice(2);
    }
    const value = (): string => {
      if (inline !== undefined) return inline;
      const next = argv[i + 1];
      if (next === undefined) throw new UsageError(`option ${name} needs a value; run endpoint-options --help`);
      i++;
      return next;
    };
    switch (name) {
      case "-h":
      case "--help":
        args.help = true;
        break;
      case "--version":
        args.version = true;
        break;
      case "-H":
      case "--header":
        args.headers.push(parseHeader(value()));
        break;
      case "--base-url":
        args.baseUrl = value();
        break;
      case "--format":
        args.format = value();
        break;
      case "--preview":
        args.previews.push(value());
        break;
      case "--data":
        args.data = value();
        break;
      case "--token-env":
        args.tokenEnv = value();
        break;
      case "--map":
        args.map = value();
        break;
      case "--no-check":
        args.noCheck = true;
        break;
      case "--output": {
        const output = value();
        if (!(OUTPUTS as readonly string[]).includes(output)) {
          throw new UsageError(`--output ${quote(output)} is not one of ${OUTPUTS.join(", ")}`);
        }
        args.output = output as Arguments["output"];
        break;
      }
      default: {
        const nearest = nearestFlag(name);
        throw new UsageError(
          `unknown option ${quote(name)}; ${nearest === undefined ? "" : `did you mean ${nearest}? `}run endpoint-options --help`,
        );
      }
    }
    if ((name === "-h" || name === "--help" || name === "--version" || name === "--no-check") && inline !== undefined) {
      throw new UsageError(`option ${name} takes no value`);
    }
  }
  return args;
}

/**
 * A url variable as a message's fix writes it, `name=…`: as it is when short and plain, else quoted. (A
 * variable name holds only letters, digits, `_`, `-`, `.` and `%XX`: quoted or not, a shell keeps it.)
 */
function assignment(name: string): string {
  return `${example(name) === name ? name : quote(name)}=…`;
}

/** The fix for missing parameters as a command line writes it: `add owner=… repo=…`. */
const addArguments: PassHint = (names, more) => `add ${[...names.map(assignment), ...(more ? ["…"] : [])].join(" ")}`;

/**
 * The library's error with its fix for JavaScript callers (from `jsFix` to the end of the message) written
 * for the command line instead; any other error as it is. For the few messages the CLI cannot check first
 * without writing the library's rule again; test/cli.test.ts runs each.
 */
function withCliFix(error: unknown, jsFix: string, cliFix: string): unknown {
  if (!(error instanceof EndpointError)) return error;
  const at = error.message.lastIndexOf(jsFix);
  if (at === -1) return error;
  return new EndpointError(error.code, error.message.slice(0, at) + cliFix);
}

/** Reads `--data`: text as it is, `@file` or `-` (stdin) as bytes, decoded when they are UTF-8 text. */
function readData(data: string, readInput: () => Uint8Array): string | Uint8Array {
  if (data !== "-" && !data.startsWith("@")) return data;
  let bytes: Uint8Array;
  try {
    bytes = data === "-" ? readInput() : readFileSync(data.slice(1));
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new EndpointError(
      "ERR_INVALID_PARAMETER",
      `cannot read --data ${data === "-" ? "from standard input" : `file ${quote(data.slice(1))}`} (${reason})`,
    );
  }
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
}

function base64(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function bytesOf(body: unknown): Uint8Array | undefined {
  if (body instanceof Uint8Array) return body;
  if (body instanceof ArrayBuffer) return new Uint8Array(body);
  return undefined;
}

function printJson(options: RequestOptions): string {
  const bytes = bytesOf(options.body);
  const shown = bytes === undefined ? options : { ...options, body: base64(bytes), bodyEncoding: "base64" };
  return `${JSON.stringify(shown, null, 2)}\n`;
}

/** A JavaScript module that sends the request with fetch: `node --input-type=module < snippet.mjs`. */
function printFetch(options: RequestOptions): string {
  const [url, init] = toFetch(options);
  const { body, ...rest } = init;
  let lines = JSON.stringify(rest, null, 2);
  const bytes = bytesOf(body);
  if (body !== undefined) {
    let literal: string;
    if (bytes === undefined) literal = JSON.stringify(body);
    else {
      let text: string | undefined;
      try {
        text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
      } catch {
        text = undefined;
      }
      literal =
        text === undefined
          ? `Uint8Array.from(atob(${JSON.stringify(base64(bytes))}), (c) => c.charCodeAt(0))`
          : `new TextEncoder().encode(${JSON.stringify(text)})`;
    }
    lines = `${lines.slice(0, -2)},\n  "body": ${literal}\n}`;
  }
  return `const response = await fetch(${JSON.stringify(url)}, ${lines});\nconsole.log(response.status, await response.text());\n`;
}

/** Runs the command: returns the exit status, writing output and errors through the given functions. */
/** The request options as --output asks. */
function printed(output: Arguments["output"], requestOptions: RequestOptions): string {
  if (output === "curl") return `${toCurl(requestOptions)}\n`;
  if (output === "json") return printJson(requestOptions);
  try {
    return printFetch(requestOptions);
  } catch (error) {
    // A header fetch refuses (expect, keep-alive, upgrade): curl sends it.
    throw withCliFix(error, "or send with toNodeRequest()", "or print a curl command with --output curl");
  }
}

/** The module --map names, read (never run). */
function readMap(file: string): MapModule {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new UsageError(
      `--map ${quote(file)} cannot be read (${(error as NodeJS.ErrnoException).code ?? "error"}); pass the path of a module written by endpoint-options openapi`,
    );
  }
  return readMapModule(text, file);
}

const GITHUB_API = "https://api.github.com";

/**
 * Whether a call is GitHub's: no --base-url, or one of GitHub's (api.github.com, a GitHub Enterprise Server's
 * `/api/v3`), and a route that is a path or a url on api.github.com.
 */
function checksGitHub(route: string, baseUrl: string | undefined): boolean {
  if (baseUrl !== undefined) {
    let end = baseUrl.length;
    while (end > 0 && baseUrl.charCodeAt(end - 1) === 47 /* / */) end--;
    const trimmed = baseUrl.slice(0, end);
    if (trimmed.toLowerCase() !== GITHUB_API && !trimmed.toLowerCase().endsWith("/api/v3")) return false;
  }
  const url = route.slice(route.indexOf(" ") + 1);
  return url.startsWith("/") || url.toLowerCase().startsWith(`${GITHUB_API}/`);
}

/** A route with a url on api.github.com as its path, the form GitHub's map keys it in. */
function githubRoute(route: string): string {
  const space = route.indexOf(" ");
  const url = route.slice(space + 1);
  return url.toLowerCase().startsWith(`${GITHUB_API}/`)
    ? `${route.slice(0, space + 1)}${url.slice(GITHUB_API.length)}`
    : route;
}

function main(argv: readonly string[], io: CommandIo): number {
  try {
    const args = parseArguments(argv);
    if (args.help) {
      io.stdout(HELP);
      return 0;
    }
    if (args.version) {
      io.stdout(`${__VERSION__}\n`);
      return 0;
    }
    if (args.route === undefined) {
      io.stderr(HELP);
      return 2;
    }
    const headers: [string, string | null][] = [...args.headers];
    if (args.tokenEnv !== undefined) {
      // The environment's own variables only: process.env inherits toString, constructor and __proto__.
      const token = Object.hasOwn(io.env, args.tokenEnv) ? io.env[args.tokenEnv] : undefined;
      if (typeof token !== "string" || token === "") {
        throw new EndpointError(
          "ERR_INVALID_HEADER",
          `--token-env: the environment variable ${quote(args.tokenEnv)} is not set or empty; export it, e.g. ${example(args.tokenEnv)}=$(gh auth token)`,
        );
      }
      headers.push(["authorization", `token ${token}`]);
    }
    const options: Record<string, unknown> = { headers };
    if (args.baseUrl !== undefined) {
      try {
        options.baseUrl = checkBaseUrl(args.baseUrl, "--base-url");
      } catch (error) {
        throw withCliFix(error, 'e.g. headers: { authorization: "Basic …" }', 'e.g. -H "authorization: Basic …"');
      }
    }
    if (args.format !== undefined || args.previews.length > 0) {
      options.mediaType = { format: args.format, previews: args.previews };
    }
    for (const [name, value] of args.parameters) {
      if (Object.hasOwn(options, name)) {
        throw new EndpointError(
          "ERR_INVALID_PARAMETER",
          `parameter ${quote(name)} is given twice; give it once (a list is ${example(name)}:='["a","b"]')`,
        );
      }
      setOwn(options, name, value);
    }
    const module = args.map === undefined ? undefined : readMap(args.map);
    const checked = module?.map ?? (checksGitHub(args.route, args.baseUrl) ? githubMap() : undefined);
    if (checked !== undefined && !args.noCheck) {
      checkCall(
        checked,
        githubRoute(args.route),
        args.parameters.map(([name]) => name),
      );
    }
    if (module !== undefined) {
      // The module's endpoint, as its own code builds it: rest at its baseUrl, sending by its table.
      if (args.data !== undefined) options.data = readData(args.data, io.readInput);
      const send = withOperations(
        rest.defaults(module.baseUrl === undefined ? {} : { baseUrl: module.baseUrl }),
        module.table,
      );
      io.stdout(
        printed(
          args.output,
          (send as (route: string, options: EndpointOptions) => RequestOptions)(args.route, options),
        ),
      );
      return 0;
    }
    const { method, url = "" } = endpoint.merge(args.route);
    const compiled = compileUrl(url);
    if (args.data !== undefined) {
      if (method === "GET" || method === "HEAD" || method === "OPTIONS") {
        throw new EndpointError(
          "ERR_INVALID_PARAMETER",
          `--data is a request body, and ${method} requests have none; write the method in the route, e.g. "POST /markdown/raw"`,
        );
      }
      // The library ignores leftover parameters beside a body of its own; on a command line that is a mistake.
      for (const [name] of args.parameters) {
        if (fillsUrl(compiled, name)) continue;
        throw new EndpointError(
          "ERR_INVALID_PARAMETER",
          `parameter ${quote(name)} would be dropped: --data is the whole body, and the url does not name it; add it to the url's query, e.g. {?${example(name)}}`,
        );
      }
    }
    // Every required url parameter the command line leaves out, named as the library names them, with the fix
    // written as arguments.
    const given: Record<string, unknown> = {};
    for (const [name, value] of args.parameters) setOwn(given, name, value);
    const missing = missingParametersError(compiled, (name) => own(given, name), `${method} ${url}`, addArguments);
    if (missing !== undefined) throw missing;
    if (args.data !== undefined) options.data = readData(args.data, io.readInput);
    let requestOptions: RequestOptions;
    try {
      requestOptions = (endpoint as (route: string, options: EndpointOptions) => RequestOptions)(args.route, options);
    } catch (error) {
      // Missing parameters were named above: what remains of ERR_MISSING_PARAMETER is a url the values
      // leave without a host (`https://{host}/x` with host=), whose fix the library writes `pass { host: … }`.
      const names = hostNamesOf(compiled).map(assignment).join(" or ");
      throw names === ""
        ? error
        : withCliFix(error, "without a host; pass {", `without a host; give ${names} a host name`);
    }
    io.stdout(printed(args.output, requestOptions));
    return 0;
  } catch (error) {
    // Whole messages: some quote input the library did not (JSON.parse's), and none may show credentials.
    if (error instanceof EndpointError) {
      io.stderr(`endpoint-options: ${oneLine(hideCredentials(error.message))} (${error.code})\n`);
      return 2;
    }
    if (error instanceof UsageError) {
      io.stderr(`endpoint-options: ${oneLine(hideCredentials(error.message))}\n`);
      return 2;
    }
    throw error;
  }
}

/** What the command reads and writes: the process's environment and streams, or a test's. */
export interface CommandIo {
  env: Readonly<Record<string, string | undefined>>;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Standard input, whole: what `--data -` sends. */
  readInput: () => Uint8Array;
}

/** Runs the command with its arguments (the process's after `node cli.js`); resolves with the exit status. */
export async function runCommand(argv: readonly string[], io: CommandIo): Promise<number> {
  // `openapi` is a command of its own; a route is a url or "<METHOD> <url>", never that one word.
  return argv[0] === "openapi" ? openapiCommand(argv.slice(1), io) : main(argv, io);
}
