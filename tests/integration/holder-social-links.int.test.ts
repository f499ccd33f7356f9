// /holder/social-links: per-platform validation, one link per platform, the profile's URL kept in
// step, offline parsing, and 404 for another user's link.
import { describe, expect, it } from "vitest";
import { GET as getProfile, POST as createProfile } from "../../app/holder/profile/route";
import { POST as parse } from "../../app/holder/social-links/[link_id]/parse/route";
import { DELETE as remove } from "../../app/holder/social-links/[link_id]/route";
import { GET as list, POST as upsert } from "../../app/holder/social-links/route";
import { getDb } from "../../lib/db";
import { newId } from "../../lib/ids";
import { call, makeSession } from "../helpers/harness";

const post = (auth: Record<string, string>, body: object) =>
  call(upsert, { method: "POST", path: "/holder/social-links", headers: auth, body });
const at = (link_id: string, suffix = "") => ({
  path: `/holder/social-links/${link_id}${suffix}`,
  params: { link_id },
});

async function holder() {
  const session = await makeSession();
  const res = await call(createProfile, {
    method: "POST",
    path: "/holder/profile",
    headers: session.auth,
    body: { display_name: "Link Holder" },
  });
  expect(res.status).toBe(201);
  return session;
}

const profileOf = async (auth: Record<string, string>) =>
  (await call(getProfile, { path: "/holder/profile", headers: auth })).json.profile;

describe("social links", () => {
  it("creates one link per platform, replaces it, and fills then clears the profile's URL", async () => {
    const { auth } = await holder();
    const created = await post(auth, { platform: "github", url: "https://github.com/octocat/" });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      object: "social_link",
      platform: "github",
      label: "GitHub",
      url: "https://github.com/octocat",
      handle: null,
      parsed_at: null,
    });
    expect((await profileOf(auth)).github_url).toBe("https://github.com/octocat");

    const parsed = await call(parse, { method: "POST", ...at(created.json.id, "/parse"), headers: auth });
    expect(parsed.json.link.handle).toBe("octocat");

    const replaced = await post(auth, { platform: "github", url: "https://github.com/hubot" });
    expect(replaced.status).toBe(200);
    expect(replaced.json).toMatchObject({ id: created.json.id, url: "https://github.com/hubot", handle: null });
    expect((await profileOf(auth)).github_url).toBe("https://github.com/hubot");

    await post(auth, { platform: "gitlab", url: "https://gitlab.com/octo" });
    await post(auth, { platform: "linkedin", url: "https://www.linkedin.com/in/octo-cat" });
    const listed = await call(list, { path: "/holder/social-links", headers: auth });
    expect(listed.json.data.map((l: { platform: string }) => l.platform)).toEqual(["linkedin", "github", "gitlab"]);

    const deleted = await call(remove, { method: "DELETE", ...at(created.json.id), headers: auth });
    expect(deleted.status).toBe(200);
    expect(deleted.json).toEqual({ id: created.json.id, object: "social_link", deleted: true });
    const after = await profileOf(auth);
    expect(after.github_url).toBeNull();
    expect(after.linkedin_url).toBe("https://www.linkedin.com/in/octo-cat");
    expect((await call(list, { path: "/holder/social-links", headers: auth })).json.data).toHaveLength(2);
  });

  it("works before a profile exists (links belong to the account)", async () => {
    const { auth } = await makeSession();
    expect((await post(auth, { platform: "website", url: "https://octo.example/" })).status).toBe(201);
  });

  it("answers 422 saying what a platform's address looks like", async () => {
    const { auth } = await holder();
    const cases: Array<[object, RegExp]> = [
      [{ platform: "github", url: "http://github.com/octocat" }, /Only https/],
      [{ platform: "github", url: "https://github.com.evil.example/octocat" }, /github\.com/],
      [{ platform: "github", url: "https://github.com/octocat/repo" }, /github\.com\/your-name/],
      [{ platform: "orcid", url: "https://orcid.org/0000-0002-1825-0098" }, /check digit/],
      [{ platform: "myspace", url: "https://myspace.com/x" }, /platform/],
      [{ platform: "website", url: "" }, /cannot be empty/],
      [{ platform: "website" }, /url/],
      [{ platform: "website", url: "https://a.example", extra: 1 }, /extra/],
    ];
    for (const [body, message] of cases) {
      const res = await post(auth, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(JSON.stringify(res.json.detail), JSON.stringify(body)).toMatch(message);
    }
    expect((await call(list, { path: "/holder/social-links", headers: auth })).json.data).toEqual([]);
  });

  it("parses an ORCID link offline, validating its iD, and creates no life event", async () => {
    const { auth, user } = await holder();
    const link = await post(auth, { platform: "orcid", url: "https://orcid.org/0000-0002-1694-233x" });
    expect(link.json.url).toBe("https://orcid.org/0000-0002-1694-233X");
    const res = await call(parse, { method: "POST", ...at(link.json.id, "/parse"), headers: auth });
    expect(res.status).toBe(200);
    expect(res.json.parsed).toEqual({
      platform: "orcid",
      handle: "0000-0002-1694-233X",
      orcid_id: "0000-0002-1694-233X",
    });
    expect(res.json.link.parsed_at).not.toBeNull();
    expect(res.json.life_events).toEqual([]);
    expect(res.json.note).toMatch(/nothing fetched/);
    const db = await getDb();
    const profile = await db.holderProfile.findUniqueOrThrow({ where: { userId: user.id } });
    expect(await db.lifeEvent.count({ where: { profileId: profile.id } })).toBe(0);
  });

  it("answers 404 for another user's link, as for an unknown one, and leaves it alone", async () => {
    const owner = await holder();
    const link = await post(owner.auth, { platform: "twitter", url: "https://x.com/owner_x" });
    const stranger = await holder();
    for (const id of [link.json.id, newId("socialLink")]) {
      expect((await call(remove, { method: "DELETE", ...at(id), headers: stranger.auth })).status).toBe(404);
      expect((await call(parse, { method: "POST", ...at(id, "/parse"), headers: stranger.auth })).status).toBe(404);
    }
    expect((await profileOf(owner.auth)).twitter_url).toBe("https://x.com/owner_x");
    expect((await call(list, { path: "/holder/social-links", headers: owner.auth })).json.data).toHaveLength(1);
  });
});
