// The deep merge: plain objects merged key by key into a new object, anything else replaced. `request`,
// parameters and a media type's own keys merge with it (merge.ts, media-type.ts).
import { EndpointError } from "../base/errors.js";
import { copyRecord, isPlainObject, own, setOwn } from "../base/util.js";

/** Plain objects nested deeper than this are not merged: such input is hostile or cyclic. */
const MAX_MERGE_DEPTH = 1000;

/** Merges done in one `mergeValue`, by the two objects merged: objects shared in the input stay shared. */
type MergedPairs = Map<object, Map<object, Record<string, unknown>>>;

/**
 * Plain objects merge deeply into a new object; anything else (arrays, class instances) is taken as it is.
 * A pair of objects is merged once: an input whose parts are shared (x = { a: x, b: x }, nested) would
 * otherwise cost time exponential in its depth. A cycle is still an error, caught by the depth limit.
 */
export function mergeValue(existing: unknown, incoming: unknown, depth = 0, merged?: MergedPairs): unknown {
  if (!isPlainObject(incoming) || !isPlainObject(existing)) return incoming;
  const known = merged?.get(existing)?.get(incoming);
  if (known !== undefined) return known;
  if (depth >= MAX_MERGE_DEPTH) {
    throw new EndpointError(
      "ERR_INVALID_PARAMETER",
      `options nest objects over ${MAX_MERGE_DEPTH} levels deep, or are cyclic; pass flatter data`,
    );
  }
  const result = copyRecord(existing);
  const done: MergedPairs = merged ?? new Map();
  for (const key of Object.keys(incoming)) {
    setOwn(result, key, mergeValue(own(result, key), incoming[key], depth + 1, done));
  }
  const byIncoming = done.get(existing) ?? new Map<object, Record<string, unknown>>();
  done.set(existing, byIncoming.set(incoming, result));
  return result;
}
