// The media-type rules: `mediaType.format` and preview names checked for the accept header (accept.ts
// writes it), a caller's mediaType merged onto the inherited one, and previews refused without GitHub's
// conventions.
import { isWordOrDash } from "../base/chars.js";
import { describeType, EndpointError, quote } from "../base/errors.js";
import { copyRecord, isPlainObject, own, ownItem, setOwn } from "../base/util.js";
import type { MediaTypeDefaults } from "../types/options.js";
import { mergeValue } from "./deep-merge.js";
import { invalidHeader } from "./headers.js";

/** Checks a preview name (`[\w-]`) or a format (`[\w.+-]`) for the accept header. */
function checkMediaTypeText(what: "preview" | "mediaType.format", text: string): void {
  const isFormat = what === "mediaType.format";
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (!isWordOrDash(code) && !(isFormat && (code === 46 || code === 43))) {
      throw invalidHeader(
        `${what} ${quote(text)} has ${quote(text.charAt(i))}; use letters, digits, "_" and "-"${isFormat ? ', "." and "+"' : ""}`,
      );
    }
  }
}

/** A preview name checked to be `[\w-]+`, its `-preview` suffix removed when `strip` is set. */
function previewName(preview: unknown, strip: boolean): string {
  if (typeof preview !== "string") {
    throw new EndpointError(
      "ERR_INVALID_PARAMETER",
      `preview ${quote(preview)} is ${describeType(preview)}; pass preview names as strings, e.g. ["mercy"]`,
    );
  }
  const name = strip && preview.endsWith("-preview") ? preview.slice(0, -8) : preview;
  if (name === "") throw invalidHeader(`preview ${quote(preview)} has no name; pass e.g. "mercy"`);
  checkMediaTypeText("preview", name);
  return name;
}

/** A `mediaType.format`, checked so that it can go into the accept header. */
function mediaTypeFormat(format: unknown): string {
  if (typeof format !== "string") {
    throw new EndpointError(
      "ERR_INVALID_PARAMETER",
      `mediaType.format is ${describeType(format)}; pass a string such as "raw" or "diff"`,
    );
  }
  checkMediaTypeText("mediaType.format", format);
  return format;
}

/**
 * A new mediaType: `base` with the caller's merged in: format replaced, previews appended without
 * duplicates, any other key merged deeply. `base` is not changed and its previews array is shared
 * unless previews are added. Merging strips `-preview` from new names; `parse()` reads names merged
 * already, so it passes `strip` false and `endpoint(x)` equals `parse(merge(x))` ("a-preview-preview").
 */
export function mergedMediaType(base: MediaTypeDefaults, mediaType: unknown, strip = true): MediaTypeDefaults {
  if (mediaType === null) return base;
  if (!isPlainObject(mediaType)) {
    throw new EndpointError(
      "ERR_INVALID_PARAMETER",
      `option "mediaType" is ${describeType(mediaType)}; pass an object such as { format: "raw", previews: ["mercy"] }`,
    );
  }
  // `base` is merged already: format and previews are its first keys. It is copied only when something
  // changes: merged options given back to `.parse()` usually change nothing.
  let merged: MediaTypeDefaults | undefined;
  const changed = (): MediaTypeDefaults => {
    merged ??= copyRecord(base) as MediaTypeDefaults;
    return merged;
  };
  for (const key of Object.keys(mediaType)) {
    const value = mediaType[key];
    if (value === undefined) continue;
    if (key === "format") {
      // null clears an inherited format, as in @octokit/endpoint (undefined, like any option, is ignored).
      const format = value === null ? "" : mediaTypeFormat(value);
      if (format !== (merged ?? base).format) changed().format = format;
    } else if (key === "previews") {
      if (!Array.isArray(value)) {
        throw new EndpointError(
          "ERR_INVALID_PARAMETER",
          `mediaType.previews is ${describeType(value)}; pass an array of names such as ["mercy"]`,
        );
      }
      if (value.length === 0) continue;
      // A set keeps first-seen order; the inherited previews are unique already, so it grew only if
      // a name is new.
      const current = (merged ?? base).previews;
      const previews = new Set(current);
      for (let i = 0; i < value.length; i++) previews.add(previewName(ownItem(value, i), strip));
      if (previews.size > current.length) changed().previews = [...previews];
    } else {
      setOwn(changed(), key, mergeValue(own(changed(), key), value));
    }
  }
  return merged ?? base;
}

/** Previews name GitHub's preview media types: an endpoint without GitHub's conventions has none. */
export function previewsWithoutGitHub(): EndpointError {
  return new EndpointError(
    "ERR_INVALID_PARAMETER",
    'mediaType.previews are GitHub\'s, and rest follows no GitHub conventions; set the accept header, e.g. headers: { accept: "application/vnd.example.v2+json" }',
  );
}
