// Route maps from OpenAPI documents: the generator behind `endpoint-options openapi`, and behind
// endpoint-options/github (src/github.ts). It reads an OpenAPI 3.0 or 3.1 document whose $refs are local and
// writes a TypeScript module: an interface from route keys ("GET /pets/{petId}") to parameter types, and a
// strict endpoint typed by it. Used by the CLI only: the library never loads it.
import { EndpointError } from "./errors.js";
import { checkBaseUrl, compileUrl } from "./url.js";
import { isPlainObject } from "./util.js";

/** A document the generator cannot read: `pointer` (RFC 6901) names the place. */
export class OpenApiError extends Error {
  constructor(
    readonly pointer: string,
    message: string,
  ) {
    super(message);
    this.name = "OpenApiError";
  }
}

export interface RouteMapOptions {
  /** The API's name, PascalCase: the interface is `<name>Routes`, the endpoint `<name>` in camelCase. */
  readonly name?: string | undefined;
  /** The strict endpoint's baseUrl; by default the document's first server, when it is an absolute url. */
  readonly baseUrl?: string | undefined;
  /** The generated file's first line says where it came from: the document's file name. */
  readonly source: string;
  /**
   * endpoint-options/github's form: route keys as @octokit/types writes them (query parameters in the key only
   * for routes with a body, arrays comma-joined), no doc comments, `EndpointRoutes` augmented, and the strict
   * endpoint made from `endpoint`, inside the package.
   */
  readonly github?: boolean;
}

export interface RouteMap {
  /** The TypeScript module. */
  readonly source: string;
  readonly routes: number;
  /** Routes whose body has a field named like a url variable or an option: their body goes in `data`. */
  readonly sharedRoutes: readonly { readonly route: string; readonly names: readonly string[] }[];
  /** Parameters sent otherwise than the document says, each with the way to send it: also in doc comments. */
  readonly notes: readonly { readonly route: string; readonly note: string }[];
}

type Json = Record<string, unknown>;

/** Object types nested deeper than this become `Record<string, unknown>`: keeps the map small. */
const MAX_DEPTH = 3;
/** Enums longer than this become their base type. */
const MAX_ENUM = 40;
/** Option names (route.ts OPTION_NAMES, and `data`): a body field so named can only be sent inside `data`. */
const OPTION_NAMES = new Set(["method", "baseUrl", "url", "headers", "request", "mediaType", "data"]);
const OPERATIONS = ["get", "head", "post", "put", "patch", "delete", "options"];
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

const key = (name: string): string => (IDENTIFIER.test(name) ? name : JSON.stringify(name));

/** A JSON pointer (RFC 6901) one step below `at`. */
function below(at: string, name: string | number): string {
  return `${at}/${String(name).replaceAll("~", "~0").replaceAll("/", "~1")}`;
}

/** A value found in the document, with where it was found (after any $ref). */
interface Found {
  readonly value: unknown;
  readonly at: string;
}

/** The document, read with its local $refs followed. */
class Document {
  constructor(readonly root: Json) {}

  /** `value` (at `at`), its $refs followed: local ones (`#/…`) only. */
  resolve(value: unknown, at: string): Found {
    let current: Found = { value, at };
    for (let hops = 0; isPlainObject(current.value) && typeof current.value.$ref === "string"; hops++) {
      const ref = current.value.$ref;
      if (hops > 50) throw new OpenApiError(at, `$ref ${JSON.stringify(ref)} leads round in a cycle`);
      if (!ref.startsWith("#")) {
        throw new OpenApiError(
          below(current.at, "$ref"),
          `$ref ${JSON.stringify(ref)} points into another file, and only local references (#/…) are followed; bundle the document into one file first (e.g. npx @redocly/cli bundle)`,
        );
      }
      const target = this.at(ref.slice(1));
      if (target === undefined) {
        throw new OpenApiError(
          below(current.at, "$ref"),
          `$ref ${JSON.stringify(ref)} points to nothing in the document`,
        );
      }
      current = { value: target, at: ref.slice(1) };
    }
    return current;
  }

  /** The value at a JSON pointer, or undefined. */
  at(pointer: string): unknown {
    if (pointer === "") return this.root;
    if (!pointer.startsWith("/")) return undefined;
    let value: unknown = this.root;
    for (const raw of pointer.slice(1).split("/")) {
      const part = decodeURIComponent(raw).replaceAll("~1", "/").replaceAll("~0", "~");
      if (Array.isArray(value)) value = value[Number(part)];
      else if (isPlainObject(value) && Object.hasOwn(value, part)) value = value[part];
      else return undefined;
    }
    return value;
  }

