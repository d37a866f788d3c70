// Route maps from OpenAPI documents: the generator behind `endpoint-options openapi`, and behind
// endpoint-options/github (src/github.ts). It reads an OpenAPI 3.0 or 3.1 document whose $refs are local and
// writes a TypeScript module: an interface from route keys ("GET /pets/{petId}") to parameter types, and a
// strict endpoint typed by it. Document text reaches the module only through src/openapi-emit.ts; schemas
// become types in src/openapi-schemas.ts. Used by the CLI only: the library never loads it.

import { isUnicodeSpace } from "./chars.js";
import { encodeComponent } from "./encode.js";
import { EndpointError, quote } from "./errors.js";
import {
  bracketedKeyType,
  type Code,
  camelCase,
  docComment,
  Identifiers,
  isPascalCase,
  join,
  lineComment,
  pascalWords,
  propertyKey,
  stringLiteral,
  ts,
} from "./openapi-emit.js";
import {
  alternativesOf,
  arrayOf,
  below,
  Document,
  type Found,
  type FoundObject,
  intersection,
  isObjectSchema,
  type Json,
  type Member,
  member,
  OpenApiError,
  objectOf,
  orNull,
  type Property,
  plainType,
  propertiesOf,
  SchemaTypes,
  STRING,
  type TypeText,
  UNKNOWN,
  union,
} from "./openapi-schemas.js";
import { checkBaseUrl, compileUrl } from "./url.js";
import { isPlainObject } from "./util.js";

export { OpenApiError } from "./openapi-schemas.js";

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
  /**
   * The document's size in characters, when known: a module more than 32 times as large (plus 1 MB) is
   * refused as it grows, so no document can make the generator write without end.
   */
  readonly documentSize?: number | undefined;
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

/** Option names (route.ts OPTION_NAMES, and `data`): a body field so named can only be sent inside `data`. */
const OPTION_NAMES = new Set(["method", "baseUrl", "url", "headers", "request", "mediaType", "data"]);
const OPERATIONS = ["get", "head", "post", "put", "patch", "delete", "options"];
/** The module may be this many times the document's size, plus OUTPUT_SLACK characters. */
const OUTPUT_RATIO = 32;
const OUTPUT_SLACK = 1 << 20;
/** Document text quoted in a note (a server url, a media type, an operation id) is cut to this length. */
const MAX_QUOTED_IN_NOTE = 200;
/** A description or summary in a doc comment: its first paragraph, at most this many characters. */
const MAX_DOC_LINE = 300;

/** Document text for a note: at most MAX_QUOTED_IN_NOTE characters (a note may repeat on every route). */
function clip(text: string): string {
  if (text.length <= MAX_QUOTED_IN_NOTE) return text;
  const end =
    (text.charCodeAt(MAX_QUOTED_IN_NOTE - 1) & 0xfc00) === 0xd800 ? MAX_QUOTED_IN_NOTE - 1 : MAX_QUOTED_IN_NOTE;
  return `${text.slice(0, end)}…`;
}

/** `\s` of a regular expression (and the zero-width space). */
function isSpace(code: number): boolean {
  return (code >= 9 && code <= 13) || code === 32 || isUnicodeSpace(code);
}

/**
 * A description as one line of a doc comment: its first paragraph (up to a blank line), white space
 * collapsed, at most 300 characters. Reads no further than it needs: a few thousand characters.
 */
function docLine(description: unknown): string | undefined {
  if (typeof description !== "string") return undefined;
  const window = description.slice(0, 16 * MAX_DOC_LINE);
  let text = "";
  for (let i = 0; i < window.length && text.length <= MAX_DOC_LINE; ) {
    if (!isSpace(window.charCodeAt(i))) {
      text += window[i];
      i++;
      continue;
    }
    let lines = 0;
    for (; i < window.length && isSpace(window.charCodeAt(i)); i++) if (window.charCodeAt(i) === 10) lines++;
    if (text !== "" && lines >= 2) break;
    if (text !== "" && i < window.length) text += " ";
  }
  if (text === "") return undefined;
  if (text.length <= MAX_DOC_LINE) return text;
  const end = (text.charCodeAt(MAX_DOC_LINE - 2) & 0xfc00) === 0xd800 ? MAX_DOC_LINE - 2 : MAX_DOC_LINE - 1;
  return `${text.slice(0, end)}…`;
}

