import { withPublicApi } from "@/lib/api/public-api";
import { listEnvelopeSchema } from "@/lib/http/pagination";
import { json } from "@/lib/http/response";
import { createVerification } from "@/lib/verifications/create-verification";
import { listVerifications, listVerificationsQuerySchema } from "@/lib/verifications/list-verifications";
import {
  createVerificationJsonSchema,
  createVerificationMultipartSchema,
  documentBodyLimit,
  parseDocumentRequest,
} from "@/lib/verifications/parse-document-request";
import { toApiVerification } from "@/lib/verifications/serialize";
import { verificationSchema } from "@/lib/verifications/verification-schema";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = withPublicApi(
  {
    operationId: "createVerification",
    summary: "Verify a document",
    description:
      "Synchronous: answers with the finished verification. Send multipart/form-data with a `file` part, or JSON with " +
      "`document_base64` + `content_type`, or JSON with `document_url`. `mode: deep` costs 5 credits in live mode, standard 1; test mode is free.",
    tag: "Verifications",
    scope: "verifications:write",
    idempotent: { bodyLimit: documentBodyLimit },
    // Either form is read by parseDocumentRequest (an upload streams through it), not by the wrapper.
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
    errors: ["idempotency_conflict", "engine_busy"],
  },
  async ({ req, db, auth, usage, reservedId }) => {
    const document = await parseDocumentRequest(req);
    const verification = await createVerification(db, {
      id: reservedId?.("verification"),
      userId: auth.user.id,
      tokenId: auth.token.id,
      livemode: auth.livemode,
      source: "api",
      document,
    });
    usage.credits = verification.creditsCharged;
    return json(toApiVerification(verification));
  },
);

export const GET = withPublicApi(
  {
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
  },
  async ({ db, auth, query }) =>
    json(await listVerifications(db, { userId: auth.user.id, livemode: auth.livemode }, query)),
);
