import { withApp } from "@/lib/api/app-api";
import { exportFileName, exportFolderCsv } from "@/lib/folders/export/export-folder-csv";
import { folderParamsSchema } from "@/lib/folders/folder-schema";
import { binaryResponse, disposition } from "@/lib/images/binary-response";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withApp(
  {
    operationId: "exportFolder",
    summary: "The folder's results as CSV",
    description:
      "RFC 4180, UTF-8 with a byte-order mark; one row per document with verdict, confidence, type, key fields and " +
      "the strongest findings. Cells a spreadsheet would run as formulas start with an apostrophe.",
    tag: "folders",
    access: "user",
    params: folderParamsSchema,
    responses: { 200: { description: "CSV attachment.", contentType: "text/csv" } },
    errors: ["not_found"],
  },
  async ({ db, user, params }) => {
    const { folder, csv } = await exportFolderCsv(db, user.id, params.folder_id);
    return binaryResponse(new TextEncoder().encode(csv), "text/csv; charset=utf-8", {
      "content-disposition": disposition("attachment", exportFileName(folder)),
      "cache-control": "no-store",
    });
  },
);
