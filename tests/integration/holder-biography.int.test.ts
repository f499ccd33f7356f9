// POST /holder/biography/generate and GET /holder/biography: 404 until generated, cached, in the
// profile's language, from verified credentials (never samples) and life events.
import { describe, expect, it } from "vitest";
import { GET as getBiography } from "../../app/holder/biography/route";
import { POST as generate } from "../../app/holder/biography/generate/route";
import { PATCH, POST as createProfile } from "../../app/holder/profile/route";
import { getDb } from "../../lib/db";
import { newId } from "../../lib/ids";
import { createVerification } from "../../lib/verifications/create-verification";
import { marker } from "../helpers/access-matrix/fixtures";
import { call, makeSession } from "../helpers/harness";

async function credential(userId: string, profileId: string, label: string, isSample: boolean) {
  const db = await getDb();
  const verification = await createVerification(db, {
    userId,
    livemode: false,
    source: "api",
    document: {
      bytes: Buffer.from(`credence-test:VERIFIED:${marker("bio")}`),
      contentType: "application/pdf",
      fileName: "diploma.pdf",
      mode: "standard",
    },
  });
  await db.credential.create({
    data: {
      id: newId("credential"),
      profileId,
      verificationId: verification.id,
      label,
      category: "education",
      isSample,
    },
  });
}

describe("the biography", () => {
  it("is 404 until generated, then cached and regenerated in the profile's language", async () => {
    const { auth, user } = await makeSession();
    const created = await call(createProfile, {
      method: "POST",
      path: "/holder/profile",
      headers: auth,
      body: { display_name: "Bio Holder", headline: "Engineer", location: "Zagreb" },
    });
    const profileId = created.json.id;
    const before = await call(getBiography, { path: "/holder/biography", headers: auth });
    expect(before.status).toBe(404);
    expect(before.json.detail).toContain("POST /holder/biography/generate");

    await credential(user.id, profileId, "MSc Computing", false);
    await credential(user.id, profileId, "Sample diploma", true);
    const db = await getDb();
    await db.lifeEvent.create({
      data: {
        id: newId("lifeEvent"),
        profileId,
        kind: "work",
        title: "Developer",
        organization: "Acme",
        startDate: new Date("2020-02-01"),
      },
    });

    const res = await call(generate, { method: "POST", path: "/holder/biography/generate", headers: auth });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      object: "biography",
      generator: "template",
      language: "en",
      credential_count: 1,
      life_event_count: 1,
      paragraphs: [
        "Bio Holder – Engineer. Based in London.".replace("London", "Zagreb"),
        "Verified credentials: MSc Computing.",
        "Experience: Developer, Acme (2020–present).",
      ],
    });
    expect(res.json.text).not.toContain("Sample diploma");
    expect((await call(getBiography, { path: "/holder/biography", headers: auth })).json).toEqual(res.json);

    await call(PATCH, { method: "PATCH", path: "/holder/profile", headers: auth, body: { language: "hr" } });
    const croatian = await call(generate, { method: "POST", path: "/holder/biography/generate", headers: auth });
    expect(croatian.json.language).toBe("hr");
    expect(croatian.json.paragraphs[2]).toBe("Radno iskustvo: Developer, Acme (2020–danas).");
  });

  it("answers 404 without a profile", async () => {
    const { auth } = await makeSession();
    expect((await call(generate, { method: "POST", path: "/holder/biography/generate", headers: auth })).status).toBe(
      404,
    );
  });
});
