import { z } from "zod";
import { withApp } from "@/lib/api/app-api";
import { deleteFolder } from "@/lib/folders/delete-folder";
import { folderCounts } from "@/lib/folders/folder-counts";
import { folderDetailSchema, folderParamsSchema, folderSchema, updateFolderSchema } from "@/lib/folders/folder-schema";
import { getFolderDetail } from "@/lib/folders/get-folder-detail";
import { toApiFolder } from "@/lib/folders/serialize";
import { updateFolder } from "@/lib/folders/update-folder";
import { json } from "@/lib/http/response";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withApp(
  {
    operationId: "getFolder",
    summary: "A folder with its documents and their cross-document summary",
    tag: "folders",
    access: "user",
    params: folderParamsSchema,
    responses: { 200: { description: "The folder.", schema: folderDetailSchema } },
    errors: ["not_found"],
  },
  async ({ db, user, params }) => json(await getFolderDetail(db, user.id, params.folder_id)),
);

export const PATCH = withApp(
  {
    operationId: "updateFolder",
    summary: "Change a folder's name, applicant, reference, notes or status",
    description: "Only the fields sent change; null clears an optional field.",
    tag: "folders",
    access: "user",
    params: folderParamsSchema,
    body: { json: updateFolderSchema },
    responses: { 200: { description: "The folder as it is now.", schema: folderSchema } },
    errors: ["not_found"],
  },
  async ({ db, user, params, body }) => {
    const folder = await updateFolder(db, user.id, params.folder_id, body);
    const counts = await folderCounts(db, [folder.id]);
    return json(toApiFolder(folder, counts.get(folder.id)!));
  },
);

export const DELETE = withApp(
  {
    operationId: "deleteFolder",
    summary: "Delete a folder; its verifications are kept",
    tag: "folders",
    access: "user",
    params: folderParamsSchema,
    responses: {
      200: {
        description: "The folder is gone; the verifications stay in the history.",
        schema: z
          .object({ id: z.string(), object: z.literal("folder"), deleted: z.literal(true) })
          .meta({ id: "DeletedFolder" }),
      },
    },
    errors: ["not_found"],
  },
  async ({ db, user, params }) => {
    await deleteFolder(db, user.id, params.folder_id);
    return json({ id: params.folder_id, object: "folder", deleted: true });
  },
);
