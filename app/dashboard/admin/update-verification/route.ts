import { z } from "zod";
import { withApp } from "@/lib/api/app-api";
import { DOC_TYPES, VERDICTS } from "@/lib/forensics/types";
import { json } from "@/lib/http/response";
import { sharedVerification } from "@/lib/verifications/public-verification";
import { publicVerificationSchema } from "@/lib/verifications/public-verification-schema";
import { updateVerdict } from "@/lib/verifications/update-verdict";

const UpdateVerificationRequest = z
  .strictObject({
    verification_id: z.string().min(1).max(100),
    updates: z
      .strictObject({
        verdict: z.enum(VERDICTS).optional(),
        confidence: z.number().min(0).max(1).optional(),
        doc_type: z.enum(DOC_TYPES).optional(),
        summary: z.string().max(10_000).optional(),
        fields: z
          .record(z.string().max(100), z.union([z.string().max(2000), z.number(), z.boolean(), z.null()]))
          .optional(),
      })
      .refine((u) => Object.keys(u).length > 0, "give at least one field to update"),
  })
  .meta({ id: "UpdateVerificationRequest" });

export const POST = withApp(
  {
    operationId: "updateVerification",
    summary: "Update fields inside a verification's verdict",
    tag: "dashboard",
    access: "admin",
    body: { json: UpdateVerificationRequest },
    responses: { 200: { description: "The verification as updated.", schema: publicVerificationSchema } },
    errors: ["not_found"],
  },
  async ({ db, body }) =>
    json(await sharedVerification(db, await updateVerdict(db, body.verification_id, body.updates))),
);