  /** A resolved object, or undefined when `value` is undefined; anything else is an error. */
  object(value: unknown, at: string): (Found & { readonly value: Json }) | undefined {
    if (value === undefined) return undefined;
    const found = this.resolve(value, at);
    if (!isPlainObject(found.value)) throw new OpenApiError(found.at, "is not an object");
    return found as Found & { readonly value: Json };
  }
}

function union(types: readonly string[]): string {
  const unique = [...new Set(types)];
  if (unique.includes("unknown")) return "unknown";
  return unique.join(" | ");
}

/** The members of a union type written by this generator, split outside brackets, braces and parentheses. */
function topLevelMembers(type: string): string[] {
  const members: string[] = [];
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

const wrap = (type: string): string => (/[|&]/.test(type) ? `(${type})` : type);

/** A property; an optional one also takes `undefined`, which the runtime leaves out (exactOptionalPropertyTypes). */
function member(name: string, optional: boolean, type: string): string {
  return optional && type !== "unknown"
    ? `${key(name)}?: ${type} | undefined`
    : `${key(name)}${optional ? "?" : ""}: ${type}`;
}

/** A member with its doc comment, as the map writes it. */
interface Member {
  readonly text: string;
  readonly doc?: string | undefined;
}

/** A description as one line of a doc comment: its first paragraph, at most 300 characters. */
function docLine(description: unknown): string | undefined {
  if (typeof description !== "string") return undefined;
  const paragraph =
    description
      .trim()
      .split(/\n\s*\n/)[0]
      ?.replace(/\s+/g, " ") ?? "";
  if (paragraph === "") return undefined;
  const text = paragraph.length > 300 ? `${paragraph.slice(0, 299)}…` : paragraph;
  return text.replaceAll("*/", "*\\/");
}

class Generator {
  readonly notes: { route: string; note: string }[] = [];

  constructor(
    readonly document: Document,
    readonly github: boolean,
  ) {}

  /** An OpenAPI 3.0 or 3.1 schema as a TypeScript type. */
  schemaType(node: unknown, at: string, depth: number): string {
    if (node === undefined || node === true) return "unknown";
    const { value: schema, at: where } = this.document.resolve(node, at);
    if (!isPlainObject(schema)) return "unknown";
    const type = this.baseSchemaType(schema, where, depth);
    // 3.0's nullable; 3.1 writes "null" in `type`. Split at the top level only: a nested object type holds
    // " | " of its own.
    return schema.nullable === true && type !== "unknown" && !topLevelMembers(type).includes("null")
      ? `${type} | null`
      : type;
  }

  /**
   * A schema's alternatives: its oneOf/anyOf items, each merged with the schema's own properties and
   * required names (GitHub often lists the fields once and puts only `required` lists in anyOf).
   */
  alternativesOf(schema: Json, at: string): Found[] {
    const items = schema.oneOf ?? schema.anyOf;
    if (!Array.isArray(items)) return [{ value: schema, at }];
    const list = schema.oneOf === undefined ? "anyOf" : "oneOf";
    return items.map((item, index) => {
      const alternative = this.document.resolve(item, below(below(at, list), index));
      const value = alternative.value;
      if (!isPlainObject(value)) return alternative;
      if (schema.properties === undefined || !(value.type === undefined || value.type === "object")) {
        return alternative;
      }
      return {
        value: {
          type: "object",
          properties: { ...(schema.properties as Json), ...(value.properties as Json | undefined) },
          required: [
            ...((schema.required as string[] | undefined) ?? []),
            ...((value.required as string[] | undefined) ?? []),
          ],
        },
        at: alternative.at,
      };
    });
  }

  baseSchemaType(schema: Json, at: string, depth: number): string {
    if (schema.oneOf || schema.anyOf) {
      return union(this.alternativesOf(schema, at).map((item) => this.schemaType(item.value, item.at, depth)));
    }
    if (Array.isArray(schema.allOf)) {
      const parts = schema.allOf
        .map((item, index) => this.schemaType(item, below(below(at, "allOf"), index), depth))
        .filter((t) => t !== "unknown");
      return parts.length === 0 ? "unknown" : parts.map(wrap).join(" & ");
    }
    if (Object.hasOwn(schema, "const")) return schema.const === null ? "null" : JSON.stringify(schema.const);
    if (Array.isArray(schema.enum) && schema.enum.length <= MAX_ENUM) {
      return union(schema.enum.map((value) => (value === null ? "null" : JSON.stringify(value))));
    }
    // 3.1: `type` may list several types.
    if (Array.isArray(schema.type)) {
      return union(
        schema.type.map((type) => (type === "null" ? "null" : this.baseSchemaType({ ...schema, type }, at, depth))),
      );
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
      case "null":
        return "null";
      case "array":
        // Read-only: a caller's `readonly string[]` (or `as const` list) is taken as a mutable one is.
        return schema.items
          ? `readonly ${wrap(this.schemaType(schema.items, below(at, "items"), depth))}[]`
          : "readonly unknown[]";
      case "object":
      case undefined:
        if (isPlainObject(schema.properties)) {
          return depth >= MAX_DEPTH ? "Record<string, unknown>" : this.objectType(schema, at, depth + 1);
        }
        if (schema.type === undefined) return "unknown";
        if (schema.additionalProperties && schema.additionalProperties !== true) {
          return `Record<string, ${this.schemaType(schema.additionalProperties, below(at, "additionalProperties"), depth + 1)}>`;
        }
        return "Record<string, unknown>";
      default:
        return "unknown";
    }
  }

  objectType(schema: Json, at: string, depth: number): string {
    const required = new Set((schema.required as string[] | undefined) ?? []);
    const properties = schema.properties as Json;
    const members = Object.keys(properties).map((name) =>
      member(name, !required.has(name), this.schemaType(properties[name], below(below(at, "properties"), name), depth)),
    );
    return members.length === 0 ? "Record<string, unknown>" : `{ ${members.join("; ")} }`;
  }

  /** What a schema holds, for serialisation: a list, an object, or one value. */
  kindOf(node: unknown, at: string): "array" | "object" | "scalar" {
    const { value } = this.document.resolve(node, at);
    if (!isPlainObject(value)) return "scalar";
    const types = Array.isArray(value.type) ? value.type : [value.type];
    if (types.includes("array")) return "array";
    if (types.includes("object") || (value.type === undefined && isPlainObject(value.properties))) return "object";
    return "scalar";
  }

  /**
   * Types of a JSON request body, as one object (its properties become parameters) or as `data`. A body
   * field named like a url variable or an option can only be sent inside `data`; when such a field is
   * required, the whole body is `data`. A body that is not JSON is `data`, as the client sends it.
   */
  bodyMembers(
    operation: Json,
    at: string,
    urlNames: ReadonlySet<string>,
    notes: string[],
  ): { members: Member[]; alternatives?: string; shared: string[] } {
    const found = this.document.object(operation.requestBody, below(at, "requestBody"));
    if (found === undefined) return { members: [], shared: [] };
    const requestBody = found.value;
    const content = isPlainObject(requestBody.content) ? requestBody.content : {};
    const types = Object.keys(content);
    const jsonType = types.includes("application/json")
      ? "application/json"
      : this.github
        ? undefined
        : types.find((type) => /^application\/(?:[\w.+-]+\+)?json(?:;|$)/.test(type));
    const required = requestBody.required === true;
    const contentAt = below(found.at, "content");
    if (jsonType === undefined) {
      const text = types.some((type) => type.startsWith("text/"));
      if (!this.github) {
        notes.push(
          `The body is ${types.join(" or ") || "of no declared type"}: send it as \`data\`, with its content-type header.`,
        );
      }
      return { members: [{ text: member("data", !required, text ? "string" : "unknown") }], shared: [] };
    }
    const json = content[jsonType] as Json;
    const schemaAt = below(below(contentAt, jsonType), "schema");
    const schema = this.document.resolve(json.schema, schemaAt);
    if (!this.github && jsonType !== "application/json") {
      notes.push(
        `The body is ${jsonType}: set that content-type header (a JSON body is otherwise labelled application/json).`,
      );
    }
    if (!this.github && isPlainObject(schema.value) && schema.value.type === "string") {
      notes.push("The body is a JSON string: pass JSON.stringify(text) as `data` (a string is sent as it is).");
    }
    const alternatives = isPlainObject(schema.value) ? this.alternativesOf(schema.value, schema.at) : [];
    const objects = alternatives.every(
      (item) =>
        isPlainObject(item.value) && isPlainObject(item.value.properties) && (item.value.type ?? "object") === "object",
    );
    if (alternatives.length === 0 || !objects) {
      return { members: [{ text: member("data", !required, this.schemaType(json.schema, schemaAt, 0)) }], shared: [] };
    }
    const shared = new Set<string>();
    let sharedRequired = false;
    const shapes = alternatives.map((item) => {
      const value = item.value as Json;
      const requiredNames = new Set((value.required as string[] | undefined) ?? []);
      const properties = value.properties as Json;
      const members: Member[] = [];
      for (const name of Object.keys(properties)) {
        if (urlNames.has(name) || OPTION_NAMES.has(name)) {
          shared.add(name);
          if (required && requiredNames.has(name)) sharedRequired = true;
          continue;
        }
        const propertyAt = below(below(item.at, "properties"), name);
        const property = this.document.resolve(properties[name], propertyAt);
        members.push({
          text: member(name, !required || !requiredNames.has(name), this.schemaType(properties[name], propertyAt, 1)),
          doc: this.github || !isPlainObject(property.value) ? undefined : docLine(property.value.description),
        });
      }
      return members;
    });
    // A body field named `url` or `method` would replace the route's own url or method (and send the request,
    // token and all, elsewhere): the option is refused on these routes, so the field goes in `data`.
    const refused = [...shared]
      .filter((name) => name === "url" || name === "method")
      .map((name) => ({ text: `${name}?: never` }));
    const data = (optional: boolean): Member => ({
      text: member("data", optional, this.schemaType(json.schema, schemaAt, 0)),
    });
    if (sharedRequired) return { members: [data(false), ...refused], shared: [...shared] };
    const sharedMembers = shared.size > 0 ? [data(true), ...refused] : [];
    if (shapes.length === 1) return { members: [...(shapes[0] ?? []), ...sharedMembers], shared: [...shared] };
    const alternativesType = shapes.map((members) => `{ ${members.map((m) => m.text).join("; ")} }`).join(" | ");
    return { members: sharedMembers, alternatives: alternativesType, shared: [...shared] };
  }
}

/** Names the generated module cannot use for its endpoint: reserved words, and its own imports. */
const TAKEN = new Set(
  "rest strictEndpoint break case catch class const continue debugger default delete do else enum export extends false finally for function if implements import in instanceof interface let new null package private protected public return static super switch this throw true try typeof var void while with yield await arguments eval".split(
    " ",
  ),
);

/** True when a PascalCase name's camelCase form (the endpoint's name) cannot be used. */
function isTakenName(name: string): boolean {
  return TAKEN.has(name.charAt(0).toLowerCase() + name.slice(1));
}

/** PascalCase words of a title: "Swagger Petstore - OpenAPI 3.0" → "SwaggerPetstoreOpenAPI30". */
function pascalCase(text: string): string {
  const words = text.match(/[A-Za-z0-9]+/g) ?? [];
  const name = words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join("");
  return name === "" ? "Api" : /^\d/.test(name) ? `Api${name}` : name;
}

/** The first server's url, its variables at their defaults, when it is an absolute http(s) url. */
function serverUrl(document: Document): string | undefined {
  const servers = document.root.servers;
  if (!Array.isArray(servers) || !isPlainObject(servers[0]) || typeof servers[0].url !== "string") return undefined;
  const variables = isPlainObject(servers[0].variables) ? servers[0].variables : {};
  const url = servers[0].url.replace(/\{([^}]*)\}/g, (whole, name: string) => {
    const variable = variables[name];
    return isPlainObject(variable) && typeof variable.default === "string" ? variable.default : whole;
  });
  try {
    return checkBaseUrl(url);
  } catch {
    return undefined;
  }
}

