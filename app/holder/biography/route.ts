import { withApp } from "@/lib/api/app-api";
import { json } from "@/lib/http/response";
import { biographySchema } from "@/lib/holder/biography/biography-schema";
import { getBiography } from "@/lib/holder/biography/get-biography";

export const dynamic = "force-dynamic";

export const GET = withApp(
  {
    operationId: "getHolderBiography",
    summary: "The cached biography",
    description: "404 until POST /holder/biography/generate has written one (or while there is no profile).",
    tag: "holder",
    access: "user",
    responses: { 200: { description: "The biography as last generated.", schema: biographySchema } },
    errors: ["not_found"],
  },
  async ({ db, user }) => json(await getBiography(db, user.id)),
);
