// The workloads beyond the mix: every GitHub route (hot, and cold in fresh processes), pagination urls
// churning through `url`, merge() + parse() against endpoint(), and a .defaults() chain built per call.
// Each library builds the same requests; run.mjs measures them side by side.
import { readFileSync } from "node:fs";

const fixture = JSON.parse(readFileSync(new URL("../test/fixtures/github-routes.json", import.meta.url), "utf8"));

/** A realistic value for a parameter of these OpenAPI types. */
function valueFor(name, types) {
  if (types.includes("integer") || types.includes("number")) return 42;
  if (types.includes("boolean")) return true;
  if (types.includes("array")) return ["a", "b"];
  if (name === "owner" || name === "org") return "octokit";
  if (name === "repo") return "rest.js";
  return `${name}-value`;
}

/**
 * Each of GitHub's routes as [route, options]: every path parameter, up to two query parameters, and up to
 * two body fields, with realistic values (a string where the description allows several types).
 */
/** Names that are options, never parameters (a body field named `url` would replace the route's). */
const OPTIONS = new Set(["method", "url", "baseUrl", "headers", "request", "mediaType", "data"]);

export const routeCalls = fixture.routes.map(({ route, path, query, body }) => {
  const options = {};
  for (const { name, types } of path) options[name] = valueFor(name, types);
  for (const { name, types } of query.filter(({ name }) => !OPTIONS.has(name)).slice(0, 2)) {
    options[name] = types.includes("string") ? `${name}-value` : valueFor(name, types);
  }
  if (body?.contentType === "application/json") {
    for (const { name, types } of (body.properties ?? []).filter(({ name }) => !OPTIONS.has(name)).slice(0, 2)) {
      if (!(name in options)) options[name] = valueFor(name, types);
    }
  }
  return [route, options];
});

/** Calls every route once; returns a checksum so no work is skipped. */
export function allRoutes(endpoint) {
  return () => {
    let checksum = 0;
    for (const [route, options] of routeCalls) checksum += endpoint(route, options).url.length;
    return checksum;
  };
}

/** Each GitHub route once as merge() then parse(), as @octokit/request makes every request (it merges, runs hooks, then parses). */
export function allRoutesMergeParse(endpoint) {
  return () => {
    let checksum = 0;
    for (const [route, options] of routeCalls) checksum += endpoint.parse(endpoint.merge(route, options)).url.length;
    return checksum;
  };
}

/**
 * Pagination as @octokit/plugin-paginate-rest does it: each next page is a full url from a Link header,
 * passed as `url`. `start` makes the urls of each run new to the library.
 */
export function paginationUrl(page) {
  return `https://api.github.com/repositories/1296269/issues?state=open&per_page=100&page=${page}`;
}

export function churn(endpoint, count) {
  let page = 0;
  return () => {
    let checksum = 0;
    for (let i = 0; i < count; i++) {
      checksum += endpoint({ method: "GET", url: paginationUrl(page++), headers: { authorization: "token x" } }).url
        .length;
    }
    return checksum;
  };
}

const ISSUES = ["GET /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "rest.js", state: "open", per_page: 50 }];
const CREATE = ["POST /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "rest.js", title: "Found a bug" }];

/** Two plain calls through endpoint(). */
export function plainCalls(endpoint) {
  return () => endpoint(...ISSUES).url.length + endpoint(...CREATE).url.length;
}

/** The same two calls as merge() then parse(), as @octokit/request makes them. */
export function mergeThenParse(endpoint) {
  return () =>
    endpoint.parse(endpoint.merge(...ISSUES)).url.length + endpoint.parse(endpoint.merge(...CREATE)).url.length;
}

/** A three-level .defaults() chain built for each call, then one call through it (Octokit builds such chains per plugin). */
export function chainPerCall(endpoint) {
  return () =>
    endpoint
      .defaults({ baseUrl: "https://github.acme-inc.com/api/v3" })
      .defaults({ headers: { authorization: "token ghp_example" } })
      .defaults({ per_page: 100 })(...ISSUES).url.length;
}

/** One plain call, the unit a chain is counted in. */
export function onePlainCall(endpoint) {
  return () => endpoint(...ISSUES).url.length;
}

/**
 * A workload and a simpler one, each for endpoint-options and for @octokit/endpoint 11: the four candidates
 * of a side-by-side measurement, named `endpoint-options <name>`, `@octokit/endpoint 11 <name>` and so on.
 */
export function sideBySide([name, workload], [baseName, base], ours, octokit11) {
  return {
    [`endpoint-options ${name}`]: workload(ours),
    [`endpoint-options ${baseName}`]: base(ours),
    [`@octokit/endpoint 11 ${name}`]: workload(octokit11),
    [`@octokit/endpoint 11 ${baseName}`]: base(octokit11),
  };
}
