// Typed routes, vendor-neutral: each rule of docs/typed-routes.md as type assertions (vitest typecheck).
// Routes here are not GitHub's, so they are typed by inference whether or not the GitHub map is loaded.
import { describe, expectTypeOf, it } from "vitest";
import {
  type Endpoint,
  type EndpointOptions,
  endpoint,
  type InvalidRoute,
  type MergedOptions,
  type ParseOptions,
  type PathParameterValue,
  type RequestOptions,
  type RequiredParameters,
  type RouteName,
  type StrictEndpoint,
} from "../src/index.js";

describe("required parameters are read from the url with the runtime's rules", () => {
  it("simple {name} and :name in the path are required; operators and the query are not", () => {
    expectTypeOf<RequiredParameters<"/widgets/{id}">>().toEqualTypeOf<"id">();
    expectTypeOf<RequiredParameters<"/widgets/:id/parts/:part_2">>().toEqualTypeOf<"id" | "part_2">();
    expectTypeOf<RequiredParameters<"/a/{b,c}">>().toEqualTypeOf<"b" | "c">();
    expectTypeOf<RequiredParameters<"/a/{list*}/{name:3}">>().toEqualTypeOf<"list" | "name">();
    expectTypeOf<RequiredParameters<"/teams/{enterprise-team}">>().toEqualTypeOf<"enterprise-team">();
    expectTypeOf<RequiredParameters<"/a{+b}{#c}{.d}{/e}{;f}{?g,h}{&i}">>().toEqualTypeOf<never>();
    // A url that only expressions of one variable write: without it the url is empty, which the runtime refuses.
    expectTypeOf<RequiredParameters<"{+next}">>().toEqualTypeOf<"next">();
    expectTypeOf<RequiredParameters<"{/x*}">>().toEqualTypeOf<"x">();
    expectTypeOf<RequiredParameters<"{?q:3}">>().toEqualTypeOf<"q">();
    expectTypeOf<RequiredParameters<"{/a,b}">>().toEqualTypeOf<never>();
    expectTypeOf<RequiredParameters<"{+a}{#b}">>().toEqualTypeOf<never>();
    expectTypeOf<RequiredParameters<"{;a,a}">>().toEqualTypeOf<"a">();
    expectTypeOf<RequiredParameters<"{+v}{#v:3}">>().toEqualTypeOf<"v">();
    expectTypeOf<RequiredParameters<"{+v}/">>().toEqualTypeOf<never>();
  });

  it(":name is a letter or _ then word characters, and only in the path", () => {
    expectTypeOf<RequiredParameters<"/a/:_b-c/:1d/x::e">>().toEqualTypeOf<"_b" | "e">();
    expectTypeOf<RequiredParameters<"/search?q=repo::name&{x}">>().toEqualTypeOf<never>();
    expectTypeOf<RequiredParameters<"/a#:frag{y}">>().toEqualTypeOf<never>();
    expectTypeOf<RequiredParameters<"/a/{b}{?q}/:notPath{c}">>().toEqualTypeOf<"b">();
    expectTypeOf<RequiredParameters<"/a/{b}{&q}/{c}">>().toEqualTypeOf<"b">();
  });

  it("an http(s) url's host: a simple {host} is required, as the runtime refuses an empty host; a port, user:pass@ and other schemes are not", () => {
    expectTypeOf<RequiredParameters<"https://user:pass@{host}:8080/a/:b/{c}">>().toEqualTypeOf<"host" | "b" | "c">();
    // Every variable of a simple host expression, beside literal text or another expression too.
    expectTypeOf<RequiredParameters<"https://{tenant}.example.com/x">>().toEqualTypeOf<"tenant">();
    expectTypeOf<RequiredParameters<"https://{h}{.tld}/x">>().toEqualTypeOf<"h">();
    expectTypeOf<RequiredParameters<"https://{a,b}/x">>().toEqualTypeOf<"a" | "b">();
    // A prefix's ":" is no port; the port starts at a ":" outside braces.
    expectTypeOf<RequiredParameters<"https://{host:3}/x">>().toEqualTypeOf<"host">();
    expectTypeOf<RequiredParameters<"https://{host:3}:8443/x">>().toEqualTypeOf<"host">();
    expectTypeOf<RequiredParameters<"https://[::1]:{port}/x">>().toEqualTypeOf<never>();
    // The host starts after the authority's last "@", as the runtime and URL parsers read it.
    expectTypeOf<RequiredParameters<"https://u@{h}@x/y">>().toEqualTypeOf<never>();
    expectTypeOf<RequiredParameters<"https://{u}@{v}@{host}/x">>().toEqualTypeOf<"host">();
    // A host that is one expression alone: without its variable the url has no host, which the runtime refuses.
    expectTypeOf<RequiredParameters<"https://{+host}/api">>().toEqualTypeOf<"host">();
    expectTypeOf<RequiredParameters<"https://{.host}/x">>().toEqualTypeOf<"host">();
    expectTypeOf<RequiredParameters<"https://{+h*}:{port}/y">>().toEqualTypeOf<"h">();
    expectTypeOf<RequiredParameters<"https://{+host}{/p}/:id">>().toEqualTypeOf<"host" | "id">();
    expectTypeOf<RequiredParameters<"https://{+a,b}/y">>().toEqualTypeOf<never>();
    expectTypeOf<RequiredParameters<"https://{+h}{.tld}/y">>().toEqualTypeOf<never>();
    // After a {?q} or {&x} the runtime reads query, and the authority ends at a "#" too.
    expectTypeOf<RequiredParameters<"https://{?q}{h}/y">>().toEqualTypeOf<never>();
    expectTypeOf<RequiredParameters<"https://{&x}{h}/y">>().toEqualTypeOf<never>();
    // The authority ends at a {&x}, as the runtime reads it: an "@" after one does not start the host.
    expectTypeOf<RequiredParameters<"https://{h}{&x}@b/y">>().toEqualTypeOf<"h">();
    expectTypeOf<RequiredParameters<"https://a{&x}@{g}.com/y">>().toEqualTypeOf<never>();
    // A {&x} alone where the host goes: without x the url has no host.
    expectTypeOf<RequiredParameters<"https://{&x}/y">>().toEqualTypeOf<"x">();
    expectTypeOf<RequiredParameters<"https://{&x}@h/y">>().toEqualTypeOf<never>();
    expectTypeOf<RequiredParameters<"https://{h}#@/y">>().toEqualTypeOf<"h">();
    expectTypeOf<RequiredParameters<"http://{host}{/path}/:d">>().toEqualTypeOf<"host" | "d">();
    expectTypeOf<RequiredParameters<"https://{sub}.ghe.example{.tld}?{q}">>().toEqualTypeOf<"sub">();
    expectTypeOf<RequiredParameters<"HTTPS://{user}:{pass}@{host}/x">>().toEqualTypeOf<"host">();
    expectTypeOf<RequiredParameters<"http://localhost:{port}/api">>().toEqualTypeOf<never>();
    expectTypeOf<RequiredParameters<"ftp://{host}/x">>().toEqualTypeOf<never>();
    expectTypeOf<RequiredParameters<"https://api.github.com/user">>().toEqualTypeOf<never>();
    expectTypeOf<RequiredParameters<"https://example.com">>().toEqualTypeOf<never>();
    expectTypeOf<RequiredParameters<"https://example.com?x=:y">>().toEqualTypeOf<never>();
    // A scheme with an expression (`http{s}://`) is no path, nor is the authority after it, which the
    // runtime checks for a host in each full url it expands to.
    expectTypeOf<RequiredParameters<"http{s}://user:pass@{host}/x/:y">>().toEqualTypeOf<"y">();
    // Only a {x} or {.x} stands in a scheme: after a {?q} nothing is path; a {/x} makes the url a path.
    expectTypeOf<RequiredParameters<"a{?q}://h/:c">>().toEqualTypeOf<never>();
    expectTypeOf<RequiredParameters<"a{/b}://h:c/x">>().toEqualTypeOf<"c">();
    // A url that starts with a value is read as a path, as a scheme starts with a letter.
    expectTypeOf<RequiredParameters<"{scheme}://h:{port}/x">>().toEqualTypeOf<"scheme" | "port">();
    // Not a scheme ("/" before "://"): the whole url is a path.
    expectTypeOf<RequiredParameters<"/r/:to?u=http://x">>().toEqualTypeOf<"to">();
  });
});

