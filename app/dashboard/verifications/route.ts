import { z } from "zod";
import { withApp } from "@/lib/api/app-api";
import { DOC_TYPES, VERDICTS } from "@/lib/forensics/types";
import { json } from "@/lib/http/response";
import { listHistory } from "@/lib/verifications/list-history";
import { verificationHistorySchema } from "@/lib/verifications/public-verification-schema";

export const dynamic = "force-dynamic";

const HistoryQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).default(0),
  verdict: z.enum(VERDICTS).optional(),
  doc_type: z.enum(DOC_TYPES).optional(),
});

export const GET = withApp(
  {
    operationId: "listVerificationHistory",
    summary: "The user's verification history, newest first",
    description: "Live verifications only: test-mode API calls are simulations.",
    tag: "dashboard",
    access: "user",
    query: HistoryQuery,
    responses: { 200: { description: "One page of the history.", schema: verificationHistorySchema } },
  },
  async ({ db, user, query }) =>
    json(
      await listHistory(db, user.id, {
        limit: query.limit,
        offset: query.offset,
        verdict: query.verdict,
        docType: query.doc_type,
      }),
    ),
);
