// What a call throws, for the tests that check the error itself: its class, code and message.
import { expect } from "vitest";
import { EndpointError } from "../../src/index.js";

/** What `run` throws, or undefined when it returns. */
export function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}

/** The error `run` throws, asserted to be an EndpointError with `code`; `label` names the case when it fails. */
export function endpointErrorFrom(run: () => unknown, code: string, label?: string): EndpointError {
  const thrown = thrownBy(run);
  expect(thrown, label).toBeInstanceOf(EndpointError);
  expect((thrown as EndpointError).code, label).toBe(code);
  return thrown as EndpointError;
}

/** Runs `work`: its result, or the EndpointError it threw. Anything else thrown fails the property that runs it. */
export function settle<T>(work: () => T): T | EndpointError {
  try {
    return work();
  } catch (error) {
    if (error instanceof EndpointError) return error;
    throw error;
  }
}
