// endpoint-options/github: GitHub's REST API parameters, looked up by route (vitest typecheck).

import type {
  EndpointDefaults,
  EndpointInterface,
  Endpoints,
  EndpointOptions as OctokitEndpointOptions,
  RequestOptions as OctokitRequestOptions,
} from "@octokit/types";
import { describe, expectTypeOf, it } from "vitest";
import { type GitHubRoutes, endpoint as github } from "../src/github/github.js";
import { type EndpointRoutes, endpoint, type StrictEndpoint } from "../src/index.js";

describe("a GitHub route is typed by the map", () => {
  it("plugs into EndpointRoutes by declaration merging", () => {
    expectTypeOf<EndpointRoutes>().toExtend<GitHubRoutes>();
    expectTypeOf<GitHubRoutes["GET /repos/{owner}/{repo}"]>().toEqualTypeOf<{ owner: string; repo: string }>();
  });

  it("types path parameters by GitHub's description", () => {
    endpoint("GET /repos/{owner}/{repo}/issues/{issue_number}", { owner: "o", repo: "r", issue_number: 1 });
    // @ts-expect-error issue_number is an integer
    endpoint("GET /repos/{owner}/{repo}/issues/{issue_number}", { owner: "o", repo: "r", issue_number: true });
    // @ts-expect-error repo is missing
    endpoint("GET /repos/{owner}/{repo}", { owner: "o" });
    // @ts-expect-error owner and repo are required
    endpoint("GET /repos/{owner}/{repo}");
  });

  it("types query parameters, their enums and which are required", () => {
    endpoint("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", state: "closed", per_page: 100 });
    // A comma-separated list may be an array: the query string joins it with ",".
    endpoint("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", labels: ["bug", "ui"] });
    // @ts-expect-error state is "open" | "closed" | "all"
    endpoint("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", state: "shut" });
    // @ts-expect-error per_page is a number
    endpoint("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", per_page: "100" });
    endpoint("GET /search/issues", { q: "is:open" });
    // @ts-expect-error q is a required query parameter
    endpoint("GET /search/issues", {});
  });

  it("reaches through a wrapper typed with Parameters<typeof endpoint<R>>", () => {
    function send<R extends string>(...args: Parameters<typeof endpoint<R>>): void {
      const [route, options] = args as unknown as [string, Record<string, unknown>?];
      endpoint(route, options);
    }
    send("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", state: "closed" });
    // @ts-expect-error state is "open" | "closed" | "all"
    send("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", state: "shut" });
  });

  it("types body parameters and which are required", () => {
    endpoint("POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", title: "t", labels: ["bug"] });
    // @ts-expect-error title is a required body field
    endpoint("POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", body: "b" });
    const file = { owner: "o", repo: "r", path: "p", message: "m", content: "" };
    endpoint("PUT /repos/{owner}/{repo}/contents/{path}", { ...file, committer: { name: "n", email: "e" } });
    // @ts-expect-error a committer needs an email
    endpoint("PUT /repos/{owner}/{repo}/contents/{path}", { ...file, committer: { name: "n" } });
  });

  it("takes every option beside the route's parameters", () => {
    endpoint("GET /user", {
      method: "GET",
      url: "/user",
      baseUrl: "https://github.example.com/api/v3",
      headers: { authorization: "token x" },
      mediaType: { format: "raw" },
      request: { signal: undefined },
    });
  });

  it("finds the route in any case of method and spacing", () => {
    // @ts-expect-error issue_number is an integer, also when the route is written "get  …"
    endpoint("get  /repos/{owner}/{repo}/issues/{issue_number}", { owner: "o", repo: "r", issue_number: "1" });
    expectTypeOf(endpoint("get /user").method).toEqualTypeOf<"get">();
  });

  it("a bare url is looked up with the defaults' method", () => {
    // @ts-expect-error GET /repos/{owner}/{repo}/issues knows no such state
    endpoint("/repos/{owner}/{repo}/issues", { owner: "o", repo: "r", state: "shut" });
    const post = endpoint.defaults({ method: "POST" });
    // @ts-expect-error POST /repos/{owner}/{repo}/issues requires a title
    post("/repos/{owner}/{repo}/issues", { owner: "o", repo: "r" });
  });
});

