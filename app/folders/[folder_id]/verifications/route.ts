import { withApp } from "@/lib/api/app-api";
import { addFolderVerification } from "@/lib/folders/add-folder-verification";
import {
  addVerificationSchema,
  folderParamsSchema,
  folderVerificationSchema,
  folderVerificationsSchema,
} from "@/lib/folders/folder-schema";
import { listFolderVerifications } from "@/lib/folders/list-folder-verifications";
import { toApiFolderVerification } from "@/lib/folders/serialize";
import { json } from "@/lib/http/response";
import { reviewedVerdictOf } from "@/lib/review/reviewed-verdict";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withApp(
  {
    operationId: "listFolderVerifications",
    summary: "The verifications in a folder, in the order they were added",
    tag: "folders",
    access: "user",
    params: folderParamsSchema,
    responses: { 200: { description: "The folder's documents.", schema: folderVerificationsSchema } },
    errors: ["not_found"],
  },
  async ({ db, user, params }) => {
    const { links } = await listFolderVerifications(db, user.id, params.folder_id);
    return json({ object: "list", data: links.map(toApiFolderVerification) });
  },
);

export const POST = withApp(
  {
    operationId: "addFolderVerification",
    summary: "Add one of your live verifications to a folder",
    description:
      "Adding a verification already in the folder changes nothing (200). Test-mode verifications are refused " +
      "(422); a folder holds at most 200 documents (409).",
    tag: "folders",
    access: "user",
    params: folderParamsSchema,
    body: { json: addVerificationSchema },
    responses: {
      201: { description: "Added.", schema: folderVerificationSchema },
      200: { description: "Already in the folder.", schema: folderVerificationSchema },
    },
    errors: ["not_found", "conflict"],
  },
  async ({ db, user, params, body }) => {
    const { link, verification, created } = await addFolderVerification(
      db,
      user.id,
      params.folder_id,
      body.verification_id,
    );
    const review = await reviewedVerdictOf(db, verification);
    return json(toApiFolderVerification({ addedAt: link.addedAt, verification, review }), {
      status: created ? 201 : 200,
    });
  },
);
