// npm run bench: endpoint-options against @octokit/endpoint 11 and 7, url-template 3 and a hand-written
// floor, side by side in one process, interleaved, after warm-up. Needs `npm run build` first (the
// npm script does it) and node --expose-gc (for the memory figure).
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { endpoint as octokit7 } from "octokit-endpoint-7";
import { endpoint as octokit11 } from "octokit-endpoint-11";
import { parseTemplate as urlTemplateParse } from "url-template";
import { endpoint, parseTemplate } from "../dist/index.js";
import { interleaved, median, pairedRatio, ROUNDS } from "./measure.mjs";
import { calls, handWritten, mixFor } from "./mix.mjs";
import { generationBench, generationTable } from "./openapi.mjs";
import { allRoutes, churn, mergeThenParse, paginationUrl, plainCalls, routeCalls, sideBySide } from "./workloads.mjs";

/** Fresh processes a guarded section is measured in, each running a third of the rounds. */
const GUARD_PROCESSES = 3;

/**
 * A guarded section (bench/guarded.mjs), measured in fresh processes: its results, as `interleaved` gives them,
 * the rounds of every process together. A process runs the same code faster or slower as a whole (what its
 * JIT and heap make of it, what the machine does meanwhile); the median over the rounds of three is the
 * typical figure, where one process's can be either.
 */
function inFreshProcess(section) {
  const merged = new Map();
  for (let i = 0; i < GUARD_PROCESSES; i++) {
    const child = spawnSync(
      process.execPath,
      ["--expose-gc", new URL("./guarded.mjs", import.meta.url).pathname, section],
      {
        encoding: "utf8",
        maxBuffer: 1 << 24,
        env: { ...process.env, BENCH_ROUNDS: String(Math.max(5, Math.ceil(ROUNDS / GUARD_PROCESSES))) },
      },
    );
    if (child.status !== 0) throw new Error(`bench/guarded.mjs ${section} failed: ${child.stderr}`);
    for (const [name, { rounds }] of JSON.parse(child.stdout))
      merged.set(name, [...(merged.get(name) ?? []), ...rounds]);
  }
  return new Map(
    [...merged].map(([name, rounds]) => [
      name,
      { median: median(rounds), min: Math.min(...rounds), max: Math.max(...rounds), rounds },
    ]),
  );
}

function table(title, results, reference) {
  const ref = results.get(reference).median;
  console.log(`\n${title}`);
  console.log(`| candidate | ns/op (median) | min–max | vs ${reference} |`);
  console.log("| --- | ---: | ---: | ---: |");
  for (const [name, { median, min, max }] of results) {
    const ratio = median / ref;
    const text = ratio >= 1 ? `${ratio.toFixed(2)}x slower` : `${(1 / ratio).toFixed(2)}x faster`;
    console.log(
      `| ${name} | ${median.toFixed(0)} | ${min.toFixed(0)}–${max.toFixed(0)} | ${name === reference ? "—" : text} |`,
    );
  }
}

function normalise(result) {
  const { "user-agent": _, ...headers } = result.headers;
  return { ...result, method: result.method.toLowerCase(), headers };
}

// 1. The mix: the floor must build exactly what endpoint-options builds, or the comparison means nothing.
const floor = handWritten(endpoint.DEFAULTS.headers["user-agent"]);
const ghes = endpoint.defaults({
  baseUrl: "https://github.acme-inc.com/api/v3",
  headers: { authorization: "token ghp_example" },
  per_page: 100,
});
const ours = calls.map(([route, options], i) => (i === calls.length - 1 ? ghes : endpoint)(route, options));
if (JSON.stringify(ours) !== JSON.stringify(floor.results()))
  throw new Error("the hand-written floor differs from endpoint-options");
