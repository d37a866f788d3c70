// Route maps from OpenAPI documents: the generator behind `endpoint-options openapi`, and behind
// endpoint-options/github (src/github/github.ts). It reads an OpenAPI 3.0 or 3.1 document whose $refs are local and
// writes a TypeScript module: an interface from route keys ("GET /pets/{petId}": the method and the path as the
// document writes it) to parameter types, the operation table that says how each route is sent
// (src/openapi/openapi-operations.ts), and a strict endpoint typed by the one and sending by the other (`withOperations`).
// GitHub's form keeps @octokit/types' keys and the core's endpoint, with no table. Document text reaches the
// module only through src/openapi/openapi-emit.ts; schemas become types in src/openapi/openapi-schemas.ts. Used by the CLI only:
// the library never loads it.

import { isUnicodeSpace } from "../base/chars.js";
import { EndpointError, quote } from "../base/errors.js";
import { isPlainObject } from "../base/util.js";
import { checkBaseUrl, compileUrl } from "../core/url.js";
import {
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
  type BodyEntry,
  type EncodingEntry,
  essenceOf,
  isJsonMediaType,
  isReservedName,
  OPTION_NAMES,
  type OperationEntry,
  OWN_KEYS,
  type ParameterEntry,
  urlLiteral,
  variableOf,
  writtenAs,
} from "./openapi-operations.js";
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
  /** Routes whose body has a field named like a parameter or an option: their body goes in `data`. */
  readonly sharedRoutes: readonly { readonly route: string; readonly names: readonly string[] }[];
  /** Parameters sent otherwise than the document says, each with the way to send it: also in doc comments. */
  readonly notes: readonly { readonly route: string; readonly note: string }[];
  /** Each route's top-level keys, as its type names them: for tools that check a call's names (the CLI). */
  readonly names: Readonly<Record<string, readonly string[]>>;
}

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

/** What a body's media type makes it: JSON, a form, multipart parts, or raw bytes the caller passes as `data`. */
type BodyKind = BodyEntry["kind"];

/** A media range (`*\/*`, `application/*`): the document takes any type, and the client names the one it sends. */
const isMediaRange = (type: string): boolean => essenceOf(type).endsWith("/*");

/**
 * The media type a body is sent as, of those the document declares: JSON first (`application/json`, then any
 * `+json` type), then a form, then multipart parts, then a range such as `*\/*` (JSON, labelled
 * `application/json`: a content-type names a type, never a range); undefined when it declares none of these
 * (a raw body).
 */
function mediaTypeOf(types: readonly string[]): { type: string; kind: Exclude<BodyKind, "raw"> } | undefined {
  const json = types.includes("application/json") ? "application/json" : types.find(isJsonMediaType);
  if (json !== undefined) return { type: json, kind: "json" };
  const form = types.find((type) => essenceOf(type) === "application/x-www-form-urlencoded");
  if (form !== undefined) return { type: form, kind: "form" };
  const multipart = types.find((type) => essenceOf(type) === "multipart/form-data");
  if (multipart !== undefined) return { type: multipart, kind: "multipart" };
  const range = types.find(isMediaRange);
  return range === undefined ? undefined : { type: range, kind: "json" };
}

/** Text a header can carry (tab and printable ASCII): a content-type the runtime may set. */
function isHeaderText(text: string): boolean {
  if (text.length === 0) return false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (!(code === 9 || (code >= 32 && code <= 126))) return false;
  }
  return true;
}

/** A form's or multipart body's `encoding`, by field, each written only where it is not the default. */
function encodingOf(encoding: unknown, kind: BodyKind): Record<string, EncodingEntry> | undefined {
  if (!isPlainObject(encoding)) return undefined;
  // No prototype: a field named `__proto__` is a key like any other, and JSON.stringify writes it.
  const out = Object.create(null) as Record<string, EncodingEntry>;
  let written = false;
  for (const field of Object.keys(encoding)) {
    const value = encoding[field];
    if (!isPlainObject(value)) continue;
    const entry: EncodingEntry = writtenAs(value);
    if (kind === "multipart" && typeof value.contentType === "string" && isHeaderText(value.contentType)) {
      entry.contentType = value.contentType;
    }
    if (Object.keys(entry).length === 0) continue;
    out[field] = entry;
    written = true;
  }
  return written ? out : undefined;
}

/**
 * A multipart part that is a file: a string, or a Blob or File (written structurally, so the module needs no
 * DOM library: a Blob of the browser's, Node's or undici's fits).
 */
const BINARY = union([
  STRING,
  plainType(ts`{ readonly size: number; readonly type: string; arrayBuffer(): Promise<ArrayBuffer> }`),
]);

/** True for a schema of a file's bytes: a string of format binary, or (OpenAPI 3.1) with a contentMediaType. */
function isBinary(schema: unknown): boolean {
  return (
    isPlainObject(schema) &&
    schema.type === "string" &&
    (schema.format === "binary" ||
      (typeof schema.contentMediaType === "string" && schema.contentEncoding === undefined))
  );
}

/**
 * What a body schema is, read once however many routes share it: whether its fields can be parameters (it,
 * or the allOf items it names, have properties; or its oneOf/anyOf items all describe objects with properties,
 * their own or the schema's), and the names it may hold, to find those it shares with a parameter or an option.
 */
