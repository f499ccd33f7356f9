import { z } from "zod";
import { withApp } from "@/lib/api/app-api";
import { parseJson } from "@/lib/http/request";
import { json } from "@/lib/http/response";

const ClearCacheRequest = z.strictObject({
  file_sha256: z.string().regex(/^[0-9a-fA-F]{64}$/, "a SHA-256 in hex (64 characters)"),
});

export const POST = withApp({ access: "admin" }, async ({ req, db }) => {
  const body = await parseJson(req, ClearCacheRequest);
  const { count } = await db.analysisCache.deleteMany({ where: { fileSha256: body.file_sha256.toLowerCase() } });
  return json({ file_sha256: body.file_sha256.toLowerCase(), deleted: count });
});