/** A path's literal text, or a `{…}` expression's inside. */
type PathPart = { readonly literal: string } | { readonly name: string };

/** A path or server url split at its `{…}` expressions, in one scan (`{` with no `}` after it is text). */
function splitTemplate(path: string): PathPart[] {
  const parts: PathPart[] = [];
  let i = 0;
  while (i < path.length) {
    const open = path.indexOf("{", i);
    const close = open === -1 ? -1 : path.indexOf("}", open + 1);
    if (close === -1) break;
    if (close === open + 1) {
      // `{}` names nothing: text, as a scan for `{name}` leaves it.
      parts.push({ literal: path.slice(i, close + 1) });
    } else {
      if (open > i) parts.push({ literal: path.slice(i, open) });
      parts.push({ name: path.slice(open + 1, close) });
    }
    i = close + 1;
  }
  if (i < path.length) parts.push({ literal: path.slice(i) });
  return parts;
}

/**
 * A path's literal text as a route key writes it: a `:` before a letter or `_` (Google's `/models:list`) is
 * `%3A`, or endpoint-options would read `:list` as a placeholder.
 */
function literalColons(text: string): string {
  let out = "";
  let start = 0;
  for (let i = text.indexOf(":"); i !== -1; i = text.indexOf(":", i + 1)) {
    const next = text.charCodeAt(i + 1);
    if ((next | 32) >= 97 && (next | 32) <= 122 ? true : next === 95) {
      out += `${text.slice(start, i)}%3A`;
      start = i + 1;
    }
  }
  return out + text.slice(start);
}

/** True for a name an RFC 6570 expression can hold (with the `-` endpoint urls allow): `a.b`, `%24filter`. */
function isVariableName(name: string): boolean {
  let segment = 0;
  for (let i = 0; i < name.length; i++) {
    const code = name.charCodeAt(i);
    const letter = (code | 32) >= 97 && (code | 32) <= 122;
    if (letter || (code >= 48 && code <= 57) || code === 95 || code === 45) segment++;
    else if (code === 37 && isHex(name.charCodeAt(i + 1)) && isHex(name.charCodeAt(i + 2))) {
      segment++;
      i += 2;
    } else if (code === 46 && segment > 0) segment = 0;
    else return false;
  }
  return segment > 0;
}

function isHex(code: number): boolean {
  return (code >= 48 && code <= 57) || ((code | 32) >= 97 && (code | 32) <= 102);
}

/** A JSON media type: `application/json`, `application/vnd.api+json`, with or without parameters. */
function isJsonMediaType(type: string): boolean {
  const end = type.indexOf(";");
  const essence = end === -1 ? type : type.slice(0, end);
  if (essence === "application/json") return true;
  if (!essence.startsWith("application/") || !essence.endsWith("+json") || essence.length <= 17) return false;
  for (let i = 12; i < essence.length - 5; i++) {
    const code = essence.charCodeAt(i);
    const word = (code | 32) >= 97 && (code | 32) <= 122 ? true : (code >= 48 && code <= 57) || code === 95;
    if (!(word || code === 46 || code === 43 || code === 45)) return false;
  }
  return true;
}

/** How a parameter is written: the style and explode OpenAPI gives it, with their defaults. */
function styleOf(parameter: Json): { style: string; explode: boolean } {
  const style = typeof parameter.style === "string" ? parameter.style : parameter.in === "query" ? "form" : "simple";
  const explode = typeof parameter.explode === "boolean" ? parameter.explode : style === "form";
  return { style, explode };
}

/**
 * What a body schema is, read once however many routes share it: whether its properties can be parameters
 * (it has properties, or oneOf/anyOf items that all describe objects with properties, their own or the
 * schema's), and the names it may hold, to find those it shares with a url variable or an option.
 */
interface BodyShape {
  readonly flat: boolean;
  /** The property names of the schema and of each alternative (each set read once per schema). */
  readonly names: readonly ReadonlySet<string>[];
  /** The names the schema and each alternative require. */
  readonly required: readonly ReadonlySet<string>[];
}

/** One route: its key and parameter types, and the notes on how to send them. */
interface RouteEntry {
  readonly route: string;
  readonly members: readonly Member[];
  /** Types the members are intersected with: a body's alternatives, or its alias. */
  readonly more?: TypeText | undefined;
  readonly notes: readonly string[];
}

