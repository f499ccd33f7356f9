// Access-matrix rows of the /holder routes of this area (spread into TABLE in
// tests/integration/access-matrix.int.test.ts). One file per area so areas are added independently.
// Profiles, stats, avatars and biographies exist per account: another user (or an admin) who has
// none gets 404, never the owner's.
import { getDb } from "../../../lib/db";
import { createProfile } from "../../../lib/holder/profile/create-profile";
import { marker } from "./fixtures";
import type { AccessRow, AppRow } from "./types";

const app = (row: Omit<AppRow, "family">): AppRow => ({ family: "app", ...row });

/** The owner's profile, with markers that must never reach anyone else. */
export async function ownedProfile(userId: string, options: { isPublic?: boolean } = {}) {
  const slug = marker("slug");
  const headline = marker("headline");
  const profile = await createProfile(await getDb(), userId, {
    display_name: "Owner Holder",
    slug,
    headline,
    is_public: options.isPublic ?? true,
  });
  return { id: profile.id, slug, headline, secrets: [profile.id, slug, headline] };
}

/** A route about the caller's own profile: others have none, so they get 404. */
const onOwnProfile = (row: Omit<AppRow, "family" | "access" | "others" | "admins">) =>
  app({ access: "user", others: "not_found", admins: "not_found", ...row });

export const holderProfileRows: Record<string, AccessRow> = {
  "GET /holder/profile": onOwnProfile({
    ok: 200,
    build: async (owner) => {
      const profile = await ownedProfile(owner.user.id);
      return { path: "/holder/profile", secrets: profile.secrets };
    },
  }),
  "POST /holder/profile": app({
    access: "user",
    ok: 201,
    // Everyone creates their own; the slug is derived, so never taken. The other user is called
    // twice (bearer JWT, then browser cookie): each call starts from no profile, as a first one does.
    oneShot: true,
    build: async () => {
      await (await getDb()).holderProfile.deleteMany({ where: { displayName: { startsWith: "access-matrix-new-" } } });
      return { path: "/holder/profile", body: { display_name: marker("access-matrix-new") } };
    },
  }),
  "PATCH /holder/profile": onOwnProfile({
    ok: 200,
    build: async (owner) => {
      const profile = await ownedProfile(owner.user.id);
      return {
        path: "/holder/profile",
        body: { headline: marker("changed") },
        secrets: profile.secrets,
        snapshot: async () => (await getDb()).holderProfile.findUnique({ where: { id: profile.id } }),
      };
    },
  }),
};
