// The notes of docs/migrating.md for code moving from @octokit/endpoint (its differences and
// "Using it in place of @octokit/endpoint"), each run through version 11 (and 7 where the table names it)
// and through endpoint-options: both sides of every claim are checked, so a note cannot go stale.

import { endpoint as endpoint7 } from "octokit-endpoint-7";
import { endpoint as endpoint11 } from "octokit-endpoint-11";
import { describe, expect, it } from "vitest";
import { EndpointError, endpoint } from "../src/index.js";

type Outcome = string | { code: string };
type Result = { method: string; url: string; headers: Record<string, unknown> };
/**
 * The three libraries through one loose signature: some calls here are ones the types refuse
 * (a missing path parameter), to show what each library does with them at run time.
 */
interface Library {
  (route: unknown, options?: unknown): Result;
  defaults(options: unknown): Library;
  merge(route: unknown, options?: unknown): Result;
  DEFAULTS: { headers: Record<string, unknown> };
}
type Call = (library: Library) => unknown;

function outcome(library: unknown, call: Call): Outcome {
  try {
    return call(library as Library) as Outcome;
  } catch (error) {
    if (error instanceof EndpointError) return { code: error.code };
    throw error;
  }
}

interface Note {
  note: string;
  call: Call;
  v11?: Outcome;
  v7?: Outcome;
  ours: Outcome;
}

const upload = "POST {origin}/repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}";
const uploadUrl = "https://uploads.github.com/repos/o/r/releases/1/assets{?name,label}";
const repo = { owner: "o", repo: "r" };

const notes: Note[] = [
  {
    note: "the result's method is lowercase",
    call: (e) => e("PATCH /repos/{owner}/{repo}", repo).method,
    v11: "PATCH",
    v7: "PATCH",
    ours: "patch",
  },
  {
    note: "merged options' method is uppercase; both versions keep the case written",
    call: (e) => e.merge("post /markdown", { text: "x" }).method,
    v11: "post",
    v7: "post",
    ours: "POST",
  },
  {
    note: "the default user-agent names this library, with no runtime part",
    call: (e) => String(e.DEFAULTS.headers["user-agent"]).split("/")[0],
    v11: "octokit-endpoint.js",
    v7: "octokit-endpoint.js",
    ours: "endpoint-options",
  },
  {
    note: "content-type: data that is bytes is not labelled JSON",
    call: (e) => e("POST /markdown/raw", { data: new Uint8Array([35]) }).headers["content-type"] ?? "none",
    v11: "application/json; charset=utf-8",
    v7: "application/json; charset=utf-8",
    ours: "none",
  },
  {
    note: "content-type: string data (JSON text written for Octokit) is labelled JSON, as in both versions",
    call: (e) => e("POST /x", { data: JSON.stringify({ a: 1 }) }).headers["content-type"] ?? "none",
    v11: "application/json; charset=utf-8",
    v7: "application/json; charset=utf-8",
    ours: "application/json; charset=utf-8",
  },
  {
    note: "content-type: a null content-type header removes the JSON label",
    call: (e) => e("POST /x", { data: "text", headers: { "content-type": null } }).headers["content-type"] ?? "none",
    v11: "application/json; charset=utf-8",
    v7: "application/json; charset=utf-8",
    ours: "none",
  },
  {
    note: "getContent without path: version 11 drops the missing parameter, here it is an error",
    call: (e) => e("GET /repos/{owner}/{repo}/contents/{path}", repo).url,
    v11: "https://api.github.com/repos/o/r/contents",
    ours: { code: "ERR_MISSING_PARAMETER" },
  },
  {
    note: 'getContent with path "": the url ends in /contents/, which version 11 strips',
    call: (e) => e("GET /repos/{owner}/{repo}/contents/{path}", { ...repo, path: "" }).url,
    v11: "https://api.github.com/repos/o/r/contents",
    ours: "https://api.github.com/repos/o/r/contents/",
  },
  {
    note: "the upload route with {origin}: version 11 expands a missing origin to nothing, here it is required",
    call: (e) => e(upload, { ...repo, release_id: 1, name: "a.zip", baseUrl: "https://uploads.github.com" }).url,
    v11: "https://uploads.github.com/repos/o/r/releases/1/assets?name=a.zip&",
    ours: { code: "ERR_MISSING_PARAMETER" },
  },
  {
    note: "the upload route with {origin}: no value fills it with a host in either library",
    call: (e) => e(upload, { ...repo, release_id: 1, origin: "https://uploads.github.com" }).url,
    v11: "https%3A%2F%2Fuploads.github.com/repos/o/r/releases/1/assets?&",
    ours: "https://api.github.com/https%3A%2F%2Fuploads.github.com/repos/o/r/releases/1/assets",
  },
  {
    note: "the upload route without {origin}, with the upload host as baseUrl",
    call: (e) =>
      e("POST /repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}", {
        ...repo,
        release_id: 1,
        name: "a.zip",
        baseUrl: "https://uploads.github.com",
      }).url,
    v11: "https://uploads.github.com/repos/o/r/releases/1/assets?name=a.zip&",
    ours: "https://uploads.github.com/repos/o/r/releases/1/assets?name=a.zip",
  },
  {
    note: "a release's upload_url is a template the url option takes as it is",
    call: (e) => e({ method: "POST", url: uploadUrl, name: "a b.zip", label: "A" }).url,
    v11: "https://uploads.github.com/repos/o/r/releases/1/assets?name=a%20b.zip&label=A",
    ours: "https://uploads.github.com/repos/o/r/releases/1/assets?name=a%20b.zip&label=A",
  },
  {
    note: "previews set by .defaults() reach every route, as in version 7; version 11 uses them on /graphql only",
    call: (e) => e.defaults({ mediaType: { previews: ["mercy"] } })("GET /repos/{owner}/{repo}", repo).headers.accept,
    v11: "application/vnd.github.v3+json",
    v7: "application/vnd.github.mercy-preview+json",
    ours: "application/vnd.github.mercy-preview+json",
  },
  {
    note: "a next-page url with a :word in its path: version 11 drops the word, here it is a missing parameter",
    call: (e) => e({ method: "GET", url: "https://api.github.com/repos/o/r/compare/a...u:feature?page=2" }).url,
    v11: "https://api.github.com/repos/o/r/compare/a...u?page=2",
    ours: { code: "ERR_MISSING_PARAMETER" },
  },
  {
    note: "a next-page url with its colon written %3A is plain text",
    call: (e) => e({ method: "GET", url: "https://api.github.com/repos/o/r/compare/a...u%3Ab?page=2" }).url,
    v11: "https://api.github.com/repos/o/r/compare/a...u%3Ab?page=2",
    ours: "https://api.github.com/repos/o/r/compare/a...u%3Ab?page=2",
  },
];

describe("the notes of docs/migrating.md for code moving from @octokit/endpoint, against versions 11 and 7", () => {
  it.each(notes.map((entry) => [entry.note, entry] as const))("%s", (_, { call, v11, v7, ours }) => {
    expect(outcome(endpoint, call)).toEqual(ours);
    if (v11 !== undefined) expect(outcome(endpoint11, call)).toEqual(v11);
    if (v7 !== undefined) expect(outcome(endpoint7, call)).toEqual(v7);
  });
});