class Generator {
  readonly notes: { route: string; note: string }[] = [];
  readonly sharedRoutes: { route: string; names: string[] }[] = [];
  readonly schemas: SchemaTypes;
  readonly #bodyShapes = new Map<object, BodyShape>();

  constructor(
    readonly document: Document,
    readonly github: boolean,
    identifiers: Identifiers,
  ) {
    this.schemas = new SchemaTypes(document, identifiers);
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

  /** A member's doc comment text: its schema's description, outside GitHub's form. */
  docOf(schema: unknown, at: string): string | undefined {
    if (this.github) return undefined;
    const { value } = this.document.resolve(schema, at);
    return isPlainObject(value) ? docLine(value.description) : undefined;
  }

  /** A body schema's shape (see BodyShape), read once per schema. */
  bodyShape(schema: FoundObject): BodyShape {
    const known = this.#bodyShapes.get(schema.value);
    if (known !== undefined) return known;
    const alternatives = alternativesOf(this.document, schema.value, schema.at);
    const flat =
      alternatives === undefined
        ? isPlainObject(schema.value.properties)
        : alternatives.every(
            ({ item }) =>
              isObjectSchema(item.value) &&
              (isPlainObject(item.value.properties) || isPlainObject(schema.value.properties)),
          );
    const schemas = [schema.value, ...(alternatives ?? []).map(({ item }) => item.value)].filter(isPlainObject);
    const names = schemas.map((value) => this.document.namesOf(value, "properties"));
    const required = schemas.map((value) => this.document.namesOf(value, "required"));
    const shape = { flat, names, required };
    this.#bodyShapes.set(schema.value, shape);
    return shape;
  }

  /**
   * Types of a JSON request body, as its properties (they become parameters) or as `data`. A body field
   * named like a url variable or an option can only be sent inside `data`; when such a field is required,
   * the whole body is `data`. A body that is not JSON is `data`, as the client sends it. A body schema used
   * by several routes is named by each, not written out again.
   */
  bodyMembers(
    operation: Json,
    at: string,
    urlNames: ReadonlySet<string>,
    notes: string[],
  ): { members: Member[]; more?: TypeText; shared: string[] } {
    const found = this.document.object(operation.requestBody, below(at, "requestBody"));
    if (found === undefined) return { members: [], shared: [] };
    const requestBody = found.value;
    const content = isPlainObject(requestBody.content) ? requestBody.content : {};
    const types = Object.keys(content);
    const jsonType = types.includes("application/json")
      ? "application/json"
      : this.github
        ? undefined
        : types.find(isJsonMediaType);
    const required = requestBody.required === true;
    const contentAt = below(found.at, "content");
    const media = jsonType === undefined ? undefined : this.document.resolve(content[jsonType], contentAt);
    if (jsonType === undefined || media === undefined || !isPlainObject(media.value)) {
      const text = types.some((type) => type.startsWith("text/"));
      if (!this.github) {
        const listed = types.length === 0 ? "of no declared type" : clip(types.join(" or "));
        notes.push(`The body is ${listed}: send it as \`data\`, with its content-type header.`);
      }
      return { members: [member("data", !required, text ? STRING : UNKNOWN)], shared: [] };
    }
    const node = media.value.schema;
    const schemaAt = below(media.viaRef ? media.at : below(contentAt, jsonType), "schema");
    const schema = this.document.resolve(node, schemaAt);
    if (!this.github && jsonType !== "application/json") {
      notes.push(
        `The body is ${clip(jsonType)}: set that content-type header (a JSON body is otherwise labelled application/json).`,
      );
    }
    if (!this.github && isPlainObject(schema.value) && schema.value.type === "string") {
      notes.push("The body is a JSON string: pass JSON.stringify(text) as `data` (a string is sent as it is).");
    }
    const data = (optional: boolean): Member => member("data", optional, this.schemas.typeOf(node, schemaAt));
    if (!isObjectSchema(schema.value)) return { members: [data(!required)], shared: [] };
    const { flat, names, required: requiredNames } = this.bodyShape(schema as FoundObject);
    if (!flat) return { members: [data(!required)], shared: [] };
    // The route's few names looked up among the body's, which may be many and shared by many routes.
    const shared = [...new Set([...urlNames, ...OPTION_NAMES])].filter((name) => names.some((set) => set.has(name)));
    const sharedRequired = required && shared.some((name) => requiredNames.some((set) => set.has(name)));
    // A body field named `url` or `method` would replace the route's own url or method (and send the request,
    // token and all, elsewhere): the option is refused on these routes, so the field goes in `data`.
    const refused = shared
      .filter((name) => name === "url" || name === "method")
      .map((name): Member => ({ code: ts`${propertyKey(name)}?: never`, named: false }));
    if (sharedRequired) return { members: [data(false), ...refused], shared };
    const place = this.schemas.place(node, schemaAt);
    if (!("schema" in place)) {
      // Written elsewhere already: the route names it (a shared field sends the whole body as data).
      if (shared.length > 0) return { members: [data(!required), ...refused], shared };
      return { members: [], more: required ? place.type : partial(place.type), shared };
    }
    const sharedMembers = shared.length > 0 ? [data(true), ...refused] : [];
    const isShared = (name: string): boolean => urlNames.has(name) || OPTION_NAMES.has(name);
    const membersOf = (properties: readonly Property[]): Member[] =>
      properties
        .filter((property) => !isShared(property.name))
        .map((property) =>
          member(
            property.name,
            !required || !property.required,
            this.schemas.typeOf(property.schema, property.at),
            this.docOf(property.schema, property.at),
          ),
        );
    const own = membersOf(propertiesOf(place.schema, place.at));
    const alternatives = alternativesOf(this.document, place.schema, place.at);
    if (alternatives === undefined) return { members: [...own, ...sharedMembers], shared };
    const shapes = alternatives.map(({ node: item, at: itemAt, requires }) => {
      const alternative = this.schemas.place(item, itemAt);
      const extra = membersOf(requires);
      if (!("schema" in alternative)) return intersection([alternative.type, objectOf(extra)]);
      return objectOf([...membersOf(propertiesOf(alternative.schema, alternative.at)), ...extra]);
    });
    const more = union(shapes);
    return {
      members: [...own, ...sharedMembers],
      ...(more.code === "Record<string, unknown>" ? {} : { more }),
      shared,
    };
  }
}

/** A body type whose fields are all optional, as a body that is not required has them. */
function partial(type: TypeText): TypeText {
  return plainType(ts`Partial<${type.code}>`);
}

/** The first server's url, its variables at their defaults, when it is an absolute http(s) url. */
function serverUrl(root: Json): string | undefined {
  const servers = root.servers;
  if (!Array.isArray(servers) || !isPlainObject(servers[0]) || typeof servers[0].url !== "string") return undefined;
  const variables = isPlainObject(servers[0].variables) ? servers[0].variables : {};
  const url = splitTemplate(servers[0].url)
    .map((part) => {
      if ("literal" in part) return part.literal;
      const variable = Object.hasOwn(variables, part.name) ? variables[part.name] : undefined;
      return isPlainObject(variable) && typeof variable.default === "string" ? variable.default : `{${part.name}}`;
    })
    .join("");
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
      `the document is Swagger ${clip(root.swagger)}, not OpenAPI 3.0 or 3.1; convert it first (e.g. npx swagger2openapi)`,
    );
  }
  if (typeof root.openapi !== "string") {
    throw new OpenApiError("", 'the document has no "openapi" version: it is not an OpenAPI 3.0 or 3.1 document');
  }
  if (!/^3\.[01]\.\d+$/.test(root.openapi)) {
    throw new OpenApiError(
      "/openapi",
      `OpenAPI ${quote(root.openapi).slice(1, -1)} is not supported; the generator reads 3.0 and 3.1`,
    );
  }
}

