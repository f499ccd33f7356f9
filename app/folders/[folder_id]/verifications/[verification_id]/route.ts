import { z } from "zod";
import { withApp } from "@/lib/api/app-api";
import { folderVerificationParamsSchema } from "@/lib/folders/folder-schema";
import { removeFolderVerification } from "@/lib/folders/remove-folder-verification";
import { json } from "@/lib/http/response";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const DELETE = withApp(
  {
    operationId: "removeFolderVerification",
    summary: "Take a verification out of a folder; the verification is kept",
    tag: "folders",
    access: "user",
    params: folderVerificationParamsSchema,
    responses: {
      200: {
        description: "The verification is no longer in the folder.",
        schema: z
          .object({ folder_id: z.string(), verification_id: z.string(), removed: z.literal(true) })
          .meta({ id: "RemovedFolderVerification" }),
      },
    },
    errors: ["not_found"],
  },
  async ({ db, user, params }) => {
    await removeFolderVerification(db, user.id, params.folder_id, params.verification_id);
    return json({ folder_id: params.folder_id, verification_id: params.verification_id, removed: true });
  },
);
