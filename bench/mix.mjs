// The typical mix of calls every candidate runs: the same six requests, built by each library
// (and by hand-written string concatenation, the floor).

const GHES = {
  baseUrl: "https://github.acme-inc.com/api/v3",
  headers: { authorization: "token ghp_example" },
  per_page: 100,
};

/** The six calls as [route, options], the last through a `.defaults()` chain. */
export const calls = [
  ["GET /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "rest.js", state: "open", per_page: 50 }],
  [
    "POST /repos/{owner}/{repo}/issues",
    { owner: "octokit", repo: "rest.js", title: "Found a bug", body: "It breaks.", labels: ["bug"] },
  ],
  ["GET /search/issues", { q: "repo:octokit/rest.js+is:open+label:bug", per_page: 100 }],
  [
    "PUT /user/starred/{owner}/{repo}",
    { owner: "octokit", repo: "rest.js", headers: { authorization: "token ghp_example" } },
  ],
  [
    "GET /repos/{owner}/{repo}/contents/{path}",
    { owner: "octokit", repo: "rest.js", path: "README.md", mediaType: { format: "raw" } },
  ],
  ["GET /orgs/{org}/repos", { org: "octokit", type: "public" }],
];

/** A function running the whole mix with one library's `endpoint`; returns a checksum so no work is skipped. */
export function mixFor(endpoint) {
  const ghes = endpoint.defaults(GHES);
  const last = calls.length - 1;
  return () => {
    let checksum = 0;
    for (let i = 0; i < last; i++) {
      const [route, options] = calls[i];
      checksum += endpoint(route, options).url.length;
    }
    const [route, options] = calls[last];
    checksum += ghes(route, options).url.length;
    return checksum;
  };
}

/** The floor: the same six results built by hand, for exactly these calls. */
export function handWritten(userAgent) {
  const accept = "application/vnd.github.v3+json";
  const base = "https://api.github.com";
  const json = "application/json; charset=utf-8";
  const e = encodeURIComponent;
  const build = [
    ({ owner, repo, state, per_page }) => ({
      method: "get",
      url: `${base}/repos/${e(owner)}/${e(repo)}/issues?state=${e(state)}&per_page=${per_page}`,
      headers: { accept, "user-agent": userAgent },
    }),
    ({ owner, repo, title, body, labels }) => ({
      method: "post",
      url: `${base}/repos/${e(owner)}/${e(repo)}/issues`,
      headers: { accept, "user-agent": userAgent, "content-type": json },
      body: { title, body, labels },
    }),
    ({ q, per_page }) => ({
      method: "get",
      url: `${base}/search/issues?q=${q.split("+").map(e).join("+")}&per_page=${per_page}`,
      headers: { accept, "user-agent": userAgent },
    }),
    ({ owner, repo, headers }) => ({
      method: "put",
      url: `${base}/user/starred/${e(owner)}/${e(repo)}`,
      headers: { accept, "user-agent": userAgent, authorization: headers.authorization },
      body: "",
    }),
    ({ owner, repo, path, mediaType }) => ({
      method: "get",
      url: `${base}/repos/${e(owner)}/${e(repo)}/contents/${e(path)}`,
      headers: { accept: `application/vnd.github.v3.${mediaType.format}`, "user-agent": userAgent },
    }),
    ({ org, type }) => ({
      method: "get",
      url: `${GHES.baseUrl}/orgs/${e(org)}/repos?per_page=${GHES.per_page}&type=${e(type)}`,
      headers: { accept, "user-agent": userAgent, authorization: GHES.headers.authorization },
    }),
  ];
  const results = () => calls.map(([, options], i) => build[i](options));
  const run = () => {
    let checksum = 0;
    for (let i = 0; i < calls.length; i++) checksum += build[i](calls[i][1]).url.length;
    return checksum;
  };
  return { results, run };
}
