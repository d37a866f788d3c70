// The public surface of endpoint-options: exactly these names.

export { EndpointError, type EndpointErrorCode } from "./base/errors.js";
export {
  type FetchInit,
  type NodeRequestArguments,
  type PipeableStream,
  toFetch,
  toNodeRequest,
} from "./clients/adapters.js";
export { toCurl } from "./clients/curl.js";
export { octokitFetch } from "./clients/octokit.js";
export {
  type Operation,
  type OperationBody,
  type OperationEncoding,
  type OperationParameter,
  type OperationTable,
  withOperations,
} from "./clients/operations.js";
export { nextPage } from "./clients/pages.js";
export { endpoint, type NoRoutes, rest } from "./core/endpoint.js";
export type { SerializationStyle } from "./core/query.js";
export type { Method } from "./core/route.js";
export { parseTemplate, type TemplateVariables, type UriTemplate } from "./template/template.js";
export type { Endpoint, RouteName, StrictEndpoint } from "./types/endpoint.js";
export type {
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
} from "./types/options.js";
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
} from "./types/route-types.js";
