// The call of one operation in the corpus test (test/corpus.test.ts): its parameters and body with values
// (test/helpers/corpus-values.ts), as a typed call of the generated map passes them, and as openapi-fetch takes
// them (test/helpers/corpus-wire.ts). How each is serialised is read from the document alone; where the call
// passes a value (flat, nested, in `data`) follows the generated operation table when the module has one
// (docs/openapi-corpus.md), otherwise the same rules read from the document.
import { asciiText, isObject, type Json, type Schemas, textValue } from "./corpus-values.js";

export type Place = "path" | "query" | "header" | "cookie";

/** One entry of a generated module's operation table, as far as the harness reads it. */
export interface TableOperation {
  readonly method?: string;
  readonly url?: string;
  readonly parameters?: readonly {
    readonly name: string;
    readonly in: string;
    readonly where?: string;
  }[];
  readonly body?: { readonly kind?: string; readonly contentType?: string; readonly fields?: string };
}

export interface CallParameter {
  readonly name: string;
  readonly in: Place;
  /** The document's style, or the default for its place (form for query and cookie, simple otherwise). */
  readonly style: string;
  readonly explode: boolean;
  readonly allowReserved: boolean;
  /** The parameter has `content` of a JSON media type: its value is sent as JSON text. */
  readonly json: boolean;
  readonly value: unknown;
  /** Passed under `parameters: { path | query }` rather than flat. */
  readonly nested: boolean;
}

export type BodyKind = "json" | "form" | "multipart" | "raw";

export interface FieldEncoding {
  readonly style?: string;
  readonly explode?: boolean;
  readonly allowReserved?: boolean;
  readonly contentType?: string;
}

export interface CallBody {
  readonly kind: BodyKind;
  /** The document's media type this call sends. */
  readonly mediaType: string;
  readonly value: unknown;
  readonly encoding: Readonly<Record<string, FieldEncoding>>;
  /** The typed call passes the body's fields flat, or the whole body as `data`. */
  readonly fields: "flat" | "data";
  /** The caller sets the content-type: the document declares several types of this kind. */
  readonly callerContentType: boolean;
}

export interface OperationCall {
  readonly method: string;
  /** The document's path, as written. */
  readonly path: string;
  readonly parameters: readonly CallParameter[];
  readonly body?: CallBody;
  /** The document gives a GET or HEAD operation a body, which fetch cannot send: the call leaves it out. */
  readonly bodyLeftOut: boolean;
  /** The typed call's options. */
  readonly options: Json;
}

/**
 * Names a parameter cannot have flat, nor a body field and stay flat: options, and the generated endpoint's own
 * keys (the contract), written here apart from the generator's list, as the tests read the contract.
 */
export const RESERVED_NAMES: ReadonlySet<string> = new Set([
  "method",
  "baseUrl",
  "url",
  "headers",
  "request",
  "mediaType",
  "data",
  "parameters",
  "cookies",
]);
const PLACES = new Set<string>(["path", "query", "header", "cookie"]);
/** Header parameters OpenAPI says to ignore (Parameter Object, `name`). */
const IGNORED_HEADERS = new Set(["accept", "content-type", "authorization"]);

export const isJsonMediaType = (type: string): boolean => {
  const essence = type.split(";")[0]?.trim().toLowerCase() ?? "";
  return essence === "application/json" || essence.endsWith("+json") || essence === "text/json";
};

export function bodyKindOf(mediaType: string): BodyKind {
  const essence = mediaType.split(";")[0]?.trim().toLowerCase() ?? "";
  if (isJsonMediaType(essence)) return "json";
  if (essence === "application/x-www-form-urlencoded") return "form";
  if (essence === "multipart/form-data") return "multipart";
  return "raw";
}

/** Why an operation has no call: a required value no schema gives (nested past the sampler's depth). */
export class Unsampled extends Error {}

/**
 * Why an operation's request is not defined: a required value whose style the OpenAPI style table marks n/a
 * (OpenAPI 3.1.1, Style Examples), such as a list of objects in form style. An optional one is left out instead.
 */
export class SpecUndefined extends Error {}

const isScalar = (value: unknown): boolean => !Array.isArray(value) && !isObject(value);

/**
 * Why the style table defines no serialisation of `value` in `style`, or undefined when it defines one. The
 * table's n/a cells: spaceDelimited and pipeDelimited for scalars and exploded, deepObject for anything but an
 * object and unexploded; and RFC 6570 composite values hold strings only (§2.4.2), so a list or an object inside a
 * list or an object has no form, label, matrix or simple serialisation. deepObject's nested objects and lists
 * follow qs and Stripe's convention instead (the contract; corpus-wire.ts).
 */
export function undefinedSerialisation(style: string, explode: boolean, value: unknown): string | undefined {
  if (style === "deepObject") {
    if (!explode) return "deepObject with explode false";
    return isScalar(value) ? "deepObject of a scalar" : undefined;
  }
  if (style === "spaceDelimited" || style === "pipeDelimited") {
    if (explode) return `${style} with explode true`;
    if (isScalar(value)) return `${style} of a scalar`;
  }
  const members = Array.isArray(value) ? value : isObject(value) ? Object.values(value) : [];
  if (!members.every(isScalar))
    return `${style} style of ${Array.isArray(value) ? "a list" : "an object"} holding lists or objects`;
  return undefined;
}

