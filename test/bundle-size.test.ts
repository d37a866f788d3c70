// A deterministic size budget: `import { endpoint }` from the built package (what users bundle), bundled
// and minified by esbuild, gzipped. The figure against @octokit/endpoint 11 is in `npm run bench`; this
// keeps it from growing unnoticed.
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { beforeAll, describe, expect, it } from "vitest";
import { assertFreshBuild, ROOT } from "./helpers/built-package.js";

/** Bytes, gzip -9. Raise it only with a reason in the commit message. */
const BUDGET = 15_000;

async function gzippedBundle(contents: string): Promise<number> {
  return gzipSync(await bundled(contents), { level: 9 }).length;
}

/** The minified bundle of `contents`. */
async function bundled(contents: string): Promise<Uint8Array> {
  const result = await build({
    stdin: { contents, resolveDir: ROOT, loader: "js" },
    bundle: true,
    minify: true,
    format: "esm",
    write: false,
    logLevel: "silent",
  });
  const code = result.outputFiles?.[0]?.contents;
  if (code === undefined) throw new Error("esbuild produced no output");
  return code;
}

describe("bundle size", () => {
  beforeAll(assertFreshBuild);

  it(`import { endpoint } stays within ${BUDGET} bytes gzipped`, async () => {
    const size = await gzippedBundle('import { endpoint } from "./dist/index.js"; globalThis.endpoint = endpoint;');
    expect(size).toBeLessThanOrEqual(BUDGET);
  });

  it("endpoint and its defaults are tree-shaken away when only parseTemplate is imported", async () => {
    const endpointOnly = await gzippedBundle('import { endpoint } from "./dist/index.js"; globalThis.e = endpoint;');
    const templateOnly = await gzippedBundle(
      'import { parseTemplate } from "./dist/index.js"; globalThis.t = parseTemplate;',
    );
    // The engine is about a third of what endpoint needs: endpoint's merge, parse and url checks are not in it.
    expect(templateOnly).toBeLessThan(endpointOnly * 0.4);
  });

  it("adapters are tree-shaken away when only endpoint is imported", async () => {
    const endpointOnly = await gzippedBundle('import { endpoint } from "./dist/index.js"; globalThis.e = endpoint;');
    const withAdapters = await gzippedBundle(
      'import { endpoint, toFetch, toCurl } from "./dist/index.js"; globalThis.e = [endpoint, toFetch, toCurl];',
    );
    expect(withAdapters).toBeGreaterThan(endpointOnly);
  });

  it("withOperations and OpenAPI's styles are tree-shaken away when only endpoint is imported", async () => {
    const endpointOnly = await bundled('import { endpoint } from "./dist/index.js"; globalThis.e = endpoint;');
    const withOperations = await bundled(
      'import { endpoint, withOperations } from "./dist/index.js"; globalThis.e = [endpoint, withOperations];',
    );
    expect(gzipSync(withOperations, { level: 9 }).length).toBeGreaterThan(gzipSync(endpointOnly, { level: 9 }).length);
    // Text only operations.ts and query.ts's styles write.
    const text = new TextDecoder().decode(endpointOnly);
    for (const marker of ["operation table", "deepObject", "multipart/form-data"]) {
      expect(new TextDecoder().decode(withOperations)).toContain(marker);
      expect(text).not.toContain(marker);
    }
  });

  it("octokitFetch is tree-shaken away when only endpoint is imported, and alone bundles small", async () => {
    const endpointOnly = await gzippedBundle('import { endpoint } from "./dist/index.js"; globalThis.e = endpoint;');
    const withOctokitFetch = await gzippedBundle(
      'import { endpoint, octokitFetch } from "./dist/index.js"; globalThis.e = [endpoint, octokitFetch];',
    );
    const octokitFetchOnly = await gzippedBundle(
      'import { octokitFetch } from "./dist/index.js"; globalThis.f = octokitFetch;',
    );
    expect(withOctokitFetch).toBeGreaterThan(endpointOnly);
    // The method list and its reader, without endpoint's merge, parse and url checks.
    expect(octokitFetchOnly).toBeLessThan(endpointOnly * 0.1);
  });
});
