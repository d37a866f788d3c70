// `endpoint-options openapi`: writes the TypeScript route map of an OpenAPI 3.0 or 3.1 document (JSON or
// YAML). YAML is read by the `yaml` package, an optional peer dependency loaded only here.
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { oneLine } from "../base/errors.js";
import { checkBaseUrl } from "../core/url.js";
import { generateRouteMap, OpenApiError, type RouteMap, type RouteMapOptions } from "../openapi/openapi.js";

export const OPENAPI_HELP = `Usage: endpoint-options openapi <document.json|.yaml|.yml> [--out <file.ts>] [--name <Name>] [--base-url <url>]

Writes the TypeScript route map of an OpenAPI 3.0 or 3.1 document: an interface from route keys
("GET /pets/{petId}") to parameter types, and a strict endpoint typed by it, made from rest.

  endpoint-options openapi petstore.yaml --out src/petstore.ts --name Petstore

Options:
  -o, --out <file.ts>   write the module there (replaced only once generation succeeds); default: stdout
  --name <Name>         the API's name, PascalCase: the interface is <Name>Routes, the endpoint <name>
                        (default: from the document's info.title)
  --base-url <url>      the endpoint's baseUrl (default: the document's first server, when absolute)
  --github              endpoint-options/github's own form (for this package's maintainers)
  -h, --help            show this help

Reads local $refs (#/…) only: bundle a document split over several files first (npx @redocly/cli bundle).
YAML needs the yaml package (npm install --save-dev yaml). Exit status: 0 on success, 2 on a bad document
or bad arguments (the message, with a JSON pointer to the place, goes to stderr).
`;

