// Access-matrix rows of the /holder routes of this area (spread into TABLE in
// tests/integration/access-matrix.int.test.ts). One file per area so areas are added independently.
// Profiles, stats, avatars and biographies exist per account: another user (or an admin) who has
// none gets 404, never the owner's.
import sharp from "sharp";
import { expect } from "vitest";
import { getDb } from "../../../lib/db";
import { uploadAvatar } from "../../../lib/holder/avatar/upload-avatar";
import { generateBiography } from "../../../lib/holder/biography/generate-biography";
import { createProfile } from "../../../lib/holder/profile/create-profile";
import { upsertSocialLink } from "../../../lib/holder/social-links/upsert-social-link";
import { makeSession } from "../harness";
import { marker } from "./fixtures";
import { send } from "./send";
import type { RouteHandler } from "./served-routes";
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

/** One of the owner's social links, with a recognisable address. */
async function ownedLink(userId: string) {
  const name = marker("owner").replace(/-/g, "");
  const { link } = await upsertSocialLink(await getDb(), userId, {
    platform: "github",
    url: `https://github.com/${name.slice(0, 39)}`,
  });
  const snapshot = async () => (await getDb()).socialLink.findUnique({ where: { id: link.id } });
  return { id: link.id, url: link.url, snapshot };
}

const NEW_LINKS = [
  (name: string) => ({ platform: "website", url: `https://${name}.example/` }),
  (name: string) => ({ platform: "mastodon", url: `https://${name}.example/@${name.slice(0, 30).replace(/-/g, "_")}` }),
  (name: string) => ({ platform: "researchgate", url: `https://www.researchgate.net/profile/${name}` }),
  (name: string) => ({ platform: "bluesky", url: `https://bsky.app/profile/${name}.bsky.social` }),
];
let newLinks = 0;
const nextNewLink = () => NEW_LINKS[newLinks++ % NEW_LINKS.length](marker("site"));

async function avatarForm(): Promise<FormData> {
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: "teal" } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append("file", new File([new Uint8Array(png)], "avatar.png", { type: "image/png" }));
  return form;
}

/** GET /holder/profile/avatar/{filename}, public-if-profile-public: anyone while the profile is
 *  public; while it is private only its owner, and 404 (as for a name nobody has) to everyone else. */
async function probeAvatar(handler: RouteHandler): Promise<void> {
  const [owner, other, admin] = await Promise.all([makeSession(), makeSession(), makeSession({ role: "admin" })]);
  const db = await getDb();
  await ownedProfile(owner.user.id, { isPublic: true });
  const upload = new Request("http://localhost:3000/holder/profile/avatar", {
    method: "POST",
    body: await avatarForm(),
  });
  const profile = await uploadAvatar(db, owner.user.id, upload);
  const filename = profile.avatarKey!.split("/").pop()!;
  const fixture = { path: `/holder/profile/avatar/${filename}`, params: { filename } };
  const unknown = {
    path: `/holder/profile/avatar/${"0".repeat(32)}.webp`,
    params: { filename: `${"0".repeat(32)}.webp` },
  };
  const callers: Array<[string, Record<string, string>]> = [
    ["anonymous", {}],
    ["another user", other.auth],
    ["an admin", admin.auth],
  ];
  for (const [who, headers] of [...callers, ["the owner", owner.auth] as [string, Record<string, string>]]) {
    const answer = await send(handler, "GET", fixture, headers);
    expect(answer.status, `public profile's avatar as ${who}`).toBe(200);
    expect(answer.headers.get("content-type")).toBe("image/webp");
  }
  await db.holderProfile.update({ where: { id: profile.id }, data: { isPublic: false } });
  for (const [who, headers] of callers) {
    const answer = await send(handler, "GET", fixture, headers);
    const twin = await send(handler, "GET", unknown, headers);
    expect(answer.status, `private profile's avatar as ${who}`).toBe(404);
    expect(answer.json, `private profile's avatar as ${who}: differs from an unknown name`).toMatchObject({
      detail: twin.json.detail,
      code: twin.json.code,
    });
  }
  const own = await send(handler, "GET", fixture, owner.auth);
  expect(own.status, "private profile's avatar as the owner").toBe(200);
  expect(own.headers.get("cache-control")).toBe("private, no-store");
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
  "GET /holder/social-links": app({
    access: "user",
    ok: 200,
    build: async (owner) => {
      const link = await ownedLink(owner.user.id);
      return { path: "/holder/social-links", secrets: [link.id, link.url] };
    },
  }),
  "POST /holder/social-links": app({
    access: "user",
    ok: 201,
    // Each caller creates a link of its own account (another platform per call: the other user is
    // called twice, by bearer JWT and by cookie); the owner's stays as it was.
    oneShot: true,
    build: async (owner) => {
      const link = await ownedLink(owner.user.id);
      return {
        path: "/holder/social-links",
        body: nextNewLink(),
        secrets: [link.id, link.url],
        snapshot: link.snapshot,
      };
    },
  }),
  "DELETE /holder/social-links/{link_id}": app({
    access: "user-owner",
    ok: 200,
    build: async (owner) => {
      const link = await ownedLink(owner.user.id);
      return {
        path: `/holder/social-links/${link.id}`,
        params: { link_id: link.id },
        resourceId: link.id,
        secrets: [link.url],
        snapshot: link.snapshot,
      };
    },
  }),
  "POST /holder/social-links/{link_id}/parse": app({
    access: "user-owner",
    ok: 200,
    build: async (owner) => {
      const link = await ownedLink(owner.user.id);
      return {
        path: `/holder/social-links/${link.id}/parse`,
        params: { link_id: link.id },
        resourceId: link.id,
        secrets: [link.url],
        snapshot: link.snapshot,
      };
    },
  }),
  "GET /holder/stats": onOwnProfile({
    ok: 200,
    build: async (owner) => {
      const profile = await ownedProfile(owner.user.id);
      return { path: "/holder/stats", secrets: profile.secrets };
    },
  }),
  "POST /holder/profile/avatar": onOwnProfile({
    ok: 200,
    build: async (owner) => {
      const profile = await ownedProfile(owner.user.id);
      return {
        path: "/holder/profile/avatar",
        body: await avatarForm(),
        secrets: profile.secrets,
        snapshot: async () => (await getDb()).holderProfile.findUnique({ where: { id: profile.id } }),
      };
    },
  }),
  "GET /holder/profile/avatar/{filename}": {
    family: "custom",
    access: "public-if-profile-public",
    probe: probeAvatar,
  },
  "POST /holder/biography/generate": onOwnProfile({
    ok: 200,
    build: async (owner) => {
      const profile = await ownedProfile(owner.user.id);
      return {
        path: "/holder/biography/generate",
        secrets: profile.secrets,
        snapshot: async () => (await getDb()).holderProfile.findUnique({ where: { id: profile.id } }),
      };
    },
  }),
  "GET /holder/biography": onOwnProfile({
    ok: 200,
    build: async (owner) => {
      const profile = await ownedProfile(owner.user.id);
      await generateBiography(await getDb(), owner.user.id);
      return { path: "/holder/biography", secrets: profile.secrets };
    },
  }),
};
