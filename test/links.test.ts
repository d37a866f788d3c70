// Every link in the README, docs/ and the project's other Markdown pages leads somewhere: a file of the
// repository, and a heading of it when the link names one (as GitHub writes heading anchors). Links to other
// sites are checked for form only: the tests run without the network.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const PAGES = [
  "README.md",
  "CONTRIBUTING.md",
  "ARCHITECTURE.md",
  "CHANGELOG.md",
  ...readdirSync(path.join(ROOT, "docs"))
    .filter((name) => name.endsWith(".md"))
    .map((name) => `docs/${name}`),
];

/** The page's text outside fenced code blocks and inline code, where links are links. */
function prose(markdown: string): string {
  let inFence = false;
  const kept: string[] = [];
  for (const line of markdown.split("\n")) {
    if (line.trimStart().startsWith("```")) inFence = !inFence;
    else if (!inFence) kept.push(line.replace(/`[^`]*`/g, (code) => " ".repeat(code.length)));
  }
  return kept.join("\n");
}

/** A heading's anchor as GitHub writes it: lowercase, punctuation dropped, spaces as hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, "")
    .replaceAll(" ", "-");
}

/** Every anchor of a page: its headings' slugs, a repeated one with -1, -2… as GitHub numbers them. */
function anchorsOf(file: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let inFence = false;
  for (const line of readFileSync(file, "utf8").split("\n")) {
    if (line.trimStart().startsWith("```")) inFence = !inFence;
    const heading = inFence ? null : /^#{1,6} (.*)$/.exec(line);
    if (!heading) continue;
    const base = slug(heading[1] ?? "");
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

const links = PAGES.flatMap((page) =>
  [...prose(readFileSync(path.join(ROOT, page), "utf8")).matchAll(/\]\(([^)\s]+)\)/g)].map((match) => ({
    page,
    target: match[1] as string,
  })),
);

describe("links", () => {
  it("every page exists and has links to check", () => {
    for (const page of PAGES) expect(existsSync(path.join(ROOT, page)), page).toBe(true);
    expect(links.length).toBeGreaterThan(50);
  });

  it.each(links)("$page → $target", ({ page, target }) => {
    if (/^https?:\/\//.test(target)) {
      expect(() => new URL(target)).not.toThrow();
      return;
    }
    expect(target).not.toMatch(/^[a-z]+:/);
    const [file = "", anchor] = target.split("#");
    const resolved = file === "" ? path.join(ROOT, page) : path.join(ROOT, path.dirname(page), file);
    expect(existsSync(resolved), `${target} from ${page}: no file ${path.relative(ROOT, resolved)}`).toBe(true);
    if (anchor !== undefined) {
      expect(resolved.endsWith(".md"), `${target}: an anchor into a file that is not Markdown`).toBe(true);
      expect(anchorsOf(resolved), `${target} from ${page}: no heading #${anchor}`).toContain(anchor);
    }
  });
});
