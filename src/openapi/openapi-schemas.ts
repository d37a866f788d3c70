// The OpenAPI generator's reading of a document (src/openapi/openapi.ts): local $refs followed, and schemas turned
// into TypeScript types. A schema reached through a $ref, or from more than one place, is written once as a
// type alias and named wherever it is used, so recursive schemas become recursive types and shared ones cost
// their size once: the module grows linearly with the document.
import { quote } from "../base/errors.js";
import { isPlainObject } from "../base/util.js";
import { type Code, docComment, type Identifiers, join, literalType, propertyKey, ts } from "./openapi-emit.js";

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

export type Json = Record<string, unknown>;

/** A JSON pointer (RFC 6901) one step below `at`. */
export function below(at: string, name: string | number): string {
  return `${at}/${String(name).replaceAll("~", "~0").replaceAll("/", "~1")}`;
}

/** A value found in the document: where (after any $ref), and whether a $ref led there. */
export interface Found {
  readonly value: unknown;
  readonly at: string;
  readonly viaRef: boolean;
}

export type FoundObject = Found & { readonly value: Json };

/** True for an array index as a JSON pointer writes it: `0`, or digits not starting with 0. */
function isIndex(token: string): boolean {
  if (token.length === 0 || (token.length > 1 && token.charCodeAt(0) === 48)) return false;
  for (let i = 0; i < token.length; i++) {
    const code = token.charCodeAt(i);
    if (code < 48 || code > 57) return false;
  }
  return true;
}

/** The document, read with its local $refs followed. */
export class Document {
  /** Each $ref followed, by its text: what it leads to, after any $refs there. */
  readonly #targets = new Map<string, Found>();
  readonly #properties = new Map<object, ReadonlySet<string>>();
  readonly #required = new Map<object, ReadonlySet<string>>();

  constructor(readonly root: Json) {}

  /** `value` (at `at`), its $refs followed: local ones (`#/…`) only. */
  resolve(value: unknown, at: string): Found {
    if (!isPlainObject(value) || typeof value.$ref !== "string") return { value, at, viaRef: false };
    return this.#follow(value.$ref, at);
  }

  /** Where a $ref (at `at`) leads, through a chain of $refs, each followed once per document. */
  #follow(first: string, at: string): Found {
    const known = this.#targets.get(first);
    if (known !== undefined) return known;
    const chain = new Set<string>();
    let ref = first;
    let refAt = below(at, "$ref");
    let found: Found | undefined;
    for (;;) {
      const seen = this.#targets.get(ref);
      if (seen !== undefined) {
        found = seen;
        break;
      }
      if (chain.has(ref)) throw new OpenApiError(at, `$ref ${quote(ref)} leads round in a cycle`);
      chain.add(ref);
      const pointer = this.#pointerOf(ref, refAt);
      const target = this.at(pointer);
      if (target === undefined) throw new OpenApiError(refAt, `$ref ${quote(ref)} points to nothing in the document`);
      if (!isPlainObject(target) || typeof target.$ref !== "string") {
        found = { value: target, at: pointer, viaRef: true };
        break;
      }
      ref = target.$ref;
      refAt = below(pointer, "$ref");
    }
    for (const each of chain) this.#targets.set(each, found);
    return found;
  }

  /** The JSON pointer of a local $ref, as the generator writes pointers (each part decoded, then escaped). */
  #pointerOf(ref: string, refAt: string): string {
    if (!ref.startsWith("#")) {
      throw new OpenApiError(
        refAt,
        `$ref ${quote(ref)} points into another file, and only local references (#/…) are followed; bundle the document into one file first (e.g. npx @redocly/cli bundle)`,
      );
    }
    if (ref === "#") return "";
    if (!ref.startsWith("#/")) {
      throw new OpenApiError(refAt, `$ref ${quote(ref)} is not a JSON pointer (#/…): anchors are not followed`);
    }
    let pointer = "";
    for (const raw of ref.slice(2).split("/")) {
      let part: string;
      try {
        // A $ref is a URI fragment: its pointer is percent-encoded (RFC 6901, section 6).
        part = decodeURIComponent(raw);
      } catch {
        throw new OpenApiError(refAt, `$ref ${quote(ref)} has a bad percent-encoding (%XX) in ${quote(raw)}`);
      }
      pointer = below(pointer, part.replaceAll("~1", "/").replaceAll("~0", "~"));
    }
    return pointer;
  }

  /** The value at a JSON pointer as `below` writes them, or undefined. */
  at(pointer: string): unknown {
    if (pointer === "") return this.root;
    let value: unknown = this.root;
    for (const token of pointer.slice(1).split("/")) {
      const part = token.replaceAll("~1", "/").replaceAll("~0", "~");
      if (Array.isArray(value)) value = isIndex(part) && Object.hasOwn(value, part) ? value[Number(part)] : undefined;
      else if (isPlainObject(value) && Object.hasOwn(value, part)) value = value[part];
      else return undefined;
    }
    return value;
  }

  /** The names of a schema's `properties`, or its `required` names: read once per schema. */
  namesOf(schema: Json, list: "properties" | "required"): ReadonlySet<string> {
    const memo = list === "properties" ? this.#properties : this.#required;
    let names = memo.get(schema);
    if (names === undefined) {
      const value = schema[list];
      names = new Set(
        list === "properties"
          ? isPlainObject(value)
            ? Object.keys(value)
            : []
          : Array.isArray(value)
            ? value.filter((name) => typeof name === "string")
            : [],
      );
      memo.set(schema, names);
    }
    return names;
  }

  /** A resolved object, or undefined when `value` is undefined; anything else is an error. */
  object(value: unknown, at: string): FoundObject | undefined {
    if (value === undefined) return undefined;
    const found = this.resolve(value, at);
    if (!isPlainObject(found.value)) throw new OpenApiError(found.at, "is not an object");
    return found as FoundObject;
  }
}