/** Checks the document's version: OpenAPI 3.0 or 3.1. */
function checkVersion(root: unknown): asserts root is Json {
  if (!isPlainObject(root)) throw new OpenApiError("", "the document is not a JSON or YAML object");
  if (typeof root.swagger === "string") {
    throw new OpenApiError(
      "/swagger",
      `the document is Swagger ${root.swagger}, not OpenAPI 3.0 or 3.1; convert it first (e.g. npx swagger2openapi)`,
    );
  }
  if (typeof root.openapi !== "string") {
    throw new OpenApiError("", 'the document has no "openapi" version: it is not an OpenAPI 3.0 or 3.1 document');
  }
  if (!/^3\.[01]\.\d+$/.test(root.openapi)) {
    throw new OpenApiError("/openapi", `OpenAPI ${root.openapi} is not supported; the generator reads 3.0 and 3.1`);
  }
}

/** How a parameter is written: the style and explode OpenAPI gives it, with their defaults. */
function styleOf(parameter: Json): { style: string; explode: boolean } {
  const style = typeof parameter.style === "string" ? parameter.style : parameter.in === "query" ? "form" : "simple";
  const explode = typeof parameter.explode === "boolean" ? parameter.explode : style === "form";
  return { style, explode };
}

/** The route map of an OpenAPI 3.0 or 3.1 document. Throws an OpenApiError naming the place of a problem. */
export function generateRouteMap(root: unknown, options: RouteMapOptions): RouteMap {
  checkVersion(root);
  const document = new Document(root);
  const github = options.github === true;
  const generator = new Generator(document, github);
  const entries: string[] = [];
  const sharedRoutes: { route: string; names: string[] }[] = [];
  // 3.1 allows a document of webhooks alone, without paths.
  const paths = document.object(root.paths ?? {}, "/paths")?.value ?? {};
  for (const path of Object.keys(paths).sort()) {
    const itemAt = below("/paths", path);
    const item = document.object(paths[path], itemAt);
    if (item === undefined) continue;
    if (isPlainObject(item.value.trace)) {
      throw new OpenApiError(
        below(item.at, "trace"),
        "TRACE is not a method endpoint-options sends (GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS); remove the operation from a copy of the document",
      );
    }
    for (const method of OPERATIONS) {
      const found = document.object(item.value[method], below(item.at, method));
      if (found === undefined) continue;
      const entry = routeEntry(generator, path, method, item, found, sharedRoutes);
      entries.push(entry);
    }
  }
  const info = isPlainObject(root.info) ? root.info : {};
  const title = typeof info.title === "string" ? info.title : "the API";
  const derived = pascalCase(title);
  // A title such as "Delete" or "Rest" would make `export const delete` or clash with the `rest` import.
  const name = options.name ?? (isTakenName(derived) ? `${derived}Api` : derived);
  if (!/^[A-Z][A-Za-z0-9]*$/.test(name) || isTakenName(name)) {
    throw new OpenApiError(
      "",
      `--name ${JSON.stringify(name)} must be PascalCase letters and digits, and its camelCase form no JavaScript reserved word nor "rest" (the module imports it); e.g. Petstore`,
    );
  }
  const source = github
    ? githubModule(options, info, entries)
    : userModule(options, document, name, title, info, entries);
  return { source, routes: entries.length, sharedRoutes, notes: generator.notes };
}