describe("the options argument", () => {
  it("is required while a required parameter is missing, optional once all are given", () => {
    endpoint("GET /widgets/{id}", { id: 1 });
    endpoint("GET /widgets");
    endpoint("GET /widgets{/id}{?page}");
    // @ts-expect-error id is required, so the options are
    endpoint("GET /widgets/{id}");
    // @ts-expect-error id is missing
    endpoint("GET /widgets/{id}", {});
    // @ts-expect-error part is missing
    endpoint("GET /widgets/:id/:part", { id: 1 });
    // @ts-expect-error both variables of a simple {a,b} are required
    endpoint("GET /a/{b,c}", { b: 1 });
  });

  it("takes strings, numbers and bigints for path parameters, not booleans, null, undefined or objects", () => {
    endpoint("GET /widgets/{id}", { id: "x" });
    endpoint("GET /widgets/{id}", { id: 1 });
    endpoint("GET /widgets/{id}", { id: 1n });
    // @ts-expect-error a boolean in a path segment is a mistake
    endpoint("GET /widgets/{id}", { id: true });
    // @ts-expect-error null is a missing parameter at run time
    endpoint("GET /widgets/{id}", { id: null });
    // @ts-expect-error undefined is a missing parameter at run time
    endpoint("GET /widgets/{id}", { id: undefined });
    // @ts-expect-error an object does not fill a path segment
    endpoint("GET /widgets/{id}", { id: { a: 1 } });
    expectTypeOf<PathParameterValue>().toEqualTypeOf<string | number | bigint | Date>();
  });

  it("allows extra keys (query or body) and every option, typed as options", () => {
    endpoint("GET /widgets/{id}", { id: 1, page: 2, tags: ["a"], headers: { "x-a": "1" }, baseUrl: "http://h" });
    endpoint("POST /widgets", { name: "w", data: new Uint8Array(1), request: { signal: undefined } });
    // @ts-expect-error headers are still typed
    endpoint("GET /widgets/{id}", { id: 1, headers: 5 });
  });

  it("accepts options typed as EndpointOptions once the route needs nothing", () => {
    const options: EndpointOptions = { page: 1 };
    endpoint("GET /widgets", options);
    // @ts-expect-error EndpointOptions does not promise an id
    endpoint("GET /widgets/{id}", options);
  });
});