interface BodyShape {
  readonly flat: boolean;
  /** The property names of the schema, of its allOf items and of its alternatives (each set read once per schema). */
  readonly names: readonly ReadonlySet<string>[];
  /** The schema or an allOf item requires a field: a required body is then not `{}`. */
  readonly requiresFields: boolean;
}

/** How a route's body is typed, and how it is sent (a user's module's operation table). */
interface BodyTypes {
  readonly members: readonly Member[];
  /** Types the members are intersected with: the body's alternatives, allOf items or alias. */
  readonly more?: TypeText | undefined;
  /** Body fields named like a parameter or an option: the body goes in `data`. */
  readonly shared: readonly string[];
  readonly entry?: BodyEntry | undefined;
  /** The fields passed flat, those of `more` among them. */
  readonly fields?: readonly string[] | undefined;
}

/** One route: its key and parameter types, the notes on how to send them, and its operation-table entry. */
interface RouteEntry {
  readonly route: string;
  readonly members: readonly Member[];
  /** Types the members are intersected with: a body's alternatives, allOf items, or its alias. */
  readonly more?: TypeText | undefined;
  readonly notes: readonly string[];
  /** How a user's module sends it; none in GitHub's form, which the core sends. */
  readonly operation?: OperationEntry | undefined;
  /** The body's fields passed flat, those of `more` among them. */
  readonly fields?: readonly string[] | undefined;
}

/** A route's top-level keys: its members' and its flat body's fields, once each, in the order the type names them. */
function namesOf(entry: RouteEntry): string[] {
  const names = new Set<string>();
  for (const { name } of entry.members) if (name !== undefined) names.add(name);
  for (const name of entry.fields ?? []) names.add(name);
  return [...names];
}

