import { withApp } from "@/lib/api/app-api";
import { json } from "@/lib/http/response";
import { cvParamsSchema, deleteCvQuerySchema, deletedCvSchema } from "@/lib/holder/cv/cv-schema";
import { deleteCvUpload } from "@/lib/holder/cv/delete-cv-upload";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const DELETE = withApp(
  {
    operationId: "deleteHolderCv",
    summary: "Delete a CV, and optionally the life events read from it",
    tag: "holder",
    access: "user",
    params: cvParamsSchema,
    query: deleteCvQuerySchema,
    responses: { 200: { description: "The CV and its file are gone.", schema: deletedCvSchema } },
    errors: ["not_found"],
  },
  async ({ db, user, params, query }) =>
    json(await deleteCvUpload(db, user.id, params.cv_id, { deleteEvents: query.delete_events })),
);
