import { z } from "zod";
import { withApp } from "@/lib/api/app-api";
import { json } from "@/lib/http/response";
import { uploadAvatar } from "@/lib/holder/avatar/upload-avatar";
import { holderProfileSchema } from "@/lib/holder/profile/profile-schema";
import { toApiProfile } from "@/lib/holder/profile/serialize";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const AvatarUpload = z.strictObject({
  file: z
    .string()
    .meta({ format: "binary", description: "A JPEG, PNG or WebP image, at most 5 MiB and 40 megapixels." }),
});

export const POST = withApp(
  {
    operationId: "uploadHolderAvatar",
    summary: "Upload the profile's avatar",
    description:
      "The type is read from the bytes; a file whose name or declared type says otherwise (a PNG named .jpg) is " +
      "refused, as is anything not JPEG, PNG or WebP (SVG, GIF, HEIC…). The image is decoded, oriented, cropped to " +
      "512×512 and re-encoded as WebP, so no metadata of the original (EXIF, GPS) is kept. It replaces the previous " +
      "avatar, which is deleted.",
    tag: "holder",
    access: "user",
    body: { multipart: AvatarUpload },
    responses: { 200: { description: "The profile with its new avatar_url.", schema: holderProfileSchema } },
    errors: ["not_found", "payload_too_large", "unsupported_media_type"],
  },
  async ({ req, db, user }) => json(toApiProfile(await uploadAvatar(db, user.id, req))),
);
