import { withApp } from "@/lib/api/app-api";
import { folderParamsSchema } from "@/lib/folders/folder-schema";
import { listFolderVerifications } from "@/lib/folders/list-folder-verifications";
import { folderSummary } from "@/lib/folders/summary/folder-summary";
import { folderSummarySchema } from "@/lib/folders/summary/summary-schema";
import { json } from "@/lib/http/response";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withApp(
  {
    operationId: "getFolderSummary",
    summary: "Cross-document consistency of a folder",
    description:
      "Names (matched across order, initials, accents and scripts), dates of birth, document numbers (between " +
      "documents of the same type), institutions and graduation dates (between diplomas and transcripts), as the " +
      "engine read them, each with the documents behind every value; the overall status and the worst verdict.",
    tag: "folders",
    access: "user",
    params: folderParamsSchema,
    responses: { 200: { description: "The summary.", schema: folderSummarySchema } },
    errors: ["not_found"],
  },
  async ({ db, user, params }) => {
    const { links } = await listFolderVerifications(db, user.id, params.folder_id);
    return json(folderSummary(links.map((l) => l.verification)));
  },
);