/**
 * The call of `method` on `path`: every parameter the document describes (required or not) and its body, with
 * values; `table` is the generated module's entry for it, when the module has an operation table.
 */
export function operationCall(
  schemas: Schemas,
  path: string,
  method: string,
  item: Json,
  operation: Json,
  table: TableOperation | undefined,
): OperationCall {
  const declared = new Map<string, Json>();
  for (const node of [
    ...(Array.isArray(item.parameters) ? item.parameters : []),
    ...(Array.isArray(operation.parameters) ? operation.parameters : []),
  ]) {
    const parameter = schemas.resolve(node);
    if (typeof parameter.name !== "string" || typeof parameter.in !== "string" || !PLACES.has(parameter.in)) continue;
    // An operation's parameter replaces the path item's of the same name and place.
    declared.set(`${parameter.in} ${parameter.name}`, parameter);
  }
  // Placeholders of the path that no parameter describes: the map types them as path parameters.
  for (const [, name] of path.matchAll(/\{([^{}]+)\}/g)) {
    if (name !== undefined && !declared.has(`path ${name}`)) {
      declared.set(`path ${name}`, { name, in: "path", required: true, schema: { type: "string" } });
    }
  }
  const nestedByTable = new Set(
    (table?.parameters ?? []).filter((each) => each.where === "nested").map((each) => `${each.in} ${each.name}`),
  );
  const parameters: CallParameter[] = [];
  const flatNames = new Set<string>();
  for (const parameter of declared.values()) {
    const name = parameter.name as string;
    const place = parameter.in as Place;
    if (place === "header" && IGNORED_HEADERS.has(name.toLowerCase())) continue;
    // Placeholders that the path does not hold are no parameters of this route.
    if (place === "path" && !path.includes(`{${name}}`)) continue;
    const value = parameterValue(schemas, parameter, place);
    const required = parameter.required === true || place === "path";
    if (value === undefined || value === null) {
      if (required) throw new Unsampled(`no value for ${place} parameter "${name}"`);
      continue;
    }
    const style =
      typeof parameter.style === "string"
        ? parameter.style
        : place === "query" || place === "cookie"
          ? "form"
          : "simple";
    const explode = typeof parameter.explode === "boolean" ? parameter.explode : style === "form";
    const content = isObject(parameter.content) ? Object.keys(parameter.content)[0] : undefined;
    const json = content !== undefined && isJsonMediaType(content);
    // A parameter with content is its JSON text or plain text: no style applies.
    const notDefined = content === undefined ? undefinedSerialisation(style, explode, value) : undefined;
    if (notDefined !== undefined) {
      if (required) throw new SpecUndefined(`${place} parameter "${name}": ${notDefined}`);
      continue;
    }
    let nested = false;
    if (place === "path" || place === "query") {
      // The contract: nested when named like an option or the endpoint's own keys, or like a parameter before it.
      nested =
        table !== undefined ? nestedByTable.has(`${place} ${name}`) : RESERVED_NAMES.has(name) || flatNames.has(name);
      if (!nested) flatNames.add(name);
    }
    parameters.push({
      name,
      in: place,
      style,
      explode,
      allowReserved: parameter.allowReserved === true,
      json,
      value,
      nested,
    });
  }
  const bodyAllowed = method !== "get" && method !== "head" && method !== "options";
  const requestBody = schemas.resolve(operation.requestBody);
  const body = bodyAllowed ? callBody(schemas, requestBody, parameters, table) : undefined;
  const options = typedOptions(parameters, body);
  return {
    method: method.toUpperCase(),
    path,
    parameters,
    ...(body === undefined ? {} : { body }),
    bodyLeftOut: !bodyAllowed && bodyWouldBeSent(() => callBody(schemas, requestBody, parameters, table)),
    options,
  };
}

/** Whether a body the call leaves out would have carried something. */
function bodyWouldBeSent(body: () => CallBody | undefined): boolean {
  try {
    return body() !== undefined;
  } catch {
    return true;
  }
}

function parameterValue(schemas: Schemas, parameter: Json, place: Place): unknown {
  const name = parameter.name as string;
  const ascii = place === "header" || place === "cookie";
  if (isObject(parameter.content)) {
    const [mediaType, media] = Object.entries(parameter.content)[0] ?? [];
    if (mediaType === undefined) return undefined;
    const schema = isObject(media) ? media.schema : undefined;
    if (isJsonMediaType(mediaType)) return schemas.value(schema, name, 0, ascii);
    return ascii ? asciiText(name) : textValue(name);
  }
  return schemas.value(parameter.schema, name, 0, ascii);
}

/**
 * The body this call sends: the table's kind and content-type when the module has a table; otherwise JSON when
 * the document offers it, then a form, then multipart, then its first media type.
 */
