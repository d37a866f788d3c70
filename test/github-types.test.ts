// src/github.ts is generated from the pinned @octokit/openapi: CI regenerates it in memory and compares.
import { readFileSync, statSync } from "node:fs";
import { describe, expect, it } from "vitest";
// @ts-expect-error the generator is plain JavaScript without declarations
import { generate, OUTPUT } from "../scripts/generate-github-types.mjs";

interface Generated {
  source: string;
  routes: number;
  sharedRoutes: { route: string; names: string[] }[];
}

const generated = (generate as () => Generated)();

describe("the GitHub route map", () => {
  it("is what scripts/generate-github-types.mjs writes today (run `npm run generate:github`)", () => {
    expect(readFileSync(OUTPUT as string, "utf8")).toBe(generated.source);
  });

  it("covers every operation of the description and stays under 270 KB", () => {
    expect(generated.routes).toBeGreaterThan(1000);
    expect(statSync(OUTPUT as string).size).toBeLessThan(270 * 1024);
  });

  it("keys a route that has a body and query parameters with a {?…} expression, as @octokit/types does", () => {
    // Without it the query parameters would go into the body.
    expect(generated.source).toContain('"DELETE /repos/{owner}/{repo}/actions/caches{?key,ref}": {');
    expect(generated.source).toContain('"POST /repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}": {');
    expect(generated.source).not.toContain('"DELETE /repos/{owner}/{repo}/actions/caches": {');
    expect(generated.source).toContain('"GET /repos/{owner}/{repo}/actions/caches": {');
  });

  it("types a required body field that shares a name as a required data", () => {
    expect(generated.source).toMatch(
      /"POST \/orgs\/\{org\}\/private-registries": \{ org: string; data: \{ registry_type/,
    );
  });

  it("names the routes whose body shares a name with a path parameter or an option", () => {
    const shared = Object.fromEntries(generated.sharedRoutes.map(({ route, names }) => [route, names]));
    expect(shared["PATCH /repos/{owner}/{repo}/actions/variables/{name}"]).toEqual(["name"]);
    expect(shared["PATCH /repos/{owner}/{repo}/hooks/{hook_id}/config"]).toEqual(["url"]);
    expect(generated.source).toContain(
      '/** Body field `name` shares the name of a path parameter or option: send the body as `data`. */\n  "PATCH /repos/{owner}/{repo}/actions/variables/{name}"',
    );
  });
});