/** Counts what the module will hold, and refuses a document that would make it grow beyond its budget. */
class Budget {
  #written = 0;

  constructor(readonly limit: number) {}

  add(code: Code, at: string): Code {
    this.#written += code.length;
    if (this.#written > this.limit) {
      throw new OpenApiError(
        at,
        `the module would be more than ${OUTPUT_RATIO} times the document's size: the document repeats itself through $refs (a path item or parameters shared by many paths?)`,
      );
    }
    return code;
  }
}

/** The route map of an OpenAPI 3.0 or 3.1 document. Throws an OpenApiError naming the place of a problem. */
export function generateRouteMap(root: unknown, options: RouteMapOptions): RouteMap {
  checkVersion(root);
  const document = new Document(root);
  const github = options.github === true;
  const identifiers = new Identifiers();
  const info = isPlainObject(root.info) ? root.info : {};
  const title = typeof info.title === "string" ? info.title : "the API";
  const names = github ? githubNames(identifiers) : mapNames(identifiers, options.name, title);
  const generator = new Generator(document, github, identifiers);
  const budget = new Budget(
    options.documentSize === undefined ? Number.POSITIVE_INFINITY : OUTPUT_RATIO * options.documentSize + OUTPUT_SLACK,
  );
  const entries: Code[] = [];
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
      const entry = routeEntry(generator, path, method, item, found);
      for (const note of entry.notes) generator.notes.push({ route: entry.route, note });
      const code = github ? githubEntry(entry) : userEntry(entry, found.value);
      entries.push(budget.add(code, itemAt));
    }
  }
  const aliases = generator.schemas.declarations(!github);
  for (const alias of aliases) budget.add(alias, "");
  const source = github
    ? githubModule(options, info, entries, aliases)
    : userModule(options, root, names, title, info, entries, aliases);
  return { source, routes: entries.length, sharedRoutes: generator.sharedRoutes, notes: generator.notes };
}