/** True for a name an RFC 6570 expression can hold (with the `-` endpoint urls allow). */
function isVariableName(name: string): boolean {
  return /^(?:[A-Za-z0-9_-]|%[0-9A-Fa-f]{2})+(?:\.(?:[A-Za-z0-9_-]|%[0-9A-Fa-f]{2})+)*$/.test(name);
}

/**
 * A path's literal text as a route key writes it: a `:` before a letter or `_` (Google's `/models:list`) is
 * `%3A`, or endpoint-options would read `:list` as a placeholder. Expressions are left as they are.
 */
function literalColons(path: string): string {
  return path.replace(/(\{[^}]*\})|:(?=[A-Za-z_])/g, (_match, expression: string | undefined) => expression ?? "%3A");
}

/** One route of the map: its key and parameter types, with doc comments outside GitHub's form. */
function routeEntry(
  generator: Generator,
  path: string,
  method: string,
  item: Found & { readonly value: Json },
  operation: Found & { readonly value: Json },
  sharedRoutes: { route: string; names: string[] }[],
): string {
  const { document, github } = generator;
  const operationAt = operation.at;
  const parameters: Found[] = [];
  for (const [owner, at] of [
    [item.value.parameters, below(item.at, "parameters")],
    [operation.value.parameters, below(operationAt, "parameters")],
  ] as const) {
    if (owner === undefined) continue;
    if (!Array.isArray(owner)) throw new OpenApiError(at, "is not a list of parameters");
    owner.forEach((parameter, index) => {
      parameters.push(document.resolve(parameter, below(at, index)));
    });
  }
  // An operation's parameter replaces the path item's of the same name and place.
  const byPlace = new Map<string, Found & { readonly value: Json }>();
  for (const parameter of parameters) {
    if (!isPlainObject(parameter.value) || typeof parameter.value.name !== "string") {
      throw new OpenApiError(parameter.at, "is not a parameter object with a name");
    }
    byPlace.set(`${parameter.value.in}:${parameter.value.name}`, parameter as Found & { readonly value: Json });
  }
  const members: Member[] = [];
  const notes: string[] = [];
  const urlNames = new Set<string>();
  const queryNames: string[] = [];
  const hasBody = method !== "get" && method !== "head" && method !== "options";
  let routePath = github ? path : literalColons(path);
  if (routePath !== path) {
    notes.push(
      "The path's `:` is sent as `%3A` (so written in the route key): endpoint-options reads `:name` as a placeholder.",
    );
  }
  const queryExpression: string[] = [];
  const headers: string[] = [];
  const cookies: string[] = [];
  const pathNames = new Set(
    [...byPlace.values()].filter(({ value }) => value.in === "path").map(({ value }) => value.name as string),
  );
  /** A query parameter the url of a route with a body cannot name: sent through the `url` option instead. */
  const throughUrl = (name: string, example: string): void => {
    notes.push(
      `Query parameter \`${name}\` cannot be a parameter here (it would go into the body or clash with a path parameter): pass the url with it, e.g. url: ${JSON.stringify(`${path}?${example}`)}.`,
    );
  };
  for (const { value: parameter, at } of byPlace.values()) {
    const name = parameter.name as string;
    const place = parameter.in;
    if (place === "header" || place === "cookie") {
      if (!github)
        (place === "header" ? headers : cookies).push(`${name}${parameter.required === true ? " (required)" : ""}`);
      continue;
    }
    if (place !== "path" && place !== "query") {
      throw new OpenApiError(
        below(at, "in"),
        `parameter ${JSON.stringify(name)} is in ${JSON.stringify(place)}; a parameter is in path, query, header or cookie`,
      );
    }
    if (OPTION_NAMES.has(name)) {
      // Such a key is read as an option: it can never be a parameter.
      if (place === "path") {
        throw new OpenApiError(
          at,
          `path parameter ${JSON.stringify(name)} is named like an endpoint-options option, which a url placeholder cannot be`,
        );
      }
      if (!github) {
        notes.push(
          `Query parameter \`${name}\`${parameter.required === true ? " (required)" : ""} is named like an option: pass the url with it, e.g. url: ${JSON.stringify(`${path}?${encodeURIComponent(name)}=…`)}.`,
        );
      }
      continue;
    }
    if (place === "query" && pathNames.has(name)) {
      if (!github) throughUrl(name, `${encodeURIComponent(name)}=…`);
      continue;
    }
    const optional = place === "query" && parameter.required !== true;
    const schemaAt = below(at, "schema");
    let type = parameter.content !== undefined ? "string" : generator.schemaType(parameter.schema, schemaAt, 1);
    const { style, explode } = styleOf(parameter);
    const kind = parameter.content !== undefined ? "scalar" : generator.kindOf(parameter.schema, schemaAt);
    const doc = github ? undefined : docLine(parameter.description);
    const text = (memberType: string): Member => ({ text: member(name, optional, memberType), doc });
    if (parameter.content !== undefined && !github) {
      notes.push(
        `\`${name}\` is ${Object.keys(parameter.content as Json).join(" or ")}: serialise it yourself (e.g. JSON.stringify).`,
      );
    }
    if (parameter.allowReserved === true && !github) {
      notes.push(
        `\`${name}\` allows reserved characters; they are sent percent-encoded, which a server decodes to the same value.`,
      );
    }
    if (place === "path") {
      urlNames.add(name);
      // label (.x), matrix (;x) and exploded simple (x*) styles are RFC 6570 expressions of their own.
      const operator = style === "label" ? "." : style === "matrix" ? ";" : "";
      if (!github && (operator !== "" || explode)) {
        routePath = routePath.replaceAll(`{${name}}`, `{${operator}${name}${explode ? "*" : ""}}`);
      }
      members.push(text(type));
      continue;
    }
    // A query parameter.
    queryNames.push(name);
    urlNames.add(name);
    // A comma-separated query list may also be given as an array: the query string joins it with ",".
    if (type === "string" && /comma/i.test(typeof parameter.description === "string" ? parameter.description : "")) {
      type = "string | readonly string[]";
    }
    // An optional query parameter may be null: the query string leaves it out, as it does undefined.
    const nullable = (t: string): string =>
      optional && t !== "unknown" && !topLevelMembers(t).includes("null") ? `${t} | null` : t;
    if (github) {
      members.push(text(nullable(type)));
      continue;
    }
    if (hasBody && (style === "deepObject" || !isVariableName(name))) {
      // Left over, it would go into the body; a `{?…}` expression cannot hold its keys or its name.
      throughUrl(name, `${encodeURIComponent(style === "deepObject" ? `${name}[key]` : name)}=…`);
      queryNames.pop();
      urlNames.delete(name);
      continue;
    }
    if (style === "deepObject") {
      // Each property is a key of its own: `filter[status]=open`.
      const example = kind === "array" ? `{ "${name}[0]": first, "${name}[1]": second }` : `{ "${name}[key]": value }`;
      members.push({
        text: `readonly [key: \`${name}[\${string}]\`]: string | number | boolean | Date | null | undefined`,
        doc:
          doc ?? `\`${name}\` as deepObject: one key per ${kind === "array" ? "item" : "property"}, e.g. ${example}.`,
      });
      notes.push(
        `\`${name}\` is a deepObject: send each ${kind === "array" ? "item" : "property"} as its own key, e.g. ${example}.`,
      );
      urlNames.delete(name);
      continue;
    }
    if ((style === "spaceDelimited" || style === "pipeDelimited") && kind === "array") {
      const separator = style === "spaceDelimited" ? " " : "|";
      members.push(text(nullable("string")));
      notes.push(
        `\`${name}\` is ${style}: join its items yourself, e.g. ${name}: items.join(${JSON.stringify(separator)}).`,
      );
      if (hasBody) queryExpression.push(name);
      continue;
    }
    // form: an exploded list (`a=1&a=2`) or any object needs the url to say so; a body route needs every
    // query parameter in its url, or it would go into the body.
    const star = explode && kind !== "scalar" ? "*" : "";
    if (hasBody || kind === "object" || star !== "") {
      if (!isVariableName(name)) {
        // `page[size]` cannot be an expression's variable: left over, a list is joined with commas.
        if (kind === "object") {
          throughUrl(name, `${encodeURIComponent(name)}=…`);
          continue;
        }
        notes.push(
          `\`${name}\` is sent as one key, a list joined with commas: its name cannot be a url template variable.`,
        );
      } else queryExpression.push(`${name}${star}`);
    }
    members.push(text(nullable(type)));
  }
  // Path placeholders that no parameter describes are still required.
  for (const [, name] of path.matchAll(/\{([^}]+)\}/g)) {
    if (name !== undefined && !urlNames.has(name)) {
      urlNames.add(name);
      members.unshift({ text: member(name, false, "string") });
    }
  }
  if (!github && headers.length > 0) notes.push(`Header parameters, sent in \`headers\`: ${headers.join(", ")}.`);
  if (!github && cookies.length > 0) {
    notes.push(`Cookie parameters, sent in one \`cookie\` header (\`name=value; …\`): ${cookies.join(", ")}.`);
  }
  if (!github) {
    for (const [owner, at] of [
      [operation.value.servers, below(operationAt, "servers")],
      [item.value.servers, below(item.at, "servers")],
    ] as const) {
      const server = Array.isArray(owner) && isPlainObject(owner[0]) ? owner[0].url : undefined;
      if (typeof server === "string") {
        notes.push(`This operation's server is ${JSON.stringify(server)} (${at}): pass it as baseUrl.`);
        break;
      }
    }
  }
  if (!hasBody) for (const name of queryNames) urlNames.delete(name);
  const body = hasBody
    ? generator.bodyMembers(operation.value, operationAt, urlNames, notes)
    : { members: [], shared: [] };
  members.push(...body.members);
  const query = github
    ? hasBody && queryNames.length > 0
      ? `{?${queryNames.join(",")}}`
      : ""
    : queryExpression.length > 0
      ? // A path that has a query of its own (`/items?action=archive`) continues it.
        `{${path.includes("?") ? "&" : "?"}${queryExpression.join(",")}}`
      : "";
  const route = `${method.toUpperCase()} ${routePath}${query}`;
  // A key the runtime would refuse is refused here, where the document says it.
  try {
    compileUrl(`${routePath}${query}`);
  } catch (error) {
    if (!(error instanceof EndpointError)) throw error;
    throw new OpenApiError(below("/paths", path), `route ${JSON.stringify(route)} cannot be sent: ${error.message}`);
  }
  if (body.shared.length > 0) {
    sharedRoutes.push({ route, names: body.shared });
    const names = body.shared.map((name) => `\`${name}\``).join(", ");
    notes.unshift(
      `Body field${body.shared.length > 1 ? "s" : ""} ${names} share${body.shared.length > 1 ? "" : "s"} the name of a path parameter or option: send the body as \`data\`.`,
    );
  }
  for (const note of notes) generator.notes.push({ route, note });
  return github
    ? githubEntry(route, members, body.alternatives, notes)
    : userEntry(route, operation.value, members, body.alternatives, notes);
}

