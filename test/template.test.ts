// parseTemplate: RFC 6570 rules the official suite does not reach, and how values become text.
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { EndpointError, endpoint, parseTemplate } from "../src/index.js";

interface ExpandCase {
  rule: string;
  template: string;
  variables: Record<string, unknown>;
  expected: string;
}

/** parseTemplate(template) throws ERR_INVALID_TEMPLATE naming `index`. */
function expectTemplateErrorAt(template: string, index: number): void {
  expect(() => parseTemplate(template)).toThrow(
    expect.objectContaining({ code: "ERR_INVALID_TEMPLATE", message: expect.stringContaining(`at index ${index}:`) }),
  );
}

const expansions: ExpandCase[] = [
  {
    rule: "undefined and null expand to nothing (section 2.3)",
    template: "/x{/a}{?b,c}",
    variables: { a: undefined, b: null },
    expected: "/x",
  },
  {
    rule: "{?a,b} with b undefined has no trailing &",
    template: "{?a,b}",
    variables: { a: 1 },
    expected: "?a=1",
  },
  { rule: "{?list*} joins with &", template: "{?list*}", variables: { list: ["a", "b"] }, expected: "?list=a&list=b" },
  { rule: "{/list*} joins with /", template: "{/list*}", variables: { list: ["a", "b"] }, expected: "/a/b" },
  {
    rule: "prefix modifiers count characters, not UTF-16 units",
    template: "{x:2}",
    variables: { x: "😀😀😀" },
    expected: "%F0%9F%98%80%F0%9F%98%80",
  },
  {
    rule: "a prefix modifier counts a lone high surrogate ending the value as one character",
    template: "{x:2}{?y:9}",
    variables: { x: "a\uD800", y: "b\uD800" },
    expected: "a%EF%BF%BD?y=b%EF%BF%BD",
  },
  {
    rule: "{+x} keeps pct-encoded triplets and encodes a lone %",
    template: "{+x}",
    variables: { x: "a%20b%zz" },
    expected: "a%20b%25zz",
  },
  { rule: "{x} encodes /", template: "{x}", variables: { x: "a/b" }, expected: "a%2Fb" },
  { rule: "{+x} keeps /", template: "{+x}", variables: { x: "a/b" }, expected: "a/b" },
  { rule: "numbers are written with String()", template: "{x}", variables: { x: -1.5 }, expected: "-1.5" },
  { rule: "bigints are written with String()", template: "{x}", variables: { x: 12n }, expected: "12" },
  { rule: "booleans are written with String()", template: "{?x}", variables: { x: false }, expected: "?x=false" },
  {
    rule: "a Date is written as ISO 8601",
    template: "{?since}",
    variables: { since: new Date(Date.UTC(2020, 1, 3)) },
    expected: "?since=2020-02-03T00%3A00%3A00.000Z",
  },
  {
    rule: "a Date from another realm is written as ISO 8601 too",
    template: "{?since}",
    variables: { since: runInNewContext("new Date(Date.UTC(2020, 1, 3))") as Date },
    expected: "?since=2020-02-03T00%3A00%3A00.000Z",
  },
  {
    rule: "a lone surrogate becomes U+FFFD instead of throwing a URIError",
    template: "{x}",
    variables: { x: "a\uD800b" },
    expected: "a%EF%BF%BDb",
  },
  {
    rule: "undefined and null list members are skipped",
    template: "{?list}",
    variables: { list: [null, "a", undefined, "b"] },
    expected: "?list=a,b",
  },
  {
    rule: "a list of only undefined members is undefined",
    template: "x{?list}",
    variables: { list: [null, undefined] },
    expected: "x",
  },
  {
    rule: "object members with undefined values are skipped",
    template: "{?keys*}",
    variables: { keys: { a: "1", b: undefined } },
    expected: "?a=1",
  },
  {
    rule: "inherited properties are never variables",
    template: "{toString}{constructor}",
    variables: {},
    expected: "",
  },
  {
    rule: "an object made by Object.create(null) is an associative array",
    template: "{keys*}",
    variables: { keys: Object.assign(Object.create(null), { a: 1 }) },
    expected: "a=1",
  },
  {
    rule: "literals outside the URI character set (ucschar) are percent-encoded as UTF-8 (section 3.1)",
    template: "a/é中",
    variables: {},
    expected: "a/%C3%A9%E4%B8%AD",
  },
  {
    rule: "a colon in a literal stays (no :name in parseTemplate)",
    template: "/a/:b",
    variables: { b: "x" },
    expected: "/a/:b",
  },
  { rule: "an empty template expands to an empty string", template: "", variables: {}, expected: "" },
  {
    rule: "UTF-8 takes two bytes from U+0080 to U+07FF, three to U+FFFF, four beyond (RFC 3629)",
    template: "{a}{b}{c}{d}{e}",
    variables: { a: "\u007f\u0080", b: "\u07ff", c: "\u0800", d: "\uffff", e: "\u{10000}" },
    expected: "%7F%C2%80%DF%BF%E0%A0%80%EF%BF%BF%F0%90%80%80",
  },
  {
    rule: "{+x} keeps only a % followed by two hex digits; any other % is encoded",
    template: "{+a}{+b}{+c}",
    variables: { a: "%z2", b: "%2z", c: "%41" },
    expected: "%25z2%252z%41",
  },
  {
    rule: "a prefix modifier takes a surrogate pair whole, from U+10000 to U+10FFFF, and a private-use character as one",
    template: "{a:1}{b:1}{c:1}",
    variables: { a: "\uE000ab", b: "\u{10000}ab", c: "\u{10FFFF}ab" },
    expected: "%EE%80%80%F0%90%80%80%F4%8F%BF%BF",
  },
  {
    rule: "a prefix modifier counts the characters just outside the surrogate range (U+D7FF, a lone U+DC00) as one each",
    template: "{a:1}{b:1}",
    variables: { a: "\uD7FFb", b: "\uDC00b" },
    expected: "%ED%9F%BF%EF%BF%BD",
  },
  {
    rule: "encoding reads a surrogate pair only as high then low: U+D7FF is a character, a lone or reversed surrogate U+FFFD",
    template: "{a}/{b}/{c}",
    variables: { a: "\uD7FF", b: "\uDC00\uDC00", c: "\uD800\uE000" },
    expected: "%ED%9F%BF/%EF%BF%BD%EF%BF%BD/%EF%BF%BD%EE%80%80",
  },
  {
    rule: "{;keys*} writes an empty member as its bare name, as {;x} does (section 3.2.7)",
    template: "{;keys*}{;list*}",
    variables: { keys: { a: "", b: "1" }, list: ["", "2"] },
    expected: ";a;b=1;list;list=2",
  },
  {
    rule: "{keys*} and {?keys*} keep the = of an empty member (sections 3.2.2 and 3.2.8)",
    template: "{keys*}{?more*}",
    variables: { keys: { a: "" }, more: { b: "" } },
    expected: "a=?b=",
  },
  {
    rule: "an object's undefined and null members are left out, as a list's are",
    template: "{x}{y*}",
    variables: { x: { a: null, b: undefined }, y: { c: null, d: "1" } },
    expected: "d=1",
  },
  {
    rule: "parseTemplate is plain RFC 6570: a dot segment is a value like any other (only endpoint urls refuse one)",
    template: "{x}{/y*}",
    variables: { x: [".."], y: ["..", "."] },
    expected: "../../.",
  },
  {
    rule: "variables from another realm (a vm context, an iframe) are a plain object too",
    template: "{x}",
    variables: runInNewContext('({ x: "a" })') as Record<string, unknown>,
    expected: "a",
  },
];

