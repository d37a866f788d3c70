// `endpoint-options openapi` on real public documents (test/fixtures/openapi, each with its licence, and
// GitHub's from the pinned @octokit/openapi): each generated map compiles under strict tsc, and typed calls
// of its operations produce the urls and bodies the document describes. The expected urls and bodies come
// from the document alone (OpenAPI's serialisation rules, written out below), not from the generator. The
// calls run through `withOperations`, the runtime that reads each module's operation table.
import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { assertFreshBuild, bundledForNode, ROOT, run, STRICT_CONSUMER_OPTIONS } from "./helpers/built-package.js";
import { RESERVED_NAMES } from "./helpers/corpus-calls.js";

type Json = Record<string, unknown>;
const FIXTURES = path.join(ROOT, "test", "fixtures", "openapi");
const BASE = "https://api.test/v1";

interface Source {
  /** The map's name: the interface is `<name>Routes`. */
  name: string;
  /** What the document shows. */
  shape: string;
  file: string;
  /** The least share of operations the test can call with sampled values. */
  coverage: number;
}

const DOCUMENTS: Source[] = [
  {
    name: "GitHub",
    shape: "1,223 routes, JSON, OpenAPI 3.0",
    file: path.join(ROOT, "node_modules", "@octokit", "openapi", "generated", "api.github.com.json"),
    coverage: 0.95,
  },
  {
    name: "Stripe",
    shape: "deepObject query parameters, form-encoded bodies, JSON, OpenAPI 3.0",
    file: path.join(FIXTURES, "stripe", "spec3.json.gz"),
    coverage: 0.99,
  },
  {
    name: "Petstore",
    shape: "YAML, OpenAPI 3.0",
    file: path.join(FIXTURES, "petstore", "openapi.yaml"),
    coverage: 0.9,
  },
  { name: "Museum", shape: "YAML, OpenAPI 3.1", file: path.join(FIXTURES, "museum", "openapi.yaml"), coverage: 0.85 },
];

const METHODS = ["get", "head", "post", "put", "patch", "delete", "options"];
/** Header parameters OpenAPI says to ignore. */
const IGNORED_HEADERS = new Set(["accept", "content-type", "authorization"]);

/** A body as the test compares it: JSON data, a form's pairs, a multipart body's parts, or text. */
type Sent = unknown;

/** A call of one operation, and what the document says it sends. */
interface Call {
  method: string;
  /** The document's path and method: the map's key is `${METHOD} ${path}`. */
  path: string;
  options: Json;
  expected: { path: string; query: [string, string][]; body?: Sent };
}

/**
 * Query pairs of a value by OpenAPI 3.1's style table, written out here from the specification (not from the
 * runtime): form (exploded or not), space- and pipe-delimited lists, deepObject (nested objects and lists as
 * Stripe's and qs write them: `a[b][c]=1`, `a[0]=x`).
 */
function styled(name: string, value: unknown, style: string, explode: boolean): [string, string][] {
  if (value === undefined || value === null) return [];
  if (style === "deepObject") {
    if (typeof value !== "object") return [[name, String(value)]];
    const entries: [string, unknown][] = Array.isArray(value)
      ? value.map((item, index) => [String(index), item])
      : Object.entries(value as Json);
    return entries.flatMap(([key, item]) => styled(`${name}[${key}]`, item, style, explode));
  }
  if (Array.isArray(value)) {
    if (style === "spaceDelimited") return [[name, value.join(" ")]];
    if (style === "pipeDelimited") return [[name, value.join("|")]];
    return explode ? value.map((item) => [name, String(item)]) : [[name, value.join(",")]];
  }
  if (typeof value === "object") {
    const entries = Object.entries(value as Json);
    return explode
      ? entries.map(([key, item]) => [key, String(item)])
      : [[name, entries.flatMap(([key, item]) => [key, String(item)]).join(",")]];
  }
  return [[name, String(value)]];
}

class Sampler {
  constructor(readonly document: Json) {}

  resolve(node: unknown): Json {
    let current = node as Json | undefined;
    for (let hops = 0; current && typeof current.$ref === "string" && hops < 50; hops++) {
      current = (current.$ref as string)
        .slice(2)
        .split("/")
        .map((part) => part.replaceAll("~1", "/").replaceAll("~0", "~"))
        .reduce<unknown>((value, part) => (value as Json)?.[part], this.document) as Json;
    }
    return current ?? {};
  }

