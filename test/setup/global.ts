// Runs once per `vitest run`, before any test file: says what a fresh machine lacks (and fails when
// REQUIRE_ALL_SUITES=1 asks for everything), and packs the built package once for every test that installs
// it (test/package.test.ts, the README's command line examples), instead of once per file.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { assertFreshBuild, describeRun, run } from "../helpers/built-package.js";
import { missingToolNotices, REQUIRE_ALL_SUITES } from "../helpers/optional-tools.js";

/** The packed tarball, or why there is none (no build yet, say): tests that need it fail with that reason. */
export type PackedPackage =
  | { readonly tarball: string; readonly files: readonly string[] }
  | { readonly error: string };

declare module "vitest" {
  export interface ProvidedContext {
    packedPackage: PackedPackage;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const notices = missingToolNotices();
  if (notices.length > 0 && REQUIRE_ALL_SUITES) {
    throw new Error(`REQUIRE_ALL_SUITES=1, but ${notices.join("; and ")}`);
  }
  for (const notice of notices) console.log(`notice: ${notice}`);

  const work = await mkdtemp(path.join(tmpdir(), "endpoint-options-pack-"));
  project.provide("packedPackage", await pack(work));
  return async () => {
    // Again at the end, where a reader of a long run looks.
    for (const notice of notices) console.log(`notice: ${notice}`);
    // KEEP_WORK=1 keeps the tarball (and the projects tests install it into) to debug a failure.
    if (!process.env.KEEP_WORK) await rm(work, { recursive: true, force: true });
  };
}

async function pack(work: string): Promise<PackedPackage> {
  try {
    assertFreshBuild();
  } catch (error) {
    return { error: (error as Error).message };
  }
  // --ignore-scripts: prepack would build again; `npm test` has just built dist/.
  const result = await run("npm", ["pack", "--ignore-scripts", "--json", "--pack-destination", work]);
  if (result.code !== 0) return { error: describeRun("npm pack", result) };
  const [packed] = JSON.parse(result.stdout) as { filename: string; files: { path: string }[] }[];
  if (packed === undefined) return { error: `npm pack printed no package: ${result.stdout}` };
  return { tarball: path.join(work, packed.filename), files: packed.files.map((file) => file.path).sort() };
}
