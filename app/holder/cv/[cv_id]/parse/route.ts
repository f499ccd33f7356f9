import { withApp } from "@/lib/api/app-api";
import { json } from "@/lib/http/response";
import { cvParamsSchema, cvUploadSchema } from "@/lib/holder/cv/cv-schema";
import { requestCvParse } from "@/lib/holder/cv/request-cv-parse";
import { toApiCvUpload } from "@/lib/holder/cv/serialize";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = withApp(
  {
    operationId: "parseHolderCv",
    summary: "Read education and work entries from a CV into life events",
    description:
      "Queues the parse and answers at once with status parsing; poll GET /holder/cv/uploads. The entries become " +
      "life events with source cv, replacing those an earlier parse of this CV made. Needs a holder profile.",
    tag: "holder",
    access: "user",
    params: cvParamsSchema,
    responses: { 202: { description: "The CV, status parsing.", schema: cvUploadSchema } },
    errors: ["not_found", "conflict"],
  },
  async ({ db, user, params }) => json(toApiCvUpload(await requestCvParse(db, user.id, params.cv_id)), { status: 202 }),
);