for (const other of [octokit7, octokit11]) {
  const ghesOther = other.defaults({
    baseUrl: "https://github.acme-inc.com/api/v3",
    headers: { authorization: "token ghp_example" },
    per_page: 100,
  });
  const theirs = calls.map(([route, options], i) => (i === calls.length - 1 ? ghesOther : other)(route, options));
  if (JSON.stringify(theirs.map(normalise)) !== JSON.stringify(ours.map(normalise))) {
    throw new Error("an @octokit/endpoint version builds different requests for the mix");
  }
}

console.log(`endpoint-options benchmark — node ${process.version}, ${ROUNDS} interleaved rounds`);
const mix = await interleaved(
  {
    "endpoint-options": mixFor(endpoint),
    "@octokit/endpoint 11": mixFor(octokit11),
    "@octokit/endpoint 7": mixFor(octokit7),
    "hand-written floor": floor.run,
  },
  calls.length,
);
table(
  "1. Typical calls (list issues, create issue, search, star, raw contents, GHES defaults chain), per call",
  mix,
  "endpoint-options",
);
const vs11 = pairedRatio(mix, "@octokit/endpoint 11", "endpoint-options");
const vsFloor = pairedRatio(mix, "endpoint-options", "hand-written floor");
console.log(
  `\nendpoint-options: ${vs11.toFixed(1)}x faster than @octokit/endpoint 11 (target ≥ 10x); ${vsFloor.toFixed(2)}x the hand-written floor (target ≤ 3x); ratios are medians of per-round ratios`,
);

// Beyond the mix: each ratio is octokit 11's time over ours, so above 1 means endpoint-options is faster, except
// where it says "our own". A row with a guard (a bound the figure must keep) fails the run when it breaks it.
const summary = [];
/** Rows whose figure must keep a bound: [name, figure, holds]. */
const guards = [];
function guard(name, figure, bound, holds, target) {
  summary.push([name, figure, target]);
  guards.push([name, figure, bound, holds]);
}

// All of GitHub's routes, cached: each called once per run, with realistic values.
const hot = await interleaved(
  { "endpoint-options": allRoutes(endpoint), "@octokit/endpoint 11": allRoutes(octokit11) },
  routeCalls.length,
);
table(
  `5. Hot: each of the ${routeCalls.length} GitHub routes once per run, routes cached, per call`,
  hot,
  "endpoint-options",
);
summary.push(["hot, all routes", pairedRatio(hot, "@octokit/endpoint 11", "endpoint-options"), "≥ 15x faster"]);

// The path every Octokit request takes: @octokit/request merges, runs its hooks, then parses. Each route once as
// parse(merge(x)), against @octokit/endpoint 11's own parse(merge(x)).
const mergedHot = inFreshProcess("parse-merge");
table(
  `5b. parse(merge(x)): each of the ${routeCalls.length} GitHub routes once per run, per call`,
  mergedHot,
  "endpoint-options parse(merge())",
);
const mergedRatio = pairedRatio(mergedHot, "@octokit/endpoint 11 parse(merge())", "endpoint-options parse(merge())");
guard("parse(merge(x)), all routes", mergedRatio, "≥ 4x", mergedRatio >= 4, "≥ 4x faster (guard)");

// Cold: fresh processes, each calling every route once; the libraries alternate, spawn after spawn.
const COLD_SPAWNS = Number(process.env.BENCH_COLD_SPAWNS ?? 10);
const coldRuns = { "endpoint-options": [], "@octokit/endpoint 11": [] };
for (let i = 0; i < COLD_SPAWNS; i++) {
  const order = i % 2 === 0 ? Object.keys(coldRuns) : Object.keys(coldRuns).reverse();
  for (const library of order) {
    const child = spawnSync(process.execPath, [new URL("./cold.mjs", import.meta.url).pathname, library], {
      encoding: "utf8",
    });
    if (child.status !== 0) throw new Error(`bench/cold.mjs ${library} failed: ${child.stderr}`);
    coldRuns[library].push(JSON.parse(child.stdout));
  }
}
const coldRatio = (key) =>
  median(coldRuns["@octokit/endpoint 11"].map((run, i) => run[key] / coldRuns["endpoint-options"][i][key]));
