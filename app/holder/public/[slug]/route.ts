import { withApp } from "@/lib/api/app-api";
import { findPublicProfile, toPublicProfile } from "@/lib/holder/public/public-profile";
import { publicProfileSchema, SlugParams } from "@/lib/holder/public/public-profile-schema";
import { ApiError } from "@/lib/http/errors";
import { json } from "@/lib/http/response";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withApp(
  {
    operationId: "getPublicProfile",
    summary: "A public holder profile with its public credentials",
    description:
      "A private profile answers 404 like a slug nobody has. An old slug (before a rename) answers the profile with redirect_to set.",
    tag: "holder",
    access: "public",
    params: SlugParams,
    responses: { 200: { description: "The public profile.", schema: publicProfileSchema } },
    errors: ["not_found"],
  },
  async ({ db, params }) => {
    const found = await findPublicProfile(db, params.slug);
    if (!found) throw new ApiError("not_found", `No public profile "${params.slug}" exists.`);
    return json(toPublicProfile(found), { headers: { "cache-control": "no-store" } });
  },
);
