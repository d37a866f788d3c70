// Generates src/github.ts: the parameters of every GitHub REST route (path, query and body, with their
// types and which are required), read from the pinned @octokit/openapi description. Parameters only:
// no responses, no descriptions. Run `npm run generate:github`; `--check` fails when the file is stale.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
export const OUTPUT = join(root, "src", "github.ts");
const OPENAPI = join(root, "node_modules", "@octokit", "openapi");

/** Object types nested deeper than this become `Record<string, unknown>`: keeps the map small. */
const MAX_DEPTH = 3;
/** Enums longer than this become their base type. */
const MAX_ENUM = 40;
const METHODS = ["get", "head", "post", "put", "patch", "delete", "options"];
/** Option names (src/route.ts OPTION_NAMES, and `data`): a body field so named can only be sent inside `data`. */
const OPTION_NAMES = new Set(["method", "baseUrl", "url", "headers", "request", "mediaType", "data"]);

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
const key = (name) => (IDENTIFIER.test(name) ? name : JSON.stringify(name));

/** Reads the description directly: the package index would load every variant (~400 MB). */
function readDescription() {
  const { version } = JSON.parse(readFileSync(join(OPENAPI, "package.json"), "utf8"));
  const api = JSON.parse(readFileSync(join(OPENAPI, "generated", "api.github.com.json"), "utf8"));
  return { version, api };
}

function resolve(api, node) {
  let current = node;
  for (let hops = 0; current?.$ref !== undefined; hops++) {
    if (hops > 20) throw new Error(`$ref cycle at ${node.$ref}`);
    const path = current.$ref.replace(/^#\//, "").split("/");
    current = path.reduce((object, part) => object?.[part], api);
    if (current === undefined) throw new Error(`unresolved $ref ${node.$ref}`);
  }
  return current;
}

function union(types) {
  const unique = [...new Set(types)];
  if (unique.includes("unknown")) return "unknown";
  return unique.join(" | ");
}

/** An OpenAPI 3.0 schema as a TypeScript type. */
function schemaType(api, node, depth) {
  const schema = resolve(api, node);
  if (schema === undefined || schema === null) return "unknown";
  const type = baseSchemaType(api, schema, depth);
  // Split at the top level only: a nested object type holds " | " of its own.
  return schema.nullable === true && type !== "unknown" && !topLevelMembers(type).includes("null")
    ? `${type} | null`
    : type;
}

/** The members of a union type written by this generator, split outside brackets, braces and parentheses. */
function topLevelMembers(type) {
  const members = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < type.length; i++) {
    const c = type[i];
    if (c === "{" || c === "(" || c === "<" || c === "[") depth++;
    else if (c === "}" || c === ")" || c === ">" || c === "]") depth--;
    else if (depth === 0 && type.startsWith(" | ", i)) {
      members.push(type.slice(start, i));
      start = i + 3;
    }
  }
  members.push(type.slice(start));
  return members;
}

function wrap(type) {
  return /[|&]/.test(type) ? `(${type})` : type;
}

/**
 * A schema's alternatives: its oneOf/anyOf items, each merged with the schema's own properties and
 * required names (GitHub often lists the fields once and puts only \`required\` lists in anyOf).
 */
function alternativesOf(api, schema) {
  const items = schema.oneOf ?? schema.anyOf;
  if (items === undefined) return [schema];
  return items.map((item) => {
    const alternative = resolve(api, item);
    if (schema.properties === undefined || !(alternative.type === undefined || alternative.type === "object")) {
      return alternative;
    }
    return {
      type: "object",
      properties: { ...schema.properties, ...alternative.properties },
      required: [...(schema.required ?? []), ...(alternative.required ?? [])],
    };
  });
}

function baseSchemaType(api, schema, depth) {
  if (schema.oneOf || schema.anyOf) {
    return union(alternativesOf(api, schema).map((item) => schemaType(api, item, depth)));
  }
  if (schema.allOf) {
    const parts = schema.allOf.map((item) => schemaType(api, item, depth)).filter((t) => t !== "unknown");
    return parts.length === 0 ? "unknown" : parts.map(wrap).join(" & ");
  }
  if (schema.enum && schema.enum.length <= MAX_ENUM) {
    return union(schema.enum.map((value) => (value === null ? "null" : JSON.stringify(value))));
  }
  switch (schema.type) {
    case "string":
      // A Date becomes ISO 8601: in the query string, and in a JSON body by its toJSON.
      return schema.format === "date-time" ? "string | Date" : "string";
    case "integer":
    case "number":
      return "number";
    case "boolean":
      return "boolean";
    case "array":
      return schema.items ? `${wrap(schemaType(api, schema.items, depth))}[]` : "unknown[]";
    case "object":
    case undefined:
      if (schema.properties) return depth >= MAX_DEPTH ? "Record<string, unknown>" : objectType(api, schema, depth + 1);
      if (schema.type === undefined) return "unknown";
      if (schema.additionalProperties && schema.additionalProperties !== true) {
        return `Record<string, ${schemaType(api, schema.additionalProperties, depth + 1)}>`;
      }
      return "Record<string, unknown>";
    default:
      return "unknown";
  }
}

