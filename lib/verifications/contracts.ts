import { z } from "zod";
import { loadEnv } from "../env";
import { listEnvelopeSchema } from "../http/pagination";
import { defineRoute } from "../openapi/contract";
import { listVerificationsQuerySchema } from "./list-verifications";
import { createVerificationJsonSchema, createVerificationMultipartSchema } from "./parse-document-request";
import { verificationSchema } from "./verification-schema";

export const VERIFICATION_BODY_LIMIT = () => Math.ceil((loadEnv().MAX_UPLOAD_BYTES * 4) / 3) + 64 * 1024;

export const verificationParamsSchema = z.strictObject({
  id: z.string().min(1).max(64).meta({ description: "A verification id (ver_…)." }),
});

export const createVerificationRoute = defineRoute({
  operationId: "createVerification",
  summary: "Verify a document",
  description:
    "Synchronous: answers with the finished verification. Send multipart/form-data with a `file` part, or JSON with " +
    "`document_base64` + `content_type`, or JSON with `document_url`. `mode: deep` costs 5 credits in live mode, standard 1; test mode is free.",
  tag: "Verifications",
  scope: "verifications:write",
  idempotent: { bodyLimit: VERIFICATION_BODY_LIMIT },
  body: {
    json: createVerificationJsonSchema.meta({ id: "CreateVerificationRequest" }),
    multipart: createVerificationMultipartSchema,
  },
  responses: {
    200: {
      description: "The verification (status completed, or failed when the document could not be analysed).",
      schema: verificationSchema,
    },
  },
  errors: ["invalid_request", "idempotency_conflict", "payload_too_large", "unsupported_media_type", "engine_busy"],
});

export const listVerificationsRoute = defineRoute({
  operationId: "listVerifications",
  summary: "List verifications, newest first",
  tag: "Verifications",
  scope: "verifications:read",
  query: listVerificationsQuerySchema,
  responses: {
    200: {
      description: "One page of the caller's verifications in the token's mode.",
      schema: listEnvelopeSchema(verificationSchema).meta({ id: "VerificationList" }),
    },
  },
  errors: ["invalid_request"],
});

export const getVerificationRoute = defineRoute({
  operationId: "getVerification",
  summary: "Retrieve a verification",
  tag: "Verifications",
  scope: "verifications:read",
  params: verificationParamsSchema,
  responses: { 200: { description: "The verification.", schema: verificationSchema } },
  errors: ["not_found"],
});