  /** A value of a schema, or undefined when the schema is too involved to sample. */
  value(node: unknown, depth = 0): unknown {
    const schema = this.resolve(node);
    if (depth > 3 || schema.oneOf || schema.anyOf || schema.allOf || schema.not) return undefined;
    if (Object.hasOwn(schema, "const")) return schema.const;
    if (Array.isArray(schema.enum)) return schema.enum.find((item) => item !== null);
    const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
    switch (type) {
      case "integer":
      case "number":
        return 7;
      case "boolean":
        return true;
      case "string":
        return schema.format === "date-time" ? "2024-01-02T03:04:05Z" : "s1";
      case "array": {
        const item = this.value(schema.items, depth + 1);
        return item === undefined || typeof item === "object" ? undefined : [item, item];
      }
      case "object": {
        const value: Json = {};
        for (const name of (schema.required as string[] | undefined) ?? []) {
          const property = this.value((schema.properties as Json | undefined)?.[name], depth + 1);
          if (property === undefined) return undefined;
          value[name] = property;
        }
        return value;
      }
      default:
        return undefined;
    }
  }

  /** The call of one operation with every parameter sampled, or undefined when one cannot be. */
  call(pathName: string, method: string, item: Json, operation: Json): Call | undefined {
    const byPlace = new Map<string, Json>();
    for (const parameter of [
      ...((item.parameters as unknown[]) ?? []),
      ...((operation.parameters as unknown[]) ?? []),
    ]) {
      const resolved = this.resolve(parameter);
      byPlace.set(`${resolved.in}:${resolved.name}`, resolved);
    }
    const options: Json = {};
    const nested = { path: {} as Json, query: {} as Json };
    const headers: Json = {};
    const cookies: Json = {};
    let expectedPath = pathName;
    const query: [string, string][] = [];
    const hasBody = !["get", "head", "options"].includes(method);
    const pathNames = new Set([...pathName.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]));
    for (const parameter of byPlace.values()) {
      const name = parameter.name as string;
      if (parameter.content !== undefined) return undefined;
      const value = this.value(parameter.schema);
      if (parameter.in === "header" || parameter.in === "cookie") {
        // Required ones only: the map types them, and the test reads no header back.
        if (parameter.required !== true || IGNORED_HEADERS.has(name.toLowerCase())) continue;
        if (value === undefined || typeof value === "object") return undefined;
        if (parameter.in === "header") headers[name.toLowerCase()] = String(value);
        else cookies[name] = value;
        continue;
      }
      const style = (parameter.style as string | undefined) ?? (parameter.in === "query" ? "form" : "simple");
      const explode = (parameter.explode as boolean | undefined) ?? style === "form";
      if (value === undefined) {
        if (parameter.in === "path" || parameter.required === true) return undefined;
        continue;
      }
      if (parameter.in === "path") {
        if (typeof value === "object" || !pathNames.has(name)) return undefined;
        const text = String(value);
        const written = style === "label" ? `.${text}` : style === "matrix" ? `;${name}=${text}` : text;
        expectedPath = expectedPath.replaceAll(`{${name}}`, encodeURIComponent(written).replaceAll("%3B", ";"));
        if (RESERVED_NAMES.has(name)) nested.path[name] = value;
        else options[name] = value;
      } else {
        if (RESERVED_NAMES.has(name) || pathNames.has(name)) nested.query[name] = value;
        else options[name] = value;
        query.push(...styled(name, value, style, explode));
      }
    }
    // Path placeholders no parameter describes.
    for (const name of pathNames) {
      if (name !== undefined && !byPlace.has(`path:${name}`)) {
        options[name] = "p1";
        expectedPath = expectedPath.replaceAll(`{${name}}`, "p1");
      }
    }
    const groups = Object.entries(nested).filter(([, group]) => Object.keys(group).length > 0);
    if (groups.length > 0) options.parameters = Object.fromEntries(groups);
    if (Object.keys(headers).length > 0) options.headers = headers;
    if (Object.keys(cookies).length > 0) options.cookies = cookies;
    const names = new Set([...byPlace.values()].map((parameter) => parameter.name));
    const body = hasBody ? this.body(operation, names, options) : undefined;
    if (body === false) return undefined;
    // A PUT or PATCH without a body sends an empty one (content-length 0, which GitHub requires).
    const expectedBody = body === undefined && (method === "put" || method === "patch") ? "" : body;
    return { method, path: pathName, options, expected: { path: expectedPath, query, body: expectedBody } };
  }

  /**
   * The body of a call, its fields put into `options` (flat, or as `data` when one is named like a parameter
   * or an option), and what is sent: JSON data, a form's pairs (by its `encoding`), multipart parts, the raw
   * text; undefined for none, false when it cannot be sampled.
   */
  body(operation: Json, names: ReadonlySet<unknown>, options: Json): Sent | false {
    const requestBody = this.resolve(operation.requestBody);
    const content = (requestBody.content as Json | undefined) ?? {};
    const types = Object.keys(content);
    if (types.length === 0) return undefined;
    const type =
      types.find((t) => t === "application/json") ??
      types.find((t) => t.startsWith("application/x-www-form-urlencoded")) ??
      types.find((t) => t.startsWith("multipart/form-data"));
    if (type === undefined || (type !== "application/json" && types.some((t) => /^application\/[^;]*\+json/.test(t)))) {
      if (requestBody.required !== true) return undefined;
      if (types.some((t) => /^application\/[^;]*json/.test(t))) return false;
      options.data = "raw body";
      return "raw body";
    }
    const media = content[type] as Json;
    const schema = this.resolve(media.schema);
    const sample = this.value(media.schema);
    if (sample === undefined) return false;
    const isObject = typeof sample === "object" && sample !== null && !Array.isArray(sample);
    const properties = Object.keys((schema.properties as Json | undefined) ?? {});
    // Fields named like a parameter or an option: the whole body goes in data.
    const flat = isObject && properties.length > 0 && !properties.some((f) => names.has(f) || RESERVED_NAMES.has(f));
    const given = isObject ? Object.keys(sample as Json).length > 0 : true;
    if (flat) Object.assign(options, sample);
    else if (given || requestBody.required === true) options.data = sample;
    if (type === "application/json") {
      // A required JSON body with no field given is `{}`.
      if (!given && flat) return requestBody.required === true ? {} : undefined;
      return given || requestBody.required === true ? sample : undefined;
    }
    if (!isObject || (!given && requestBody.required !== true)) return undefined;
    if (type.startsWith("multipart/")) {
      return {
        parts: Object.entries(sample as Json).flatMap(([field, value]) =>
          Array.isArray(value)
            ? value.map((item) => [field, String(item)])
            : [[field, typeof value === "object" ? JSON.stringify(value) : String(value)]],
        ),
      };
    }
    const encoding = (media.encoding as Record<string, Json> | undefined) ?? {};
    return {
      form: Object.entries(sample as Json).flatMap(([field, value]) => {
        const style = (encoding[field]?.style as string | undefined) ?? "form";
        return styled(field, value, style, (encoding[field]?.explode as boolean | undefined) ?? style === "form");
      }),
    };
  }
}