/** A schema written once as `type <name> = …`, and named wherever it is used. */
interface Alias {
  readonly name: Code;
  readonly schema: Json;
  readonly at: string;
  type?: TypeText;
}

/** A type as the module writes it, with what combining it needs to know, so its text is never read again. */
export interface TypeText {
  readonly code: Code;
  /**
   * A union or an intersection needs parentheses inside an array or an intersection, a `readonly` list
   * inside an array.
   */
  readonly form: "plain" | "union" | "intersection" | "list";
  /** It takes null (so a `| null` would add nothing). */
  readonly nullable: boolean;
  /** Aliases it names outside any object member and array item: TypeScript resolves those at once. */
  readonly eager: readonly Alias[];
  /** How deeply unions and intersections nest in it: TypeScript recurses that deep to resolve it. */
  readonly depth: number;
  /** It names an alias somewhere (`Record<string, …>` of one could not refer to itself). */
  readonly named: boolean;
}

/** A type of no parts: nothing inside it names an alias or nests. */
export const plainType = (code: Code, nullable = false): TypeText => ({
  code,
  form: "plain",
  nullable,
  eager: [],
  depth: 0,
  named: false,
});

export const UNKNOWN = plainType(ts`unknown`, true);
export const NULL = plainType(ts`null`, true);
export const STRING = plainType(ts`string`);
export const EMPTY_OBJECT = plainType(ts`Record<string, unknown>`);
const isUnknown = (type: TypeText): boolean => type === UNKNOWN;

/** `types` in a union: `unknown` when one is; duplicates written once. */
export function union(types: readonly TypeText[]): TypeText {
  const unique = new Map<string, TypeText>();
  for (const type of types) {
    if (isUnknown(type)) return UNKNOWN;
    unique.set(type.code, type);
  }
  const members = [...unique.values()];
  if (members.length === 1) return members[0] as TypeText;
  if (members.length === 0) return plainType(ts`never`);
  return combined(
    "union",
    join(
      members.map((m) => m.code),
      " | ",
    ),
    members,
    members.some((m) => m.nullable),
  );
}

/** A union or intersection of `members`, written `code`: it names what they name, one level deeper. */
function combined(
  form: "union" | "intersection",
  code: Code,
  members: readonly TypeText[],
  nullable: boolean,
): TypeText {
  return {
    code,
    form,
    nullable,
    eager: members.flatMap((m) => m.eager),
    depth: 1 + deepest(members),
    named: members.some((m) => m.named),
  };
}

