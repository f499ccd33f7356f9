import { z } from "zod";
import { DOC_TYPES, VERDICTS } from "@/lib/forensics/types";
import { withApp } from "@/lib/api/app-api";
import { parseQuery } from "@/lib/http/request";
import { json } from "@/lib/http/response";
import { listHistory } from "@/lib/verifications/history";

export const dynamic = "force-dynamic";

const HistoryQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).default(0),
  verdict: z.enum(VERDICTS).optional(),
  doc_type: z.enum(DOC_TYPES).optional(),
});

export const GET = withApp({ access: "user" }, async ({ req, db, user }) => {
  const query = parseQuery(req, HistoryQuery);
  return json(
    await listHistory(db, user.id, {
      limit: query.limit,
      offset: query.offset,
      verdict: query.verdict,
      docType: query.doc_type,
    }),
  );
});