/** How many schemas of a body's allOf items (and theirs) are read for its field names. */
const MAX_ALLOF_SCHEMAS = 256;

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

  /**
   * A schema and the schemas its allOf items name, through their allOf items in turn: at most
   * MAX_ALLOF_SCHEMAS of them, so a long chain costs each body that names it little.
   */
  #allOfClosure(schema: Json, at: string): Json[] {
    const closure: Json[] = [];
    const seen = new Set<object>([schema]);
    const stack: Found[] = [{ value: schema, at, viaRef: false }];
    while (stack.length > 0) {
      const { value, at: valueAt } = stack.pop() as Found;
      if (!isPlainObject(value)) continue;
      closure.push(value);
      if (!Array.isArray(value.allOf)) continue;
      const allOfAt = below(valueAt, "allOf");
      for (let index = 0; index < value.allOf.length; index++) {
        if (closure.length + stack.length >= MAX_ALLOF_SCHEMAS) return closure;
        const item = this.document.resolve(value.allOf[index], below(allOfAt, index));
        if (isPlainObject(item.value) && !seen.has(item.value)) {
          seen.add(item.value);
          stack.push(item);
        }
      }
    }
    return closure;
  }

  /** A body schema's shape (see BodyShape), read once per schema. */
  bodyShape(schema: FoundObject): BodyShape {
    const known = this.#bodyShapes.get(schema.value);
    if (known !== undefined) return known;
    const closure = this.#allOfClosure(schema.value, schema.at);
    const alternatives = alternativesOf(this.document, schema.value, schema.at);
    // GitHub's form reads a body's own properties only, as @octokit/types does.
    // An empty `properties` names no field: such an object takes any (JSON Schema's additionalProperties
    // defaults to true), so it is passed as `data`.
    const hasFields = this.github
      ? isPlainObject(schema.value.properties)
      : closure.some((value) => isPlainObject(value.properties) && Object.keys(value.properties).length > 0);
    // Each alternative with the schemas its allOf items name (`oneOf: [{ allOf: [A, B] }]`).
    const alternativeClosures = (alternatives ?? []).map(({ item }) =>
      isPlainObject(item.value) ? this.#allOfClosure(item.value, item.at) : [],
    );
    const flat =
      closure.every(isObjectSchema) &&
      (alternatives === undefined
        ? hasFields
        : alternatives.every(
            ({ item }, index) =>
              isObjectSchema(item.value) &&
              (hasFields || (alternativeClosures[index] ?? []).some((value) => isPlainObject(value.properties))),
          ));
    const schemas = [...closure, ...alternativeClosures.flat()];
    const names = schemas.map((value) => this.document.namesOf(value, "properties"));
    const requiresFields = closure.some((value) => this.document.namesOf(value, "required").size > 0);
    const shape = { flat, names, requiresFields };
    this.#bodyShapes.set(schema.value, shape);
    return shape;
  }

  /**
   * Types of a request body, as its fields (they become parameters: JSON, form and multipart alike) or as
   * `data`, and how it is sent. A body field named like a parameter or an option (`conflicts`) can only be
   * sent inside `data`: then the whole body is `data`. A body of another media type is `data`, as the client
   * sends it. A body schema used by several routes is named by each, not written out again.
   */
  body(operation: Json, at: string, conflicts: ReadonlySet<string>, notes: string[]): BodyTypes {
    const found = this.document.object(operation.requestBody, below(at, "requestBody"));
    if (found === undefined) return { members: [], shared: [] };
    const requestBody = found.value;
    const content = isPlainObject(requestBody.content) ? requestBody.content : {};
    const types = Object.keys(content);
    const required = requestBody.required === true;
    const contentAt = below(found.at, "content");
    // GitHub's form reads JSON bodies only, as @octokit/types does.
    const chosen = this.github
      ? types.includes("application/json")
        ? { type: "application/json", kind: "json" as const }
        : undefined
      : mediaTypeOf(types);
    const media = chosen === undefined ? undefined : this.document.resolve(content[chosen.type], contentAt);
    if (chosen === undefined || media === undefined || !isPlainObject(media.value)) {
      return this.#rawBody(types, required, notes);
    }
    const { type, kind } = chosen;
    const node = media.value.schema;
    const schemaAt = below(media.viaRef ? media.at : below(contentAt, type), "schema");
    const schema = this.document.resolve(node, schemaAt);
    let entry: BodyEntry | undefined;
    if (!this.github) {
      entry = { kind };
      const labelled = kind === "form" || (kind === "json" && essenceOf(type) !== "application/json");
      if (labelled && !isMediaRange(type) && isHeaderText(type)) entry.contentType = type;
      if (required) entry.required = true;
      const encoding = kind === "json" ? undefined : encodingOf(media.value.encoding, kind);
      if (encoding !== undefined) entry.encoding = encoding;
    }
    const data = (optional: boolean): Member => member("data", optional, this.schemas.typeOf(node, schemaAt));
    if (!isObjectSchema(schema.value)) return { members: [data(!required)], shared: [], entry };
    const shape = this.bodyShape(schema as FoundObject);
    // A required JSON body is sent as `{}` when no field is given (the core, in GitHub's form, sends none).
    const dataOptional = !required || (!this.github && !shape.requiresFields);
    if (!shape.flat) return { members: [data(dataOptional)], shared: [], entry };
    // The route's few names looked up among the body's, which may be many and shared by many routes.
    const shared = [...conflicts].filter((name) => shape.names.some((set) => set.has(name)));
    if (shared.length > 0) {
      // A body field named `url` or `method` would replace the route's own url or method (and send the
      // request, token and all, elsewhere): the option is refused on these routes, so the field goes in `data`.
      const refused = shared
        .filter((name) => name === "url" || name === "method")
        .map((name): Member => ({ code: ts`${propertyKey(name)}?: never`, named: false }));
      if (entry !== undefined) entry.fields = "data";
      return { members: [data(!required || !shape.requiresFields), ...refused], shared, entry };
    }
    const place = this.schemas.place(node, schemaAt);
    const fields = [...new Set(shape.names.flatMap((set) => [...set]))];
    // Written elsewhere already: the route names it.
    if (!("schema" in place)) {
      return { members: [], more: required ? place.type : partial(place.type), shared, entry, fields };
    }
    const own = this.#fields(propertiesOf(this.document, place.schema, place.at), required, kind);
    const more: TypeText[] = [];
    const alternatives = alternativesOf(this.document, place.schema, place.at);
    if (alternatives !== undefined) {
      const shapes = alternatives.map(({ node: item, at: itemAt, requires }) => {
        const alternative = this.schemas.place(item, itemAt);
        const extra = this.#fields(requires, required, kind);
        if (!("schema" in alternative)) return intersection([alternative.type, objectOf(extra)]);
        const own = objectOf([
          ...this.#fields(propertiesOf(this.document, alternative.schema, alternative.at), required, kind),
          ...extra,
        ]);
        // An alternative's allOf items are its fields too.
        const all = this.schemas.allOfTypes(alternative.schema, alternative.at);
        const items = all.map((type) => (required ? type : partial(type)));
        return intersection(own.code === "{}" && items.length > 0 ? items : [own, ...items]);
      });
      const either = union(shapes);
      if (either.code !== "Record<string, unknown>") more.push(either);
    }
    const all = intersection(this.schemas.allOfTypes(place.schema, place.at));
    if (all !== UNKNOWN) more.push(required ? all : partial(all));
    return { members: own, ...(more.length === 0 ? {} : { more: intersection(more) }), shared, entry, fields };
  }

  /** A body's fields as members: required when the body and the field are; a multipart file as a Blob. */
  #fields(properties: readonly Property[], required: boolean, kind: BodyKind): Member[] {
    return properties.map((property) =>
      member(
        property.name,
        !required || !property.required,
        kind === "multipart"
          ? this.#partType(property.schema, property.at)
          : this.schemas.typeOf(property.schema, property.at),
        this.docOf(property.schema, property.at),
      ),
    );
  }

  /** A multipart field's type: a file (or a list of files) is a string or a Blob. */
  #partType(node: unknown, at: string): TypeText {
    const { value } = this.document.resolve(node, at);
    if (isBinary(value)) return BINARY;
    if (
      isPlainObject(value) &&
      value.type === "array" &&
      isBinary(this.document.resolve(value.items, below(at, "items")).value)
    ) {
      return arrayOf(BINARY);
    }
    return this.schemas.typeOf(node, at);
  }

  /** A body of no media type the runtime writes: `data`, sent as it is, with the one content-type declared. */
  #rawBody(types: readonly string[], required: boolean, notes: string[]): BodyTypes {
    const text = types.some((type) => type.startsWith("text/"));
    const members = [member("data", !required, text ? STRING : UNKNOWN)];
    if (this.github) return { members, shared: [] };
    const only = types.length === 1 && !(types[0] as string).includes("*") ? (types[0] as string) : undefined;
    const listed = types.length === 0 ? "of no declared type" : clip(types.join(" or "));
    const entry: BodyEntry = { kind: "raw" };
    if (only !== undefined && isHeaderText(only)) entry.contentType = only;
    if (required) entry.required = true;
    notes.push(
      entry.contentType === undefined
        ? `The body is ${listed}: send it as \`data\`, with its content-type header.`
        : `The body is ${listed}: send it as \`data\`.`,
    );
    return { members, shared: [], entry };
  }

  /**
   * A header or cookie parameter's type: its schema's, or a string when the runtime would not write its
   * value (a header list or object, a cookie object, or a header with `content`): the caller writes it.
   */
  headerOrCookieType(parameter: Json, at: string, place: "header" | "cookie", notes: string[]): TypeText {
    const name = parameter.name as string;
    const { node, at: schemaAt } = parameterSchema(parameter, at);
    const kind = this.kindOf(node, schemaAt);
    if ((place === "header" && (kind !== "scalar" || parameter.content !== undefined)) || kind === "object") {
      notes.push(
        `The ${place} \`${clip(name)}\` is a ${kind === "scalar" ? "serialised value" : kind === "array" ? "list" : "object"}: pass its text as the document writes it.`,
      );
      return STRING;
    }
    return this.schemas.typeOf(node, schemaAt);
  }
}

