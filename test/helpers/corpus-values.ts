// Deterministic values for the corpus test (test/corpus.test.ts): a value of each schema an operation's
// parameters and body name, built from the document alone, of the schema's type (so a typed call compiles),
// with text that needs percent-encoding wherever a string goes.

export type Json = Record<string, unknown>;

export const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The text of a string value: every character that means something in a url or a form (`/ ? # & = + , ; %`),
 * a space and a letter outside ASCII. The `label` (a parameter or field name) tells values apart.
 */
export function textValue(label: string): string {
  return `${label} a/b?c#d&e=f+g,h;i%j é`;
}

/** Header and cookie values must be printable ASCII (RFC 9110 §5.5): the same delimiters, no letter outside it. */
export function asciiText(label: string): string {
  return `${label} a/b?c&d=e+f,g;h`;
}

/** Strings of a known format: a value of that format, so that a reader of the format would take it. */
const FORMATTED: Record<string, string> = {
  "date-time": "2024-01-02T03:04:05Z",
  date: "2024-01-02",
  time: "03:04:05",
  uuid: "123e4567-e89b-12d3-a456-426614174000",
  email: "a+b@example.com",
  uri: "https://example.com/a?b=c&d=e#f",
  byte: "aGk/Pz8+Pj4=",
};

/** How far values nest: objects and lists below this depth get their required members only, then none. */
const MAX_DEPTH = 4;
/** Optional properties of a nested object that a value includes (all of a body's or parameter's own). */
const NESTED_OPTIONAL = 2;

export class Schemas {
  constructor(readonly document: Json) {}

  /** A node with its local `$ref`s followed (JSON pointers, percent-decoded), or `{}` for one that leads nowhere. */
  resolve(node: unknown): Json {
    let current = node;
    for (let hops = 0; isObject(current) && typeof current.$ref === "string"; hops++) {
      const ref = current.$ref;
      if (hops > 64 || !ref.startsWith("#/")) return {};
      current = ref
        .slice(2)
        .split("/")
        .map((part) => decodeURIComponent(part).replaceAll("~1", "/").replaceAll("~0", "~"))
        .reduce<unknown>(
          // Lists are walked by index, as objects by key (`…/parameters/0`).
          (value, part) =>
            typeof value === "object" && value !== null && Object.hasOwn(value, part)
              ? (value as Record<string, unknown>)[part]
              : undefined,
          this.document,
        );
    }
    return isObject(current) ? current : {};
  }

  /** The schema's type, the first that is not "null" when it lists several (OpenAPI 3.1). */
  typeOf(schema: Json): string | undefined {
    const type = Array.isArray(schema.type) ? schema.type.find((item) => item !== "null") : schema.type;
    if (typeof type === "string") return type;
    if (isObject(schema.properties) || isObject(schema.additionalProperties)) return "object";
    if (schema.items !== undefined) return "array";
    return undefined;
  }

  /**
   * A schema with its `allOf` parts merged into one (properties, required names, type) and its first
   * `oneOf`/`anyOf` alternative merged in, as the typed map's intersection and union read them.
   */
  flatten(node: unknown, depth = 0): Json {
    const schema = this.resolve(node);
    const parts = [
      ...(Array.isArray(schema.allOf) ? schema.allOf : []),
      ...(Array.isArray(schema.oneOf) ? schema.oneOf.slice(0, 1) : []),
      ...(Array.isArray(schema.anyOf) ? schema.anyOf.slice(0, 1) : []),
    ];
    if (parts.length === 0 || depth > 16) return schema;
    const properties: Json = {};
    const required = new Set<string>();
    let merged: Json = {};
    // The schema first, then its parts: a part's property is the narrower one (`status` an enum in an anyOf
    // item, a string beside it), and an intersection's value must be the part's.
    for (const part of [schema, ...parts.map((each) => this.flatten(each, depth + 1))]) {
      merged = { ...merged, ...part };
      if (isObject(part.properties)) Object.assign(properties, part.properties);
      if (Array.isArray(part.required))
        for (const name of part.required) if (typeof name === "string") required.add(name);
    }
    const { allOf: _all, oneOf: _one, anyOf: _any, ...rest } = merged;
    return {
      ...rest,
      ...(Object.keys(properties).length > 0 ? { properties } : {}),
      ...(required.size > 0 ? { required: [...required] } : {}),
    };
  }

  /**
   * A value of the schema: its `const`, its first enum value, a value of its type; undefined when it has none
   * (a required member nested past MAX_DEPTH). `ascii` keeps text to printable ASCII (headers and cookies).
   */
  value(node: unknown, label: string, depth = 0, ascii = false): unknown {
    const schema = this.flatten(node);
    if (Object.hasOwn(schema, "const")) return schema.const;
    if (Array.isArray(schema.enum)) {
      const found = schema.enum.find((item) => item !== null);
      if (found !== undefined) return found;
    }
    switch (this.typeOf(schema)) {
      case "integer":
        return 7;
      case "number":
        return 2.5;
      case "boolean":
        return true;
      case "null":
        return null;
      case "array": {
        if (depth >= MAX_DEPTH) return [];
        const items = [0, 1].map((index) => this.value(schema.items, `${label}${index}`, depth + 1, ascii));
        return items.includes(undefined) ? undefined : items;
      }
      case "object":
        return this.objectValue(schema, depth, ascii);
      case "string": {
        const formatted = typeof schema.format === "string" ? FORMATTED[schema.format] : undefined;
        return formatted ?? (ascii ? asciiText(label) : textValue(label));
      }
      default:
        // No type: the map types it `unknown`, which takes text.
        return ascii ? asciiText(label) : textValue(label);
    }
  }

  /** An object value: required properties, then optional ones (all at the top, NESTED_OPTIONAL below it). */
  private objectValue(schema: Json, depth: number, ascii: boolean): Json | undefined {
    const properties = isObject(schema.properties) ? schema.properties : {};
    const required = new Set(Array.isArray(schema.required) ? schema.required : []);
    const value: Json = {};
    let optional = 0;
    for (const [name, property] of Object.entries(properties)) {
      const resolved = this.resolve(property);
      // readOnly properties are sent by the server only (OpenAPI 3.1 Schema Object, Fixed Fields).
      if (resolved.readOnly === true) continue;
      const isRequired = required.has(name);
      if (!isRequired && (depth >= MAX_DEPTH - 1 || (depth > 0 && optional >= NESTED_OPTIONAL))) continue;
      const item = this.value(property, name, depth + 1, ascii);
      if (item === undefined || item === null) {
        if (isRequired) return undefined;
        continue;
      }
      value[name] = item;
      if (!isRequired) optional++;
    }
    if (Object.keys(properties).length === 0 && schema.additionalProperties !== false && depth < MAX_DEPTH - 1) {
      const extra = isObject(schema.additionalProperties) ? schema.additionalProperties : {};
      const item = this.value(extra, "key", depth + 1, ascii);
      if (item !== undefined && item !== null) value["key 1"] = item;
    }
    return value;
  }
}
