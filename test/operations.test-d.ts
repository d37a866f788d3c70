// withOperations types as the endpoint it wraps: a generated module annotates it StrictEndpoint<Routes>.
import { describe, expectTypeOf, it } from "vitest";
import { endpoint, type OperationTable, rest, type StrictEndpoint, withOperations } from "../src/index.js";

interface WidgetRoutes {
  "GET /widgets": { color?: readonly string[] | undefined };
  "POST /widgets": { name: string };
}

describe("withOperations returns the endpoint's own type", () => {
  const table: OperationTable = JSON.parse("{}");

  it("rest and endpoint levels keep their types, defaults and family included", () => {
    const api = rest.defaults({ baseUrl: "https://api.example.com", key: "k" });
    expectTypeOf(withOperations(api, table)).toEqualTypeOf<typeof api>();
    expectTypeOf(withOperations(endpoint, table)).toEqualTypeOf<typeof endpoint>();
    expectTypeOf(withOperations(api, table)("GET /widgets/{id}", { id: 1 }).method).toEqualTypeOf<"get">();
  });

  it("as a generated module writes it: a StrictEndpoint of the map, strict through .defaults()", () => {
    const widgets: StrictEndpoint<WidgetRoutes> = withOperations(
      rest.defaults({ baseUrl: "https://api.example.com" }),
      table,
    );
    expectTypeOf(withOperations(widgets, table)).toEqualTypeOf<StrictEndpoint<WidgetRoutes>>();
    widgets("GET /widgets", { color: ["blue"] });
    // @ts-expect-error missing required parameter: name
    widgets("POST /widgets", {});
    // @ts-expect-error GET /widget is not in the route map
    widgets.defaults({ headers: { authorization: "Bearer t" } })("GET /widget");
  });

  it("refuses what is no endpoint function, and a table entry that is no operation", () => {
    // @ts-expect-error a function without .defaults(), .merge() and .parse()
    withOperations(() => 1, table);
    // @ts-expect-error an operation has a method
    withOperations(rest, { "GET /x": { url: "/x" } });
    const literal: OperationTable = {
      "POST /x/{id}": {
        method: "POST",
        url: "/x/{id}",
        parameters: [{ name: "filter", in: "query", style: "deepObject", explode: true }],
        body: { kind: "form", encoding: { tags: { style: "pipeDelimited" } } },
      },
    };
    const matrix: OperationTable = {
      "GET /x": {
        method: "GET",
        url: "/x",
        // @ts-expect-error matrix is a path style, written in the url template; the table has query styles only
        parameters: [{ name: "a", in: "query", style: "matrix" }],
      },
    };
    expectTypeOf(literal).toEqualTypeOf<OperationTable>();
    expectTypeOf(matrix).toEqualTypeOf<OperationTable>();
  });
});