describe("a route of the map takes exactly its parameters", () => {
  it("refuses a misspelled optional parameter, naming the one it may have meant", () => {
    // @ts-expect-error unknown parameter per_pgae: did you mean per_page?
    endpoint("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", per_pgae: 10 });
    // @ts-expect-error unknown parameter lables: did you mean labels?
    endpoint("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", lables: ["bug"] });
    // @ts-expect-error unknown parameter perPage: did you mean per_page? (case and separators aside)
    endpoint("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", perPage: 10 });
    // @ts-expect-error unknown parameter headr: did you mean headers? (options are names too)
    endpoint("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", headr: {} });
    // @ts-expect-error unknown parameter zzz, with nothing near it
    endpoint("GET /user", { zzz: 1 });
  });

  it("refuses a misspelled required parameter as unknown, not only as missing", () => {
    // @ts-expect-error unknown parameter titel: did you mean title?
    endpoint("POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", titel: "Found a bug" });
  });

  it("takes parameters the map does not list from a spread Record<string, unknown>: the escape hatch", () => {
    const unlisted: Record<string, unknown> = { new_flag: true };
    endpoint("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", ...unlisted });
    // The parameters it lists keep their types, and required ones stay required.
    // @ts-expect-error per_page is a number
    endpoint("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", per_page: "1", ...unlisted });
    // @ts-expect-error repo is missing
    endpoint("GET /repos/{owner}/{repo}/issues", { owner: "o", ...unlisted });
  });

  it("checks options held in a variable as it checks a literal", () => {
    const listed = { owner: "o", repo: "r", per_page: 2 };
    endpoint("GET /repos/{owner}/{repo}/issues", listed);
    const misspelled = { owner: "o", repo: "r", per_pgae: 2 };
    // @ts-expect-error unknown parameter per_pgae
    endpoint("GET /repos/{owner}/{repo}/issues", misspelled);
  });

  it("a route typed from its url still takes extra keys: they go to the query or the body", () => {
    endpoint("GET /repos/{owner}/{repo}/not-a-github-route", { owner: "o", repo: "r", per_pgae: 10 });
  });
});

describe("what the exact parameters must still take", () => {
  it("a body that is one of several shapes takes the keys of any of them", () => {
    endpoint("POST /orgs/{org}/attestations/delete-request", { org: "o", subject_digests: ["sha256:abc"] });
    endpoint("POST /orgs/{org}/attestations/delete-request", { org: "o", attestation_ids: [1] });
    // @ts-expect-error a key of neither shape
    endpoint("POST /orgs/{org}/attestations/delete-request", { org: "o", subject_digest: ["sha256:abc"] });
  });

  it("read-only lists, and lists as const", () => {
    const labels: readonly string[] = ["bug"];
    endpoint("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", labels });
    const query = { owner: "o", repo: "r", labels: ["bug"] } as const;
    endpoint("GET /repos/{owner}/{repo}/issues", query);
  });

  it("misspelled keys inside nested objects are refused too", () => {
    endpoint("PUT /repos/{owner}/{repo}/contents/{path}", {
      owner: "o",
      repo: "r",
      path: "p",
      message: "m",
      content: "c",
      // @ts-expect-error 'dat' does not exist: did you mean to write 'date'?
      committer: { name: "n", email: "e", dat: "2024-01-01" },
    });
  });

  it("parse() takes Octokit's merged options (EndpointDefaults), undefined header values and all", () => {
    const merged = {} as EndpointDefaults & { url: string };
    endpoint.parse(merged);
  });
});

