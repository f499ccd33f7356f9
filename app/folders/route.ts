import { withApp } from "@/lib/api/app-api";
import { createFolder } from "@/lib/folders/create-folder";
import {
  createFolderSchema,
  folderListSchema,
  folderSchema,
  listFoldersQuerySchema,
} from "@/lib/folders/folder-schema";
import { listFolders } from "@/lib/folders/list-folders";
import { toApiFolder } from "@/lib/folders/serialize";
import { json } from "@/lib/http/response";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withApp(
  {
    operationId: "listFolders",
    summary: "The user's applicant folders, newest first",
    description: "Cursor pagination (`limit` 1-100, `starting_after`); `status` filters.",
    tag: "folders",
    access: "user",
    query: listFoldersQuerySchema,
    responses: { 200: { description: "One page of folders.", schema: folderListSchema } },
  },
  async ({ db, user, query }) => json(await listFolders(db, user.id, query)),
);

export const POST = withApp(
  {
    operationId: "createFolder",
    summary: "Create an applicant folder",
    description: "A name is required; applicant name, reference, notes and status (default `open`) are optional.",
    tag: "folders",
    access: "user",
    body: { json: createFolderSchema },
    responses: { 201: { description: "The folder.", schema: folderSchema } },
  },
  async ({ db, user, body }) =>
    json(toApiFolder(await createFolder(db, user.id, body), { documentCount: 0, worstVerdict: null }), { status: 201 }),
);
