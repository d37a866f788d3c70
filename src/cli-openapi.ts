// `endpoint-options openapi`: writes the TypeScript route map of an OpenAPI 3.0 or 3.1 document (JSON or
// YAML). YAML is read by the `yaml` package, an optional peer dependency loaded only here.
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname } from "node:path";
import { generateRouteMap, OpenApiError } from "./openapi.js";
import { checkBaseUrl } from "./url.js";

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
    const document = await read(args.file);
    const map = generateRouteMap(document, {
      name: args.name,
      baseUrl: args.baseUrl,
      source: basename(args.file),
      github: args.github,
    });
    if (args.out === undefined) io.stdout(map.source);
    else {
      // Written beside the target, then renamed over it: an existing file is replaced only by a whole one.
      const temporary = `${args.out}.${process.pid}.tmp`;
      try {
        mkdirSync(dirname(args.out), { recursive: true });
        writeFileSync(temporary, map.source);
        renameSync(temporary, args.out);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
        throw new Usage(`cannot write ${args.out}: ${code}; give --out a file path, e.g. src/api.ts`);
      } finally {
        rmSync(temporary, { force: true });
      }
      const notes =
        map.notes.length === 0 ? "" : `; ${map.notes.length} notes on how to send parameters, in its doc comments`;
      io.stderr(`wrote ${args.out}: ${map.routes} routes in ${Math.round(performance.now() - started)} ms${notes}\n`);
    }
    return 0;
  } catch (error) {
    if (error instanceof OpenApiError) {
      io.stderr(`endpoint-options openapi: ${file ?? ""}#${error.pointer}: ${error.message}\n`);
      return 2;
    }
    if (error instanceof Usage) {
      io.stderr(`endpoint-options openapi: ${error.message}\n`);
      return 2;
    }
    throw error;
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

/** The document, parsed as JSON (a .json file, or text starting with `{`) or YAML. */
async function read(file: string): Promise<unknown> {
  let text: string;
  try {
    // A byte order mark is no part of the document.
    text = readFileSync(file, "utf8").replace(/^\uFEFF/, "");
  } catch (error) {
    throw new Usage(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  if (file.endsWith(".json") || text.trimStart().startsWith("{")) {
    try {
      return JSON.parse(text);
    } catch (error) {
      throw new OpenApiError("", `the file is not valid JSON: ${(error as Error).message}`);
    }
  }
  let yaml: { parse: (text: string, options: object) => unknown };
  try {
    yaml = await import("yaml");
  } catch {
    throw new Usage(
      `reading YAML (${file}) needs the yaml package: npm install --save-dev yaml (JSON documents need nothing)`,
    );
  }
  try {
    // Aliases are kept to a few, as a document never needs many: a "billion laughs" file would expand without end.
    return yaml.parse(text, { maxAliasCount: 1000, prettyErrors: true });
  } catch (error) {
    throw new OpenApiError("", `the file is not valid YAML: ${(error as Error).message.split("\n")[0]}`);
  }
}