describe("the strict endpoint of endpoint-options/github", () => {
  it("takes the routes of the map, in any form the runtime reads", () => {
    github("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", state: "open" });
    github("get  /user");
    github("/user");
    expectTypeOf(github("POST /user/repos", { name: "n" }).method).toEqualTypeOf<"post">();
    const route = Math.random() > 2 ? "GET /user" : "GET /user/repos";
    github(route);
  });

  it("refuses a route not in the map, naming the nearest", () => {
    // @ts-expect-error not in the route map; did you mean GET /repos/{owner}/{repo}/issues?
    github("GET /repos/{owner}/{repo}/issue", { owner: "o", repo: "r" });
    // @ts-expect-error not in the route map; did you mean PUT /user/starred/{owner}/{repo}?
    github("POST /user/starred/{owner}/{repo}", { owner: "o", repo: "r" });
    const route = Math.random() > 2 ? "GET /user" : "GET /usr";
    // @ts-expect-error one route of the union is not in the map
    github(route);
    const anyRoute: string = "GET /user";
    // @ts-expect-error a route that is not a literal cannot be looked up
    github(anyRoute);
    // @ts-expect-error the same for .merge()
    github.merge("GET /usr");
  });

  it("takes working routes written otherwise than GitHub's keys, each typed by the key it stands for", () => {
    // :name is {name}, and :org stands for {owner} under the route's name.
    github("GET /repos/:org/:repo/environments", { org: "octokit", repo: "rest.js", per_page: 10 });
    // HEAD wherever GitHub maps GET (GitHub answers HEAD wherever it answers GET).
    expectTypeOf(github("HEAD /repos/{owner}/{repo}", { owner: "o", repo: "r" }).method).toEqualTypeOf<"head">();
    // Text in place of a placeholder: tags/{ref} fills git/ref/{ref}, which no route goes on below.
    github("GET /repos/{owner}/{repo}/git/ref/tags/{ref}", { owner: "o", repo: "r", ref: "v1.0.0" });
    github("GET /repos/octokit/rest.js/issues", { state: "open" });
    // A renamed placeholder: {number} for {issue_number}, typed as issue_number is.
    github("GET /repos/{owner}/{repo}/issues/{number}", { owner: "o", repo: "r", number: 1 });
    // @ts-expect-error number is an integer, as issue_number is
    github("GET /repos/{owner}/{repo}/issues/{number}", { owner: "o", repo: "r", number: "1" });
    // @ts-expect-error environments takes per_page as a number
    github("GET /repos/:org/:repo/environments", { org: "octokit", repo: "rest.js", per_page: "10" });
    github.merge("HEAD /repos/{owner}/{repo}/issues");
  });

  it("still refuses misspelt segments and retired routes", () => {
    // @ts-expect-error issues/coments is issues/comments misspelt, not an issue_number
    github("GET /repos/{owner}/{repo}/issues/coments", { owner: "o", repo: "r" });
    // @ts-expect-error retired: GitHub lists references with git/matching-refs/{ref}
    github("GET /repos/{owner}/{repo}/git/refs", { owner: "o", repo: "r" });
    // @ts-expect-error retired: the classic projects API
    github("GET /projects/columns/{column_id}/cards", { column_id: 1 });
    // @ts-expect-error HEAD takes a GET entry only
    github("HEAD /user/starred/{owner}/{repo}/x", { owner: "o", repo: "r" });
  });

  it("stays strict through .defaults(), which make the map's keys optional", () => {
    const repo = github.defaults({ owner: "octokit", repo: "rest.js" });
    repo("GET /repos/{owner}/{repo}/issues", { state: "open" });
    // @ts-expect-error not in the route map
    repo("GET /repos/{owner}/{repo}/issue");
    // @ts-expect-error unknown parameter stat: did you mean state?
    repo("GET /repos/{owner}/{repo}/issues", { stat: "open" });
  });

  it("is the same function as endpoint at run time", () => {
    expectTypeOf(github).toEqualTypeOf<StrictEndpoint<GitHubRoutes>>();
  });
});