/** A body type whose fields are all optional, as a body that is not required has them. */
function partial(type: TypeText): TypeText {
  return plainType(ts`Partial<${type.code}>`);
}

/** A parameter's schema: its own, or that of its `content`'s first media type, and its place. */
function parameterSchema(parameter: Json, at: string): { node: unknown; at: string; mediaType?: string } {
  if (parameter.content === undefined || !isPlainObject(parameter.content)) {
    return { node: parameter.schema, at: below(at, "schema") };
  }
  const mediaType = Object.keys(parameter.content)[0];
  if (mediaType === undefined) return { node: undefined, at };
  const media = parameter.content[mediaType];
  const mediaAt = below(below(at, "content"), mediaType);
  return { node: isPlainObject(media) ? media.schema : undefined, at: below(mediaAt, "schema"), mediaType };
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

  /** Counts `length` more characters, written for the place `at`. */
  add(length: number, at: string): void {
    this.#written += length;
    if (this.#written > this.limit) {
      throw new OpenApiError(
        at,
        `the module would be more than ${OUTPUT_RATIO} times the document's size: the document repeats itself through $refs (a path item or parameters shared by many paths?)`,
      );
    }
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
  /** Operations the module leaves out, each said in its doc comment. */
  const leftOut: string[] = [];
  // No prototype: the keys are route keys, written by JSON.stringify and read back by JSON.parse as own keys.
  const table = Object.create(null) as Record<string, OperationEntry>;
  const routeNames = Object.create(null) as Record<string, readonly string[]>;
  // 3.1 allows a document of webhooks alone, without paths.
  const paths = document.object(root.paths ?? {}, "/paths")?.value ?? {};
  for (const path of Object.keys(paths).sort()) {
    // Extensions (`x-…`) may stand among the paths: they are no path.
    if (path.startsWith("x-")) continue;
    const itemAt = below("/paths", path);
    const item = document.object(paths[path], itemAt);
    if (item === undefined) continue;
    if (item.value.trace !== undefined) {
      const route = `TRACE ${path}`;
      const note = "left out: endpoint-options sends GET, HEAD, POST, PUT, PATCH, DELETE and OPTIONS.";
      generator.notes.push({ route, note });
      leftOut.push(`${clip(route)} is ${note}`);
    }
    for (const method of OPERATIONS) {
      const found = document.object(item.value[method], below(item.at, method));
      if (found === undefined) continue;
      const parameters = parametersOf(document, item, found);
      const entry = github
        ? githubRoute(generator, path, method, found, parameters)
        : userRoute(generator, path, method, item, found, parameters);
      for (const note of entry.notes) generator.notes.push({ route: entry.route, note });
      const code = github ? githubEntry(entry) : userEntry(entry, found.value);
      budget.add(code.length, itemAt);
      entries.push(code);
      const keys = namesOf(entry);
      routeNames[entry.route] = keys;
      if (entry.operation !== undefined) {
        const operation = { ...entry.operation, names: keys };
        table[entry.route] = operation;
        budget.add(JSON.stringify(operation).length, itemAt);
      }
    }
  }
  const aliases = generator.schemas.declarations(!github);
  for (const alias of aliases) budget.add(alias.length, "");
  const source = github
    ? githubModule(options, info, entries, aliases)
    : userModule(options, root, names, title, info, { entries, leftOut, aliases, table });
  return {
    source,
    routes: entries.length,
    sharedRoutes: generator.sharedRoutes,
    notes: generator.notes,
    names: routeNames,
  };
}

/** The names a user's module declares: the map's interface, its operation table and its endpoint. */
interface MapNames {
  readonly routes: Code;
  readonly endpoint: Code;
  readonly operations: Code;
}

function githubNames(identifiers: Identifiers): MapNames {
  for (const name of ["anyRoute", "StrictEndpoint"]) identifiers.claim(name);
  return { routes: identifiers.claim("GitHubRoutes"), endpoint: identifiers.claim("endpoint"), operations: "" as Code };
}

/**
 * The map's names from `--name`, or from the document's title in PascalCase words ("Swagger Petstore -
 * OpenAPI 3.0" → SwaggerPetstoreOpenAPI30); `Api` is added to a title whose camelCase form the module cannot
 * declare ("Delete", "Rest", "Operations").
 */
function mapNames(identifiers: Identifiers, given: string | undefined, title: string): MapNames {
  for (const name of ["rest", "withOperations", "OperationTable", "StrictEndpoint"]) identifiers.claim(name);
  const operations = identifiers.claim("operations");
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
      `--name ${quote(name)} must be PascalCase letters and digits, and its camelCase form no JavaScript reserved word nor a name the module declares ("rest", "withOperations", "operations"); e.g. Petstore`,
    );
  }
  return { routes: identifiers.claim(`${name}Routes`), endpoint: identifiers.claim(camelCase(name)), operations };
}