console.log(`\n6. Cold: ${COLD_SPAWNS} fresh processes per library, alternating; median ms`);
console.log("| library | import and first call | the other routes, each once |");
console.log("| --- | ---: | ---: |");
for (const [library, runs] of Object.entries(coldRuns)) {
  const ms = (key) => (median(runs.map((run) => run[key])) / 1e6).toFixed(2);
  console.log(`| ${library} | ${ms("first")} | ${ms("all")} |`);
}
summary.push(["cold, each route once in a fresh process", coldRatio("all"), "≥ 2x faster"]);
summary.push(["cold, import and first call", coldRatio("first"), "—"]);

// Churn: full urls passed as `url`, each new to the library, as @octokit/plugin-paginate-rest passes Link
// urls. Each run passes 1,000 of them; a bench passes several hundred thousand. Then the heap after GC.
const CHURN = 100_000;
const churned = await interleaved(
  { "endpoint-options": churn(endpoint, 1000), "@octokit/endpoint 11": churn(octokit11, 1000) },
  1000,
);
table("7. Churn: distinct pagination urls as `url`, each new to the library, per call", churned, "endpoint-options");
summary.push([
  "churn, distinct urls as url",
  pairedRatio(churned, "@octokit/endpoint 11", "endpoint-options"),
  "≥ 2x faster",
]);
if (typeof globalThis.gc === "function") {
  globalThis.gc();
  const before = process.memoryUsage().heapUsed;
  for (let page = 0; page < CHURN; page++) endpoint({ method: "GET", url: paginationUrl(1e9 + page) });
  globalThis.gc();
  const after = process.memoryUsage().heapUsed;
  console.log(`heap after GC: +${((after - before) / 1e6).toFixed(2)} MB after ${CHURN.toLocaleString("en")} new urls`);
}

/**
 * A workload against a simpler one, for endpoint-options and for octokit 11 side by side (the candidates of
 * `sideBySide`): each library's own ratio goes into the summary, ours with its target.
 */
function againstOwn(title, results, name, baseName, label, target) {
  const ours = [`endpoint-options ${name}`, `endpoint-options ${baseName}`];
  const theirs = [`@octokit/endpoint 11 ${name}`, `@octokit/endpoint 11 ${baseName}`];
  table(title, results, ours[1]);
  summary.push([`${label}, our own`, pairedRatio(results, ...ours), target]);
  summary.push([`${label}, octokit 11's`, pairedRatio(results, ...theirs), "—"]);
}

// merge() + parse() against endpoint(); a 3-level .defaults() chain built for each call, in fresh processes
// (bench/guarded.mjs), as its figure is a guard.
againstOwn(
  "8. merge() then parse() against endpoint(), per call",
  await interleaved(sideBySide(["parse(merge())", mergeThenParse], ["endpoint()", plainCalls], endpoint, octokit11), 2),
  "parse(merge())",
  "endpoint()",
  "parse(merge(x)) over endpoint(x)",
  "— (reported)",
);
againstOwn(
  "9. A 3-level .defaults() chain built, then one call through it",
  inFreshProcess("chain"),
  "chain + call",
  "plain call",
  "3-level chain built and called, in plain calls",
  "≤ 5 (guard)",
);
{
  // The chain's own ratio, just pushed: a guard. Levels stay frozen (documented), which costs the chain its calls.
  const [name, figure] = summary.at(-2);
  guards.push([name, figure, "≤ 5", figure <= 5]);
}
summary.push(["the 6-call mix over the hand-written floor, our own", vsFloor, "— (reported)"]);
summary.push(["the 6-call mix", vs11, "—"]);

// The OpenAPI generator against openapi-typescript (bench/openapi.mjs), on the same documents in this process.
const generation = await generationBench({ rounds: Number(process.env.BENCH_GENERATION_ROUNDS ?? 5) });
console.log(`\n10. ${generationTable(generation)}`);
summary.push(["OpenAPI generation, openapi-typescript 7's time over ours", generation.ratio, "≥ 5x faster"]);

