// Conformance cases run unchanged against the BUILT package in Node (ESM and CommonJS), Deno, Bun and
// Chromium. Plain JavaScript with no imports, so every runtime loads it as it is.
// Every expectation is written by hand from the rules of docs/design.md; none is produced by the library.

const BASE_URL = "https://api.github.com";
const ACCEPT = "application/vnd.github.v3+json";
const JSON_CONTENT_TYPE = "application/json; charset=utf-8";

/**
 * `endpoint(...call)`, or `endpoint.defaults(d1).defaults(d2)…(...call)` when `defaults` is given,
 * or `.merge(...call)` when `via` is "merge".
 * @param {string} userAgent the default user agent, `endpoint-options/<version from package.json>`
 */
export function endpointCases(userAgent) {
  const headers = { accept: ACCEPT, "user-agent": userAgent };
  return [
    {
      name: "path placeholders are filled and GET leftovers become the query string, in order",
      call: ["GET /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "rest.js", state: "open", per_page: 2 }],
      expected: {
        method: "get",
        url: `${BASE_URL}/repos/octokit/rest.js/issues?state=open&per_page=2`,
        headers,
      },
    },
    {
      name: "a route with only a url defaults to GET",
      call: ["/user"],
      expected: { method: "get", url: `${BASE_URL}/user`, headers },
    },
    {
      name: "endpoint(options) needs url; method defaults to GET",
      call: [{ url: "/rate_limit" }],
      expected: { method: "get", url: `${BASE_URL}/rate_limit`, headers },
    },
    {
      name: "the method is matched in any case and returned lowercase",
      call: ["delete /gists/{gist_id}", { gist_id: "aa5a315d" }],
      expected: { method: "delete", url: `${BASE_URL}/gists/aa5a315d`, headers },
    },
    {
      name: ":name placeholders in the path expand like {name}",
      call: ["GET /orgs/:org/repos", { org: "octokit", type: "public" }],
      expected: { method: "get", url: `${BASE_URL}/orgs/octokit/repos?type=public`, headers },
    },
    {
      name: "POST leftovers become a JSON body with a JSON content-type",
      call: [
        "POST /repos/{owner}/{repo}/issues",
        { owner: "octokit", repo: "rest.js", title: "Found a bug", labels: ["bug"] },
      ],
      expected: {
        method: "post",
        url: `${BASE_URL}/repos/octokit/rest.js/issues`,
        headers: { ...headers, "content-type": JSON_CONTENT_TYPE },
        body: { title: "Found a bug", labels: ["bug"] },
      },
    },
    {
      name: "options alone: method and url as options, leftovers into the body",
      call: [{ method: "PATCH", url: "/repos/{owner}/{repo}", owner: "o", repo: "r", description: null }],
      expected: {
        method: "patch",
        url: `${BASE_URL}/repos/o/r`,
        headers: { ...headers, "content-type": JSON_CONTENT_TYPE },
        body: { description: null },
      },
    },
    {
      name: "string data is the body unchanged, labelled JSON as @octokit/endpoint labels it",
      call: ["POST /markdown/raw", { data: '{"text":"Hello **world**"}', ignored: true }],
      expected: {
        method: "post",
        url: `${BASE_URL}/markdown/raw`,
        headers: { ...headers, "content-type": JSON_CONTENT_TYPE },
        body: '{"text":"Hello **world**"}',
      },
    },
    {
      name: "a null content-type header removes the JSON label",
      call: ["POST /markdown/raw", { data: "Hello **world**", headers: { "content-type": null } }],
      expected: { method: "post", url: `${BASE_URL}/markdown/raw`, headers, body: "Hello **world**" },
    },
    {
      name: "PUT without parameters gets an empty body",
      call: ["PUT /user/starred/{owner}/{repo}", { owner: "octokit", repo: "rest.js" }],
      expected: { method: "put", url: `${BASE_URL}/user/starred/octokit/rest.js`, headers, body: "" },
    },
    {
      name: "DELETE without parameters has no body",
      call: ["DELETE /user/starred/{owner}/{repo}", { owner: "octokit", repo: "rest.js" }],
      expected: { method: "delete", url: `${BASE_URL}/user/starred/octokit/rest.js`, headers },
    },
    {
      name: "{name} encodes / and spaces; {+name} keeps reserved characters",
      call: [
        "GET /repos/{owner}/{repo}/contents/{+path}{?ref}",
        { owner: "o", repo: "r", path: "docs/a b.md", ref: "v1/x" },
      ],
      expected: { method: "get", url: `${BASE_URL}/repos/o/r/contents/docs/a%20b.md?ref=v1%2Fx`, headers },
    },
    {
      name: "a full url keeps its host; {?name,label} leaves out the undefined label",
      call: [
        "POST https://uploads.github.com/repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}",
        {
          owner: "o",
          repo: "r",
          release_id: 1,
          name: "app.zip",
          data: "zip bytes",
          headers: { "content-type": "application/zip", "content-length": 9 },
        },
      ],
      expected: {
        method: "post",
        url: "https://uploads.github.com/repos/o/r/releases/1/assets?name=app.zip",
        headers: { ...headers, "content-type": "application/zip", "content-length": 9 },
        body: "zip bytes",
      },
    },
    {
      name: "query values: arrays joined by a literal comma, Dates as ISO 8601, null omitted, '' kept",
      call: [
        "GET /repos/{owner}/{repo}/issues",
        {
          owner: "o",
          repo: "r",
          labels: ["bug", "a b"],
          since: new Date(Date.UTC(2020, 0, 2, 3, 4, 5)),
          assignee: null,
          milestone: undefined,
          creator: "",
        },
      ],
      expected: {
        method: "get",
        url: `${BASE_URL}/repos/o/r/issues?labels=bug,a%20b&since=2020-01-02T03%3A04%3A05.000Z&creator=`,
        headers,
      },
    },
    {
      name: "q keeps its + as GitHub's space; other characters are encoded",
      call: ["GET /search/issues", { q: "repo:octokit/rest.js+is:open" }],
      expected: { method: "get", url: `${BASE_URL}/search/issues?q=repo%3Aoctokit%2Frest.js+is%3Aopen`, headers },
    },
    {
      name: "a url that already has a query gets & before the leftovers",
      call: ["GET /search/code?per_page=1", { q: "x" }],
      expected: { method: "get", url: `${BASE_URL}/search/code?per_page=1&q=x`, headers },
    },
    {
      name: "header names are lowercased; a caller accept replaces the default",
      call: ["GET /user", { headers: { Accept: "application/vnd.github.raw", "X-GitHub-Api-Version": "2022-11-28" } }],
      expected: {
        method: "get",
        url: `${BASE_URL}/user`,
        headers: {
          accept: "application/vnd.github.raw",
          "user-agent": userAgent,
          "x-github-api-version": "2022-11-28",
        },
      },
    },
    {
      name: "authorization is carried into the headers",
      call: ["GET /user", { headers: { authorization: "token secret123" } }],
      expected: { method: "get", url: `${BASE_URL}/user`, headers: { ...headers, authorization: "token secret123" } },
    },
    {
      // Browsers: Chromium drops a user-agent set by a page, and Firefox sends it but, as it is no
      // CORS-safelisted header, it turns a cross-origin request into a preflighted one. null removes it.
      name: 'headers { "user-agent": null } removes the default user agent (for browsers)',
      call: ["GET /user", { headers: { "user-agent": null } }],
      expected: { method: "get", url: `${BASE_URL}/user`, headers: { accept: ACCEPT } },
    },
    {
      name: "an undefined header value does not erase the default",
      call: ["GET /user", { headers: { "user-agent": undefined } }],
      expected: { method: "get", url: `${BASE_URL}/user`, headers },
    },
    {
      name: "mediaType.format amends the accept header",
      call: [
        "GET /repos/{owner}/{repo}/pulls/{pull_number}",
        { owner: "o", repo: "r", pull_number: 7, mediaType: { format: "diff" } },
      ],
      expected: {
        method: "get",
        url: `${BASE_URL}/repos/o/r/pulls/7`,
        headers: { accept: "application/vnd.github.v3.diff", "user-agent": userAgent },
      },
    },
    {
      name: "mediaType.previews replace the accept header with preview media types",
      call: [
        "GET /repos/{owner}/{repo}/topics",
        { owner: "o", repo: "r", mediaType: { previews: ["mercy", "symmetra-preview"] } },
      ],
      expected: {
        method: "get",
        url: `${BASE_URL}/repos/o/r/topics`,
        headers: {
          accept: "application/vnd.github.mercy-preview+json,application/vnd.github.symmetra-preview+json",
          "user-agent": userAgent,
        },
      },
    },
    {
      name: "previews with a format use .<format> instead of +json",
      call: [
        "GET /repos/{owner}/{repo}/readme",
        { owner: "o", repo: "r", mediaType: { format: "raw", previews: ["squirrel-girl"] } },
      ],
      expected: {
        method: "get",
        url: `${BASE_URL}/repos/o/r/readme`,
        headers: { accept: "application/vnd.github.squirrel-girl-preview.raw", "user-agent": userAgent },
      },
    },
    {
      name: "the request option is returned unchanged",
      call: ["GET /user", { request: { timeout: 5000, retries: [1, 2] } }],
      expected: {
        method: "get",
        url: `${BASE_URL}/user`,
        headers,
        request: { timeout: 5000, retries: [1, 2] },
      },
    },
    {
      name: "defaults cascade: headers of every level apply, defaults' keys come first, call values win",
      defaults: [{ per_page: 100, headers: { "x-a": "1" } }, { headers: { "x-b": "2" } }],
      call: ["GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", state: "all", per_page: 5 }],
      expected: {
        method: "get",
        url: `${BASE_URL}/repos/o/r/issues?per_page=5&state=all`,
        headers: { ...headers, "x-a": "1", "x-b": "2" },
      },
    },
    {
      name: "baseUrl and path are joined with exactly one slash",
      defaults: [{ baseUrl: "https://ghe.example.com/api/v3/" }],
      call: ["GET /user"],
      expected: { method: "get", url: "https://ghe.example.com/api/v3/user", headers },
    },
    {
      name: "merge keeps the method uppercase, the url a template and the parameters as passed",
      via: "merge",
      call: ["post /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", title: "t" }],
      expected: {
        method: "POST",
        baseUrl: BASE_URL,
        url: "/repos/{owner}/{repo}/issues",
        headers,
        mediaType: { format: "", previews: [] },
        owner: "o",
        repo: "r",
        title: "t",
      },
    },
    {
      name: "DEFAULTS holds method, baseUrl, the default headers and an empty mediaType",
      via: "DEFAULTS",
      call: [],
      expected: { method: "GET", baseUrl: BASE_URL, headers, mediaType: { format: "", previews: [] } },
    },
  ];
}

