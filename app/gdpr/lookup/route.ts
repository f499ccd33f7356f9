import { withApp } from "@/lib/api/app-api";
import { lookupQuerySchema, lookupResultSchema } from "@/lib/gdpr/gdpr-schema";
import { lookupHolder } from "@/lib/gdpr/lookup-holder";
import { json } from "@/lib/http/response";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withApp(
  {
    operationId: "lookupHolder",
    summary: "The caller's own verifications of a holder, by name",
    description:
      "Signed-in only, and only the caller's own verifications: it never tells whether another account holds a " +
      "document of that person. `holder` (2-100 characters) is required here, though the spec marks it optional: " +
      "without a name there is nothing to look up (the whole history is GET /dashboard/verifications). Names match in " +
      "any order, with or without accents, in another script, with initials or fewer names.",
    tag: "gdpr",
    access: "user",
    query: lookupQuerySchema,
    responses: { 200: { description: "Matching verifications, newest first.", schema: lookupResultSchema } },
  },
  async ({ db, user, query }) => json(await lookupHolder(db, user.id, query)),
);