/** A property; an optional one also takes \`undefined\`, which the runtime leaves out (exactOptionalPropertyTypes). */
function member(name, optional, type) {
  return optional && type !== "unknown"
    ? `${key(name)}?: ${type} | undefined`
    : `${key(name)}${optional ? "?" : ""}: ${type}`;
}

function objectType(api, schema, depth) {
  const required = new Set(schema.required ?? []);
  const members = Object.entries(schema.properties).map(([name, property]) =>
    member(name, !required.has(name), schemaType(api, property, depth)),
  );
  return members.length === 0 ? "Record<string, unknown>" : `{ ${members.join("; ")} }`;
}

/**
 * Types of a JSON request body, as one object (its properties become parameters) or as `data`. A body
 * field named like a url variable or an option can only be sent inside `data`; when such a field is
 * required, the whole body is `data`.
 */
function bodyMembers(api, operation, urlNames) {
  const requestBody = resolve(api, operation.requestBody);
  if (requestBody === undefined) return { members: [], shared: [] };
  const content = requestBody.content ?? {};
  const json = content["application/json"];
  const required = requestBody.required === true;
  if (json === undefined) {
    const text = Object.keys(content).some((type) => type.startsWith("text/"));
    return { members: [member("data", !required, text ? "string" : "unknown")], shared: [] };
  }
  const alternatives = alternativesOf(api, resolve(api, json.schema));
  if (!alternatives.every((item) => item.properties && (item.type === "object" || item.type === undefined))) {
    return { members: [member("data", !required, schemaType(api, json.schema, 0))], shared: [] };
  }
  const shared = new Set();
  let sharedRequired = false;
  const shapes = alternatives.map((item) => {
    const requiredNames = new Set(item.required ?? []);
    const members = [];
    for (const [name, property] of Object.entries(item.properties)) {
      if (urlNames.has(name) || OPTION_NAMES.has(name)) {
        shared.add(name);
        if (required && requiredNames.has(name)) sharedRequired = true;
        continue;
      }
      members.push(member(name, !required || !requiredNames.has(name), schemaType(api, property, 1)));
    }
    return members;
  });
  // A body field named `url` or `method` would replace the route's own url or method (and send the request,
  // token and all, elsewhere): the option is refused on these routes, so the field goes in `data`.
  const refused = [...shared].filter((name) => name === "url" || name === "method").map((name) => `${name}?: never`);
  if (sharedRequired) {
    return { members: [member("data", false, schemaType(api, json.schema, 0)), ...refused], shared: [...shared] };
  }
  const sharedMembers = shared.size > 0 ? [member("data", true, schemaType(api, json.schema, 0)), ...refused] : [];
  if (shapes.length === 1) return { members: [...shapes[0], ...sharedMembers], shared: [...shared] };
  const alternativesType = shapes.map((members) => `{ ${members.join("; ")} }`).join(" | ");
  return { members: sharedMembers, alternatives: alternativesType, shared: [...shared] };
}

