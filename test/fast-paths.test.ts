// Each fast path of the core gives what the general path gives, on inputs it takes and on near-misses it must
// leave to the general path (fast-check, seeded: see helpers/fuzz.ts). The plain-path reader's own property
// is in properties.test.ts.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readRouteWords, splitRoute } from "../src/core/route.js";
import { type CompiledUrl, compileAnyUrl, compileSimple, compileUrl, expandUrl, literalUrl } from "../src/core/url.js";
import { EndpointError, parseTemplate } from "../src/index.js";
import { variableOf } from "../src/openapi/openapi-operations.js";
import { isPlainVarname, tokenize, varnameBreakAt } from "../src/template/template.js";
import { fuzz, TIMEOUT } from "./helpers/fuzz.js";

/** What a call returns, or its EndpointError as code and message (any other error is rethrown). */
function outcome<T>(run: () => T): T | string {
  try {
    return run();
  } catch (error) {
    if (error instanceof EndpointError) return `${error.code}: ${error.message}`;
    throw error;
  }
}

/** A compiled url's fields, a name list or set as a sorted list, for comparing two compiles. */
function fields(compiled: CompiledUrl) {
  const { parts, variableNames, checks, ...rest } = compiled;
  return {
    ...rest,
    // A compiled expression by whether it is required: two compiles make two closures.
    parts: parts.map((part) => (typeof part === "object" ? { required: part.required } : part)),
    variableNames: [...variableNames].sort(),
    checks: checks === undefined ? undefined : "checked",
  };
}

const expanded = (compiled: CompiledUrl, url: string, parameters: unknown[]) =>
  outcome(() => expandUrl(compiled, parameters, "GET", url));

describe("the literal-url reader gives what the general compile gives", () => {
  const origin = fc.constantFrom("", "", "https://h", "http://h:8080", "https://", "https://:80", "HTTPS://h", "x:");
  const piece = fc.constantFrom("/", "a", "..", ".", "~", "%20", "é", " ", "@", "[", "?q=1", "#f", "&", "=", "+");
  // Near-misses: a brace, a `:name`, or a `:` that no name follows (a port, a time, `::`).
  const nearMiss = fc.constantFrom("{", "}", "{x}", ":name", ":_x", "/:id", ":1", "::", ":", ":-", "?a=:b", "#:c");
  const url = fc
    .tuple(origin, fc.array(fc.oneof({ weight: 4, arbitrary: piece }, { weight: 1, arbitrary: nearMiss })))
    .map(([start, pieces]) => `${start}${pieces.join("")}`);

  it("takes a url with no placeholder, and then every field and expansion agree; leaves any other", () => {
    let taken = 0;
    let left = 0;
    fc.assert(
      fc.property(url, (source) => {
        const fast = outcome(() => literalUrl(source));
        const general = outcome(() => compileAnyUrl(source));
        if (fast === undefined) {
          left++;
          // Left to the general path only for a brace or a `:` a name follows (a port such as ":_x" after a
          // host is declined too: the general compile reads it, as compileUrl then does).
          expect(/[{}]|:[A-Za-z_]/.test(source)).toBe(true);
          const compiled = outcome(() => compileUrl(source));
          expect(typeof compiled === "string" ? compiled : fields(compiled)).toStrictEqual(
            typeof general === "string" ? general : fields(general),
          );
          return;
        }
        taken++;
        if (typeof fast === "string" || typeof general === "string") {
          expect(fast).toBe(general);
          return;
        }
        // The general compile leaves to the values what a literal start such as "" or "http" could become
        // (fullUrl undefined, a scheme check); with no values, the literal reader knows it.
        const { fullUrl, checks, ...rest } = fields(fast);
        const { fullUrl: generalFull, checks: generalChecks, ...generalRest } = fields(general);
        expect(rest).toStrictEqual(generalRest);
        expect(checks).toBeUndefined();
        if (generalFull !== undefined) expect(fullUrl).toBe(generalFull);
        if (generalChecks !== undefined) expect(general.checks?.host?.kind).toBe("scheme");
        for (const parameters of [[], ["x", "1"], ["name", ".."]]) {
          expect(expanded(fast, source, parameters)).toStrictEqual(expanded(general, source, parameters));
        }
      }),
      fuzz(3000, 51),
    );
    // Both sides of the fast path are exercised.
    expect(taken).toBeGreaterThan(100);
    expect(left).toBeGreaterThan(100);
  });
});

