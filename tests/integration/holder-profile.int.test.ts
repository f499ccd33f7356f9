// POST/GET/PATCH /holder/profile: validation, slug rules, renames that keep old links working.
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { GET, PATCH, POST } from "../../app/holder/profile/route";
import { getDb } from "../../lib/db";
import { resolveProfileSlug } from "../../lib/holder/profile/resolve-profile-slug";
import { MAX_SLUG_ALIASES } from "../../lib/holder/profile/update-profile";
import { call, makeSession } from "../helpers/harness";

const unique = (base: string) => `${base}-${randomBytes(3).toString("hex")}`;

async function holder(body: object = {}) {
  const session = await makeSession();
  const res = await call(POST, {
    method: "POST",
    path: "/holder/profile",
    headers: session.auth,
    body: { display_name: "Ada Lovelace", ...body },
  });
  expect(res.status, res.text).toBe(201);
  return { ...session, profile: res.json };
}

const patch = (auth: Record<string, string>, body: object) =>
  call(PATCH, { method: "PATCH", path: "/holder/profile", headers: auth, body });

describe("creating a profile", () => {
  it("creates it with every field, derives nothing it was given, and returns it with no credentials", async () => {
    const slug = unique("ada");
    const { auth, profile } = await holder({
      slug,
      headline: " Mathematician ",
      bio: "Wrote the first program.",
      location: "London",
      website_url: "https://ada.example/",
      linkedin_url: "https://www.linkedin.com/in/ada-lovelace?trk=x",
      github_url: "https://github.com/ada",
      twitter_url: "https://x.com/ada",
      orcid_url: "https://orcid.org/0000-0002-1825-0097",
      is_public: false,
      language: "fr",
    });
    expect(profile).toMatchObject({
      object: "holder_profile",
      slug,
      public_url: `/u/${slug}`,
      previous_slugs: [],
      display_name: "Ada Lovelace",
      headline: "Mathematician",
      linkedin_url: "https://www.linkedin.com/in/ada-lovelace",
      is_public: false,
      language: "fr",
      avatar_url: null,
      view_count: 0,
    });
    expect(profile.id).toMatch(/^hpr_/);
    const got = await call(GET, { path: "/holder/profile", headers: auth });
    expect(got.status).toBe(200);
    expect(got.json).toEqual({ profile, credentials: [] });
  });

  it("derives a free slug from the display name, numbering it when taken", async () => {
    const name = `Željka Ćosić ${randomBytes(3).toString("hex")}`;
    const first = await holder({ display_name: name });
    const second = await holder({ display_name: name });
    expect(first.profile.slug).toMatch(/^zeljka-cosic-[0-9a-f]{6}$/);
    expect(second.profile.slug).toBe(`${first.profile.slug}-2`);
    const nonLatin = await holder({ display_name: "李小龍" });
    expect(nonLatin.profile.slug).toMatch(/^holder-[0-9a-f]{6}$/);
  });

  it("refuses a second profile for the same account with 409", async () => {
    const { auth } = await holder();
    const again = await call(POST, {
      method: "POST",
      path: "/holder/profile",
      headers: auth,
      body: { display_name: "X" },
    });
    expect(again.status).toBe(409);
    expect(again.json.code).toBe("conflict");
  });

  it("answers 422 with what to fix", async () => {
    const { auth } = await makeSession();
    const cases: Array<[object, RegExp]> = [
      [{}, /display_name/],
      [{ display_name: "  " }, /display name cannot be empty/],
      [{ display_name: "A", headline: "x".repeat(161) }, /headline is limited to 160/],
      [{ display_name: "A", website_url: "http://ada.example" }, /Only https/],
      [{ display_name: "A", github_url: "https://gitlab.com/ada" }, /github\.com/],
      [{ display_name: "A", orcid_url: "https://orcid.org/0000-0002-1825-0098" }, /check digit/],
      [{ display_name: "A", language: "xx" }, /language/],
      [{ display_name: "A", slug: "admin" }, /reserved/],
      [{ display_name: "A", slug: "a_b" }, /lower-case letters/],
      [{ display_name: "A", slug: "ab" }, /3 to 40/],
      [{ display_name: "A", is_admin: true }, /is_admin/],
    ];
    for (const [body, message] of cases) {
      const res = await call(POST, { method: "POST", path: "/holder/profile", headers: auth, body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(JSON.stringify(res.json.detail), JSON.stringify(body)).toMatch(message);
    }
  });

  it("answers 409 for a slug someone has, whatever its case", async () => {
    const slug = unique("taken");
    await holder({ slug });
    const { auth } = await makeSession();
    const res = await call(POST, {
      method: "POST",
      path: "/holder/profile",
      headers: auth,
      body: { display_name: "B", slug: slug.toUpperCase() },
    });
    expect(res.status).toBe(409);
    expect(res.json.detail).toContain(`"${slug}" is taken`);
  });
});

describe("GET /holder/profile before there is one", () => {
  it("answers 404 saying how to create it", async () => {
    const { auth } = await makeSession();
    const res = await call(GET, { path: "/holder/profile", headers: auth });
    expect(res.status).toBe(404);
    expect(res.json.detail).toContain("POST /holder/profile");
  });
});

describe("updating a profile", () => {
  it("changes only the fields sent and clears a field sent empty or null", async () => {
    const { auth } = await holder({ headline: "Before", location: "Paris", github_url: "https://github.com/ada" });
    const res = await patch(auth, { headline: "After", location: "", github_url: null, is_public: false });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ headline: "After", location: null, github_url: null, is_public: false });
    expect(res.json.display_name).toBe("Ada Lovelace");
  });

  it("refuses an empty change and a profile that does not exist", async () => {
    const { auth } = await holder();
    expect((await patch(auth, {})).status).toBe(422);
    const nobody = await makeSession();
    expect((await patch(nobody.auth, { headline: "x" })).status).toBe(404);
  });

  it("keeps the old slug redirecting after a rename, and lets the owner take it back", async () => {
    const [first, second] = [unique("old"), unique("new")];
    const { auth, profile } = await holder({ slug: first });
    const renamed = await patch(auth, { slug: second });
    expect(renamed.json).toMatchObject({ slug: second, previous_slugs: [first], public_url: `/u/${second}` });
    const db = await getDb();
    expect(await resolveProfileSlug(db, first)).toMatchObject({ profile: { id: profile.id }, redirectTo: second });
    expect(await resolveProfileSlug(db, second)).toMatchObject({ profile: { id: profile.id }, redirectTo: null });
    expect(await resolveProfileSlug(db, unique("nobody"))).toBeNull();

    // Another holder can take neither the current slug nor the old one.
    const other = await holder();
    for (const slug of [first, second]) {
      const res = await patch(other.auth, { slug });
      expect(res.status).toBe(409);
    }
    // The owner can go back to the old slug: it stops being an alias, the newer one becomes one.
    const back = await patch(auth, { slug: first });
    expect(back.json).toMatchObject({ slug: first, previous_slugs: [second] });
  });

  it(`keeps the ${MAX_SLUG_ALIASES} most recent old slugs`, async () => {
    const base = unique("many");
    const { auth } = await holder({ slug: `${base}-0` });
    for (let i = 1; i <= MAX_SLUG_ALIASES + 2; i++)
      expect((await patch(auth, { slug: `${base}-${i}` })).status).toBe(200);
    const res = await call(GET, { path: "/holder/profile", headers: auth });
    expect(res.json.profile.previous_slugs).toHaveLength(MAX_SLUG_ALIASES);
    expect(res.json.profile.previous_slugs).not.toContain(`${base}-0`);
    expect(res.json.profile.previous_slugs[0]).toBe(`${base}-${MAX_SLUG_ALIASES + 1}`);
  });
});