/** An operation's parameters, the path item's first: an operation's replaces the path item's of the same name and place. */
function parametersOf(document: Document, item: FoundObject, operation: FoundObject): FoundObject[] {
  const parameters: Found[] = [];
  for (const [owner, at] of [
    [item.value.parameters, below(item.at, "parameters")],
    [operation.value.parameters, below(operation.at, "parameters")],
  ] as const) {
    if (owner === undefined) continue;
    if (!Array.isArray(owner)) throw new OpenApiError(at, "is not a list of parameters");
    owner.forEach((parameter, index) => {
      parameters.push(document.resolve(parameter, below(at, index)));
    });
  }
  const byPlace = new Map<string, FoundObject>();
  for (const parameter of parameters) {
    if (!isPlainObject(parameter.value) || typeof parameter.value.name !== "string") {
      throw new OpenApiError(parameter.at, "is not a parameter object with a name");
    }
    const place = typeof parameter.value.in === "string" ? parameter.value.in : "";
    byPlace.set(`${place}:${parameter.value.name}`, parameter as FoundObject);
  }
  return [...byPlace.values()];
}

/** This operation's or its path item's own server, as a note: the module's endpoint uses the document's first. */
function serverNote(item: FoundObject, operation: FoundObject): string | undefined {
  for (const [owner, at] of [
    [operation.value.servers, below(operation.at, "servers")],
    [item.value.servers, below(item.at, "servers")],
  ] as const) {
    const server = Array.isArray(owner) && isPlainObject(owner[0]) ? owner[0].url : undefined;
    if (typeof server === "string") {
      return `This operation's server is ${JSON.stringify(clip(server))} (${clip(at)}): pass it as baseUrl.`;
    }
  }
  return undefined;
}

/** The note that a route's body goes in `data`, naming the fields it shares. */
function sharedNote(shared: readonly string[]): string {
  const names = shared.map((name) => `\`${clip(name)}\``).join(", ");
  return `Body field${shared.length > 1 ? "s" : ""} ${names} share${shared.length > 1 ? "" : "s"} the name of a parameter or option: send the body as \`data\`.`;
}

/** A refusal naming the path, for a url the core cannot compile (a guard: the generator writes none). */
function checkUrl(url: string, route: string, path: string): void {
  try {
    compileUrl(url);
  } catch (error) {
    if (!(error instanceof EndpointError)) throw error;
    throw new OpenApiError(below("/paths", path), `route ${quote(route)} cannot be sent: ${error.message}`);
  }
}

/**
 * One route of GitHub's form, as @octokit/types keys it: path and query parameters flat, a route with a body
 * keyed with its query parameters in a `{?…}` expression, no table (the core sends it).
 */
