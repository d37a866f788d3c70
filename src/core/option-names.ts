// The option names: the keys of options that configure the request and never fill a url variable.
// Below route.ts and url.ts, which both read them.
/** The option names: the one list every other copy derives from (docs/api.md, "never parameters"). */
export const OPTION_NAME_LIST = ["method", "baseUrl", "url", "headers", "request", "mediaType"] as const;

/** Option names that are never url variables: they configure the request itself. */
export type OptionName = (typeof OPTION_NAME_LIST)[number];
export const OPTION_NAMES: ReadonlySet<string> = new Set(OPTION_NAME_LIST);

/** The names that never fill a url variable: the option names, and `data`. */
export type NoUrlName = OptionName | "data";

/**
 * Whether a url variable of this name can never be filled: options configure the request, and `data`
 * is the body (docs/design.md, "Parameters: url, query or body": only the other keys fill the url).
 */
export function fillsNoUrl(name: string): name is NoUrlName {
  return OPTION_NAMES.has(name) || name === "data";
}