/** Bad input: each call must throw an EndpointError (a TypeError) with this stable code. */
export const endpointErrorCases = [
  {
    name: "a missing simple path parameter",
    call: ["GET /repos/{owner}/{repo}", { owner: "octokit" }],
    code: "ERR_MISSING_PARAMETER",
  },
  {
    name: "a path value of .. would climb the path",
    call: ["GET /repos/{owner}/{repo}", { owner: "..", repo: "r" }],
    code: "ERR_INVALID_PARAMETER",
  },
  { name: "an unknown method", call: ["FETCH /user"], code: "ERR_INVALID_METHOD" },
  { name: "a route with a third word", call: ["GET /user please"], code: "ERR_INVALID_ROUTE" },
  { name: "no url at all", call: [{ method: "GET" }], code: "ERR_MISSING_URL" },
  { name: "an unclosed brace in the url", call: ["GET /repos/{owner"], code: "ERR_INVALID_TEMPLATE" },
  {
    name: "a plain object as a query value",
    call: ["GET /search/code", { filter: { a: 1 } }],
    code: "ERR_INVALID_PARAMETER",
  },
  {
    name: "a header value with CR LF",
    call: ["GET /user", { headers: { "x-a": "1\r\nx-b: 2" } }],
    code: "ERR_INVALID_HEADER",
  },
  {
    name: "a header name that is not a token",
    call: ["GET /user", { headers: { "bad name": "1" } }],
    code: "ERR_INVALID_HEADER",
  },
];

