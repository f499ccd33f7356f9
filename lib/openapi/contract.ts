// A route's contract: what its handler accepts and answers, and who may call it. The route file
// passes it to its wrapper (withPublicApi for /v1, withApp for the application routes), which
// enforces it and attaches it to the handler; the OpenAPI documents are generated from the
// handlers' contracts (lib/openapi/route-table.ts). Method and path are not written here: they
// are the route file's export name and folder, as Next.js routes them.
import type { z } from "zod";
import type { ErrorCode } from "../http/errors";
import type { Scope } from "../tokens/scopes";
import type { ResponseHeader } from "./headers";

export const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export interface ResponseContract {
  description: string;
  /** JSON body schema; omit for non-JSON bodies (then give contentType). */
  schema?: z.ZodType;
  /** The body's type when not JSON; beside a schema, another type the same answer may come as. */
  contentType?: string;
  /** Extra response headers beyond the ones every response of the family carries. */
  headers?: ResponseHeader[];
}

export interface BodyContract {
  /** A JSON body, validated by the wrapper before the handler runs (unless multipart is given too). */
  json?: z.ZodType;
  /** A multipart body, documented here and read by the handler (uploads stream through the domain's parser). */
  multipart?: z.ZodType;
  /** Default true; false lets an empty body through (the handler sees `body` undefined). */
  required?: boolean;
  /** Largest JSON body in bytes (default 1 MiB); a function when it follows the configuration. */
  limit?: number | (() => number);
}

interface OperationContract {
  operationId: string;
  summary: string;
  description?: string;
  tag: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: BodyContract;
  responses: Record<number, ResponseContract>;
  /** Error codes this route can answer besides the ones its family and access rule imply. */
  errors?: ErrorCode[];
}

/** A /v1 route (and MCP): bearer API token, scopes, plan, idempotency. */
export interface RouteContract extends OperationContract {
  /** false for the public documentation routes; default: bearer API token. */
  auth?: false;
  scope?: Scope;
  plan?: "business";
  /** Honours Idempotency-Key; the body is buffered up to bodyLimit bytes for the request hash. */
  idempotent?: { bodyLimit: () => number };
}

/**
 * Who may call an application route. `user` routes that address a resource answer 404 for another
 * user's (routes.tsv's user-owner); the handler's `*-or-throw` lookup does that.
 */
export const APP_ACCESS = ["public", "optional", "user", "admin", "super_admin", "admin-secret"] as const;
export type Access = (typeof APP_ACCESS)[number];

/** An application route (outside /v1): JWT bearer or session cookie, an access rule, 422 validation. */
export interface AppRouteContract extends OperationContract {
  access: Access;
}

/** What a wrapper attaches to the handler it returns, so the route table can read the contract. */
export type Documented = { family: "v1"; contract: RouteContract } | { family: "app"; contract: AppRouteContract };

/** One documented operation: where it is served and its contract. */
export type RouteEntry = Documented & { method: HttpMethod; path: string };