describe("parseTemplate(template).expand(variables)", () => {
  it.each(expansions)("$rule", ({ template, variables, expected }) => {
    expect(parseTemplate(template).expand(variables)).toBe(expected);
  });

  it("names the variables once each, in order", () => {
    expect(parseTemplate("/{a}{/b,a}{?c*,d:3}").variableNames).toStrictEqual(["a", "b", "c", "d"]);
  });

  it("keeps the template as written", () => {
    expect(parseTemplate("/{a}").template).toBe("/{a}");
  });

  it("is reusable: one parse, many expansions", () => {
    const template = parseTemplate("/users/{username}");
    expect(template.expand({ username: "a" })).toBe("/users/a");
    expect(template.expand({ username: "b" })).toBe("/users/b");
  });

  it("rejects variables that are not a plain object: a Map or an array would be read by its properties", () => {
    expect(() => parseTemplate("{a}").expand(null as never)).toThrow(EndpointError);
    expect(() => parseTemplate("{a}").expand(new Map([["a", "b"]]) as never)).toThrow(
      'the variables argument for "{a}" is Map, not a plain object; pass e.g. { name: "value" } (Object.fromEntries(map) turns a Map into one)',
    );
    expect(() => parseTemplate("{0}").expand(["b"] as never)).toThrow(
      expect.objectContaining({ code: "ERR_INVALID_PARAMETER" }),
    );
  });

  it("takes no variables as none", () => {
    expect(parseTemplate("/x{?a}").expand()).toBe("/x");
    expect(parseTemplate("/x{?a}").expand(Object.create(null) as never)).toBe("/x");
  });

  it.each([
    ["a nested list", { x: [["a"]] }],
    ["an object inside a list", { x: [{ a: 1 }] }],
    ["a symbol", { x: Symbol("s") }],
    ["a class instance", { x: new Map() }],
  ])("rejects %s as a value with ERR_INVALID_PARAMETER", (_, variables) => {
    expect(() => parseTemplate("{x}").expand(variables)).toThrow(
      expect.objectContaining({ code: "ERR_INVALID_PARAMETER" }),
    );
  });

  it.each([
    ["a name starting with a dot after a comma", "{x,.a}", 3],
    ["a % not followed by two hex digits in a name", "{a%za}", 2],
    ["a % followed by one hex digit in a name", "{a%2z}", 2],
    ["a % whose first digit is not hex", "{a%z1}", 2],
    ["a character that is not a name character after %XX", "{a%41$}", 5],
    ["a prefix that is not all digits", "{x:a1}", 2],
  ])("rejects %s with ERR_INVALID_TEMPLATE at its index", (_, template, index) => {
    expectTemplateErrorAt(template, index);
  });

  it("does not read :name or accept - in names: that is only for endpoint urls", () => {
    expect(() => parseTemplate("{a-b}")).toThrow(expect.objectContaining({ code: "ERR_INVALID_TEMPLATE" }));
  });
});