/** The greatest `depth` of some types (a loop: a spread of a long list would overflow the stack). */
function deepest(types: readonly TypeText[]): number {
  let depth = 0;
  for (const type of types) depth = Math.max(depth, type.depth);
  return depth;
}

/** `types` in an intersection, `unknown` left out (it adds nothing). */
export function intersection(types: readonly TypeText[]): TypeText {
  const members = types.filter((type) => !isUnknown(type));
  if (members.length === 0) return UNKNOWN;
  if (members.length === 1) return members[0] as TypeText;
  return combined(
    "intersection",
    join(
      members.map((m) => (m.form === "union" ? ts`(${m.code})` : m.code)),
      " & ",
    ),
    members,
    members.every((m) => m.nullable),
  );
}

export function orNull(type: TypeText): TypeText {
  return type.nullable ? type : union([type, NULL]);
}

/** A list (read-only: a caller's `readonly string[]` or `as const` list is taken as a mutable one is). */
export function arrayOf(item: TypeText): TypeText {
  const code = item.form === "plain" ? ts`readonly ${item.code}[]` : ts`readonly (${item.code})[]`;
  return { ...plainType(code), form: "list", named: item.named };
}

/** An object of string keys. An alias in its values needs an index signature to refer to itself. */
function recordOf(value: TypeText): TypeText {
  const code = value.named ? ts`{ [key: string]: ${value.code} }` : ts`Record<string, ${value.code}>`;
  return { ...plainType(code), named: value.named };
}

/** A member of an object type; an optional one also takes `undefined` (exactOptionalPropertyTypes). */
export interface Member {
  readonly code: Code;
  /** The key a caller passes it under; none for a key a caller may not pass (`url?: never`). */
  readonly name?: string;
  /** Its doc comment's text, when the module writes doc comments. */
  readonly doc?: string | undefined;
  /** It names an alias. */
  readonly named: boolean;
}

export function member(name: string, optional: boolean, type: TypeText, doc?: string): Member {
  const key = propertyKey(name);
  const code = !optional
    ? ts`${key}: ${type.code}`
    : isUnknown(type)
      ? ts`${key}?: unknown`
      : ts`${key}?: ${type.code} | undefined`;
  return { code, doc, named: type.named, name };
}

/** An object type of members on one line: `{ a: string; b?: number | undefined }`. */
export function objectOf(members: readonly Member[]): TypeText {
  if (members.length === 0) return EMPTY_OBJECT;
  const code = ts`{ ${join(
    members.map((m) => m.code),
    "; ",
  )} }`;
  return { ...plainType(code), named: members.some((m) => m.named) };
}

/** Enums longer than this become their base type. */
const MAX_ENUM = 40;
/** Schemas nested deeper than this, with no $ref between, are refused: the generator recurses that deep. */
const MAX_NESTING = 64;
/** Aliases chained through unions and intersections deeper than this are refused: TypeScript would overflow. */
const MAX_EAGER_DEPTH = 100;
/**
 * A schema reached from several places is written in each when it is this small: no $ref inside, at most
 * this many schemas and enum values, and this many characters of names and values, so its type is of
 * bounded size; and its type at most INLINE_TYPE characters.
 */
const INLINE_NODES = 48;
const INLINE_CHARACTERS = 512;
const INLINE_TYPE = 160;

/** The parts of a schema the types are made of: a walk over these sees everything the type depends on. */
const SUBSCHEMAS = ["items", "additionalProperties"] as const;
const SCHEMA_LISTS = ["oneOf", "anyOf", "allOf"] as const;

/** A property of an object schema, with where it is. */
export interface Property {
  readonly name: string;
  readonly schema: unknown;
  readonly at: string;
  readonly required: boolean;
}

/**
 * The properties of an object schema, in the document's order. A readOnly property is never required: OpenAPI
 * takes its `required` to hold for responses only, and a request needs not send it.
 */
