// The fenced code blocks of one section of a page of this repository, for tests that run a page's examples as
// written (test/package.test.ts, test/octokit-request.test.ts).
import { readFileSync } from "node:fs";
import path from "node:path";
import { ROOT } from "./built-package.js";

export interface FencedBlock {
  /** The fence's language: `sh`, `json`, `ts`… */
  language: string;
  code: string;
}

/**
 * The fenced blocks of the section under `heading` (a whole heading line, `## Install`), up to the next heading of
 * its level or above; throws when the page has no such heading, so that a renamed section fails its test.
 */
export function sectionBlocks(page: string, heading: string): FencedBlock[] {
  const lines = readFileSync(path.join(ROOT, page), "utf8").split("\n");
  const start = lines.indexOf(heading);
  if (start === -1) throw new Error(`${page} has no heading "${heading}"`);
  const level = heading.indexOf(" ");
  const blocks: FencedBlock[] = [];
  for (let i = start + 1; i < lines.length; i++) {
    const line = lines[i] ?? "";
    const heads = /^(#+) /.exec(line);
    if (heads && (heads[1] as string).length <= level) break;
    if (!line.startsWith("```") || line.length === 3) continue;
    const body: string[] = [];
    for (i++; i < lines.length && lines[i] !== "```"; i++) body.push(lines[i] ?? "");
    blocks.push({ language: line.slice(3).trim(), code: body.join("\n") });
  }
  return blocks;
}

/** The command lines of a section's `sh` blocks, in order. */
export function sectionCommands(page: string, heading: string): string[] {
  return sectionBlocks(page, heading)
    .filter((block) => block.language === "sh")
    .flatMap((block) => block.code.split("\n").filter((line) => line.trim() !== "" && !line.startsWith("#")));
}
