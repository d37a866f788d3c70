// The generator's emitter (src/openapi/openapi-emit.ts): each place document text can stand in a generated module,
// and what each function makes of the text that would break out of it.
import { describe, expect, it } from "vitest";
import {
  docComment,
  Identifiers,
  lineComment,
  literalType,
  pascalWords,
  propertyKey,
  stringLiteral,
} from "../src/openapi/openapi-emit.js";

describe("a string literal holds any text, and reads back as it", () => {
  it.each([
    { rule: "quotes and backslashes are escaped", text: `a"b\\c'd`, written: `"a\\"b\\\\c'd"` },
    { rule: "line feed and carriage return are escaped", text: "a\nb\rc", written: '"a\\nb\\rc"' },
    {
      rule: "U+2028 and U+2029, which end a TypeScript string, are escaped",
      text: "a\u2028b\u2029",
      written: '"a\\u2028b\\u2029"',
    },
    { rule: "a lone surrogate is escaped (the file stays valid UTF-8)", text: "a\ud800b", written: '"a\\ud800b"' },
    { rule: "bidi controls are escaped (Trojan Source)", text: "a\u202eb\u2066", written: '"a\\u202eb\\u2066"' },
    { rule: "DEL and C1 controls are escaped", text: "\u007f\u0085", written: '"\\u007f\\u0085"' },
    { rule: "a backtick and ${ are plain characters in it", text: `\`\${x}\``, written: `"\`\${x}\`"` },
    { rule: "a surrogate pair stays as it is", text: "😀", written: '"😀"' },
  ])("$rule", ({ text, written }) => {
    expect(stringLiteral(text)).toBe(written);
    expect(JSON.parse(stringLiteral(text).replaceAll("\\u2028", "\u2028"))).toBe(text.replaceAll("\u2028", "\u2028"));
    expect(new Function(`return ${stringLiteral(text)}`)()).toBe(text);
  });
});

describe("a property key is a plain name, or a string literal", () => {
  it.each([
    ["name", "name"],
    ["_id", "_id"],
    ["$filter", "$filter"],
    ["__proto__", "__proto__"],
    ["default", "default"],
    ["x-request-id", '"x-request-id"'],
    ["2fa", '"2fa"'],
    ["", '""'],
    ["a b", '"a b"'],
    ["é", '"é"'],
    ["a\u2028", '"a\\u2028"'],
  ])("%j is written %s", (name, written) => {
    expect(propertyKey(name)).toBe(written);
  });
});

describe("literal types of enum and const values", () => {
  it.each([
    ["a string", "x", '"x"'],
    ["an integer", 3, "3"],
    ["a negative number", -1.5, "-1.5"],
    ["a large number", 1e21, "1e+21"],
    ["true", true, "true"],
    ["null", null, "null"],
    ["no literal for Infinity (JSON cannot write it)", Number.POSITIVE_INFINITY, undefined],
    ["no literal for NaN", Number.NaN, undefined],
    ["no literal for an object", { a: 1 }, undefined],
    ["no literal for a list", [1], undefined],
  ])("%s", (_, value, written) => {
    expect(literalType(value)).toBe(written);
  });
});

describe("a comment holds any text on its one line, and never ends early", () => {
  it.each([
    { rule: "every line terminator is a space", text: "a\nb\rc\u2028d\u2029e\u0085f", inside: "a b c d e f" },
    { rule: "`*/` cannot end the comment", text: "a */ b", inside: "a *\\/ b" },
    { rule: "`**/` neither", text: "a **/", inside: "a **\\/" },
    {
      rule: "a @ts- directive is no directive",
      text: "@ts-expect-error and @ts-ignore",
      inside: "@ ts-expect-error and @ ts-ignore",
    },
    { rule: "a lone surrogate is U+FFFD", text: "a\ud800b\udc00", inside: "a\ufffdb\ufffd" },
    { rule: "a surrogate pair stays", text: "😀", inside: "😀" },
    { rule: "control and bidi characters are spaces", text: "a\u0000b\u202ec\u0007", inside: "a b c " },
    { rule: "`/*` and backticks are plain text in it", text: `/* \`\${x}\``, inside: `/* \`\${x}\`` },
  ])("$rule", ({ text, inside }) => {
    expect(docComment([text], "")).toBe(`/** ${inside} */`);
    expect(lineComment(text)).toBe(`// ${inside}`);
  });

  it("several lines are a block, each line on its own", () => {
    expect(docComment(["a\nb", "c */"], "  ")).toBe("  /**\n   * a b\n   * c *\\/\n   */");
    expect(docComment([], "  ")).toBe("");
  });
});

describe("identifiers are never a document's names", () => {
  it.each([
    ["simple-user", "SimpleUser"],
    ["Swagger Petstore - OpenAPI 3.0", "SwaggerPetstoreOpenAPI30"],
    ["2fa", "Schema2fa"],
    ["", "Schema"],
    ["*/ globalThis.x = 1", "GlobalThisX1"],
    ["é", "Schema"],
    ["a".repeat(100), "A".concat("a".repeat(47))],
  ])("%j becomes %s", (text, name) => {
    expect(pascalWords(text, "Schema")).toBe(name);
  });

  it("a reserved word, a CommonJS name, a global type or a name declared already gets a number", () => {
    const identifiers = new Identifiers();
    identifiers.claim("PetsRoutes");
    expect(
      ["Date", "Record", "Partial", "Pets routes", "pets-routes", "a-b", "a_b", "A b"].map((text) =>
        identifiers.fresh(text, "Schema"),
      ),
    ).toEqual(["Date2", "Record2", "Partial2", "PetsRoutes2", "PetsRoutes3", "AB", "AB2", "AB3"]);
    for (const name of ["exports", "require", "module", "default", "undefined", "globalThis", "eval", "arguments"]) {
      expect(identifiers.isFree(name), name).toBe(false);
    }
  });
});