export function propertiesOf(document: Document, schema: Json, at: string): Property[] {
  const properties = schema.properties;
  if (!isPlainObject(properties)) return [];
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  const propertiesAt = below(at, "properties");
  return Object.keys(properties).map((name) => {
    const property = properties[name];
    const propertyAt = below(propertiesAt, name);
    // readOnly on the property or on the schema it refers to (`id: { $ref: Id }`).
    const isRequired = required.has(name) && !isReadOnly(document, property, propertyAt);
    return { name, schema: property, at: propertyAt, required: isRequired };
  });
}

function isReadOnly(document: Document, property: unknown, at: string): boolean {
  if (!isPlainObject(property)) return false;
  if (property.readOnly === true) return true;
  if (typeof property.$ref !== "string") return false;
  const { value } = document.resolve(property, at);
  return isPlainObject(value) && value.readOnly === true;
}

/** True for a schema that describes objects (or does not say): `properties` and `required` apply to it. */
export function isObjectSchema(value: unknown): value is Json {
  return isPlainObject(value) && (value.type === undefined || value.type === "object");
}

/** One of a schema's oneOf/anyOf items, and the parent's required properties it names without defining. */
export interface Alternative {
  /** The item as the document writes it (a $ref, or a schema), and where. */
  readonly node: unknown;
  readonly at: string;
  /** The item, its $refs followed. */
  readonly item: Found;
  /** The parent's properties this item requires (GitHub lists fields once and puts `required` in anyOf). */
  readonly requires: readonly Property[];
}

/** A schema's oneOf (or else anyOf) items, or undefined when it has none. */
export function alternativesOf(document: Document, schema: Json, at: string): Alternative[] | undefined {
  const list = Array.isArray(schema.oneOf) ? "oneOf" : Array.isArray(schema.anyOf) ? "anyOf" : undefined;
  if (list === undefined) return undefined;
  const parentProperties = propertiesOf(document, schema, at);
  const parent = new Map(parentProperties.map((property) => [property.name, property]));
  const listAt = below(at, list);
  /** What each item requires of the parent's properties, once per item however often the list names it. */
  const requiresOf = new Map<object, Property[]>();
  return (schema[list] as unknown[]).map((item, index) => {
    const itemAt = below(listAt, index);
    const found = document.resolve(item, itemAt);
    const value = found.value;
    if (parent.size === 0 || !isObjectSchema(value)) return { node: item, at: itemAt, item: found, requires: [] };
    let requires = requiresOf.get(value);
    if (requires === undefined) {
      const required = document.namesOf(value, "required");
      const own = document.namesOf(value, "properties");
      // Whichever list is shorter is read: an item many schemas share may require many names.
      const names = required.size <= parent.size ? [...required] : parentProperties.map((property) => property.name);
      requires = names.flatMap((name) => {
        const property = parent.get(name);
        return property !== undefined && required.has(name) && !own.has(name) ? [{ ...property, required: true }] : [];
      });
      requiresOf.set(value, requires);
    }
    return { node: item, at: itemAt, item: found, requires };
  });
}

/** The schemas of one document as TypeScript types, and the aliases they need. */
export class SchemaTypes {
  /** Schemas written as an alias, by identity. */
  readonly #aliases = new Map<object, Alias>();
  /** Aliases in the order they were named, and the next one to write. */
  readonly #order: Alias[] = [];
  /**
   * Each schema's type, by identity, once written in place (null while it is being written): reached again,
   * it is small enough to repeat or gets an alias, and no schema's type is worked out twice.
   */
  readonly #types = new Map<object, TypeText | null>();
  /** Schemas whose properties a route wrote among its parameters (see `place`). */
  readonly #placed = new Set<object>();
  /** Each schema's type when it is small enough to write in every place, or null. */
  readonly #small = new Map<object, TypeText | null>();

  constructor(
    readonly document: Document,
    readonly identifiers: Identifiers,
  ) {}