describe("the route string", () => {
  it("is '<METHOD> <url>' with one or more spaces, any case, or a bare url", () => {
    expectTypeOf(endpoint("GET /widgets").method).toEqualTypeOf<"get">();
    expectTypeOf(endpoint("post   /widgets").method).toEqualTypeOf<"post">();
    expectTypeOf(endpoint("Delete /widgets/{id}", { id: 1 }).method).toEqualTypeOf<"delete">();
    expectTypeOf(endpoint("/widgets").method).toEqualTypeOf<"get">();
    expectTypeOf(endpoint("/widgets/{id}", { id: 1 })).toExtend<RequestOptions>();
  });

  it("rejects what splitRoute rejects: an unknown method, a third word, a method without a url", () => {
    // @ts-expect-error FETCH is not a method
    endpoint("FETCH /widgets");
    // @ts-expect-error a third word
    endpoint("GET /widgets extra");
    // @ts-expect-error a method but no url
    endpoint("GET");
    // @ts-expect-error an empty route
    endpoint("");
    // @ts-expect-error a method only in Unicode case ("poſt" upper-cases to "POST")
    endpoint("poſt /widgets");
    // Any ASCII case is a method.
    expectTypeOf(endpoint("pOsT /widgets").method).toEqualTypeOf<"post">();
  });

  it("falls back to permissive types when it is not a literal", () => {
    const route: string = "GET /widgets/{id}";
    endpoint(route);
    endpoint(route, { anything: true });
    expectTypeOf(endpoint(route).method).toEqualTypeOf<RequestOptions["method"]>();
    const id = "7";
    endpoint(`GET /widgets/${id as string}/{x}`);
    expectTypeOf(endpoint(`PATCH /widgets/${id as string}`).method).toEqualTypeOf<"patch">();
  });

  it("a union of routes takes options that suit every one of them", () => {
    const admin = Math.random() > 2;
    const route = admin ? "GET /admin/{x}" : "POST /users/{id}/block";
    // @ts-expect-error id is missing: the route may be the second one at run time
    endpoint(route, { x: 1 });
    expectTypeOf(endpoint(route, { x: 1, id: 2 }).method).toEqualTypeOf<"get" | "post">();
    const either = admin ? "GET /user" : "GET /repos/{owner}/{repo}";
    // @ts-expect-error the options are required when one route requires them
    endpoint(either);
    endpoint(either, { owner: "o", repo: "r" });
    endpoint(admin ? "GET /user" : "GET /meta");
    const id = "7" as string;
    endpoint(admin ? "GET /user" : (`GET /x/${id}` as const), { anything: true });
  });

  it("a generic route cannot be checked inside its function: pass it on as a string", () => {
    function send<R extends string>(route: R, options?: EndpointOptions): RequestOptions {
      // @ts-expect-error TypeScript cannot check a type parameter against the route rules
      endpoint(route, options);
      // @ts-expect-error nor for .merge()
      endpoint.merge(route);
      endpoint.merge(route as string);
      return endpoint(route as string, options);
    }
    send("GET /widgets/{id}", { id: 1 });
  });

  it("a wrapper typed with Parameters<typeof endpoint<R>> checks its callers as endpoint() does", () => {
    function send<R extends string>(...args: Parameters<typeof endpoint<R>>): RequestOptions {
      const [route, options] = args as unknown as [string, EndpointOptions?];
      return endpoint(route, options);
    }
    send("GET /widgets/{id}", { id: 1 });
    send("GET /user");
    // @ts-expect-error the route's parameter id is missing
    send("GET /widgets/{id}", {});
    // @ts-expect-error the options are required while a parameter is missing
    send("GET /widgets/{id}");
    // @ts-expect-error a path value is a string, number, bigint or Date
    send("GET /widgets/{id}", { id: true });
    // @ts-expect-error an unknown method
    send("FETCH /user");
    const api = endpoint.defaults({ id: 1 });
    function sendWithDefaults<R extends string>(...args: Parameters<typeof api<R>>): RequestOptions {
      const [route, options] = args as unknown as [string, EndpointOptions?];
      return api(route, options);
    }
    sendWithDefaults("GET /widgets/{id}");
    // RouteName, which keeps the route map's completions, checks callers the same way.
    function sendNamed<R extends RouteName>(...args: Parameters<typeof endpoint<R>>): RequestOptions {
      const [route, options] = args as unknown as [string, EndpointOptions?];
      return endpoint(route, options);
    }
    sendNamed("GET /widgets/{id}", { id: 1 });
    // @ts-expect-error the route's parameter id is missing
    sendNamed("GET /widgets/{id}", {});
  });

  it("options typed as a general bag do not show a literal route's required parameters", () => {
    const bag: EndpointOptions = { id: 1 };
    // @ts-expect-error the type EndpointOptions does not say that bag has id
    endpoint("GET /widgets/{id}", bag);
    endpoint("GET /widgets/{id}" as string, bag);
    const typed: { id: number } & EndpointOptions = { id: 1 };
    endpoint("GET /widgets/{id}", typed);
  });
});

