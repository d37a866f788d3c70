// The generator's refusal of a document (an OpenApiError, the CLI's exit 2), for the tests that check it.
import { expect } from "vitest";
import { OpenApiError } from "../../src/openapi/openapi.js";
import { thrownBy } from "./thrown.js";

/** The error `run` throws, asserted to be an OpenApiError; `label` names the case when it fails. */
export function openApiErrorFrom(run: () => unknown, label?: string): OpenApiError {
  const thrown = thrownBy(run);
  expect(thrown, label).toBeInstanceOf(OpenApiError);
  return thrown as OpenApiError;
}