  /** An OpenAPI 3.0 or 3.1 schema (or a $ref to one) as a TypeScript type. */
  typeOf(node: unknown, at: string, depth = 0): TypeText {
    if (node === undefined || node === true) return UNKNOWN;
    const found = this.document.resolve(node, at);
    const schema = found.value;
    if (!isPlainObject(schema)) return UNKNOWN;
    const alias = this.#aliases.get(schema);
    if (alias !== undefined) return this.#reference(alias);
    if (!found.viaRef && !this.#types.has(schema)) return this.#inline(schema, found.at, depth);
    // Reached through a $ref, or from a second place.
    return this.#smallType(schema, found.at) ?? this.#reference(this.#alias(schema, found.at));
  }

  /**
   * A schema whose parts a route writes in place (a body's properties among its parameters): the schema on
   * its first use, or when it is small; else its alias, so a body many routes share is written once.
   */
  place(node: unknown, at: string): { readonly schema: Json; readonly at: string } | { readonly type: TypeText } {
    const found = this.document.resolve(node, at);
    const schema = found.value;
    if (!isPlainObject(schema)) return { type: UNKNOWN };
    const alias = this.#aliases.get(schema);
    if (alias !== undefined) return { type: this.#reference(alias) };
    if ((!found.viaRef && !this.#types.has(schema) && !this.#placed.has(schema)) || isSmall(schema)) {
      this.#placed.add(schema);
      return { schema, at: found.at };
    }
    return { type: this.#reference(this.#alias(schema, found.at)) };
  }

  /** The type of a schema read in place (its own $refs are named). */
  #inline(schema: Json, at: string, depth: number): TypeText {
    const known = this.#types.get(schema);
    if (known) return known;
    if (depth > MAX_NESTING) {
      throw new OpenApiError(
        at,
        `schemas nest more than ${MAX_NESTING} levels deep here; give the inner ones a name (components/schemas) and a $ref`,
      );
    }
    this.#types.set(schema, null);
    const base = this.#baseType(schema, at, depth + 1);
    // OpenAPI 3.0's nullable; 3.1 writes "null" in `type`.
    const type = schema.nullable === true ? orNull(base) : base;
    this.#types.set(schema, type);
    return type;
  }

  #baseType(schema: Json, at: string, depth: number): TypeText {
    const alternatives = alternativesOf(this.document, schema, at);
    const allOf = this.allOfTypes(schema, at, depth);
    if (alternatives !== undefined) {
      return intersection([this.#alternativesType(schema, at, alternatives, depth), ...allOf]);
    }
    if (Array.isArray(schema.allOf)) {
      // Properties written beside allOf are fields too: `{ allOf: [Base], properties: { x } }` is Base & { x }.
      const own = isPlainObject(schema.properties)
        ? [this.#objectType(propertiesOf(this.document, schema, at), depth)]
        : [];
      return intersection([...own, ...allOf]);
    }
    if (Object.hasOwn(schema, "const")) {
      const literal = literalType(schema.const);
      if (literal !== undefined) return plainType(literal, schema.const === null);
    }
    const values = schema.enum;
    if (Array.isArray(values) && values.length <= MAX_ENUM) {
      const literals = values.map(literalType);
      if (literals.every((literal) => literal !== undefined)) {
        return union(literals.map((literal, index) => plainType(literal, values[index] === null)));
      }
    }
    // 3.1: `type` may list several types.
    if (Array.isArray(schema.type)) {
      return union([...new Set(schema.type)].map((type) => this.#typeNamed(schema, type, at, depth)));
    }
    return this.#typeNamed(schema, schema.type, at, depth);
  }

  /** The type of a schema whose `type` is `type` (one of a 3.1 list). */
  /** The types of a schema's allOf items (none when it has no allOf). */
  allOfTypes(schema: Json, at: string, depth = 0): TypeText[] {
    if (!Array.isArray(schema.allOf)) return [];
    const allOfAt = below(at, "allOf");
    return schema.allOf.map((item, index) => this.typeOf(item, below(allOfAt, index), depth));
  }

  #typeNamed(schema: Json, type: unknown, at: string, depth: number): TypeText {
    switch (type) {
      case "string":
        // A Date becomes ISO 8601: in the query string, and in a JSON body by its toJSON.
        return schema.format === "date-time" ? union([STRING, plainType(ts`Date`)]) : STRING;
      case "integer":
      case "number":
        return plainType(ts`number`);
      case "boolean":
        return plainType(ts`boolean`);
      case "null":
        return NULL;
      case "array":
        return arrayOf(schema.items === undefined ? UNKNOWN : this.typeOf(schema.items, below(at, "items"), depth));
      case "object":
      case undefined:
        if (isPlainObject(schema.properties)) return this.#objectType(propertiesOf(this.document, schema, at), depth);
        if (type === undefined) return UNKNOWN;
        if (schema.additionalProperties !== undefined && typeof schema.additionalProperties !== "boolean") {
          return recordOf(this.typeOf(schema.additionalProperties, below(at, "additionalProperties"), depth));
        }
        return EMPTY_OBJECT;
      default:
        return UNKNOWN;
    }
  }

  #objectType(properties: readonly Property[], depth: number): TypeText {
    return objectOf(properties.map((p) => member(p.name, !p.required, this.typeOf(p.schema, p.at, depth))));
  }

  /**
   * oneOf/anyOf: the union of the items. The schema's own properties are written once, and intersected with
   * the union of the items that describe objects; an item that requires one of them names its type again
   * (small, or an alias), never its whole text, so many items cost linear size.
   */
  #alternativesType(schema: Json, at: string, alternatives: readonly Alternative[], depth: number): TypeText {
    const properties = propertiesOf(this.document, schema, at);
    const base = properties.length === 0 ? undefined : this.#objectType(properties, depth);
    const objects: TypeText[] = [];
    const others: TypeText[] = [];
    for (const { node, at: itemAt, item, requires } of alternatives) {
      const type = this.typeOf(node, itemAt, depth);
      const whole = requires.length === 0 ? type : intersection([type, this.#objectType(requires, depth)]);
      (base !== undefined && isObjectSchema(item.value) ? objects : others).push(whole);
    }
    if (base === undefined) return union(others);
    return union([objects.length === 0 ? base : intersection([base, union(objects)]), ...others]);
  }

  /** A schema's type when it is small enough to write wherever it is used: see INLINE_NODES. */
  #smallType(schema: Json, at: string): TypeText | undefined {
    const known = this.#small.get(schema);
    if (known !== undefined) return known ?? undefined;
    let type: TypeText | null = null;
    if (isSmall(schema)) {
      const written = this.#inline(schema, at, 0);
      if (written.code.length <= INLINE_TYPE && !written.named) type = written;
    }
    this.#small.set(schema, type);
    return type ?? undefined;
  }

  #alias(schema: Json, at: string): Alias {
    const alias: Alias = { name: this.identifiers.fresh(nameOf(at), "Schema"), schema, at };
    this.#aliases.set(schema, alias);
    this.#order.push(alias);
    return alias;
  }

  #reference(alias: Alias): TypeText {
    return { code: alias.name, form: "plain", nullable: false, eager: [alias], depth: 0, named: true };
  }

  /**
   * Writes every alias named so far (each may name more), checks that TypeScript can resolve them, and
   * returns their declarations. `doc` says whether each gets a doc comment naming its place.
   */
  declarations(doc: boolean): Code[] {
    for (let next = 0; next < this.#order.length; next++) {
      const alias = this.#order[next] as Alias;
      alias.type = this.#types.get(alias.schema) ?? this.#inline(alias.schema, alias.at, 0);
    }
    this.#checkEager();
    return this.#order.map((alias) => {
      const declaration = ts`type ${alias.name} = ${(alias.type as TypeText).code};`;
      return doc ? join([docComment([`The schema at #${alias.at}.`], ""), declaration], "\n") : declaration;
    });
  }

  /**
   * TypeScript resolves an alias's unions and intersections at once, and the aliases they name: a cycle of
   * those (no object member or array item between) is no type, and a long chain overflows its stack.
   */
  #checkEager(): void {
    const depth = new Map<Alias, number>();
    const active = new Set<Alias>();
    for (const start of this.#order) {
      if (depth.has(start)) continue;
      // Depth-first, without recursion: a chain may be as long as the document.
      const stack: { alias: Alias; next: number }[] = [{ alias: start, next: 0 }];
      active.add(start);
      while (stack.length > 0) {
        const top = stack[stack.length - 1] as { alias: Alias; next: number };
        const type = top.alias.type as TypeText;
        const child = type.eager[top.next++];
        if (child !== undefined) {
          if (active.has(child)) {
            throw new OpenApiError(
              child.at,
              "the schema refers to itself through $ref, oneOf, anyOf or allOf alone, with no property or array item between: no value has such a type",
            );
          }
          if (!depth.has(child)) {
            active.add(child);
            stack.push({ alias: child, next: 0 });
          }
          continue;
        }
        let own = type.depth;
        for (const alias of type.eager) own = Math.max(own, type.depth + 1 + (depth.get(alias) ?? 0));
        if (own > MAX_EAGER_DEPTH) {
          throw new OpenApiError(
            top.alias.at,
            `schemas here refer to one another through oneOf, anyOf or allOf more than ${MAX_EAGER_DEPTH} deep: TypeScript cannot check such a type`,
          );
        }
        depth.set(top.alias, own);
        active.delete(top.alias);
        stack.pop();
      }
    }
  }
}

