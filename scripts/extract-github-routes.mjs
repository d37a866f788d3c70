// Extracts every operation of GitHub's REST API from @octokit/openapi into test/fixtures/github-routes.json:
// the route, its path and query parameters, and its body. The differential test reads this small file
// instead of the 13 MB description, so it runs in milliseconds and a new API version shows as a readable diff.
// Run: npm run routes:extract
import { readFileSync, writeFileSync } from "node:fs";

const source = new URL("../node_modules/@octokit/openapi/generated/api.github.com.json", import.meta.url);
const target = new URL("../test/fixtures/github-routes.json", import.meta.url);
const api = JSON.parse(readFileSync(source, "utf8"));
const METHODS = ["get", "head", "post", "put", "patch", "delete", "options"];

function deref(node) {
  let current = node;
  while (current?.$ref !== undefined) {
    current = current.$ref
      .slice(2)
      .split("/")
      .reduce((object, key) => object[key.replaceAll("~1", "/").replaceAll("~0", "~")], api);
  }
  return current;
}

/** A schema reduced to the JSON types it allows, e.g. ["string"] or ["integer", "string"]. */
function typesOf(schema) {
  const resolved = deref(schema);
  if (resolved === undefined) return [];
  const variants = resolved.oneOf ?? resolved.anyOf;
  const types = new Set();
  if (variants !== undefined) for (const variant of variants) for (const type of typesOf(variant)) types.add(type);
  if (typeof resolved.type === "string") types.add(resolved.type);
  if (Array.isArray(resolved.type)) for (const type of resolved.type) types.add(type);
  if (resolved.nullable === true) types.add("null");
  return [...types].sort();
}

function parameter(node) {
  const resolved = deref(node);
  const schema = deref(resolved.schema);
  const entry = { name: resolved.name, types: typesOf(schema) };
  if (Array.isArray(schema?.enum)) entry.enum = schema.enum;
  return { in: resolved.in, entry };
}

function bodyOf(operation) {
  const requestBody = deref(operation.requestBody);
  if (requestBody === undefined) return null;
  const [contentType] = Object.keys(requestBody.content);
  if (contentType !== "application/json") return { contentType };
  const schema = deref(requestBody.content[contentType].schema);
  const variants = schema.oneOf ?? schema.anyOf ?? [schema];
  const properties = new Map();
  for (const variant of variants) {
    const resolved = deref(variant);
    for (const [name, property] of Object.entries(resolved.properties ?? {})) {
      if (!properties.has(name)) properties.set(name, typesOf(property));
    }
  }
  return { contentType, properties: [...properties].map(([name, types]) => ({ name, types })) };
}

const routes = [];
for (const [path, item] of Object.entries(api.paths)) {
  for (const method of METHODS) {
    const operation = item[method];
    if (operation === undefined) continue;
    const parameters = [...(item.parameters ?? []), ...(operation.parameters ?? [])].map(parameter);
    const query = parameters.filter((p) => p.in === "query").map((p) => p.entry);
    let url = path;
    // Octokit writes the upload route with its own origin and the query as an RFC 6570 form.
    const server = operation.servers?.[0]?.url;
    if (server !== undefined) {
      url = `${server}${path}{?${query.map((p) => p.name).join(",")}}`;
    }
    routes.push({
      route: `${method.toUpperCase()} ${url}`,
      path: parameters.filter((p) => p.in === "path").map((p) => p.entry),
      query: server === undefined ? query : [],
      body: bodyOf(operation),
    });
  }
}
routes.sort((a, b) => (a.route < b.route ? -1 : a.route > b.route ? 1 : 0));

const { version } = JSON.parse(
  readFileSync(new URL("../node_modules/@octokit/openapi/package.json", import.meta.url), "utf8"),
);
const lines = routes.map((route) => `    ${JSON.stringify(route)}`);
writeFileSync(
  target,
  `{\n  "source": "@octokit/openapi@${version} generated/api.github.com.json",\n  "routes": [\n${lines.join(",\n")}\n  ]\n}\n`,
);
console.log(`${routes.length} routes written to test/fixtures/github-routes.json`);
