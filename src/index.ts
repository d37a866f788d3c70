// The public surface of endpoint-options: exactly these names.
export { type FetchInit, type NodeRequestArguments, type PipeableStream, toFetch, toNodeRequest } from "./adapters.js";
export { toCurl } from "./curl.js";
export { endpoint, type NoRoutes, rest } from "./endpoint.js";
export { EndpointError, type EndpointErrorCode } from "./errors.js";
export { octokitFetch } from "./octokit.js";
export {
  type Operation,
  type OperationBody,
  type OperationEncoding,
  type OperationParameter,
  type OperationTable,
  withOperations,
} from "./operations.js";
export { nextPage } from "./pages.js";
export type { SerializationStyle } from "./query.js";
export type { Method } from "./route.js";
export type {
  EndpointRoutes,
  InRouteMap,
  InvalidRoute,
  NonLiteralRoute,
  PathParameterValue,
  RequiredParameters,
  RouteMergedOptions,
  RouteRequestOptions,
  UnknownParameter,
  ValidRoute,
} from "./route-types.js";
export { parseTemplate, type TemplateVariables, type UriTemplate } from "./template.js";
export type {
  Endpoint,
  EndpointOptionFields,
  EndpointOptions,
  HeadersInput,
  HeadersLike,
  HeaderValue,
  MediaTypeDefaults,
  MediaTypeOptions,
  MergedHeaders,
  MergedOptions,
  ParseOptions,
  RequestMeta,
  RequestOptions,
  RouteName,
  StrictEndpoint,
} from "./types.js";