const METHODS = new Set(["get", "head", "post", "put", "patch", "delete", "options", "trace"]);
/** What a part of a pointer adds to the name of the schema below it. */
const PART_NAMES = new Map([
  ["requestBody", "body"],
  ["items", "item"],
  ["additionalProperties", "value"],
  ["parameters", "parameter"],
  ["schema", ""],
  ["content", ""],
]);

/**
 * What to name a schema after, from the last parts of its pointer: a component's or property's name, or an
 * operation's method and path, and what lies between ("/components/schemas/Pet" → "Pet",
 * "/paths/~1pets/post/requestBody/content/application~1json/schema" → "post /pets body").
 */
function nameOf(at: string): string {
  const parts: string[] = [];
  for (let end = at.length; end > 0 && parts.length < 12; ) {
    const start = at.lastIndexOf("/", end - 1);
    parts.unshift(
      at
        .slice(start + 1, end)
        .replaceAll("~1", "/")
        .replaceAll("~0", "~"),
    );
    end = start;
  }
  const words: string[] = [];
  for (let i = parts.length - 1; i >= 0; i--) {
    const part = parts[i] as string;
    const before = parts[i - 1];
    if (before === "properties" || before === "schemas" || (parts[i - 2] === "components" && i >= 2)) {
      return [part, ...words].join(" ");
    }
    if (METHODS.has(part) && parts[i - 2] === "paths") return [part, before, ...words].join(" ");
    const word = PART_NAMES.get(part);
    if (word !== undefined && word !== "") words.unshift(word);
  }
  return words.join(" ");
}