function githubRoute(
  generator: Generator,
  path: string,
  method: string,
  operation: FoundObject,
  parameters: readonly FoundObject[],
): RouteEntry {
  const { schemas } = generator;
  const members: Member[] = [];
  const notes: string[] = [];
  const urlNames = new Set<string>();
  const queryNames: string[] = [];
  const hasBody = method !== "get" && method !== "head" && method !== "options";
  const template = splitTemplate(path);
  const pathNames = new Set(parameters.filter(({ value }) => value.in === "path").map(({ value }) => value.name));
  for (const { value: parameter, at } of parameters) {
    const name = parameter.name as string;
    const place = parameter.in;
    if (place !== "path" && place !== "query") continue;
    if (OPTION_NAMES.has(name)) {
      // Such a key is read as an option: the core can never take it as a parameter.
      if (place === "path") {
        throw new OpenApiError(
          at,
          `path parameter ${quote(name)} is named like an endpoint-options option, which a url placeholder cannot be`,
        );
      }
      continue;
    }
    if (place === "query" && pathNames.has(name)) continue;
    const optional = place === "query" && parameter.required !== true;
    let type = parameter.content !== undefined ? STRING : schemas.typeOf(parameter.schema, below(at, "schema"));
    urlNames.add(name);
    if (place === "path") {
      members.push(member(name, optional, type));
      continue;
    }
    queryNames.push(name);
    // A comma-separated query list may also be given as an array: the query string joins it with ",".
    if (type.code === "string" && mentionsComma(parameter.description)) type = union([STRING, arrayOf(STRING)]);
    // An optional query parameter may be null: the query string leaves it out, as it does undefined.
    members.push(member(name, optional, optional ? orNull(type) : type));
  }
  const undescribed = undescribedPlaceholders(template, urlNames).map((name) => member(name, false, STRING));
  if (!hasBody) for (const name of queryNames) urlNames.delete(name);
  const body = hasBody
    ? generator.body(operation.value, operation.at, new Set([...urlNames, ...OPTION_NAMES]), notes)
    : { members: [], shared: [] };
  const routePath = template.map((part) => ("literal" in part ? part.literal : `{${part.name}}`)).join("");
  const query = hasBody && queryNames.length > 0 ? `{?${queryNames.join(",")}}` : "";
  const route = `${method.toUpperCase()} ${routePath}${query}`;
  // A key the runtime would refuse is refused here, where the document says it.
  checkUrl(`${routePath}${query}`, route, path);
  if (body.shared.length > 0) {
    generator.sharedRoutes.push({ route, names: [...body.shared] });
    notes.unshift(sharedNote(body.shared));
  }
  return { route, members: [...undescribed, ...members, ...body.members], more: body.more, notes, fields: body.fields };
}

/**
 * Path placeholders no parameter describes, once each (`urlNames` holds the described ones, and gets these):
 * still required, written first, the last one first.
 */
function undescribedPlaceholders(template: readonly PathPart[], urlNames: Set<string>): string[] {
  const names: string[] = [];
  for (const part of template) {
    if ("name" in part && !urlNames.has(part.name)) {
      urlNames.add(part.name);
      names.push(part.name);
    }
  }
  return names.reverse();
}

/** Members one a line, with their doc comments, as an object type `depth` levels inside a route's entry. */
function blockType(members: readonly Member[], depth: 1 | 2): TypeText {
  const lines = members.flatMap((m) => {
    const line = depth === 1 ? ts`      ${m.code};` : ts`        ${m.code};`;
    return m.doc === undefined ? [line] : [docComment([m.doc], depth === 1 ? "      " : "        "), line];
  });
  const code = depth === 1 ? ts`{\n${join(lines, "\n")}\n    }` : ts`{\n${join(lines, "\n")}\n      }`;
  return { ...plainType(code), named: members.some((m) => m.named) };
}

/** Members passed under one key (`headers`, `cookies`, `parameters.query`…), and whether one is required. */
class Group {
  readonly members: Member[] = [];
  required = false;

  add(name: string, optional: boolean, type: TypeText, doc?: string): void {
    this.members.push(member(name, optional, type, doc));
    if (!optional) this.required = true;
  }

  /** The group as one member, `depth` levels inside the entry; none when it is empty. */
  memberOf(name: string, depth: 1 | 2): Member[] {
    return this.members.length === 0 ? [] : [member(name, !this.required, blockType(this.members, depth))];
  }
}

/** Header parameters OpenAPI says to ignore: `accept` and `content-type` are the request's own, `authorization` a security scheme's. */
const IGNORED_HEADERS = new Set(["accept", "content-type", "authorization"]);

/**
 * The parameters of one route of a user's module: each typed where the caller passes it (flat, under
 * `parameters`, `headers` or `cookies`), and the table entries of those the runtime handles (query and cookie
 * parameters, and path parameters renamed or nested).
 */
class RouteParameters {
  readonly #flat: Member[] = [];
  readonly #nested = { path: new Group(), query: new Group() };
  readonly #headers = new Group();
  readonly #cookies = new Group();
  readonly #headerNames = new Set<string>();
  readonly entries: ParameterEntry[] = [];
  /** Each placeholder's expression, inside its braces: `{.id}`, `{;%75rl*}`… */
  readonly expressions = new Map<string, string>();
  readonly queryNames: string[] = [];
  /** Parameters passed under `parameters`, and those left out, for the route's notes. */
  readonly #passedNested: string[] = [];
  readonly #leftOut: string[] = [];

  constructor(
    readonly generator: Generator,
    /** The names of the path's placeholders. */
    readonly placeholders: ReadonlySet<string>,
    readonly notes: string[],
  ) {}