interface Io {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

class Usage extends Error {}

/** Runs `endpoint-options openapi …`: resolves with the exit status. */
export async function openapiCommand(argv: readonly string[], io: Io): Promise<number> {
  let file: string | undefined;
  try {
    const args = parse(argv);
    if (args.help) {
      io.stdout(OPENAPI_HELP);
      return 0;
    }
    file = args.file;
    if (args.baseUrl !== undefined) {
      try {
        checkBaseUrl(args.baseUrl, "--base-url");
      } catch (error) {
        throw new Usage((error as Error).message);
      }
    }
    const started = performance.now();
    const { document, size } = await read(args.file);
    const map = generate(document, {
      name: args.name,
      baseUrl: args.baseUrl,
      source: basename(args.file),
      github: args.github,
      documentSize: size,
    });
    if (args.out === undefined) io.stdout(map.source);
    else {
      writeWhole(args.out, map.source);
      const notes =
        map.notes.length === 0 ? "" : `; ${map.notes.length} notes on how to send parameters, in its doc comments`;
      io.stderr(`wrote ${args.out}: ${map.routes} routes in ${Math.round(performance.now() - started)} ms${notes}\n`);
    }
    return 0;
  } catch (error) {
    if (error instanceof OpenApiError) {
      io.stderr(
        `endpoint-options openapi: ${oneLine(`${file ?? ""}#${shortPointer(error.pointer)}: ${error.message}`)}\n`,
      );
      return 2;
    }
    if (error instanceof Usage) {
      io.stderr(`endpoint-options openapi: ${oneLine(error.message)}\n`);
      return 2;
    }
    throw error;
  }
}

/**
 * The route map, or an OpenApiError: a RangeError (a string or stack beyond the engine's limits) is a
 * document too large to generate from, never a crash.
 */
function generate(document: unknown, options: RouteMapOptions): RouteMap {
  try {
    return generateRouteMap(document, options);
  } catch (error) {
    if (error instanceof RangeError) {
      throw new OpenApiError("", `the document is too large or too deeply nested to generate from (${error.message})`);
    }
    throw error;
  }
}

/** A JSON pointer for a message: the first and last 100 characters of a longer one. */
function shortPointer(pointer: string): string {
  return pointer.length <= 240 ? pointer : `${pointer.slice(0, 100)}…${pointer.slice(-100)}`;
}

/**
 * Writes `text` to `file`, replacing it only by a whole file: written into a fresh directory beside it (the
 * same file system; `mkdtemp` makes it with a name no one can guess, and `wx` creates the file there, so a
 * planted symlink is never followed), then renamed over it. The directory is removed whatever happens.
 */
function writeWhole(file: string, text: string): void {
  let directory: string | undefined;
  try {
    mkdirSync(dirname(file), { recursive: true });
    directory = mkdtempSync(join(dirname(file), `.${basename(file)}.`));
    const temporary = join(directory, basename(file));
    writeFileSync(temporary, text, { flag: "wx" });
    renameSync(temporary, file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new Usage(`cannot write ${file}: ${code}; give --out a file path, e.g. src/api.ts`);
  } finally {
    if (directory !== undefined) rmSync(directory, { recursive: true, force: true });
  }
}

interface Arguments {
  file: string;
  out?: string | undefined;
  name?: string | undefined;
  baseUrl?: string | undefined;
  github: boolean;
  help: boolean;
}

function parse(argv: readonly string[]): Arguments {
  const files: string[] = [];
  const args: Partial<Arguments> & { github: boolean; help: boolean } = { github: false, help: false };
  for (let i = 0; i < argv.length; i++) {
    const argument = argv[i] as string;
    const [flag, inline] = argument.startsWith("--") && argument.includes("=") ? argument.split(/=(.*)/s) : [argument];
    const value = (): string => {
      const next = inline ?? argv[++i];
      if (next === undefined || next === "") throw new Usage(`${flag} needs a value; see --help`);
      return next;
    };
    if (flag === "-h" || flag === "--help") args.help = true;
    else if (flag === "-o" || flag === "--out") args.out = value();
    else if (flag === "--name") args.name = value();
    else if (flag === "--base-url") args.baseUrl = value();
    else if (flag === "--github") args.github = true;
    else if (flag?.startsWith("-") && flag !== "-") throw new Usage(`unknown option ${flag}; see --help`);
    else files.push(argument);
  }
  if (args.help) return { ...args, file: "" };
  if (files.length !== 1) {
    throw new Usage(
      files.length === 0
        ? "give the OpenAPI document to read, e.g. endpoint-options openapi petstore.yaml --out src/petstore.ts"
        : `give one document, not ${files.length}: ${files.join(", ")}`,
    );
  }
  return { ...args, file: files[0] as string };
}

/** YAML nested deeper than this is refused before it is parsed: the yaml package recurses once per level. */
const MAX_YAML_DEPTH = 256;

/** The document, parsed as JSON (a .json file, or text starting with `{`) or YAML, and its size. */
async function read(file: string): Promise<{ document: unknown; size: number }> {
  let text: string;
  try {
    // A byte order mark is no part of the document.
    text = readFileSync(file, "utf8").replace(/^\uFEFF/, "");
  } catch (error) {
    throw new Usage(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  const size = text.length;
  if (file.endsWith(".json") || text.trimStart().startsWith("{")) {
    try {
      return { document: JSON.parse(text), size };
    } catch (error) {
      throw new OpenApiError("", `the file is not valid JSON: ${(error as Error).message}`);
    }
  }
  let yaml: typeof import("yaml");
  try {
    yaml = await import("yaml");
  } catch {
    throw new Usage(
      `reading YAML (${file}) needs the yaml package: npm install --save-dev yaml (JSON documents need nothing)`,
    );
  }
  // The yaml package's parser keeps its own stack; composing the values recurses, and past a few hundred
  // levels would overflow the stack (a RangeError, and on some engines worse). Its parser runs first, token
  // by token, and stops as soon as its stack is deeper than that: a deep document is refused in little time
  // and memory.
  const parser = new yaml.Parser();
  for (const lexeme of new yaml.Lexer().lex(text)) {
    for (const _ of parser.next(lexeme));
    if (parser.stack.length > MAX_YAML_DEPTH) {
      throw new OpenApiError(
        "",
        `the YAML nests more than ${MAX_YAML_DEPTH} levels deep, more than the generator reads`,
      );
    }
  }
  try {
    // Aliases are kept to a few, as a document never needs many: a "billion laughs" file would expand without end.
    return { document: yaml.parse(text, { maxAliasCount: 1000, prettyErrors: true, logLevel: "error" }), size };
  } catch (error) {
    throw new OpenApiError("", `the file is not valid YAML: ${(error as Error).message.split("\n")[0]}`);
  }
}
