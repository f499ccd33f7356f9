import { withApp } from "@/lib/api/app-api";
import { json } from "@/lib/http/response";
import { cvUploadListSchema } from "@/lib/holder/cv/cv-schema";
import { listCvUploads } from "@/lib/holder/cv/list-cv-uploads";
import { toApiCvUpload } from "@/lib/holder/cv/serialize";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withApp(
  {
    operationId: "listHolderCvUploads",
    summary: "The user's CVs with their parsing status",
    description:
      "Newest first. Poll it while a CV is parsing: status turns parsed (event_count) or failed (parse_error).",
    tag: "holder",
    access: "user",
    responses: { 200: { description: "The CVs.", schema: cvUploadListSchema } },
  },
  async ({ db, user }) => json({ object: "list", data: (await listCvUploads(db, user.id)).map(toApiCvUpload) }),
);