describe(".defaults()", () => {
  it("makes the keys it sets optional for the function it returns, through any depth", () => {
    const withOwner = endpoint.defaults({ owner: "octokit" });
    withOwner("GET /things/{owner}/{name}", { name: "x" });
    // @ts-expect-error name is still required
    withOwner("GET /things/{owner}/{name}");
    const withBoth = withOwner.defaults({ headers: { "x-a": "1" } }).defaults({ name: "n" });
    withBoth("GET /things/{owner}/{name}");
    withBoth("GET /things/{owner}/{name}", { owner: "other", name: undefined });
    // @ts-expect-error the defaults did not set id
    withBoth("GET /things/{owner}/{name}/{id}");
    // @ts-expect-error the route's own parameters still type-check
    withBoth("GET /things/{owner}/{name}", { owner: true });
  });

  it("sets the method of a bare url", () => {
    const post = endpoint.defaults({ method: "POST" });
    expectTypeOf(post("/widgets").method).toEqualTypeOf<"post">();
    expectTypeOf(post("GET /widgets").method).toEqualTypeOf<"get">();
    expectTypeOf(post.defaults({ baseUrl: "http://h" })("/w").method).toEqualTypeOf<"post">();
  });

  it("with keys not known statically, makes every parameter optional", () => {
    const options: Record<string, string> = {};
    endpoint.defaults(options)("GET /things/{owner}/{name}");
  });

  it("returns an Endpoint, and plain Endpoint stands for any endpoint function", () => {
    expectTypeOf(endpoint).toEqualTypeOf<Endpoint<never, "get">>();
    expectTypeOf(endpoint.defaults({ a: 1 })).toEqualTypeOf<Endpoint<"a", "get">>();
    expectTypeOf(endpoint).toExtend<Endpoint>();
    expectTypeOf(endpoint.defaults({ a: 1, method: "PUT" })).toExtend<Endpoint>();
    // A route string, as @octokit/endpoint takes it: its method for bare urls, no parameter.
    expectTypeOf(endpoint.defaults("POST /markdown")).toEqualTypeOf<Endpoint<never, "post">>();
    expectTypeOf(endpoint.defaults("/markdown")).toEqualTypeOf<Endpoint<never, "get">>();
    // @ts-expect-error an invalid route is refused here too
    endpoint.defaults("FETCH /x");
    // Options are no parameters: they do not count as defaulted ones.
    expectTypeOf(endpoint.defaults({ a: 1, method: "PUT", headers: {}, baseUrl: "x" })).toEqualTypeOf<
      Endpoint<"a", "put">
    >();
    const levels: EndpointOptions[] = [{ a: 1 }];
    levels.reduce<Endpoint>((current, level) => current.defaults(level), endpoint);
  });
});