/**
 * True when a schema holds no $ref and few schemas, values and characters (INLINE_NODES): a walk, without
 * recursion, over the parts its type is made of.
 */
function isSmall(schema: Json): boolean {
  const stack: unknown[] = [schema];
  const seen = new Set<object>();
  let nodes = 0;
  let characters = 0;
  const count = (values: readonly unknown[]): void => {
    nodes += values.length;
    for (const value of values) if (typeof value === "string") characters += value.length;
  };
  while (stack.length > 0) {
    const node = stack.pop();
    if (!isPlainObject(node)) continue;
    if (seen.has(node) || Object.hasOwn(node, "$ref") || ++nodes > INLINE_NODES) return false;
    seen.add(node);
    for (const key of SUBSCHEMAS) if (isPlainObject(node[key])) stack.push(node[key]);
    for (const key of SCHEMA_LISTS) {
      const list = node[key];
      if (Array.isArray(list)) {
        if (list.length > INLINE_NODES) return false;
        stack.push(...list);
      }
    }
    if (isPlainObject(node.properties)) {
      const names = Object.keys(node.properties);
      if (names.length > INLINE_NODES) return false;
      count(names);
      for (const name of names) stack.push(node.properties[name]);
    }
    if (Array.isArray(node.enum)) {
      if (node.enum.length > INLINE_NODES) return false;
      count(node.enum);
    }
    if (Array.isArray(node.type)) {
      if (node.type.length > INLINE_NODES) return false;
      count(node.type);
    }
    if (Object.hasOwn(node, "const")) count([node.const]);
    if (nodes > INLINE_NODES || characters > INLINE_CHARACTERS) return false;
  }
  return true;
}
