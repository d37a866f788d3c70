// Drives every scenario of @octokit/fixtures through @octokit/rest's own REST methods, against the fixtures
// server at the url given: node driver.mjs <server url> <scenarios directory>. Prints one JSON line a scenario.
// Each recorded request is sent by the REST method whose route matches it, with the recorded values; a
// request that follows a redirect is fetch's to make, and the pages after one with a Link header are
// octokit.paginate's.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Octokit } from "@octokit/rest";
// octokitFetch, as the README gives it: @octokit/request hands the lowercase method to fetch as it is.
import { octokitFetch } from "endpoint-options";

const [server, scenariosDir] = process.argv.slice(2);

/** Each REST method with its route as a pattern, most literal text first: a specific route before a general one. */
function restMethods(octokit) {
  const methods = [];
  for (const [scope, group] of Object.entries(octokit.rest)) {
    for (const [name, fn] of Object.entries(group)) {
      const { method, url } = fn.endpoint.DEFAULTS;
      if (fn.name === "" && methods.some((m) => m.fn === fn)) continue;
      const names = [];
      const path = url.replace(/^\{origin\}/, "").replace(/\{\?[^}]*\}$/, "");
      const pattern = path
        .split(/(\{[^}]+\})/)
        .map((part) => {
          if (!part.startsWith("{")) return part.replace(/[.*+?^$()|[\]\\]/g, "\\$&");
          names.push(part.slice(1, -1));
          return "([^/]*)";
        })
        .join("");
      const literal = path.replace(/\{[^}]+\}/g, "").length;
      methods.push({ label: `${scope}.${name}`, fn, method, names, regex: new RegExp(`^${pattern}$`), literal });
    }
  }
  return methods.sort((a, b) => b.literal - a.literal);
}

for (const scenario of readdirSync(scenariosDir).sort()) {
  const recorded = JSON.parse(readFileSync(join(scenariosDir, scenario, "normalized-fixture.json"), "utf8"));
  const created = await (
    await fetch(`${server}/fixtures`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ scenario }),
    })
  ).json();
  const result = { scenario, requests: recorded.length, sent: 0, passed: 0, failures: [], noRestMethod: [] };
  const octokit = new Octokit({
    baseUrl: created.url,
    request: { fetch: octokitFetch },
    log: { warn() {}, debug() {}, info() {}, error() {} },
  });
  const methods = restMethods(octokit);
  // endpoint-options freezes its endpoint function; @octokit/endpoint does not.
  result.endpoint = Object.isFrozen(octokit.request.endpoint) ? "endpoint-options" : "another";
  for (let i = 0; i < recorded.length; i++) {
    const request = recorded[i];
    const url = new URL(request.path, request.scope);
    const method = request.method.toUpperCase();
    const match = methods.find((m) => m.method === method && m.regex.test(url.pathname));
    if (match === undefined) {
      result.noRestMethod.push(`${method} ${url.pathname}`);
    }
    // Without a REST method for it (the API description dropped the route), octokit.request sends it.
    const label = match?.label ?? `octokit.request("${method} ${url.pathname}")`;
    const send = match?.fn ?? ((options) => octokit.request(`${method} ${url.pathname}`, options));
    const params = {};
    const values = match?.regex.exec(url.pathname).slice(1) ?? [];
    match?.names.forEach((name, k) => {
      params[name] = decodeURIComponent(values[k]);
    });
    for (const [key, value] of url.searchParams) params[key] = value;
    if (request.body !== undefined && request.body !== "") {
      if (typeof request.body === "object" && !Array.isArray(request.body)) Object.assign(params, request.body);
      else params.data = request.body;
    }
    const headers = {};
    for (const name of ["accept", "accept-encoding", "authorization", "content-type"]) {
      if (request.reqheaders?.[name] !== undefined) headers[name] = request.reqheaders[name];
    }
    params.headers = headers;
    // Another host's requests (uploads.github.com) go to that host's place on the fixtures server.
    if (url.host !== "api.github.com") params.baseUrl = created.url.replace("/api.github.com/", `/${url.host}/`);
    // What the client ends with: a redirect is followed by fetch, to the next recorded request.
    let expected = request.status;
    let follows = 0;
    while (expected >= 300 && expected < 400 && recorded[i + follows + 1] !== undefined) {
      follows++;
      expected = recorded[i + follows].status;
    }
    const link = request.headers?.link ?? "";
    const paginated = link.includes('rel="next"');
    result.sent++;
    try {
      if (paginated) {
        const pages = [];
        for await (const response of octokit.paginate.iterator(send, params)) pages.push(response.status);
        // The pages after the first are the recorded requests that follow, one each.
        follows = pages.length - 1;
        if (pages.every((status, k) => status === recorded[i + k]?.status)) result.passed++;
        else result.failures.push(`${label} pages: ${pages.join(",")}`);
      } else {
        const response = await send(params);
        if (response.status === expected) result.passed++;
        else result.failures.push(`${label}: status ${response.status}, recorded ${expected}`);
      }
    } catch (error) {
      if (error.status === expected) result.passed++;
      else result.failures.push(`${label}: ${error.status ?? ""} ${String(error.message).slice(0, 300)}`);
    }
    i += follows;
  }
  console.log(JSON.stringify(result));
}