// The variables of RFC 6570 section 3.2.
const RFC_VARIABLES = {
  var: "value",
  hello: "Hello World!",
  path: "/foo/bar",
  empty: "",
  list: ["red", "green", "blue"],
  keys: { semi: ";", dot: ".", comma: "," },
  x: "1024",
  y: "768",
};

/** `parseTemplate(template).expand(variables)`: examples of RFC 6570 sections 1.2 and 3.2. */
export const templateCases = [
  { name: "simple string expansion (3.2.2)", template: "{var}", variables: RFC_VARIABLES, expected: "value" },
  {
    name: "simple expansion encodes reserved characters",
    template: "{hello}",
    variables: RFC_VARIABLES,
    expected: "Hello%20World%21",
  },
  {
    name: "reserved expansion keeps them (3.2.3)",
    template: "{+path}/here",
    variables: RFC_VARIABLES,
    expected: "/foo/bar/here",
  },
  {
    name: "fragment expansion (3.2.4)",
    template: "X{#path,x}/here",
    variables: RFC_VARIABLES,
    expected: "X#/foo/bar,1024/here",
  },
  {
    name: "label expansion of a list (3.2.5)",
    template: "{.list}",
    variables: RFC_VARIABLES,
    expected: ".red,green,blue",
  },
  {
    name: "exploded path segments (3.2.6)",
    template: "{/list*}",
    variables: RFC_VARIABLES,
    expected: "/red/green/blue",
  },
  {
    name: "path-style parameters, empty value (3.2.7)",
    template: "{;x,y,empty}",
    variables: RFC_VARIABLES,
    expected: ";x=1024;y=768;empty",
  },
  {
    name: "form query, undefined left out (3.2.8)",
    template: "{?x,y,undef}",
    variables: RFC_VARIABLES,
    expected: "?x=1024&y=768",
  },
  {
    name: "form continuation (3.2.9)",
    template: "?fixed=yes{&x}",
    variables: RFC_VARIABLES,
    expected: "?fixed=yes&x=1024",
  },
  {
    name: "exploded object in a query",
    template: "{?keys*}",
    variables: RFC_VARIABLES,
    expected: "?semi=%3B&dot=.&comma=%2C",
  },
  { name: "unexploded object", template: "{keys}", variables: RFC_VARIABLES, expected: "semi,%3B,dot,.,comma,%2C" },
  { name: "prefix modifier", template: "{var:3}", variables: RFC_VARIABLES, expected: "val" },
  {
    name: "prefix of an encoded value",
    template: "{/list*,path:4}",
    variables: RFC_VARIABLES,
    expected: "/red/green/blue/%2Ffoo",
  },
  { name: "undefined variables expand to nothing", template: "/a{/undef}{?undef}", variables: {}, expected: "/a" },
];

/** Malformed templates: `parseTemplate` must throw ERR_INVALID_TEMPLATE. */
export const templateErrorCases = [
  { name: "an unclosed expression", template: "/repos/{owner" },
  { name: "a stray closing brace", template: "/repos/owner}" },
  { name: "a reserved operator", template: "{=var}" },
  { name: "a prefix of 0", template: "{var:0}" },
  { name: "a dash in a name (strict RFC 6570, unlike endpoint urls)", template: "{enterprise-team}" },
];

/** How many checks `runCases` makes: the runtime tests compare against it, so no runner can skip any. */
export function caseCount() {
  return endpointCases("").length + endpointErrorCases.length + templateCases.length + templateErrorCases.length;
}
