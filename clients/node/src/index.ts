// @credence/client — the official Node/TypeScript client of the Credence /v1 API.
export { Credence, type CreateVerificationParams, type UploadParams } from "./client.js";
export {
  AuthenticationError,
  ConflictError,
  ConnectionError,
  CredenceError,
  InvalidRequestError,
  NotFoundError,
  PermissionError,
  RateLimitError,
  ServerError,
  SignatureVerificationError,
} from "./errors.js";
export {
  backoff,
  VERSION,
  type ClientOptions,
  type RequestOptions,
  type ResponseMeta,
  type WithResponse,
} from "./http.js";
export { PageList, type Page } from "./pagination.js";
export type * from "./types.js";
export type { FileInput } from "./upload.js";
export { constructEvent, generateTestHeader, SIGNATURE_HEADER, webhooks } from "./webhook-signature.js";
export type { components, operations, paths } from "./openapi.gen.js";
export { Credence as default } from "./client.js";
