import { z } from "zod";
import { withApp } from "@/lib/api/app-api";
import { readAvatar } from "@/lib/holder/avatar/read-avatar";
import { binaryResponse } from "@/lib/images/binary-response";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const AvatarParams = z.strictObject({
  filename: z.string().min(1).max(100).meta({ description: "The file name of the profile's avatar_url." }),
});

export const GET = withApp(
  {
    operationId: "getHolderAvatar",
    summary: "A profile's avatar",
    description:
      "Served to everyone while the profile is public (cacheable for a year: names are random and never reused), " +
      "to its owner while it is private (not stored by caches), and 404 to anyone else.",
    tag: "holder",
    access: "optional",
    params: AvatarParams,
    responses: { 200: { description: "The avatar, 512×512 WebP.", contentType: "image/webp" } },
    errors: ["not_found"],
  },
  async ({ db, user, params }) => {
    const avatar = await readAvatar(db, params.filename, user?.id ?? null);
    return binaryResponse(avatar.bytes, "image/webp", {
      "cache-control": avatar.isPublic ? "public, max-age=31536000, immutable" : "private, no-store",
      "content-security-policy": "default-src 'none'; sandbox",
    });
  },
);