describe("the one-space route split gives what the word-by-word reader gives", () => {
  const method = fc.constantFrom("GET", "get", "Post", "pOsT", "DELETE", "FETCH", "", "poſt", "GET/", "1");
  const path = fc.constantFrom("/x", "/repos/{owner}", "https://h/x", "{+u}", "/a%20b", "x", "/é");
  // Near-misses: more spaces, other spaces, control characters, a space at either end, three words.
  const gap = fc.constantFrom(" ", " ", " ", "  ", "\t", "\u00a0", " \u3000", "\u2028", "\n", " x ");
  const edge = fc.constantFrom("", "", "", " ", "\u0000", "\u00a0", "\ufeff");
  const route = fc
    .tuple(edge, method, gap, path, edge)
    .map(([before, verb, space, url, after]) => `${before}${verb}${space}${url}${after}`);
  const one = fc.constantFrom("GET", "/x", "", " ", "GET ", " /x", "\u0085", "get\t");

  it("splits method and url alike, or refuses with the same code and message", () => {
    fc.assert(
      fc.property(fc.oneof({ weight: 6, arbitrary: route }, { weight: 1, arbitrary: one }), (source) => {
        expect(outcome(() => ({ ...splitRoute(source) }))).toStrictEqual(
          outcome(() => ({ ...readRouteWords(source) })),
        );
      }),
      fuzz(3000, 52),
    );
  });
});

describe(
  "the inline {name} slot expands as the engine's {name} does",
  () => {
    const name = fc.constantFrom("owner", "a-b", "x_1", "data", "url");
    const text = fc.constantFrom(
      "",
      ".",
      "..",
      "...",
      "a/b",
      "é",
      "%",
      "%2F",
      " ",
      "?",
      "#",
      "~",
      "a.b",
      "😀",
      "\ud800",
    );
    const value = fc.oneof(
      text,
      fc.string({ maxLength: 6 }),
      fc.constantFrom(0, -1, 1.5, Number.NaN, 42, true, false, null, undefined, 10n),
      fc.array(text, { maxLength: 3 }),
      fc.dictionary(fc.constantFrom("k", "a b", "."), text, { maxKeys: 2 }),
    );

    it("gives the same text, the same missing value, or the same error", () => {
      fc.assert(
        fc.property(name, value, fc.constantFrom("/x/{N}", "/{N}", "/{N}/y", "/p{N}"), (slot, v, shape) => {
          const url = shape.replace("N", slot);
          const compiled = compileUrl(url);
          const fast = outcome(() => expandUrl(compiled, [slot, v], "GET", url));
          // The general path: the same url with this {name} expanded by the engine's compiled expression.
          const [before, after] = url.split(`{${slot}}`) as [string, string];
          const general = outcome(() => {
            const piece = compileSimple(slot)((key) => (key === slot && key !== "data" ? v : undefined));
            return piece === undefined ? undefined : `${before}${piece}${after}`;
          });
          if (general === undefined) {
            // A missing value: the url names it as missing.
            expect(fast).toMatch(/^ERR_MISSING_PARAMETER: /);
          } else {
            expect(fast).toStrictEqual(general);
          }
          // And the engine's public expansion, where no dot segment is refused.
          if (typeof general === "string" && !general.startsWith("ERR_") && slot !== "data") {
            expect(fast).toBe(parseTemplate(url.replace(`{${slot}}`, "{v}")).expand({ v }));
          }
        }),
        fuzz(3000, 53),
      );
    });
  },
  TIMEOUT,
);

describe("one varname grammar for the engine, the plain path reader and the generator", () => {
  const name = fc
    .array(fc.constantFrom("a", "Z", "0", "_", "-", ".", "..", "%2E", "%2", "%zz", "$", " ", "é", "url", "data", "{"), {
      maxLength: 6,
    })
    .map((pieces) => pieces.join(""));

  it("a plain name is a varname, the tokenizer takes exactly the varnames, and every generated variable is one", () => {
    fc.assert(
      fc.property(name, fc.boolean(), (source, dash) => {
        const at = varnameBreakAt(source, dash);
        if (isPlainVarname(source)) expect(varnameBreakAt(source, true)).toBe(-1);
        // After an operator, so that a leading "." is read as the name's.
        if (!source.includes("}") && !source.includes("{") && !source.includes(",")) {
          const read = outcome(() => tokenize(`{+${source}}`, dash));
          expect(typeof read === "string").toBe(at !== -1);
        }
        if (source !== "") {
          const variable = variableOf(source) ?? source;
          expect(varnameBreakAt(variable, true)).toBe(-1);
          expect(compileUrl(`/x/{${variable}}`).variableNames).toEqual(
            variableOf(source) === undefined ? [source] : [variable],
          );
        }
      }),
      fuzz(2000, 54),
    );
  });
});