describe(".defaults() makes the map's keys optional too", () => {
  it("through any depth", () => {
    const repo = endpoint.defaults({ owner: "octokit" }).defaults({ repo: "rest.js" });
    repo("GET /repos/{owner}/{repo}/issues");
    repo("GET /repos/{owner}/{repo}/issues", { state: "open" });
    // @ts-expect-error the map still types the other parameters
    repo("GET /repos/{owner}/{repo}/issues", { state: "shut" });
    // @ts-expect-error issue_number is not defaulted
    repo("GET /repos/{owner}/{repo}/issues/{issue_number}");
  });
});

describe("a route not in the map falls back to inference", () => {
  it("requires what its url requires", () => {
    endpoint("GET /repos/{owner}/{repo}/not-a-github-route", { owner: "o", repo: "r", anything: true });
    // @ts-expect-error repo is required by the url
    endpoint("GET /repos/{owner}/{repo}/not-a-github-route", { owner: "o" });
    const route: string = "GET /repos/{owner}/{repo}";
    endpoint(route);
  });
});

describe("the data escape hatch", () => {
  it("sends a body field that shares a path parameter's name", () => {
    // `name` fills the path; the body, with its own `name` (a rename), goes in `data`.
    endpoint("PATCH /repos/{owner}/{repo}/actions/variables/{name}", {
      owner: "o",
      repo: "r",
      name: "OLD_NAME",
      data: { name: "NEW_NAME", value: "v" },
    });
    endpoint("PATCH /repos/{owner}/{repo}/actions/variables/{name}", {
      owner: "o",
      repo: "r",
      name: "OLD_NAME",
      // @ts-expect-error no body field stands beside data (the core would drop it): the whole body goes in data
      value: "v",
    });
  });

  it("a union of routes takes options that suit every one of them", () => {
    const create = Math.random() > 2;
    const route = create ? "POST /repos/{owner}/{repo}/issues" : "GET /repos/{owner}/{repo}/issues";
    // @ts-expect-error title is required by the POST route
    endpoint(route, { owner: "o", repo: "r" });
    // @ts-expect-error "shut" is not one of the GET route's states
    endpoint(route, { owner: "o", repo: "r", title: "t", state: "shut" });
    endpoint(route, { owner: "o", repo: "r", title: "t", state: "open" });
  });

  it("sends a body field named like an option (url)", () => {
    endpoint("PATCH /repos/{owner}/{repo}/hooks/{hook_id}/config", {
      owner: "o",
      repo: "r",
      hook_id: 1,
      data: { url: "https://example.com/hook", content_type: "json" },
    });
    endpoint("PATCH /repos/{owner}/{repo}/hooks/{hook_id}/config", {
      owner: "o",
      repo: "r",
      hook_id: 1,
      // @ts-expect-error data is typed by the route's body
      data: { url: 5 },
    });
    endpoint("PATCH /repos/{owner}/{repo}/hooks/{hook_id}/config", {
      owner: "o",
      repo: "r",
      hook_id: 1,
      // @ts-expect-error a top-level url would replace the route's url and send the request there
      url: "https://example.com/hook",
    });
    // @ts-expect-error on a route whose body has a required url too
    endpoint("POST /orgs/{org}/private-registries", { org: "o", url: "https://x", data: {} as never });
  });

  it("types raw bodies as data", () => {
    endpoint("POST /markdown/raw", { data: "# Hello", headers: { "content-type": "text/plain" } });
  });
});