describe("options without a route", () => {
  it("a literal url requires its parameters; the method comes from the options", () => {
    expectTypeOf(endpoint({ url: "/widgets/{id}", id: 1, method: "PATCH" }).method).toEqualTypeOf<"patch">();
    expectTypeOf(endpoint({ url: "/widgets" }).method).toEqualTypeOf<"get">();
    // @ts-expect-error id is missing
    endpoint({ url: "/widgets/{id}" });
    endpoint.defaults({ id: 1 })({ url: "/widgets/{id}" });
  });
});

describe(".merge() and .parse()", () => {
  it("merge knows the uppercase method and the url template; parse turns it into the lowercase method", () => {
    const merged = endpoint.merge("patch /widgets/{id}");
    expectTypeOf(merged.method).toEqualTypeOf<"PATCH">();
    expectTypeOf(merged.url).toEqualTypeOf<"/widgets/{id}">();
    expectTypeOf(endpoint.parse(merged).method).toEqualTypeOf<"patch">();
    expectTypeOf(endpoint.merge({ url: "/x" })).toEqualTypeOf<MergedOptions>();
    expectTypeOf(endpoint.defaults({ method: "PUT" }).merge("/w").method).toEqualTypeOf<"PUT">();
  });

  it("parse takes a mediaType without previews, as @octokit/endpoint's EndpointDefaults may have it", () => {
    const headers = { accept: "application/vnd.github.v3+json", "user-agent": "app" };
    const options = { method: "GET", url: "/user", baseUrl: "https://api.github.com", headers } as const;
    expectTypeOf(endpoint.parse({ ...options, mediaType: { format: "" } }).method).toEqualTypeOf<"get">();
    endpoint.parse({ ...options, mediaType: {} });
    // @ts-expect-error a format is text
    endpoint.parse({ ...options, mediaType: { format: 1 } });
    // @ts-expect-error previews are a list of names
    endpoint.parse({ ...options, mediaType: { previews: "mercy" } });
    // @ts-expect-error parse takes merged options, which have a mediaType
    endpoint.parse({ ...options });
    expectTypeOf<MergedOptions>().toExtend<ParseOptions>();
  });
});

