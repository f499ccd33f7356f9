import { withApp } from "@/lib/api/app-api";
import { json } from "@/lib/http/response";
import { requestAchievementCheck } from "@/lib/holder/achievements/request-achievement-check";
import { createProfile } from "@/lib/holder/profile/create-profile";
import { getOwnProfile } from "@/lib/holder/profile/get-own-profile";
import {
  CreateProfileRequest,
  holderProfileSchema,
  ownProfileSchema,
  UpdateProfileRequest,
} from "@/lib/holder/profile/profile-schema";
import { toApiProfile } from "@/lib/holder/profile/serialize";
import { updateProfile } from "@/lib/holder/profile/update-profile";

export const dynamic = "force-dynamic";

export const GET = withApp(
  {
    operationId: "getHolderProfile",
    summary: "The caller's holder profile and its credentials",
    description: "404 until the profile is created with POST /holder/profile.",
    tag: "holder",
    access: "user",
    responses: { 200: { description: "The profile and its credentials.", schema: ownProfileSchema } },
    errors: ["not_found"],
  },
  async ({ db, user }) => json(await getOwnProfile(db, user.id)),
);

export const POST = withApp(
  {
    operationId: "createHolderProfile",
    summary: "Create the caller's holder profile",
    description:
      "One profile per account. Without `slug`, one is derived from the display name (with a number or a random " +
      "tail when taken). A slug in use, or kept as an old slug of another profile, answers 409 conflict; a reserved " +
      "or malformed one 422. URL fields take https addresses of their platform only.",
    tag: "holder",
    access: "user",
    body: { json: CreateProfileRequest },
    responses: { 201: { description: "The new profile.", schema: holderProfileSchema } },
    errors: ["conflict"],
  },
  async ({ db, user, body }) => {
    const profile = await createProfile(db, user.id, body);
    await requestAchievementCheck(user.id);
    return json(toApiProfile(profile), { status: 201 });
  },
);

export const PATCH = withApp(
  {
    operationId: "updateHolderProfile",
    summary: "Change the caller's holder profile",
    description:
      "Only the fields sent change; an empty string or null clears a text or URL field. A new slug keeps the old " +
      "one as an alias so /u/<old> still leads to the profile (the 10 most recent are kept).",
    tag: "holder",
    access: "user",
    body: { json: UpdateProfileRequest },
    responses: { 200: { description: "The profile as changed.", schema: holderProfileSchema } },
    errors: ["not_found", "conflict"],
  },
  async ({ db, user, body }) => {
    const profile = await updateProfile(db, user.id, body);
    // A completed profile can unlock "complete profile".
    await requestAchievementCheck(user.id);
    return json(toApiProfile(profile));
  },
);