describe("optional parameters take what the runtime leaves out", () => {
  it("undefined for any optional parameter (exactOptionalPropertyTypes), null for optional query ones", () => {
    const perPage: number | undefined = undefined as number | undefined;
    endpoint("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", per_page: perPage, state: undefined });
    endpoint("GET /notifications", { since: new Date(Date.UTC(2024, 0, 1)), before: null });
    const body: string | undefined = undefined as string | undefined;
    endpoint("PATCH /repos/{owner}/{repo}/issues/{issue_number}", { owner: "o", repo: "r", issue_number: 1, body });
    // @ts-expect-error a required parameter takes no undefined
    endpoint("GET /search/issues", { q: undefined });
    endpoint("PATCH /repos/{owner}/{repo}/issues/{issue_number}", {
      owner: "o",
      repo: "r",
      issue_number: 1,
      milestone: null,
    });
    endpoint("PATCH /repos/{owner}/{repo}/issues/{issue_number}", {
      owner: "o",
      repo: "r",
      issue_number: 1,
      // @ts-expect-error a body field is sent as JSON: null only where GitHub allows it
      state: null,
    });
  });

  it("a Date for a date-time parameter", () => {
    endpoint("PATCH /repos/{owner}/{repo}/check-runs/{check_run_id}", {
      owner: "o",
      repo: "r",
      check_run_id: 1,
      status: "completed",
      conclusion: "success",
      completed_at: new Date(),
    });
    // @ts-expect-error since is a date-time, not a number
    endpoint("GET /notifications", { since: 1 });
  });
});

describe("bodies described with anyOf or oneOf keep their fields", () => {
  it("types the fields listed beside the alternatives", () => {
    endpoint("PATCH /repos/{owner}/{repo}/dependabot/alerts/{alert_number}", {
      owner: "o",
      repo: "r",
      alert_number: 1,
      state: "dismissed",
      dismissed_reason: "tolerable_risk",
    });
    endpoint("PATCH /repos/{owner}/{repo}/check-runs/{check_run_id}", {
      owner: "o",
      repo: "r",
      check_run_id: 1,
      // @ts-expect-error conclusion is an enum
      conclusion: 42,
    });
    // @ts-expect-error an alternative's required fields: state or assignees
    endpoint("PATCH /repos/{owner}/{repo}/dependabot/alerts/{alert_number}", {
      owner: "o",
      repo: "r",
      alert_number: 1,
    });
  });
});

describe("a route with a body puts its query parameters in a {?…} expression", () => {
  it("is keyed with the expression, so the parameters reach the query", () => {
    endpoint("DELETE /repos/{owner}/{repo}/actions/caches{?key,ref}", { owner: "o", repo: "r", key: "k" });
    // @ts-expect-error key is required
    endpoint("DELETE /repos/{owner}/{repo}/actions/caches{?key,ref}", { owner: "o", repo: "r" });
  });
});

describe("a required body field named like an option makes the body data", () => {
  it("requires data and types it by the body", () => {
    const data = { registry_type: "npm_registry", url: "https://npm.example", visibility: "all" } as const;
    endpoint("POST /orgs/{org}/private-registries", { org: "o", data });
    // @ts-expect-error without data there is no url
    endpoint("POST /orgs/{org}/private-registries", { org: "o", registry_type: "npm_registry", visibility: "all" });
  });
});

describe("code typed with @octokit/types (docs/migrating.md: Using it in place of @octokit/endpoint)", () => {
  it("passes a route's parameters, typed by @octokit/types, to the same route", () => {
    const parameters: Endpoints["GET /repos/{owner}/{repo}/issues"]["parameters"] = {
      owner: "o",
      repo: "r",
      state: "open",
    };
    endpoint("GET /repos/{owner}/{repo}/issues", parameters);
  });

  it("its RequestOptions, EndpointOptions and EndpointInterface do not describe endpoint-options", () => {
    // @ts-expect-error the result's method is lowercase
    const result: OctokitRequestOptions = endpoint("GET /user");
    // @ts-expect-error merged header values may be booleans, bigints and lists
    const merged: OctokitEndpointOptions = endpoint.merge("GET /user");
    // @ts-expect-error DEFAULTS.method may be OPTIONS
    const fn: EndpointInterface = endpoint;
    expectTypeOf([result, merged, fn]).not.toBeAny();
  });
});
