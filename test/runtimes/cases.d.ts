// Types for cases.js, which stays plain JavaScript so that Deno, Bun and the browser load it as it is.

/** One call of `endpoint` (or of `.merge()` / `.DEFAULTS`) and the request options the specification asks for (docs/design.md). */
export interface EndpointCase {
  name: string;
  defaults?: readonly Record<string, unknown>[];
  via?: "merge" | "DEFAULTS";
  call: readonly unknown[];
  expected: Record<string, unknown>;
}

export function endpointCases(userAgent: string): EndpointCase[];
export const endpointErrorCases: readonly { name: string; call: readonly unknown[]; code: string }[];
export const templateCases: readonly {
  name: string;
  template: string;
  variables: Record<string, unknown>;
  expected: string;
}[];
export const templateErrorCases: readonly { name: string; template: string }[];
export function caseCount(): number;