  read(parameter: Json, at: string): void {
    const { generator } = this;
    const name = parameter.name as string;
    const place = parameter.in;
    const optional = parameter.required !== true;
    const doc = docLine(parameter.description);
    if (place === "header") {
      // Header names are case-insensitive: one key each, lowercase, as the core writes them.
      const lower = name.toLowerCase();
      if (IGNORED_HEADERS.has(lower) || this.#headerNames.has(lower)) return;
      this.#headerNames.add(lower);
      this.#headers.add(lower, optional, generator.headerOrCookieType(parameter, at, "header", this.notes), doc);
      return;
    }
    if (place === "path") {
      if (!this.placeholders.has(name)) {
        this.#leftOut.push(`path parameter \`${clip(name)}\` (the path has no {${clip(name)}})`);
        return;
      }
      const { node, at: schemaAt, mediaType } = parameterSchema(parameter, at);
      const json = mediaType !== undefined && isJsonMediaType(mediaType);
      this.#path(
        name,
        parameter.style,
        parameter.explode === true,
        generator.schemas.typeOf(node, schemaAt),
        doc,
        json,
      );
      return;
    }
    if (place !== "query" && place !== "cookie") {
      this.#leftOut.push(`parameter \`${clip(name)}\` (in ${quote(place)}, a place OpenAPI 3 has not)`);
      return;
    }
    const { node, at: schemaAt, mediaType } = parameterSchema(parameter, at);
    const json = mediaType !== undefined && isJsonMediaType(mediaType);
    const { allowReserved, ...written } = writtenAs(parameter);
    if (place === "cookie") {
      const type = json
        ? generator.schemas.typeOf(node, schemaAt)
        : generator.headerOrCookieType(parameter, at, "cookie", this.notes);
      this.#cookies.add(name, optional, type, doc);
      this.entries.push({ name, in: "cookie", ...written, ...(json ? { json: true as const } : {}) });
      return;
    }
    this.queryNames.push(name);
    // Named like an option, one of the endpoint's own keys, or a path parameter: passed under `parameters`.
    const nested = isReservedName(name) || this.placeholders.has(name);
    // An optional query parameter may be null: the runtime leaves it out, as it does undefined.
    const type = generator.schemas.typeOf(node, schemaAt);
    if (nested) this.#nest("query", name, optional, optional ? orNull(type) : type, doc);
    else this.#flat.push(member(name, optional, optional ? orNull(type) : type, doc));
    this.entries.push({
      name,
      in: "query",
      ...(nested ? { where: "nested" as const } : {}),
      ...written,
      ...(allowReserved ? { allowReserved } : {}),
      ...(json ? { json: true as const } : {}),
    });
  }

  /** The path's placeholders no parameter describes: required strings, written first (the last one first). */
  readUndescribed(template: readonly PathPart[]): Member[] {
    const undescribed: Member[] = [];
    for (const name of undescribedPlaceholders(template, new Set(this.expressions.keys()))) {
      const flat = this.#flat.length;
      this.#path(name, undefined, false, STRING, undefined);
      // Taken back from among the flat parameters, to stand first.
      if (this.#flat.length > flat) undescribed.push(this.#flat.pop() as Member);
    }
    return undescribed;
  }

  /**
   * A path parameter: its expression in the url (by its variable when it is renamed), its member (under
   * `parameters.path` when it is named like an option), and an entry when it is renamed, nested or written as
   * JSON (a parameter whose `content` is a JSON media type).
   */
  #path(name: string, style: unknown, explode: boolean, type: TypeText, doc: string | undefined, json = false): void {
    const nested = isReservedName(name);
    const variable = variableOf(name);
    const operator = json ? "" : style === "label" ? "." : style === "matrix" ? ";" : "";
    this.expressions.set(name, `${operator}${variable ?? name}${explode && !json ? "*" : ""}`);
    if (nested || variable !== undefined || json) {
      this.entries.push({
        name,
        in: "path",
        ...(nested ? { where: "nested" as const } : {}),
        ...(variable === undefined ? {} : { variable }),
        ...(json ? { json: true as const } : {}),
      });
    }
    if (nested) this.#nest("path", name, false, type, doc);
    else this.#flat.push(member(name, false, type, doc));
  }

  #nest(place: "path" | "query", name: string, optional: boolean, type: TypeText, doc: string | undefined): void {
    this.#nested[place].add(name, optional, type, doc);
    this.#passedNested.push(`\`${clip(name)}\` (${place})`);
  }

  /** The route's notes on its parameters: those passed under `parameters`, and those left out. */
  writeNotes(): void {
    const nested = this.#passedNested;
    if (nested.length > 0) {
      this.notes.push(
        `Named like an option, the endpoint's own \`parameters\` or \`cookies\`, or a path parameter, ${nested.join(", ")} ${nested.length > 1 ? "are" : "is"} passed in \`parameters\` (\`parameters: { path: {…}, query: {…} }\`).`,
      );
    }
    if (this.#leftOut.length > 0) this.notes.push(`Left out: ${this.#leftOut.join(", ")}.`);
  }

  /** The members: flat parameters, then `parameters`, `headers` and `cookies`. */
  members(): Member[] {
    const { path, query } = this.#nested;
    const nested = [...path.memberOf("path", 2), ...query.memberOf("query", 2)];
    return [
      ...this.#flat,
      ...(nested.length === 0 ? [] : [member("parameters", !(path.required || query.required), blockType(nested, 1))]),
      ...this.#headers.memberOf("headers", 1),
      ...this.#cookies.memberOf("cookies", 1),
    ];
  }
}

/**
 * One route of a user's module: keyed by its method and path as the document writes them, every parameter
 * typed where the caller passes it, and its entry of the operation table, which says how the runtime sends it.
 */
