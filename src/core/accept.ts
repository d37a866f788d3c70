// The accept header: mediaType formats and previews, as @octokit/endpoint 7 writes them, in linear time.
import { ownCopy } from "../base/cache.js";
import { isWordChar, isWordOrDash } from "../base/chars.js";
import type { HeaderValue, MediaTypeDefaults } from "../types/options.js";

/**
 * Replaces the `application/vnd.<vendor>[.v3][.<x>][+json]` at the end of one accept entry with
 * `application/vnd.<vendor>[.v3].<format>`, as `@octokit/endpoint` does, without a backtracking regex.
 */
function formatEntry(entry: string, format: string): string {
  const marker = "application/vnd";
  for (let at = entry.indexOf(marker); at !== -1; at = entry.indexOf(marker, at + 1)) {
    const vendorEnd = segmentEnd(entry, at + marker.length);
    if (vendorEnd === -1) continue;
    // `(\.v3)?` then `(\.\w+)?`: a whole `.v3` segment is the version, whichever follows it.
    let end = vendorEnd;
    const version = segmentEnd(entry, end) === end + 3 && entry.startsWith(".v3", end) ? ".v3" : "";
    end += version.length;
    if (!isJsonSuffixAt(entry, end)) end = segmentEnd(entry, end);
    if (end !== -1 && isJsonSuffixAt(entry, end)) return `${entry.slice(0, vendorEnd)}${version}.${format}`;
  }
  return entry;
}

/** The end of a `.\w+` segment starting at `from`, or -1. */
function segmentEnd(entry: string, from: number): number {
  if (entry.charCodeAt(from) !== 46) return -1;
  let end = from + 1;
  while (end < entry.length && isWordChar(entry.charCodeAt(end))) end++;
  return end > from + 1 ? end : -1;
}

/** True when the entry ends at `from` or with exactly `+json` from there. */
function isJsonSuffixAt(entry: string, from: number): boolean {
  return from === entry.length || (entry.length - from === 5 && entry.startsWith("+json", from));
}

/**
 * Preview names already in an accept header: in each run of `[\w-]` characters, the text before
 * its last `-preview` (what `/[\w-]+(?=-preview)/g` finds, in linear time).
 */
function previewsInAccept(accept: string): string[] {
  const found: string[] = [];
  let runStart = 0;
  // Up to and including the end, where charCodeAt gives NaN, which ends the last run.
  for (let i = 0; i <= accept.length; i++) {
    if (isWordOrDash(accept.charCodeAt(i))) continue;
    const run = accept.slice(runStart, i);
    const last = run.lastIndexOf("-preview");
    if (last > 0) found.push(run.slice(0, last));
    runStart = i + 1;
  }
  return found;
}

/** The longest accept header (with its format) remembered, in characters. */
const MAX_REMEMBERED_ACCEPT = 1024;

/** The last accept header formatted and its result: calls repeat the same default accept and format. */
let lastAccept = "";
let lastFormat = "";
let lastFormatted = "";

/** Every entry of an accept header with `format` applied (remembered for the next call, one entry only). */
function formattedAccept(accept: string, format: string): string {
  if (accept === lastAccept && format === lastFormat) return lastFormatted;
  const formatted = accept
    .split(",")
    .map((entry) => formatEntry(entry, format))
    .join(",");
  // Only a header of ordinary size is remembered: a huge one would be kept alive until the next call.
  if (accept.length + format.length <= MAX_REMEMBERED_ACCEPT) {
    // Copies: a short header sliced from a huge string would keep all of it alive until the next call.
    lastAccept = ownCopy(accept);
    lastFormat = ownCopy(format);
    lastFormatted = ownCopy(formatted);
  }
  return formatted;
}

/**
 * Applies `mediaType.format` and `mediaType.previews` to the accept header (never to octet-stream).
 * `mediaType` is checked already: merged by `mergedMediaType` (merge.ts), which `.parse()` also reads it through.
 */
export function amendAccept(headers: Record<string, HeaderValue>, mediaType: MediaTypeDefaults): void {
  const { format, previews } = mediaType;
  if (format === "" && previews.length === 0) return;
  const current = Object.hasOwn(headers, "accept") ? headers.accept : undefined;
  // A list or number is left as it is. The pattern is literal: linear, nothing to backtrack.
  if (current !== undefined && (typeof current !== "string" || /application\/octet-stream/i.test(current))) return;
  let accept = current;
  if (format !== "" && accept !== undefined) accept = formattedAccept(accept, format);
  if (previews.length > 0) {
    // The previews are unique already (mergedMediaType): only those the header names need looking up.
    const inAccept = new Set(accept === undefined ? [] : previewsInAccept(accept));
    const names = [...inAccept];
    for (const preview of previews) if (!inAccept.has(preview)) names.push(preview);
    const suffix = format === "" ? "+json" : `.${format}`;
    accept = names.map((name) => `application/vnd.github.${name}-preview${suffix}`).join(",");
  }
  if (accept !== undefined) headers.accept = accept;
}