async function readDocument(file: string): Promise<Json> {
  const bytes = await readFile(file);
  const text = file.endsWith(".gz") ? gunzipSync(bytes).toString("utf8") : bytes.toString("utf8");
  return (file.endsWith(".yaml") ? parseYaml(text) : JSON.parse(text)) as Json;
}

/** The map's key of an operation: the method and the path as the document writes it. */
function keyFor(keys: ReadonlySet<string>, method: string, pathName: string): string | undefined {
  const key = `${method.toUpperCase()} ${pathName}`;
  return keys.has(key) ? key : undefined;
}

let work = "";
const results = new Map<
  string,
  { calls: Call[]; operations: number; sent: { method: string; url: string; body?: unknown }[] }
>();

beforeAll(async () => {
  assertFreshBuild();
  work = await mkdtemp(path.join(tmpdir(), "endpoint-options-openapi-"));
  await mkdir(path.join(work, "node_modules"));
  await symlink(ROOT, path.join(work, "node_modules", "endpoint-options"), "dir");
  const files: string[] = [];
  for (const source of DOCUMENTS) {
    const document = await readDocument(source.file);
    let input = source.file;
    if (input.endsWith(".gz")) {
      input = path.join(work, `${source.name}.json`);
      await writeFile(input, JSON.stringify(document));
    }
    const module = source.name.toLowerCase();
    const generated = await run(process.execPath, [
      path.join(ROOT, "dist", "cli.js"),
      "openapi",
      input,
      "--out",
      path.join(work, `${module}.ts`),
      "--name",
      source.name,
      "--base-url",
      BASE,
    ]);
    if (generated.code !== 0) throw new Error(`${source.name}: ${generated.stderr}`);
    const keys = new Set(
      [...(await readFile(path.join(work, `${module}.ts`), "utf8")).matchAll(/^ {2}"([A-Z]+ [^"]+)": /gm)].map(
        (match) => match[1] as string,
      ),
    );
    const sampler = new Sampler(document);
    const calls: Call[] = [];
    let operations = 0;
    // The endpoint's name: the map's, camelCase.
    const api = source.name.charAt(0).toLowerCase() + source.name.slice(1);
    const lines = [`import { ${api} } from "./${module}.js";`, "export const sent = ["];
    for (const [pathName, item] of Object.entries(document.paths as Json)) {
      const pathItem = sampler.resolve(item);
      for (const method of METHODS) {
        if (pathItem[method] === undefined) continue;
        operations++;
        const call = sampler.call(pathName, method, pathItem, sampler.resolve(pathItem[method]));
        const key = keyFor(keys, method, pathName);
        if (call === undefined || key === undefined) continue;
        calls.push(call);
        lines.push(`  ${api}(${JSON.stringify(key)}, ${JSON.stringify(call.options)}),`);
      }
    }
    // A multipart body is a FormData: its parts, as text.
    lines.push(
      "].map(({ method, url, body }) => ({ method, url, body: body instanceof FormData ? { parts: [...body].map(([k, v]) => [k, String(v)]) } : body }));",
      "",
    );
    await writeFile(path.join(work, `${module}-calls.ts`), lines.join("\n"));
    // Every eighth call, for the compiler that checks a spread of them.
    const some = lines.slice(2, 2 + calls.length).filter((_, index) => index % 8 === 0);
    await writeFile(path.join(work, `${module}-some-calls.ts`), [...lines.slice(0, 2), ...some, "];", ""].join("\n"));
    files.push(module);
    results.set(source.name, { calls, operations, sent: [] });
  }
  // TypeScript 7 compiles every call; TypeScript 5.9, whose type system 7 ports, every map and every eighth call
  // (each call's type is read from its map alike; every call costs 5.9 three times what the maps do).
  for (const [project, calls] of [
    ["tsconfig.json", "calls"],
    ["tsconfig.some.json", "some-calls"],
  ]) {
    const config = {
      compilerOptions: STRICT_CONSUMER_OPTIONS,
      files: files.flatMap((m) => [`${m}.ts`, `${m}-${calls}.ts`]),
    };
    await writeFile(path.join(work, project as string), JSON.stringify(config));
  }
  for (const source of DOCUMENTS) {
    const module = source.name.toLowerCase();
    const script = path.join(work, `${module}-calls.mjs`);
    const bundled = await bundledForNode(path.join(work, `${module}-calls.ts`));
    await writeFile(script, `${bundled}\nconsole.log(JSON.stringify(sent));\n`);
    const entry = results.get(source.name);
    if (entry)
      entry.sent = JSON.parse(execFileSync(process.execPath, [script], { encoding: "utf8", maxBuffer: 1 << 26 }));
  }
}, 180_000);