/** The source of src/github.ts for the given description. */
export function generate({ version, api } = readDescription()) {
  const entries = [];
  const sharedRoutes = [];
  const paths = Object.keys(api.paths).sort();
  for (const path of paths) {
    const item = api.paths[path];
    for (const method of METHODS) {
      const operation = item[method];
      if (operation === undefined) continue;
      const parameters = [...(item.parameters ?? []), ...(operation.parameters ?? [])].map((p) => resolve(api, p));
      const members = [];
      const urlNames = new Set();
      const queryNames = [];
      for (const parameter of parameters) {
        if (parameter.in !== "path" && parameter.in !== "query") continue;
        if (parameter.in === "query") queryNames.push(parameter.name);
        urlNames.add(parameter.name);
        const optional = parameter.in === "query" && parameter.required !== true;
        let type = schemaType(api, parameter.schema, 1);
        // A comma-separated query list may also be given as an array: the query string joins it with ",".
        if (parameter.in === "query" && type === "string" && /comma/i.test(parameter.description ?? "")) {
          type = "string | string[]";
        }
        // An optional query parameter may be null: the query string leaves it out, as it does undefined.
        if (optional && type !== "unknown") type = `${type} | null`;
        members.push(member(parameter.name, optional, type));
      }
      // A route with a body sends its leftover parameters there: its query parameters need a {?…}
      // expression in the route, as @octokit/types writes them.
      const hasBody = method !== "get" && method !== "head" && method !== "options";
      const query = hasBody && queryNames.length > 0 ? `{?${queryNames.join(",")}}` : "";
      if (!hasBody) for (const name of queryNames) urlNames.delete(name);
      const body = bodyMembers(api, operation, urlNames);
      members.push(...body.members);
      let type = members.length === 0 ? "{}" : `{ ${members.join("; ")} }`;
      if (body.alternatives) type = members.length === 0 ? body.alternatives : `${type} & (${body.alternatives})`;
      const route = `${method.toUpperCase()} ${path}${query}`;
      let doc = "";
      if (body.shared.length > 0) {
        const names = body.shared.map((name) => `\`${name}\``).join(", ");
        doc = `  /** Body field${body.shared.length > 1 ? "s" : ""} ${names} share${body.shared.length > 1 ? "" : "s"} the name of a path parameter or option: send the body as \`data\`. */\n`;
        sharedRoutes.push({ route, names: body.shared });
      }
      entries.push(`${doc}  ${JSON.stringify(route)}: ${type};`);
    }
  }
  const source = `// Generated by scripts/generate-github-types.mjs from @octokit/openapi ${version} (api.github.com.json).
// Do not edit: run \`npm run generate:github\`. Parameters only: path, query and body, required or optional.
import { endpoint as anyRoute, type StrictEndpoint } from "./index.js";

/**
 * Parameter types for every route of GitHub's REST API, by route string (${entries.length} routes). Importing this
 * module (\`import type {} from "endpoint-options/github"\`) adds them to \`EndpointRoutes\`.
 */
export interface GitHubRoutes {
${entries.join("\n")}
}

declare module "./index.js" {
  interface EndpointRoutes extends GitHubRoutes {}
}

/**
 * The \`endpoint\` of endpoint-options, strict: it takes only GitHub's routes, each with exactly its parameters,
 * and a route not in \`GitHubRoutes\` is a compile error naming the nearest ones. The same function at run time.
 */
export const endpoint: StrictEndpoint<GitHubRoutes> = anyRoute;
`;
  return { source, routes: entries.length, sharedRoutes };
}

/**
 * Writes \`endpoint-options/github\` into dist from src/github.ts: its declarations, whose augmentation must
 * name the core declarations of the same format (\`./index.js\` for import, \`./index.cjs\` for require), and
 * its JavaScript, which re-exports the core's \`endpoint\` (bundled, the module would carry a second copy of
 * the library, and CommonJS callers would get a second \`endpoint\`).
 */
export function writeDist(dist = join(root, "dist")) {
  const source = readFileSync(OUTPUT, "utf8");
  if (!existsSync(join(dist, "index.d.cts"))) throw new Error("dist/index.d.cts is missing: run tsup first");
  const declarations = source
    .replace(
      'import { endpoint as anyRoute, type StrictEndpoint } from "./index.js";',
      'import type { StrictEndpoint } from "./index.js";',
    )
    .replace(
      "export const endpoint: StrictEndpoint<GitHubRoutes> = anyRoute;",
      "export declare const endpoint: StrictEndpoint<GitHubRoutes>;",
    );
  if (declarations.includes("anyRoute")) throw new Error("src/github.ts: the strict endpoint's lines have changed");
  writeFileSync(join(dist, "github.d.ts"), declarations);
  writeFileSync(join(dist, "github.d.cts"), declarations.replaceAll('"./index.js"', '"./index.cjs"'));
  writeFileSync(join(dist, "github.js"), 'export { endpoint } from "./index.js";\n');
  writeFileSync(join(dist, "github.cjs"), '"use strict";\nexports.endpoint = require("./index.cjs").endpoint;\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes("--dist")) {
    writeDist();
    process.exit(0);
  }
  const { source, routes, sharedRoutes } = generate();
  if (process.argv.includes("--check")) {
    const current = readFileSync(OUTPUT, "utf8");
    if (current !== source) {
      console.error("src/github.ts is out of date: run `npm run generate:github` and commit it.");
      process.exit(1);
    }
    console.log(`src/github.ts is up to date (${routes} routes).`);
  } else if (process.argv.includes("--shared")) {
    // Read-only: the routes whose body fields share a name with a path parameter or option.
    for (const { route, names } of sharedRoutes) console.log(`${route}: ${names.join(", ")}`);
  } else {
    writeFileSync(OUTPUT, source);
    console.log(`wrote src/github.ts: ${routes} routes, ${(Buffer.byteLength(source) / 1024).toFixed(1)} KB`);
  }
}
