// fast-check arbitraries of OpenAPI documents for the generator's properties (test/openapi-cli.test.ts,
// test/openapi-schemas.test.ts): the keywords it reads, with names, $refs and paths that may break it.
import fc from "fast-check";

/** Names of properties, parameters and components, some of them hostile. */
const name = fc.constantFrom("A", "B", "C", "a b", "x-y", "__proto__", "*/", "\n", "url", "id", "%", "~1", "");
/** A schema of the keywords the generator reads, with $refs that may point anywhere, or nowhere. */
const schema = fc.letrec((tie) => ({
  schema: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.record(
      {
        type: fc.oneof(
          fc.constantFrom("string", "integer", "boolean", "null", "object", "array", "x"),
          fc.array(fc.constantFrom("string", "null", "array", "object"), { maxLength: 3 }),
        ),
        format: fc.constantFrom("date-time", "uri"),
      },
      { requiredKeys: [] },
    ),
    fc.record({
      $ref: fc.oneof(
        name.map((n) => `#/components/schemas/${n}`),
        fc.constantFrom("#", "#/", "#/paths", "#x", "x.json#/A", "#/components/schemas/%zz"),
      ),
    }),
    fc.record(
      {
        type: fc.constantFrom("object", "array"),
        properties: fc.dictionary(name, tie("schema"), { maxKeys: 3 }),
        required: fc.array(name, { maxLength: 3 }),
        items: tie("schema"),
        additionalProperties: fc.oneof(fc.boolean(), tie("schema")),
        nullable: fc.boolean(),
        format: fc.constantFrom("date-time", "uri"),
        enum: fc.array(fc.oneof(fc.string(), fc.integer(), fc.constant(null)), { maxLength: 3 }),
        const: fc.jsonValue({ maxDepth: 1 }),
      },
      { requiredKeys: [] },
    ),
    fc.record(
      {
        oneOf: fc.array(tie("schema"), { maxLength: 3 }),
        anyOf: fc.array(tie("schema"), { maxLength: 3 }),
        allOf: fc.array(tie("schema"), { maxLength: 3 }),
        properties: fc.dictionary(name, tie("schema"), { maxKeys: 2 }),
      },
      { requiredKeys: [] },
    ),
  ),
})).schema;
const parameter = fc.record(
  {
    name,
    in: fc.constantFrom("path", "query", "header", "cookie", "body"),
    required: fc.boolean(),
    style: fc.constantFrom("form", "deepObject", "spaceDelimited", "pipeDelimited", "label", "matrix", "simple"),
    explode: fc.boolean(),
    allowReserved: fc.boolean(),
    schema,
    content: fc.dictionary(fc.constantFrom("application/json", "text/plain"), fc.record({ schema })),
    description: fc.string(),
  },
  { requiredKeys: ["name", "in"] },
);
const operation = fc.record(
  {
    parameters: fc.array(
      fc.oneof(parameter, fc.record({ $ref: fc.constantFrom("#/components/parameters/P", "#/nowhere") })),
      { maxLength: 4 },
    ),
    requestBody: fc.record(
      {
        required: fc.boolean(),
        content: fc.dictionary(
          fc.constantFrom(
            "application/json",
            "text/plain",
            "application/x+json",
            "application/x-www-form-urlencoded",
            "multipart/form-data",
          ),
          fc.record(
            {
              schema,
              encoding: fc.dictionary(
                name,
                fc.record(
                  {
                    style: fc.constantFrom("form", "deepObject", "pipeDelimited", "x"),
                    explode: fc.boolean(),
                    contentType: fc.constantFrom("image/png", "a\nb"),
                  },
                  { requiredKeys: [] },
                ),
                { maxKeys: 2 },
              ),
            },
            { requiredKeys: ["schema"] },
          ),
        ),
      },
      { requiredKeys: [] },
    ),
    summary: fc.string(),
    operationId: fc.string(),
  },
  { requiredKeys: [] },
);
/** An OpenAPI document of the keywords the generator reads, its values and $refs drawn from small sets. */
export const openApiDocument = fc.record({
  openapi: fc.constantFrom("3.0.3", "3.1.0"),
  info: fc.record({ title: fc.string(), version: fc.string() }),
  servers: fc.array(fc.record({ url: fc.string() }), { maxLength: 1 }),
  paths: fc.dictionary(
    fc.oneof(
      fc.constantFrom("/a/{id}", "/b", "/{x}{y}", "/c:d", "/e?f=1", "/{{", "/#Action=X", "/g/{url}", "x-ext"),
      fc.string().map((path) => `/${path}`),
    ),
    fc.record({ get: operation, post: operation, patch: operation, trace: operation }, { requiredKeys: [] }),
    { maxKeys: 3 },
  ),
  components: fc.record({
    schemas: fc.dictionary(name, schema, { maxKeys: 4 }),
    parameters: fc.record({ P: parameter }),
  }),
});