function githubEntry(
  route: string,
  members: readonly Member[],
  alternatives: string | undefined,
  notes: readonly string[],
): string {
  let type = members.length === 0 ? "{}" : `{ ${members.map((m) => m.text).join("; ")} }`;
  if (alternatives !== undefined) type = members.length === 0 ? alternatives : `${type} & (${alternatives})`;
  const doc = notes.length > 0 ? `  /** ${notes.join(" ")} */\n` : "";
  return `${doc}  ${JSON.stringify(route)}: ${type};`;
}

function userEntry(
  route: string,
  operation: Json,
  members: readonly Member[],
  alternatives: string | undefined,
  notes: readonly string[],
): string {
  const lines: string[] = [];
  const summary = docLine(operation.summary) ?? docLine(operation.description);
  const id = typeof operation.operationId === "string" ? ` (${operation.operationId})` : "";
  const docs = [...(summary !== undefined || id !== "" ? [`${summary ?? "Operation"}${id}`] : []), ...notes];
  const escaped = docs.map((line) => line.replaceAll("*/", "*\\/"));
  if (escaped.length === 1) lines.push(`  /** ${escaped[0]} */`);
  else if (escaped.length > 1) lines.push("  /**", ...escaped.map((line) => `   * ${line}`), "   */");
  let type: string;
  if (members.length === 0) type = "{}";
  else {
    const body = members.flatMap((m) => [...(m.doc === undefined ? [] : [`    /** ${m.doc} */`]), `    ${m.text};`]);
    type = `{\n${body.join("\n")}\n  }`;
  }
  if (alternatives !== undefined) type = members.length === 0 ? alternatives : `${type} & (${alternatives})`;
  lines.push(`  ${JSON.stringify(route)}: ${type};`);
  return lines.join("\n");
}

