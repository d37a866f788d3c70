// A `fetch` for Octokit's request function (`@octokit/request`, `@octokit/core`, `@octokit/rest`) with
// endpoint-options in place of `@octokit/endpoint`: request options name the method in lowercase, which
// `@octokit/request` hands to `fetch` as it is.
import { methodNamed } from "../core/route.js";

/**
 * The global `fetch`'s own type where the DOM library or `@types/node` declares one, else a minimal one, so
 * that these declarations compile without either.
 */
type GlobalFetch = typeof globalThis extends { fetch: infer Fetch }
  ? Fetch
  : (input: string, init?: { readonly method?: string | undefined }) => Promise<unknown>;

/** The method `fetch` would send: the init's, else a `Request`'s own. */
function methodOf(input: unknown, init: unknown): unknown {
  if (typeof init === "object" && init !== null && (init as { method?: unknown }).method !== undefined) {
    return (init as { method?: unknown }).method;
  }
  return typeof input === "object" && input !== null ? (input as { method?: unknown }).method : undefined;
}

/**
 * The global `fetch`, with the method upper-cased: `fetch` sends a lowercase `patch` as it is, which servers
 * refuse. Every other field of the init, and a `Request` given as the input, pass on as they are; a method
 * that is none of GET, HEAD, POST, PUT, PATCH, DELETE and OPTIONS too. The global `fetch` is looked up at
 * each call, so it works in every runtime that has one, and with a `fetch` replaced after import.
 * @example
 * new Octokit({ auth, request: { fetch: octokitFetch } });
 * request.defaults({ request: { fetch: octokitFetch } });
 */
export const octokitFetch: GlobalFetch = function octokitFetch(input: unknown, init?: unknown): Promise<unknown> {
  const fetch = globalThis.fetch as (input: unknown, init?: unknown) => Promise<unknown>;
  const method = methodOf(input, init);
  const upper = typeof method === "string" ? methodNamed(method) : undefined;
  if (upper === undefined || upper === method) return fetch(input, init);
  return fetch(input, { ...(init as object | undefined), method: upper });
} as unknown as GlobalFetch;
