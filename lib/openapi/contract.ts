// A route's contract: method, path, access rules and the zod schemas its handler validates with.
// The /v1 wrapper reads the access rules from it and the OpenAPI document is generated from it.
import type { z } from "zod";
import type { ErrorCode } from "../http/errors";
import type { Scope } from "../tokens/scopes";
import type { ResponseHeader } from "./headers";

export interface ResponseContract {
  description: string;
  /** JSON body schema; omit for non-JSON bodies (then give contentType). */
  schema?: z.ZodType;
  contentType?: string;
  /** Extra response headers beyond the ones every /v1 response carries. */
  headers?: ResponseHeader[];
}

export interface RouteContract {
  method: "get" | "post" | "put" | "patch" | "delete";
  /** OpenAPI path template, e.g. "/v1/verifications/{id}". */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tag: string;
  /** false for the public documentation routes; default: bearer API token. */
  auth?: false;
  scope?: Scope;
  plan?: "business";
  /** Honours Idempotency-Key; the body is buffered up to bodyLimit bytes for the request hash. */
  idempotent?: { bodyLimit: () => number };
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: { json?: z.ZodType; multipart?: z.ZodType; required?: boolean };
  responses: Record<number, ResponseContract>;
  /** Error codes this route can answer besides the ones every authenticated route can. */
  errors?: ErrorCode[];
}

export function defineRoute<const C extends RouteContract>(contract: C): C {
  return contract;
}