function userRoute(
  generator: Generator,
  path: string,
  method: string,
  item: FoundObject,
  operation: FoundObject,
  parameters: readonly FoundObject[],
): RouteEntry {
  const route = `${method.toUpperCase()} ${path}`;
  const notes: string[] = [];
  const template = splitTemplate(path);
  const placeholders = new Set(template.flatMap((part) => ("name" in part ? [part.name] : [])));
  const read = new RouteParameters(generator, placeholders, notes);
  for (const { value, at } of parameters) read.read(value, at);
  const undescribed = read.readUndescribed(template);
  read.writeNotes();
  const server = serverNote(item, operation);
  if (server !== undefined) notes.push(server);
  const hasBody = method !== "get" && method !== "head" && method !== "options";
  if (!hasBody && operation.value.requestBody !== undefined) {
    notes.push(`Its request body is left out: endpoint-options sends none with ${method.toUpperCase()}.`);
  }
  const conflicts = new Set([...placeholders, ...read.queryNames, ...OPTION_NAMES, ...OWN_KEYS]);
  const body = hasBody ? generator.body(operation.value, operation.at, conflicts, notes) : { members: [], shared: [] };
  if (body.shared.length > 0) {
    generator.sharedRoutes.push({ route, names: [...body.shared] });
    notes.unshift(sharedNote(body.shared));
  }
  const url = urlOf(template, read.expressions);
  checkUrl(url, route, path);
  const entry: OperationEntry = { method: method.toUpperCase(), url };
  if (read.entries.length > 0) entry.parameters = read.entries;
  // A JSON body of fields, sent as the core sends one, needs no entry; a body passed as `data` has one: a string
  // there is a JSON string, which the runtime quotes.
  const sent = body.entry;
  const asData = body.members.some((each) => each.name === "data");
  if (sent !== undefined && (sent.kind !== "json" || Object.keys(sent).length > 1 || asData)) entry.body = sent;
  return {
    route,
    members: [...undescribed, ...read.members(), ...body.members],
    more: body.more,
    notes,
    operation: entry,
    fields: body.fields,
  };
}

/**
 * The url the core expands: the path's placeholders as their expressions, its literal text as a url template
 * can hold it (see urlLiteral; a `:` read as a placeholder only before the path's query or fragment), and a
 * `/` before a path that does not start with one, so the url is always joined to the baseUrl.
 */
function urlOf(template: readonly PathPart[], expressions: ReadonlyMap<string, string>): string {
  let inPath = true;
  let url = "";
  for (const part of template) {
    if ("name" in part) {
      url += `{${expressions.get(part.name) ?? part.name}}`;
      continue;
    }
    const text = part.literal;
    const query = text.indexOf("?");
    const fragment = text.indexOf("#");
    const end = query === -1 ? fragment : fragment === -1 ? query : Math.min(query, fragment);
    if (!inPath || end === -1) url += urlLiteral(text, inPath);
    else {
      url += urlLiteral(text.slice(0, end), true) + urlLiteral(text.slice(end), false);
      inPath = false;
    }
  }
  return url.startsWith("/") ? url : `/${url}`;
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
import { endpoint as anyRoute, type StrictEndpoint } from "../index.js";

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

declare module "../index.js" {
  interface EndpointRoutes extends GitHubRoutes {}
}

/**
 * The \`endpoint\` of endpoint-options, strict: it takes only GitHub's routes, each with exactly its parameters,
 * and a route not in \`GitHubRoutes\` is a compile error naming the nearest ones. The same function at run time.
 */
export const endpoint: StrictEndpoint<GitHubRoutes> = anyRoute;
${aliasSection(aliases)}`;
}

/** What a user's module holds besides its names: the route entries, the operations left out, aliases and the table. */
interface ModuleParts {
  readonly entries: readonly Code[];
  readonly leftOut: readonly string[];
  readonly aliases: readonly Code[];
  readonly table: Readonly<Record<string, OperationEntry>>;
}

function userModule(
  options: RouteMapOptions,
  root: Json,
  names: MapNames,
  title: string,
  info: Json,
  { entries, leftOut, aliases, table }: ModuleParts,
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
      ? ts`withOperations(rest, ${names.operations});\n${lineComment(`The document names no absolute server url${where}: set one with ${names.endpoint}.defaults({ baseUrl: ${JSON.stringify(`https://host${host}`)} }).`)}`
      : ts`withOperations(rest.defaults({ baseUrl: ${stringLiteral(baseUrl)} }), ${names.operations});`;
  const shownTitle = clip(title);
  return ts`${lineComment(`Generated by \`endpoint-options openapi\` from ${options.source}: ${shownTitle}${version} (OpenAPI ${String(root.openapi)}).`)}
// Do not edit: generate it again. The parameters of each route, and how each is sent (its operation table).
import { rest, withOperations, type OperationTable, type StrictEndpoint } from "endpoint-options";

${docComment([`Parameter types for every route of ${shownTitle}, by route string (${entries.length} routes).`, ...leftOut], "")}
export interface ${names.routes} {
${join(entries, "\n")}
}

${docComment(["How each route is sent: its url, and how its query, cookies and body are written (read by withOperations)."], "")}
const ${names.operations}: OperationTable = JSON.parse(${stringLiteral(JSON.stringify(table))});

${docComment([`\`rest\` for ${shownTitle}: it takes only these routes, each with exactly its parameters.`], "")}
export const ${names.endpoint}: StrictEndpoint<${names.routes}> = ${made}
${aliasSection(aliases)}`;
}