describe("option types take what a caller's own types hold", () => {
  it("request takes any object, such as a RequestInit", () => {
    const init: RequestInit = { keepalive: true };
    endpoint("GET /user", { request: init });
    interface ClientOptions {
      timeout: number;
    }
    const client: ClientOptions = { timeout: 1 };
    endpoint("GET /user", { request: client });
  });

  it("header pairs take any header value, and null", () => {
    endpoint("GET /user", {
      headers: [
        ["content-length", 4],
        ["user-agent", null],
      ],
    });
  });

  it("a Date fills a path parameter", () => {
    endpoint("GET /days/{day}", { day: new Date() });
  });
});

describe("an invalid route is reported on the route, with the reason", () => {
  it("with or without options", () => {
    // @ts-expect-error "FETCH /widgets" & InvalidRoute<"unknown method \"FETCH\"">
    endpoint("FETCH /widgets", {});
    expectTypeOf<Parameters<typeof endpoint<"FETCH /w">>[0]>().toEqualTypeOf<
      "FETCH /w" & InvalidRoute<'unknown method "FETCH"'>
    >();
  });

  it("also for .merge(), which throws for it at run time", () => {
    // @ts-expect-error unknown method
    endpoint.merge("FETCH /x");
    // @ts-expect-error a third word
    endpoint.merge("GET /a b");
    // @ts-expect-error an empty route
    endpoint.merge("");
    endpoint.merge("GET /ok/{x}");
  });
});

describe("a route map of your own, on a strict endpoint", () => {
  interface WidgetRoutes {
    "GET /widgets/{id}": { id: number; expand?: boolean | undefined };
    "POST /widgets": { name: string; color?: "red" | "blue" | undefined };
  }
  const widgets: StrictEndpoint<WidgetRoutes> = endpoint.defaults({ baseUrl: "https://api.example.com" });

  it("takes the map's routes with exactly their parameters", () => {
    expectTypeOf(widgets("GET /widgets/{id}", { id: 1, expand: true }).method).toEqualTypeOf<"get">();
    widgets("POST /widgets", { name: "w", color: "red" });
    // @ts-expect-error unknown parameter expnad: did you mean expand?
    widgets("GET /widgets/{id}", { id: 1, expnad: true });
    // @ts-expect-error id is a number in the map
    widgets("GET /widgets/{id}", { id: "1" });
    // @ts-expect-error missing required parameter: name
    widgets("POST /widgets", { color: "red" });
  });

  it("refuses routes outside the map, also through .defaults()", () => {
    // @ts-expect-error GET /widget/{id} is not in the route map; did you mean GET /widgets/{id}?
    widgets("GET /widget/{id}", { id: 1 });
    // @ts-expect-error not in the route map
    widgets.defaults({ headers: { authorization: "token x" } })("DELETE /widgets/{id}", { id: 1 });
    // The default endpoint still takes any route, typed from the string.
    endpoint("DELETE /widgets/{id}", { id: 1 });
  });
});