afterAll(async () => {
  if (work !== "" && !process.env.KEEP_WORK) await rm(work, { recursive: true, force: true });
});

describe.each([
  {
    compiler: "TypeScript 5.9",
    tsc: path.join(ROOT, "node_modules", "typescript", "bin", "tsc"),
    project: "tsconfig.some.json",
    calls: "every eighth operation",
  },
  {
    compiler: "TypeScript 7",
    tsc: path.join(ROOT, "node_modules", "typescript-7", "bin", "tsc"),
    project: "tsconfig.json",
    calls: "each operation",
  },
])("on $compiler", ({ tsc, project, calls }) => {
  it(`every generated map, and a typed call of ${calls}, compile under strict tsc`, async () => {
    const result = await run(process.execPath, [tsc, "-p", project, "--pretty", "false"], {
      cwd: work,
      timeout: 170_000,
    });
    expect(result.stdout + result.stderr).toBe("");
    expect(result.code).toBe(0);
  }, 180_000);
});

describe.each(DOCUMENTS)("$name ($shape)", ({ name, coverage }) => {
  it("calls most of its operations with every parameter", () => {
    const entry = results.get(name);
    expect(entry?.calls.length ?? 0).toBeGreaterThanOrEqual(Math.ceil((entry?.operations ?? 1) * coverage));
  });

  it("sends each call where the document says: the path, the query and the body", () => {
    const entry = results.get(name);
    expect(entry?.sent.length).toBe(entry?.calls.length);
    entry?.calls.forEach((call, index) => {
      const sent = entry.sent[index];
      const url = new URL(sent?.url ?? "");
      const label = `${call.method.toUpperCase()} ${call.path}`;
      expect(sent?.method, label).toBe(call.method);
      expect(`${url.origin}${url.pathname}`, label).toBe(`${BASE}${call.expected.path}`);
      const pairs = (list: Iterable<[string, string]>) => [...list].map(([k, v]) => `${k}=${v}`).sort();
      expect(pairs(url.searchParams), label).toEqual(pairs(call.expected.query));
      const body = call.expected.body;
      // A form is compared as its pairs, however the runtime percent-encodes them.
      if (typeof body === "object" && body !== null && "form" in body) {
        expect(pairs(new URLSearchParams(String(sent?.body))), label).toEqual(pairs(body.form as [string, string][]));
      } else expect(sent?.body, label).toEqual(body);
    });
  });
});