function callBody(
  schemas: Schemas,
  requestBody: Json,
  parameters: readonly CallParameter[],
  table: TableOperation | undefined,
): CallBody | undefined {
  const content = isObject(requestBody.content) ? requestBody.content : {};
  const types = Object.keys(content);
  if (types.length === 0) return undefined;
  const wanted = table?.body?.kind;
  const preference: BodyKind[] = ["json", "form", "multipart", "raw"];
  const kind =
    wanted === "json" || wanted === "form" || wanted === "multipart" || wanted === "raw"
      ? wanted
      : (preference.find((each) => types.some((type) => bodyKindOf(type) === each)) ?? "raw");
  const ofKind = types.filter((type) => bodyKindOf(type) === kind);
  const tableType = table?.body?.contentType;
  const mediaType =
    ofKind.find((type) => tableType !== undefined && type.toLowerCase() === tableType.toLowerCase()) ??
    (kind === "json" ? ofKind.find((type) => type.toLowerCase() === "application/json") : undefined) ??
    ofKind[0] ??
    types[0] ??
    "application/octet-stream";
  const media = content[mediaType];
  const schema = isObject(media) ? media.schema : undefined;
  const encoding: Record<string, FieldEncoding> = {};
  if (isObject(media) && isObject(media.encoding)) {
    for (const [field, entry] of Object.entries(media.encoding)) {
      if (!isObject(entry)) continue;
      encoding[field] = {
        ...(typeof entry.style === "string" ? { style: entry.style } : {}),
        ...(typeof entry.explode === "boolean" ? { explode: entry.explode } : {}),
        ...(entry.allowReserved === true ? { allowReserved: true } : {}),
        ...(typeof entry.contentType === "string" ? { contentType: entry.contentType } : {}),
      };
    }
  }
  // A raw body is text the caller writes: a string, whatever its schema says.
  let value = kind === "raw" ? textValue("body") : schemas.value(schema, "body");
  const required = requestBody.required === true;
  if (value === undefined) {
    if (required) throw new Unsampled("no value for the body");
    return undefined;
  }
  if (kind === "form" && isObject(value)) value = definedFields(schemas, schema, value, encoding);
  // An optional body with nothing in it is not sent (a required one is sent as `{}`).
  if (!required && isObject(value) && Object.keys(value).length === 0) return undefined;
  let fields: "flat" | "data";
  if (table?.body?.fields === "flat" || table?.body?.fields === "data") fields = table.body.fields;
  else {
    const names = new Set([...parameters.map((parameter) => parameter.name), ...RESERVED_NAMES, "headers"]);
    // A body schema without properties (a map of additionalProperties) is typed as `data`, as are fields a
    // parameter or an option names.
    const properties = schemas.flatten(schema).properties;
    const hasProperties = isObject(properties) && Object.keys(properties).length > 0;
    fields =
      kind !== "raw" && hasProperties && isObject(value) && !Object.keys(value).some((field) => names.has(field))
        ? "flat"
        : "data";
  }
  return { kind, mediaType, value, encoding, fields, callerContentType: kind === "raw" && ofKind.length > 1 };
}

/**
 * A form body's fields whose serialisation the style table defines: each field by its encoding (default form,
 * explode), as a query parameter. An optional field that has none is left out; a required one makes the request
 * undefined.
 */
function definedFields(schemas: Schemas, schema: unknown, value: Json, encoding: Record<string, FieldEncoding>): Json {
  const flat = schemas.flatten(schema);
  const required = new Set(Array.isArray(flat.required) ? flat.required : []);
  const fields: Json = {};
  for (const [field, item] of Object.entries(value)) {
    const style = encoding[field]?.style ?? "form";
    const notDefined = undefinedSerialisation(style, encoding[field]?.explode ?? style === "form", item);
    if (notDefined === undefined) fields[field] = item;
    else if (required.has(field)) throw new SpecUndefined(`form field "${field}": ${notDefined}`);
  }
  return fields;
}

/** The options of the typed call: the contract's typed keys. */
function typedOptions(parameters: readonly CallParameter[], body: CallBody | undefined): Json {
  const options: Json = {};
  const nested: Record<"path" | "query", Json> = { path: {}, query: {} };
  const headers: Json = {};
  const cookies: Json = {};
  for (const parameter of parameters) {
    switch (parameter.in) {
      case "header":
        headers[parameter.name.toLowerCase()] = parameter.value;
        break;
      case "cookie":
        cookies[parameter.name] = parameter.value;
        break;
      default:
        if (parameter.nested) nested[parameter.in][parameter.name] = parameter.value;
        else options[parameter.name] = parameter.value;
    }
  }
  const parametersOption: Json = {};
  for (const place of ["path", "query"] as const) {
    if (Object.keys(nested[place]).length > 0) parametersOption[place] = nested[place];
  }
  if (Object.keys(parametersOption).length > 0) options.parameters = parametersOption;
  if (body !== undefined) {
    if (body.callerContentType) headers["content-type"] = body.mediaType;
    if (body.fields === "flat" && isObject(body.value)) Object.assign(options, body.value);
    else options.data = body.value;
  }
  if (Object.keys(headers).length > 0) options.headers = headers;
  if (Object.keys(cookies).length > 0) options.cookies = cookies;
  return options;
}
