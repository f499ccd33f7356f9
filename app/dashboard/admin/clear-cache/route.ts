import { z } from "zod";
import { withApp } from "@/lib/api/app-api";
import { json } from "@/lib/http/response";

const ClearCacheRequest = z
  .strictObject({
    file_sha256: z.string().regex(/^[0-9a-fA-F]{64}$/, "a SHA-256 in hex (64 characters)"),
  })
  .meta({ id: "ClearCacheRequest" });

export const POST = withApp(
  {
    operationId: "clearCache",
    summary: "Clear the cached analysis of a file",
    tag: "dashboard",
    access: "admin",
    body: { json: ClearCacheRequest },
    responses: {
      200: {
        description: "How many cached results were removed.",
        schema: z.object({ file_sha256: z.string(), deleted: z.int().min(0) }),
      },
    },
  },
  async ({ db, body }) => {
    const { count } = await db.analysisCache.deleteMany({ where: { fileSha256: body.file_sha256.toLowerCase() } });
    return json({ file_sha256: body.file_sha256.toLowerCase(), deleted: count });
  },
);
