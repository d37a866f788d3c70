// Every ```js and ```ts example in README.md and docs/*.md runs here, so the docs cannot drift from the code.
//
// Conventions in README examples:
// - `// → <value>` after a statement asserts its value (toStrictEqual); the value may continue on
//   following `//` lines. For `const x = …;` the value of `x` is asserted.
// - `// throws <CODE>: <message>` asserts an EndpointError with exactly that code and message.
// - `endpoint-options/<version>` in an expected value stands for the current package version.
// - A block directly preceded by `<!-- not run: <reason> -->` is skipped (say why).
// - `import … from "endpoint-options"` resolves to src/index.ts (vitest.config.ts alias).
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/** The pages whose examples run: the README and every page of docs/. */
const PAGES = [
  "README.md",
  ...readdirSync(new URL("../docs/", import.meta.url))
    .filter((name) => name.endsWith(".md"))
    .sort()
    .map((name) => `docs/${name}`),
];
const { version } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
  version: string;
};

interface Block {
  line: number;
  code: string;
  skipped: string | undefined;
}

function codeBlocks(markdown: string): Block[] {
  const lines = markdown.split("\n");
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const fence = lines[i]?.trim();
    if (fence !== "```js" && fence !== "```ts") continue;
    const start = i;
    const body: string[] = [];
    for (i++; i < lines.length && lines[i]?.trim() !== "```"; i++) body.push(lines[i] ?? "");
    const previous = lines[start - 1]?.trim() ?? "";
    const skipped = previous.startsWith("<!-- not run:") ? previous : undefined;
    blocks.push({ line: start + 1, code: body.join("\n"), skipped });
  }
  return blocks;
}

/** Brackets opened minus closed on a line, string literals and comments left out. */
function bracketBalance(line: string): number {
  let balance = 0;
  let quote = "";
  for (let i = 0; i < line.length; i++) {
    const char = line.charAt(i);
    if (quote !== "") {
      if (char === "\\") i++;
      else if (char === quote) quote = "";
      continue;
    }
    if (char === '"' || char === "'" || char === "`") quote = char;
    else if (char === "/" && line.charAt(i + 1) === "/") break;
    else if ("([{".includes(char)) balance++;
    else if (")]}".includes(char)) balance--;
  }
  return balance;
}

/** The index of the first line of the statement that ends on line `end`. */
function statementStart(lines: string[], end: number): number {
  let balance = 0;
  for (let i = end; i >= 0; i--) {
    balance += bracketBalance(lines[i] ?? "");
    if (balance !== 0) continue;
    const previous = (lines[i - 1] ?? "").trim();
    if (i === 0 || previous === "" || previous.startsWith("//") || /[;{}]$/.test(previous)) return i;
  }
  return 0;
}

/** Rewrites `// →` and `// throws` comments into assertions. */
function instrument(code: string): string {
  const out: string[] = [];
  const lines = code.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? "";
    const trimmed = line.trim();
    const isValue = trimmed.startsWith("// →");
    const isThrow = trimmed.startsWith("// throws ");
    if (!isValue && !isThrow) {
      out.push(line);
      continue;
    }
    let expected = trimmed.slice(isValue ? "// →".length : "// throws ".length);
    while (isValue && (lines[i + 1] ?? "").trim().startsWith("//")) {
      const next = (lines[i + 1] ?? "").trim();
      if (next.startsWith("// →") || next.startsWith("// throws ")) break;
      expected += `\n${next.slice(2)}`;
      i++;
    }
    expected = expected.replace(/endpoint-options\/\d+\.\d+\.\d+/g, `endpoint-options/${version}`);
    const start = statementStart(out, out.length - 1);
    const subject = out.splice(start).join("\n").trim();
    if (isThrow) {
      const colon = expected.indexOf(": ");
      const code = expected.slice(0, colon);
      const message = expected.slice(colon + 2);
      out.push(`__throws(() => { ${subject} }, ${JSON.stringify(code)}, ${JSON.stringify(message)});`);
      continue;
    }
    const declared = /^(?:const|let) (\w+) =/.exec(subject);
    if (declared) out.push(subject, `__check(${declared[1]}, (${expected}));`);
    else out.push(`__check((${subject.replace(/;$/, "")}), (${expected}));`);
  }
  return out.join("\n");
}

const prelude = `import { expect } from "vitest";
const __check = (actual: unknown, expected: unknown) => expect(actual).toStrictEqual(expected);
const __throws = (run: () => unknown, code: string, message: string) => {
  let error: any;
  try { run(); } catch (caught) { error = caught; }
  expect(error?.name).toBe("EndpointError");
  expect(error.code).toBe(code);
  expect(error.message).toBe(message);
};
`;

const directory = fileURLToPath(new URL("./.readme/", import.meta.url));
rmSync(directory, { recursive: true, force: true });
mkdirSync(directory, { recursive: true });

const pages = PAGES.map((page) => ({
  page,
  blocks: codeBlocks(readFileSync(new URL(`../${page}`, import.meta.url), "utf8")),
}));

// A page without code blocks has nothing to run here (its links are checked in links.test.ts).
describe.each(pages.filter(({ blocks }) => blocks.length > 0))("$page examples", ({ page, blocks }) => {
  it.each(blocks)(`${page} line $line`, async ({ line, code, skipped }) => {
    if (skipped !== undefined) {
      expect(skipped).toMatch(/<!-- not run: .{10,} -->/);
      return;
    }
    const file = `${directory}${page.replace(/\W/g, "-")}-line-${line}.ts`;
    writeFileSync(file, prelude + instrument(code));
    await import(/* @vite-ignore */ file);
  });
});

describe("the examples", () => {
  it("are many, and the README has its own", () => {
    const run = (list: Block[]) => list.filter((block) => block.skipped === undefined).length;
    expect(run(pages[0]?.blocks ?? [])).toBeGreaterThanOrEqual(6);
    expect(pages.reduce((total, { blocks }) => total + run(blocks), 0)).toBeGreaterThanOrEqual(35);
  });
});