function githubModule(options: RouteMapOptions, info: Json, entries: readonly string[]): string {
  const described = typeof info.version === "string" ? ` (version ${info.version})` : "";
  return `// Generated by \`endpoint-options openapi --github\` from ${options.source}${described}.
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
}

function userModule(
  options: RouteMapOptions,
  document: Document,
  name: string,
  title: string,
  info: Json,
  entries: readonly string[],
): string {
  const version = typeof info.version === "string" ? ` ${info.version}` : "";
  const baseUrl = options.baseUrl ?? serverUrl(document);
  const endpointName = name.charAt(0).toLowerCase() + name.slice(1);
  const servers = document.root.servers;
  const relative = Array.isArray(servers) && isPlainObject(servers[0]) ? servers[0].url : undefined;
  const made =
    baseUrl === undefined
      ? `rest;\n// The document names no absolute server url${typeof relative === "string" ? ` (its server is ${JSON.stringify(relative)}, relative to where it is served)` : ""}: set one with ${endpointName}.defaults({ baseUrl: "https://host${typeof relative === "string" && relative.startsWith("/") ? relative : ""}" }).`
      : `rest.defaults({ baseUrl: ${JSON.stringify(baseUrl)} });`;
  return `// Generated by \`endpoint-options openapi\` from ${options.source}: ${title.replaceAll("\n", " ")}${version} (OpenAPI ${document.root.openapi as string}).
// Do not edit: generate it again. Parameters only: path, query and body, required or optional.
import { rest, type StrictEndpoint } from "endpoint-options";

/** Parameter types for every route of ${title.replaceAll("*/", "*\\/").replaceAll("\n", " ")}, by route string (${entries.length} routes). */
export interface ${name}Routes {
${entries.join("\n")}
}

/** \`rest\` for ${title.replaceAll("*/", "*\\/").replaceAll("\n", " ")}: it takes only these routes, each with exactly its parameters. */
export const ${endpointName}: StrictEndpoint<${name}Routes> = ${made}
`;
}