/** The names a user's module declares: the map's interface and its endpoint. */
interface MapNames {
  readonly routes: Code;
  readonly endpoint: Code;
}

function githubNames(identifiers: Identifiers): MapNames {
  for (const name of ["anyRoute", "StrictEndpoint"]) identifiers.claim(name);
  return { routes: identifiers.claim("GitHubRoutes"), endpoint: identifiers.claim("endpoint") };
}

/**
 * The map's names from `--name`, or from the document's title in PascalCase words ("Swagger Petstore -
 * OpenAPI 3.0" → SwaggerPetstoreOpenAPI30); `Api` is added to a title whose camelCase form the module cannot
 * declare ("Delete", "Rest").
 */
function mapNames(identifiers: Identifiers, given: string | undefined, title: string): MapNames {
  for (const name of ["rest", "StrictEndpoint"]) identifiers.claim(name);
  const usable = (name: string): boolean =>
    isPascalCase(name) && identifiers.isFree(camelCase(name)) && identifiers.isFree(`${name}Routes`);
  let name = given;
  if (name === undefined) {
    const words = pascalWords(title, "Api");
    name = usable(words) ? words : `${words}Api`;
  }
  if (!usable(name)) {
    throw new OpenApiError(
      "",
      `--name ${quote(name)} must be PascalCase letters and digits, and its camelCase form no JavaScript reserved word nor "rest" (the module imports it); e.g. Petstore`,
    );
  }
  return { routes: identifiers.claim(`${name}Routes`), endpoint: identifiers.claim(camelCase(name)) };
}