describe("a strict endpoint reads a route written otherwise as the key it stands for", () => {
  interface RepoRoutes {
    "GET /repos/{owner}/{repo}": { owner: string; repo: string };
    "GET /repos/{owner}/{repo}/files/{path}": { owner: string; repo: string; path: string; ref?: string | undefined };
    "GET /repos/{owner}/{repo}/issues/events": { owner: string; repo: string };
    "GET /repos/{owner}/{repo}/issues/{issue_number}": { owner: string; repo: string; issue_number: number };
    "GET /repos/{owner}/{repo}/issues/{issue_number}/comments": {
      owner: string;
      repo: string;
      issue_number: number;
      per_page?: number | undefined;
    };
  }
  const repos: StrictEndpoint<RepoRoutes> = endpoint.defaults({ baseUrl: "https://api.example.com" });

  it(":name is {name}", () => {
    repos("GET /repos/:owner/:repo", { owner: "o", repo: "r" });
    // @ts-expect-error missing required parameter: repo
    repos("GET /repos/:owner/:repo", { owner: "o" });
  });

  it("HEAD takes the GET entry, and the result's method stays head", () => {
    expectTypeOf(repos("HEAD /repos/{owner}/{repo}", { owner: "o", repo: "r" }).method).toEqualTypeOf<"head">();
    repos("HEAD /repos/:owner/:repo/issues/{issue_number}", { owner: "o", repo: "r", issue_number: 1 });
    // @ts-expect-error issue_number is a number in the GET entry
    repos("HEAD /repos/{owner}/{repo}/issues/{issue_number}", { owner: "o", repo: "r", issue_number: "1" });
  });

  it("a placeholder named otherwise is the key's, under the route's name (the one the runtime fills)", () => {
    repos("GET /repos/{owner}/{repo}/issues/{number}", { owner: "o", repo: "r", number: 1 });
    repos("GET /repos/:org/:name", { org: "o", name: "r" });
    // @ts-expect-error number has the type of issue_number
    repos("GET /repos/{owner}/{repo}/issues/{number}", { owner: "o", repo: "r", number: "1" });
    // @ts-expect-error issue_number: this route names it number
    repos("GET /repos/{owner}/{repo}/issues/{number}", { owner: "o", repo: "r", issue_number: 1 });
  });

  it("text in place of a placeholder fills it: no parameter, and the key's name is refused", () => {
    repos("GET /repos/octokit/rest.js/issues/1/comments", { per_page: 10 });
    repos("GET /repos/octokit/rest.js");
    // @ts-expect-error owner: the route's text fills it
    repos("GET /repos/octokit/rest.js/issues/1", { owner: "o" });
  });

  it("text and the rest of the route fill a key's last placeholder when no route goes on below it", () => {
    repos("GET /repos/{owner}/{repo}/files/docs/{name}", { owner: "o", repo: "r", name: "README.md", ref: "main" });
    repos("GET /repos/{owner}/{repo}/files/docs/README.md", { owner: "o", repo: "r" });
    // @ts-expect-error missing required parameter: name
    repos("GET /repos/{owner}/{repo}/files/docs/{name}", { owner: "o", repo: "r" });
    // @ts-expect-error issues/{issue_number} has routes below it: the text fills one segment only
    repos("GET /repos/{owner}/{repo}/issues/1/reactions", { owner: "o", repo: "r" });
  });

  it("text that is, or is a few edits from, a literal segment there is that segment: misspelt, refused", () => {
    repos("GET /repos/{owner}/{repo}/issues/events", { owner: "o", repo: "r" });
    // @ts-expect-error issues/evnets is issues/events misspelt, not an issue_number
    repos("GET /repos/{owner}/{repo}/issues/evnets", { owner: "o", repo: "r" });
    // @ts-expect-error issues/events has no comments below it
    repos("GET /repos/{owner}/{repo}/issues/events/comments", { owner: "o", repo: "r" });
  });

  it("a route no key stands for stays refused, whatever its placeholders", () => {
    // @ts-expect-error not in the route map
    repos("POST /repos/:owner/:repo", { owner: "o", repo: "r" });
    // @ts-expect-error a placeholder never stands for a literal segment of a key
    repos("GET /repos/{owner}/{repo}/{kind}", { owner: "o", repo: "r", kind: "issues" });
  });
});
