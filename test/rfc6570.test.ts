// The official RFC 6570 test suite (github.com/uri-templates/uritemplate-test, Apache-2.0; LICENSE beside the fixtures).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { EndpointError, parseTemplate } from "../src/index.js";

type Expected = string | string[] | false;
interface Group {
  variables: Record<string, unknown>;
  testcases: [string, Expected][];
}

const files = ["spec-examples.json", "spec-examples-by-section.json", "extended-tests.json", "negative-tests.json"];
const suite = files.flatMap((file) => {
  const groups = JSON.parse(
    readFileSync(new URL(`./fixtures/uritemplate-test/${file}`, import.meta.url), "utf8"),
  ) as Record<string, Group>;
  return Object.entries(groups).flatMap(([group, { variables, testcases }]) =>
    testcases.map(([template, expected]) => ({ file, group, template, expected, variables })),
  );
});

describe("RFC 6570 conformance suite", () => {
  it("has all 270 cases, 36 of them negative", () => {
    expect(suite).toHaveLength(270);
    expect(suite.filter((test) => test.expected === false)).toHaveLength(36);
  });

  it.each(suite)("$file › $group › $template", ({ template, expected, variables }) => {
    if (expected === false) {
      let error: unknown;
      try {
        parseTemplate(template).expand(variables);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(EndpointError);
      expect((error as EndpointError).code).toMatch(/^ERR_INVALID_(TEMPLATE|PARAMETER)$/);
      return;
    }
    const result = parseTemplate(template).expand(variables);
    if (Array.isArray(expected)) expect(expected).toContain(result);
    else expect(result).toBe(expected);
  });
});