/** One route of the map: its key, its parameter types and its notes. */
function routeEntry(
  generator: Generator,
  path: string,
  method: string,
  item: FoundObject,
  operation: FoundObject,
): RouteEntry {
  const { document, github, schemas } = generator;
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
  const byPlace = new Map<string, FoundObject>();
  for (const parameter of parameters) {
    if (!isPlainObject(parameter.value) || typeof parameter.value.name !== "string") {
      throw new OpenApiError(parameter.at, "is not a parameter object with a name");
    }
    const place = typeof parameter.value.in === "string" ? parameter.value.in : "";
    byPlace.set(`${place}:${parameter.value.name}`, parameter as FoundObject);
  }
  const members: Member[] = [];
  const notes: string[] = [];
  const urlNames = new Set<string>();
  const queryNames: string[] = [];
  const hasBody = method !== "get" && method !== "head" && method !== "options";
  const template = splitTemplate(path);
  /** How each path placeholder is written: `{.id}`, `{;id*}`… by name (GitHub's form writes `{name}`). */
  const expressions = new Map<string, string>();
  if (!github && template.some((part) => "literal" in part && literalColons(part.literal) !== part.literal)) {
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
  /** Query parameters the url of a route with a body cannot name: sent through the `url` option instead. */
  const throughUrl: { name: string; example: string }[] = [];
  for (const { value: parameter, at } of byPlace.values()) {
    const name = parameter.name as string;
    const place = parameter.in;
    if (place === "header" || place === "cookie") {
      if (!github) {
        (place === "header" ? headers : cookies).push(
          `${clip(name)}${parameter.required === true ? " (required)" : ""}`,
        );
      }
      continue;
    }
    if (place !== "path" && place !== "query") {
      throw new OpenApiError(
        below(at, "in"),
        `parameter ${quote(name)} is in ${quote(place)}; a parameter is in path, query, header or cookie`,
      );
    }
    if (OPTION_NAMES.has(name)) {
      // Such a key is read as an option: it can never be a parameter.
      if (place === "path") {
        throw new OpenApiError(
          at,
          `path parameter ${quote(name)} is named like an endpoint-options option, which a url placeholder cannot be`,
        );
      }
      if (!github) {
        notes.push(
          `Query parameter \`${name}\`${parameter.required === true ? " (required)" : ""} is named like an option: pass the url with it, e.g. url: ${JSON.stringify(`${clip(path)}?${encodeComponent(name)}=…`)}.`,
        );
      }
      continue;
    }
    if (place === "query" && pathNames.has(name)) {
      if (!github) throughUrl.push({ name, example: `${encodeComponent(name)}=…` });
      continue;
    }
    const optional = place === "query" && parameter.required !== true;
    const schemaAt = below(at, "schema");
    let type = parameter.content !== undefined ? STRING : schemas.typeOf(parameter.schema, schemaAt);
    const { style, explode } = styleOf(parameter);
    const kind = parameter.content !== undefined ? "scalar" : generator.kindOf(parameter.schema, schemaAt);
    const doc = github ? undefined : docLine(parameter.description);
    if (parameter.content !== undefined && !github) {
      const media = isPlainObject(parameter.content) ? Object.keys(parameter.content).join(" or ") : "";
      notes.push(`\`${clip(name)}\` is ${clip(media)}: serialise it yourself (e.g. JSON.stringify).`);
    }
    if (parameter.allowReserved === true && !github) {
      notes.push(
        `\`${clip(name)}\` allows reserved characters; they are sent percent-encoded, which a server decodes to the same value.`,
      );
    }
    if (place === "path") {
      urlNames.add(name);
      // label (.x), matrix (;x) and exploded simple (x*) styles are RFC 6570 expressions of their own.
      const operator = style === "label" ? "." : style === "matrix" ? ";" : "";
      if (!github && (operator !== "" || explode)) expressions.set(name, `${operator}${name}${explode ? "*" : ""}`);
      members.push(member(name, optional, type, doc));
      continue;
    }
    // A query parameter.
    queryNames.push(name);
    urlNames.add(name);
    // A comma-separated query list may also be given as an array: the query string joins it with ",".
    if (type.code === "string" && mentionsComma(parameter.description)) {
      type = union([STRING, arrayOf(STRING)]);
    }
    // An optional query parameter may be null: the query string leaves it out, as it does undefined.
    const nullable = (t: TypeText): TypeText => (optional ? orNull(t) : t);
    if (github) {
      members.push(member(name, optional, nullable(type), doc));
      continue;
    }
    if (hasBody && (style === "deepObject" || !isVariableName(name))) {
      // Left over, it would go into the body; a `{?…}` expression cannot hold its keys or its name.
      throughUrl.push({ name, example: `${encodeComponent(style === "deepObject" ? `${name}[key]` : name)}=…` });
      queryNames.pop();
      urlNames.delete(name);
      continue;
    }
    if (style === "deepObject") {
      // Each property is a key of its own: `filter[status]=open`.
      const shown = JSON.stringify(`${clip(name)}[${kind === "array" ? "0" : "key"}]`);
      const example =
        kind === "array" ? `{ ${shown}: first, ${JSON.stringify(`${clip(name)}[1]`)}: second }` : `{ ${shown}: value }`;
      members.push({
        code: ts`readonly [key: ${bracketedKeyType(name)}]: string | number | boolean | Date | null | undefined`,
        doc:
          doc ??
          `\`${clip(name)}\` as deepObject: one key per ${kind === "array" ? "item" : "property"}, e.g. ${example}.`,
        named: false,
      });
      notes.push(
        `\`${clip(name)}\` is a deepObject: send each ${kind === "array" ? "item" : "property"} as its own key, e.g. ${example}.`,
      );
      urlNames.delete(name);
      continue;
    }
    if ((style === "spaceDelimited" || style === "pipeDelimited") && kind === "array") {
      const separator = style === "spaceDelimited" ? " " : "|";
      members.push(member(name, optional, nullable(STRING), doc));
      notes.push(
        `\`${clip(name)}\` is ${style}: join its items yourself, e.g. ${clip(name)}: items.join(${JSON.stringify(separator)}).`,
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
          throughUrl.push({ name, example: `${encodeComponent(name)}=…` });
          continue;
        }
        notes.push(
          `\`${clip(name)}\` is sent as one key, a list joined with commas: its name cannot be a url template variable.`,
        );
      } else queryExpression.push(`${name}${star}`);
    }
    members.push(member(name, optional, nullable(type), doc));
  }
  if (throughUrl.length > 0) notes.push(throughUrlNote(path, throughUrl));
  // Path placeholders that no parameter describes are still required (written first, the last one first).
  const undescribed: Member[] = [];
  for (const part of template) {
    if ("name" in part && !urlNames.has(part.name)) {
      urlNames.add(part.name);
      undescribed.push(member(part.name, false, STRING));
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
        notes.push(`This operation's server is ${JSON.stringify(clip(server))} (${clip(at)}): pass it as baseUrl.`);
        break;
      }
    }
  }
  if (!hasBody) for (const name of queryNames) urlNames.delete(name);
  const body = hasBody
    ? generator.bodyMembers(operation.value, operationAt, urlNames, notes)
    : { members: [], shared: [] };
  const routePath = template
    .map((part) =>
      "literal" in part
        ? github
          ? part.literal
          : literalColons(part.literal)
        : `{${expressions.get(part.name) ?? part.name}}`,
    )
    .join("");
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
    throw new OpenApiError(below("/paths", path), `route ${quote(route)} cannot be sent: ${error.message}`);
  }
  if (body.shared.length > 0) {
    generator.sharedRoutes.push({ route, names: body.shared });
    const names = body.shared.map((name) => `\`${clip(name)}\``).join(", ");
    notes.unshift(
      `Body field${body.shared.length > 1 ? "s" : ""} ${names} share${body.shared.length > 1 ? "" : "s"} the name of a path parameter or option: send the body as \`data\`.`,
    );
  }
  return { route, members: [...undescribed.reverse(), ...members, ...body.members], more: body.more, notes };
}

