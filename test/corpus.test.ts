// The corpus test (docs/openapi-corpus.md): real OpenAPI documents of many providers through the generator, each
// operation called through the generated module and through openapi-fetch, what reaches the wire compared, and
// every module with its typed calls compiled under strict tsc 5.9 and 7, as ES modules and as CommonJS.
// `npm test` runs the fixed sample below; `npm run corpus` (CORPUS=all) runs every document of
// test/fixtures/corpus.json, compiling up to CORPUS_CALLS typed calls per document (default 10; "all" for all).
import { beforeAll, describe, expect, it } from "vitest";
import { assertFreshBuild } from "./helpers/built-package.js";
import { agreeing, type CorpusResult, corpusList, runCorpus, summaryOf } from "./helpers/corpus.js";

/** The sample `npm test` runs: providers of different shapes, and what each brings. */
const SAMPLE: readonly { provider: string; brings: string }[] = [
  {
    provider: "stripe.com",
    brings: "form bodies with deepObject fields, lists and nested objects; deepObject queries",
  },
  { provider: "slack.com", brings: "form bodies, header parameters" },
  { provider: "google.com", brings: "Google's discovery form: `$.xgafv` and other `$` names, `:` after a placeholder" },
  { provider: "azure.com", brings: "Azure's form: api-version in the query, JSON bodies on PUT and PATCH" },
  { provider: "amazonaws.com", brings: "AWS's form: `#X-Amz-Target=…` in paths, X-Amz-* header parameters" },
  { provider: "flickr.com", brings: "paths holding a query of their own (`?method=…`), multipart bodies" },
  { provider: "api.video", brings: "multipart bodies, unexploded header and path parameters" },
  { provider: "listennotes.com", brings: "OpenAPI 3.1, unexploded form lists, form bodies" },
  { provider: "impala.travel", brings: "deepObject query parameters" },
  { provider: "openpolicy.local", brings: "allowReserved query parameters, YAML and text bodies" },
  { provider: "api2pdf.com", brings: "a query parameter named like an option (passed under `parameters`)" },
  { provider: "facecheck.id", brings: "JSON bodies of vendor media types, multipart bodies" },
  { provider: "stream-io-api.com", brings: "path and query parameters with JSON `content`" },
];

/** Documents of the corpus the generator may refuse (exit 2): invalid ones only, each with the rule it breaks. */
const INVALID: ReadonlyMap<string, string> = new Map();

const ALL = process.env.CORPUS === "all";
const list = corpusList();
const documents = ALL
  ? list.documents
  : SAMPLE.map(({ provider }) => {
      const found = list.documents.find((document) => document.provider === provider);
      if (found === undefined) throw new Error(`test/fixtures/corpus.json has no document of ${provider}`);
      return found;
    });
/** Typed calls compiled per document: all in the sample; in the whole corpus CORPUS_CALLS (a number, or "all"). */
const callsPerDocument =
  !ALL || process.env.CORPUS_CALLS === "all" ? Number.POSITIVE_INFINITY : Number(process.env.CORPUS_CALLS ?? 10);

let result: CorpusResult;

beforeAll(
  async () => {
    assertFreshBuild();
    result = await runCorpus(documents, {
      compile: true,
      callsPerDocument,
      keep: process.env.KEEP_WORK !== undefined,
    });
    console.log(summaryOf(result, ALL ? 40 : 20));
  },
  ALL ? 1_800_000 : 170_000,
);

describe(`the corpus: ${ALL ? "every document" : "the sample"} (${documents.length} documents)`, () => {
  it("no document crashes the generator: anything thrown but an OpenApiError, or a module that does not load", () => {
    expect(result.crashed).toEqual([]);
  });

  it("every valid document is generated: only an invalid one is refused (exit 2, with its pointer)", () => {
    expect(result.refused.filter(({ document }) => !INVALID.has(document))).toEqual([]);
  });

  it("every generated module and its typed calls compile under strict tsc 5.9 and 7, as ESM and CommonJS", () => {
    const failures = result.compileFailures.map(
      ({ document, program, errors }) => `${document} (${program}): ${errors.length} errors, first: ${errors[0]}`,
    );
    expect(failures).toEqual([]);
    expect(result.compiled).toBe(result.generated);
  });

  it("every operation is called: each has values of its schemas", () => {
    expect(result.unsampled.map(({ document, route, what }) => `${document} ${route}: ${what}`)).toEqual([]);
  });

  it("at least 99.5% of operations send what openapi-fetch sends, or the spec's rule where openapi-fetch departs", () => {
    expect(agreeing(result) / result.operations).toBeGreaterThanOrEqual(0.995);
  });
});