// 2. The template engine against url-template over the RFC 6570 suite's valid cases (those url-template
// can expand at all: it throws a URIError on a prefix that splits a surrogate pair).
const suite = ["spec-examples.json", "spec-examples-by-section.json", "extended-tests.json"]
  .flatMap((file) =>
    Object.values(
      JSON.parse(readFileSync(new URL(`../test/fixtures/uritemplate-test/${file}`, import.meta.url), "utf8")),
    ).flatMap(({ variables, testcases }) => testcases.map(([template]) => ({ template, variables }))),
  )
  .filter(({ template, variables }) => {
    try {
      urlTemplateParse(template).expand(variables);
      return true;
    } catch {
      return false;
    }
  });
const oursParsed = suite.map(({ template, variables }) => [parseTemplate(template), variables]);
const theirsParsed = suite.map(({ template, variables }) => [urlTemplateParse(template), variables]);
let unique = 0;
const templates = await interleaved(
  {
    "endpoint-options parseTemplate, reused": () => {
      let n = 0;
      for (const [template, variables] of oursParsed) n += template.expand(variables).length;
      return n;
    },
    "url-template 3, reused": () => {
      let n = 0;
      for (const [template, variables] of theirsParsed) n += template.expand(variables).length;
      return n;
    },
    "endpoint-options parseTemplate each call (cache hit)": () => {
      let n = 0;
      for (const { template, variables } of suite) n += parseTemplate(template).expand(variables).length;
      return n;
    },
    "endpoint-options parseTemplate each call (new template)": () => {
      let n = 0;
      unique++;
      for (const { template, variables } of suite) n += parseTemplate(`${template}/${unique}`).expand(variables).length;
      return n;
    },
    "url-template 3, parsed each call": () => {
      let n = 0;
      for (const { template, variables } of suite) n += urlTemplateParse(template).expand(variables).length;
      return n;
    },
  },
  suite.length,
);
table(
  `2. RFC 6570 expansion over the suite's ${suite.length} valid templates, per expansion`,
  templates,
  "endpoint-options parseTemplate, reused",
);
const templateRatio = pairedRatio(templates, "url-template 3, reused", "endpoint-options parseTemplate, reused");
console.log(`\nparseTemplate: ${templateRatio.toFixed(1)}x faster than url-template on reused templates (target ≥ 3x)`);

// 3. Memory: the route cache is bounded, so heap stays flat over many distinct urls.
if (typeof globalThis.gc === "function") {
  globalThis.gc();
  const before = process.memoryUsage().heapUsed;
  let n = 0;
  for (let i = 0; i < 1_000_000; i++) {
    n += endpoint(`GET /repos/{owner}/{repo}/issues/${i % 100_000}`, { owner: "o", repo: "r" }).url.length;
  }
  globalThis.gc();
  const after = process.memoryUsage().heapUsed;
  console.log(
    `\n3. Memory: heap ${(before / 1e6).toFixed(1)} MB before, ${(after / 1e6).toFixed(1)} MB after 1,000,000 calls over 100,000 distinct urls (+${((after - before) / 1e6).toFixed(1)} MB; checksum ${n})`,
  );
} else {
  console.log("\n3. Memory: run with node --expose-gc to measure");
}

// 4. Bundle size: `import { endpoint }` bundled and minified by esbuild, gzipped.
/**
 * `import { endpoint }` from `specifier`, bundled and minified by esbuild (more esbuild options in
 * `extra`); `name` imports another export, or `*` the whole module.
 */
function bundleEndpoint(specifier, extra = {}, name = "endpoint") {
  const imported = name === "*" ? "* as kept" : `{ ${name} as kept }`;
  return build({
    stdin: {
      contents: `import ${imported} from ${JSON.stringify(specifier)}; globalThis.kept = kept;`,
      resolveDir: new URL(".", import.meta.url).pathname,
      loader: "ts",
    },
    bundle: true,
    minify: true,
    format: "esm",
    write: false,
    logLevel: "silent",
    ...extra,
  });
}