/** True when a description calls the parameter comma-separated (read as far as a doc line is). */
function mentionsComma(description: unknown): boolean {
  return (
    typeof description === "string" &&
    description
      .slice(0, 16 * MAX_DOC_LINE)
      .toLowerCase()
      .includes("comma")
  );
}

/** One note for the query parameters that must go in the url, with the path written once. */
function throughUrlNote(path: string, parameters: readonly { name: string; example: string }[]): string {
  const url = JSON.stringify(`${clip(path)}?${parameters.map((p) => p.example).join("&")}`);
  const names = parameters.map((p) => `\`${clip(p.name)}\``).join(", ");
  return parameters.length === 1
    ? `Query parameter ${names} cannot be a parameter here (it would go into the body or clash with a path parameter): pass the url with it, e.g. url: ${url}.`
    : `Query parameters ${names} cannot be parameters here (they would go into the body or clash with a path parameter): pass the url with them, e.g. url: ${url}.`;
}

/** The entry's type: its members, intersected with its body's alternatives or alias. */
function entryType(entry: RouteEntry, object: TypeText): TypeText {
  if (entry.more === undefined) return object;
  return entry.members.length === 0 ? entry.more : intersection([object, entry.more]);
}

function githubEntry(entry: RouteEntry): Code {
  const object = entry.members.length === 0 ? plainType(ts`{}`) : objectOf(entry.members);
  const doc = docComment(entry.notes.length > 0 ? [entry.notes.join(" ")] : [], "  ");
  const line = ts`  ${stringLiteral(entry.route)}: ${entryType(entry, object).code};`;
  return entry.notes.length > 0 ? join([doc, line], "\n") : line;
}