describe("literal text (RFC 6570 section 2.1)", () => {
  it.each([
    ["a space", "/a b", 2],
    ['a "', '/a"', 2],
    ["<", "/<x>", 1],
    ["a backslash", "/a\\b", 2],
    ["^", "/a^", 2],
    ["a backtick", "/a`", 2],
    ["|", "/a|b", 2],
    ["a control character", "/a\u0001", 2],
    ["DEL", "/a\u007f", 2],
    ["a C1 control character", "/a\u0085", 2],
    ["a lone high surrogate", "/a\ud800", 2],
    ["a lone low surrogate", "/a\udc00b", 2],
    ["a noncharacter U+FFFE", "/a\ufffe", 2],
    ["a noncharacter U+1FFFF", "/a\u{1ffff}", 2],
    ["a tag character U+E0041", "/a\u{e0041}", 2],
    ["a bare %", "/100%", 4],
    ["% and one hex digit", "/a%4", 2],
    ["% and no hex digits", "/a%zz", 2],
    ["% split by an expression", "/a%4{x}1", 2],
  ])("refuses %s with ERR_INVALID_TEMPLATE at its index", (_, template, index) => {
    expectTemplateErrorAt(template, index);
  });

  it("says how to fix it", () => {
    expect(() => parseTemplate("/a b")).toThrow(
      'invalid template "/a b" at index 2: " " (U+0020) cannot stand in literal text (RFC 6570 section 2.1); percent-encode it as UTF-8, e.g. %20 for a space',
    );
    expect(() => parseTemplate("/100%")).toThrow('"%" must start a percent-encoded byte; write "%25" for a "%" itself');
  });

  it.each([
    ["reserved and unreserved ASCII", "/a-b.c_d~e!$&'()*+,;=:@[]?#/"],
    ["percent-encoded bytes", "/a%20b%E4%B8%AD"],
    ["ucschar", "/é/中/\u00a0/\ud7ff/\uf900/\ufdf0/\uffef/😀/\u{2fffd}/\u{e1000}"],
    ["iprivate", "/\ue000/\uf8ff/\u{f0000}/\u{10fffd}"],
  ])("takes %s", (_, template) => {
    expect(parseTemplate(template).expand({})).toBe(parseTemplate(template).expand({}));
    expect(() => parseTemplate(template)).not.toThrow();
  });

  it("leaves endpoint urls lenient: they percent-encode what templates may not hold, as @octokit/endpoint does", () => {
    expect(endpoint("GET /a|b^c%zz").url).toBe("https://api.github.com/a%7Cb%5Ec%25zz");
    expect(endpoint({ url: '/a b"' }).url).toBe("https://api.github.com/a%20b%22");
  });
});
