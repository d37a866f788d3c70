// Runs the conformance cases of cases.js against one loaded copy of the package and reports the counts.
// Plain JavaScript without runtime APIs, so Node (ESM and CommonJS), Deno, Bun and a browser page share it.
import { endpointCases, endpointErrorCases, templateCases, templateErrorCases } from "./cases.js";

/** Structural equality for what request options hold: primitives, arrays, plain objects and Dates. */
function isDeepEqual(actual, expected) {
  if (Object.is(actual, expected)) return true;
  if (typeof actual !== "object" || typeof expected !== "object" || actual === null || expected === null) return false;
  if (expected instanceof Date) return actual instanceof Date && actual.getTime() === expected.getTime();
  if (Array.isArray(expected) !== Array.isArray(actual)) return false;
  const actualKeys = Object.keys(actual).sort();
  const expectedKeys = Object.keys(expected).sort();
  if (actualKeys.join("\n") !== expectedKeys.join("\n")) return false;
  return expectedKeys.every((key) => isDeepEqual(actual[key], expected[key]));
}

function show(value) {
  try {
    return JSON.stringify(value, (_key, item) => (item === undefined ? "<undefined>" : item));
  } catch {
    return String(value);
  }
}

function runEndpointCase(endpoint, testCase) {
  let target = endpoint;
  for (const defaults of testCase.defaults ?? []) target = target.defaults(defaults);
  if (testCase.via === "merge") return target.merge(...testCase.call);
  if (testCase.via === "DEFAULTS") return target.DEFAULTS;
  return target(...testCase.call);
}

function checkError(lib, error, code) {
  if (!(error instanceof lib.EndpointError)) return `threw ${show(String(error))}, not an EndpointError`;
  if (!(error instanceof TypeError)) return "the EndpointError is not a TypeError";
  if (error.name !== "EndpointError") return `error.name is ${show(error.name)}`;
  if (error.code !== code) return `error.code is ${show(error.code)}, expected ${code}`;
  if (typeof error.message !== "string" || error.message === "") return "the error has no message";
  return undefined;
}

/**
 * Runs every case against `lib` (the module namespace or `require()` result of the package).
 * @param {{ endpoint: Function, parseTemplate: Function, EndpointError: Function }} lib
 * @param {{ userAgent: string }} settings
 * @returns {{ passed: number, failed: number, failures: { name: string, reason: string }[] }}
 */
export function runCases(lib, { userAgent }) {
  const failures = [];
  let passed = 0;
  const check = (name, test) => {
    let reason;
    try {
      reason = test();
    } catch (error) {
      reason = `unexpected throw: ${error instanceof Error ? `${error.name}: ${error.message}` : show(error)}`;
    }
    if (reason === undefined) passed++;
    else failures.push({ name, reason });
  };

  for (const testCase of endpointCases(userAgent)) {
    check(testCase.name, () => {
      const actual = runEndpointCase(lib.endpoint, testCase);
      return isDeepEqual(actual, testCase.expected)
        ? undefined
        : `got ${show(actual)}, expected ${show(testCase.expected)}`;
    });
  }
  for (const { name, call, code } of endpointErrorCases) {
    check(`throws ${code}: ${name}`, () => {
      try {
        lib.endpoint(...call);
      } catch (error) {
        return checkError(lib, error, code);
      }
      return `did not throw, expected ${code}`;
    });
  }
  for (const { name, template, variables, expected } of templateCases) {
    check(`parseTemplate: ${name}`, () => {
      const actual = lib.parseTemplate(template).expand(variables);
      return actual === expected ? undefined : `${template} expanded to ${show(actual)}, expected ${show(expected)}`;
    });
  }
  for (const { name, template } of templateErrorCases) {
    check(`parseTemplate throws ERR_INVALID_TEMPLATE: ${name}`, () => {
      try {
        lib.parseTemplate(template);
      } catch (error) {
        return checkError(lib, error, "ERR_INVALID_TEMPLATE");
      }
      return `${show(template)} parsed, expected ERR_INVALID_TEMPLATE`;
    });
  }
  return { passed, failed: failures.length, failures };
}

/** Which runtime this is, as the runtime itself says: the tests check that each runner ran where intended. */
export function describeRuntime() {
  const { Deno, Bun, process, navigator } = globalThis;
  if (Deno !== undefined) return { runtime: "deno", version: Deno.version.deno };
  if (Bun !== undefined) return { runtime: "bun", version: Bun.version };
  if (process?.versions?.node !== undefined) return { runtime: "node", version: process.versions.node };
  return { runtime: "browser", version: navigator?.userAgent ?? "unknown" };
}