function userEntry(entry: RouteEntry, operation: Json): Code {
  const summary = docLine(operation.summary) ?? docLine(operation.description);
  const id = typeof operation.operationId === "string" ? ` (${clip(operation.operationId)})` : "";
  const docs = [...(summary !== undefined || id !== "" ? [`${summary ?? "Operation"}${id}`] : []), ...entry.notes];
  let object: TypeText;
  if (entry.members.length === 0) object = plainType(ts`{}`);
  else {
    const lines = entry.members.flatMap((m) => [
      ...(m.doc === undefined ? [] : [docComment([m.doc], "    ")]),
      ts`    ${m.code};`,
    ]);
    object = plainType(ts`{\n${join(lines, "\n")}\n  }`);
  }
  const line = ts`  ${stringLiteral(entry.route)}: ${entryType(entry, object).code};`;
  return docs.length > 0 ? join([docComment(docs, "  "), line], "\n") : line;
}

/** The aliases, after the routes: the schemas they name, each written once. */
function aliasSection(aliases: readonly Code[]): Code {
  if (aliases.length === 0) return ts``;
  return ts`\n${lineComment("Schemas the routes name, each written once.")}\n${join(aliases, "\n")}\n`;
}

function githubModule(
  options: RouteMapOptions,
  info: Json,
  entries: readonly Code[],
  aliases: readonly Code[],
): string {
  const described = typeof info.version === "string" ? ` (version ${clip(info.version)})` : "";
  return ts`${lineComment(`Generated by \`endpoint-options openapi --github\` from ${options.source}${described}.`)}
// Do not edit: run \`npm run generate:github\`. Parameters only: path, query and body, required or optional.
import { endpoint as anyRoute, type StrictEndpoint } from "./index.js";

${docComment(
  [
    `Parameter types for every route of GitHub's REST API, by route string (${entries.length} routes). Importing this`,
    'module (`import type {} from "endpoint-options/github"`) adds them to `EndpointRoutes`.',
  ],
  "",
)}
export interface GitHubRoutes {
${join(entries, "\n")}
}

declare module "./index.js" {
  interface EndpointRoutes extends GitHubRoutes {}
}

/**
 * The \`endpoint\` of endpoint-options, strict: it takes only GitHub's routes, each with exactly its parameters,
 * and a route not in \`GitHubRoutes\` is a compile error naming the nearest ones. The same function at run time.
 */
export const endpoint: StrictEndpoint<GitHubRoutes> = anyRoute;
${aliasSection(aliases)}`;
}

function userModule(
  options: RouteMapOptions,
  root: Json,
  names: MapNames,
  title: string,
  info: Json,
  entries: readonly Code[],
  aliases: readonly Code[],
): string {
  const version = typeof info.version === "string" ? ` ${clip(info.version)}` : "";
  const baseUrl = options.baseUrl ?? serverUrl(root);
  const servers = root.servers;
  const relative = Array.isArray(servers) && isPlainObject(servers[0]) ? servers[0].url : undefined;
  const where =
    typeof relative === "string"
      ? ` (its server is ${JSON.stringify(clip(relative))}, relative to where it is served)`
      : "";
  const host = typeof relative === "string" && relative.startsWith("/") ? clip(relative) : "";
  const made =
    baseUrl === undefined
      ? ts`rest;\n${lineComment(`The document names no absolute server url${where}: set one with ${names.endpoint}.defaults({ baseUrl: ${JSON.stringify(`https://host${host}`)} }).`)}`
      : ts`rest.defaults({ baseUrl: ${stringLiteral(baseUrl)} });`;
  const shownTitle = clip(title);
  return ts`${lineComment(`Generated by \`endpoint-options openapi\` from ${options.source}: ${shownTitle}${version} (OpenAPI ${String(root.openapi)}).`)}
// Do not edit: generate it again. Parameters only: path, query and body, required or optional.
import { rest, type StrictEndpoint } from "endpoint-options";

${docComment([`Parameter types for every route of ${shownTitle}, by route string (${entries.length} routes).`], "")}
export interface ${names.routes} {
${join(entries, "\n")}
}

${docComment([`\`rest\` for ${shownTitle}: it takes only these routes, each with exactly its parameters.`], "")}
export const ${names.endpoint}: StrictEndpoint<${names.routes}> = ${made}
${aliasSection(aliases)}`;
}