async function bundleSize(specifier, name) {
  const code = (await bundleEndpoint(specifier, {}, name)).outputFiles[0].contents;
  return { minified: code.length, gzip: gzipSync(code, { level: 9 }).length };
}
const sizes = [
  ["endpoint-options", await bundleSize("../dist/index.js")],
  ["@octokit/endpoint 11", await bundleSize("octokit-endpoint-11")],
];
console.log("\n4. Bundle size of `import { endpoint }` (esbuild --bundle --minify, gzip -9)");
console.log("| package | minified | gzip |");
console.log("| --- | ---: | ---: |");
for (const [name, { minified, gzip }] of sizes) console.log(`| ${name} | ${minified} B | ${gzip} B |`);
for (const [name, imported] of [
  ["parseTemplate", "import { parseTemplate }"],
  ["*", "the whole library"],
]) {
  const { minified, gzip } = await bundleSize("../dist/index.js", name);
  console.log(`endpoint-options, ${imported}: ${minified} B minified, ${gzip} B gzip`);
}

// Where endpoint-options' bytes go: each source module's minified share, and the gzip size without the
// text of its messages (string literals of more than 25 characters), to weigh what the budget buys.
const breakdown = await bundleEndpoint("../src/index.ts", { metafile: true, define: { __VERSION__: '"0.0.0"' } });
const bundled = breakdown.outputFiles[0].text;
const LONG_STRING = /`(?:[^`\\]|\\.)*`|"(?:[^"\\]|\\.)*"/g;
const messages = (bundled.match(LONG_STRING) ?? []).filter((literal) => literal.length > 25);
const withoutMessages = bundled.replace(LONG_STRING, (literal) => (literal.length > 25 ? '""' : literal));
console.log("\nendpoint-options by module (minified bytes in the bundle):");
const modules = Object.entries(Object.values(breakdown.metafile.outputs)[0].inputs)
  .filter(([, { bytesInOutput }]) => bytesInOutput > 100)
  .sort(([, a], [, b]) => b.bytesInOutput - a.bytesInOutput);
console.log(modules.map(([file, { bytesInOutput }]) => `${file.replace("../", "")} ${bytesInOutput}`).join(", "));
console.log(
  `message text: ${messages.length} literals, ${messages.join("").length} B minified; the bundle without it: ` +
    `${withoutMessages.length} B minified, ${gzipSync(withoutMessages, { level: 9 }).length} B gzip`,
);
// A floor no rewrite of the code can go below while the messages stay: their text compressed on its own,
// against the whole of @octokit/endpoint 11 above.
console.log(
  `the message literals alone, one per line: ${gzipSync(messages.join("\n"), { level: 9 }).length} B gzip ` +
    `(@octokit/endpoint 11, all of it: ${sizes[1][1].gzip} B)`,
);

// The bundle's guard: `import { endpoint }`, gzip -9 (test/bundle-size.test.ts holds the same budget).
const BUNDLE_GUARD = 15_000;
guard(
  "bundle of import { endpoint }, gzip bytes",
  sizes[0][1].gzip,
  `≤ ${BUNDLE_GUARD} B`,
  sizes[0][1].gzip <= BUNDLE_GUARD,
  `≤ ${BUNDLE_GUARD} B (guard; aim 12,000 B)`,
);

console.log(
  "\nSummary: the other library's time over ours (octokit 11's, or openapi-typescript's where named; above 1: endpoint-options is faster), our own ratio where named, or bytes",
);
console.log("| workload | figure | target |");
console.log("| --- | ---: | --- |");
for (const [name, figure, target] of summary) {
  console.log(`| ${name} | ${Number.isInteger(figure) ? figure : figure.toFixed(2)} | ${target} |`);
}
const broken = guards.filter(([, , , holds]) => !holds);
for (const [name, figure, bound] of broken) console.log(`guard broken: ${name} is ${figure}, not ${bound}`);
if (broken.length === 0) console.log(`guards kept: ${guards.map(([name]) => name).join("; ")}`);
else process.exitCode = 1;
