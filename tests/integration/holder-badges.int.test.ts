// The badge JSON, the published keys, and the promise of issue 14: a badge verifies with a
// standard library using nothing but the instance's published JWKS.
import { readFileSync } from "node:fs";
import { Ajv2019 } from "ajv/dist/2019";
import addFormats from "ajv-formats";
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify, type JSONWebKeySet } from "jose";
import { describe, expect, it } from "vitest";
import { GET as jwksRoute } from "../../app/.well-known/jwks.json/route";
import { GET as issuerRoute } from "../../app/.well-known/openbadges-issuer.json/route";
import { GET as certificateRoute } from "../../app/holder/badge/[badge_hash]/certificate/route";
import { GET as imageRoute } from "../../app/holder/badge/[badge_hash]/image/route";
import { GET as badgeRoute } from "../../app/holder/badge/[badge_hash]/route";
import { PATCH as patchCredential } from "../../app/holder/credentials/[credential_id]/route";
import sharp from "sharp";
import { signAppJwt } from "../../lib/auth/jwt";
import { pdfText } from "../helpers/pdf-text";
import { getDb } from "../../lib/db";
import { resetEnvCache } from "../../lib/env";
import { claimVerification } from "../../lib/holder/credentials/claim-verification";
import { identityHash } from "../../lib/holder/badges/build-badge-credential";
import { forgetSigningKey } from "../../lib/holder/badges/signing-keys/active-signing-key";
import { rotateSigningKey } from "../../lib/holder/badges/signing-keys/rotate-signing-key";
import { generateSigningJwk, kidOf } from "../../lib/holder/badges/signing-keys/signing-key";
import { call, makeUser } from "../helpers/harness";
import { makeCompletedVerification, makeHolderProfile } from "../helpers/holder-credentials";

const CONFORMANCE = "/work/shared/conformance/openbadges3";
const schemaFile = process.env.OB3_SCHEMA_FILE ?? `${CONFORMANCE}/ob_v3p0_achievementcredential_schema.json`;

async function publicBadge() {
  const user = await makeUser();
  const profile = await makeHolderProfile(user.id);
  const verification = await makeCompletedVerification(user.id);
  const credential = await claimVerification(await getDb(), user.id, verification.id);
  return { user, profile, verification, credential, hash: credential.badge!.hash };
}

const getBadge = (hash: string) => call(badgeRoute, { path: `/holder/badge/${hash}`, params: { badge_hash: hash } });

async function fetchedJwks(): Promise<JSONWebKeySet> {
  const answer = await call(jwksRoute, { path: "/.well-known/jwks.json" });
  expect(answer.status).toBe(200);
  expect(answer.headers.get("cache-control")).toMatch(/max-age=\d+/);
  return JSON.parse(answer.text) as JSONWebKeySet;
}

describe("GET /holder/badge/{badge_hash}", () => {
  it("answers an OB 3.0 OpenBadgeCredential that verifies with only the published JWKS", async () => {
    const { user, verification, hash, profile } = await publicBadge();
    const answer = await getBadge(hash);
    expect(answer.status).toBe(200);
    const { credential, credential_jwt: jwt, kid } = answer.json;
    expect(answer.text).not.toContain(user.email);
    expect(answer.text).not.toContain(user.id);

    const jwks = await fetchedJwks();
    const { payload, protectedHeader } = await jwtVerify(jwt, createLocalJWKSet(jwks), { algorithms: ["EdDSA"] });
    expect(protectedHeader).toEqual({ alg: "EdDSA", kid, typ: "JWT" });
    expect(jwks.keys.find((k) => k.kid === kid)).toMatchObject({
      kty: "OKP",
      crv: "Ed25519",
      alg: "EdDSA",
      use: "sig",
    });
    expect(jwks.keys.every((k) => !("d" in k))).toBe(true);
    // The payload is the credential plus the registered claims of OB 3.0's JWT proof format.
    expect(payload).toMatchObject({
      ...credential,
      iss: credential.issuer.id,
      jti: credential.id,
      sub: credential.credentialSubject.id,
      nbf: Date.parse(credential.validFrom) / 1000,
    });

    expect(credential["@context"]).toEqual([
      "https://www.w3.org/ns/credentials/v2",
      "https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json",
    ]);
    expect(credential.type).toEqual(["VerifiableCredential", "OpenBadgeCredential"]);
    expect(credential.credentialSubject.id).toBe(`http://localhost:3000/u/${profile.slug}`);
    const [identity] = credential.credentialSubject.identifier;
    expect(identity).toMatchObject({ type: "IdentityObject", identityType: "emailAddress", hashed: true });
    // Whoever knows the address can check it against the hash, with the salt the badge carries.
    expect(identity.identityHash).toBe(identityHash(user.email, identity.salt));
    expect(identity.identityHash).toMatch(/^sha256\$[0-9a-f]{64}$/);
    expect(credential.evidence[0]).toMatchObject({
      id: `http://localhost:3000/share/${verification.id}`,
      verificationId: verification.id,
      mode: "live",
    });

    // A tampered payload does not verify.
    const [header, body, signature] = jwt.split(".");
    const forged = JSON.parse(Buffer.from(body, "base64url").toString());
    forged.credentialSubject.achievement.name = "Doctor of Medicine";
    const tampered = `${header}.${Buffer.from(JSON.stringify(forged)).toString("base64url")}.${signature}`;
    await expect(jwtVerify(tampered, createLocalJWKSet(jwks))).rejects.toThrow(/signature/);
  });

  it.skipIf(!readableFile(schemaFile))("matches the official OB 3.0 achievement-credential JSON Schema", async () => {
    const ajv = new Ajv2019({ strict: false, allErrors: true });
    (addFormats as unknown as (a: Ajv2019) => void)(ajv);
    const validate = ajv.compile(JSON.parse(readFileSync(schemaFile, "utf8")) as object);
    // The schema accepts the spec's own complete example: the validator is set up right.
    expect(validate(JSON.parse(readFileSync(`${CONFORMANCE}/spec-example_full_ex.json`, "utf8")))).toBe(true);
    const { hash } = await publicBadge();
    const { credential } = (await getBadge(hash)).json;
    expect(validate(credential), JSON.stringify(validate.errors, null, 2)).toBe(true);
    // And it refuses what it should: the schema is not vacuous.
    expect(validate({ ...credential, "@context": ["https://www.w3.org/ns/credentials/v2"] })).toBe(false);
  });

  it("answers 404, as for a hash nobody has, unless the credential and the profile are public", async () => {
    const db = await getDb();
    const nobody = await getBadge("AAAAAAAAAAAAAAAAAAAAAA");
    expect(nobody.status).toBe(404);
    const strip = (text: string, hash: string) => text.replace(hash, "HASH").replace(/"request_id":"[^"]+"/, "");
    const expectHidden = async (hash: string) => {
      const hidden = await getBadge(hash);
      expect(hidden.status).toBe(404);
      expect(strip(hidden.text, hash)).toBe(
        strip((await getBadge("AAAAAAAAAAAAAAAAAAAAAA")).text, "AAAAAAAAAAAAAAAAAAAAAA"),
      );
    };

    const privateCredential = await publicBadge();
    await db.credential.update({ where: { id: privateCredential.credential.id }, data: { isPublic: false } });
    await expectHidden(privateCredential.hash);

    const privateProfile = await publicBadge();
    await db.holderProfile.update({ where: { id: privateProfile.profile.id }, data: { isPublic: false } });
    await expectHidden(privateProfile.hash);
    await db.holderProfile.update({ where: { id: privateProfile.profile.id }, data: { isPublic: true } });
    expect((await getBadge(privateProfile.hash)).status).toBe(200);

    // An admin's later correction of the verdict takes the badge down.
    const corrected = await publicBadge();
    await db.verification.update({ where: { id: corrected.verification.id }, data: { verdict: "SUSPECT" } });
    await expectHidden(corrected.hash);
  });
});

describe("badge image and certificate", () => {
  it("renders the PNG once, serves it with an ETag, and renders again after a rename", async () => {
    const { hash, user, credential } = await publicBadge();
    const image = (headers: Record<string, string> = {}) =>
      fetchRaw(imageRoute, `/holder/badge/${hash}/image`, { badge_hash: hash }, headers);
    const first = await image();
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("image/png");
    expect(first.headers.get("cache-control")).toMatch(/max-age=\d+/);
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^".+"$/);
    expect(await sharp(first.bytes).metadata()).toMatchObject({ format: "png", width: 1200, height: 630 });
    const again = await image();
    expect(again.headers.get("etag")).toBe(etag);
    expect(Buffer.compare(again.bytes, first.bytes)).toBe(0);
    expect((await image({ "if-none-match": etag })).status).toBe(304);

    const auth = { authorization: `Bearer ${await signAppJwt(user)}` };
    const renamed = await call(patchCredential, {
      method: "PATCH",
      path: `/holder/credentials/${credential.id}`,
      headers: auth,
      body: { label: "MSc Data Science" },
      params: { credential_id: credential.id },
    });
    expect(renamed.status).toBe(200);
    const fresh = await image({ "if-none-match": etag });
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get("etag")).not.toBe(etag);
  });

  it("prints a PDF certificate with the holder, the label and the badge address", async () => {
    const { hash } = await publicBadge();
    const answer = await fetchRaw(certificateRoute, `/holder/badge/${hash}/certificate`, { badge_hash: hash });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("application/pdf");
    const text = await pdfText(new Uint8Array(answer.bytes));
    expect(text).toContain("Jane Example");
    expect(text).toContain("Bachelor of Science in Computer Science");
    expect(text).toContain("University of Example");
    expect(text).toContain(`/badge/${hash}`);
  });

  it("hides both when the badge is not public", async () => {
    const { hash, profile } = await publicBadge();
    await (await getDb()).holderProfile.update({ where: { id: profile.id }, data: { isPublic: false } });
    for (const [route, suffix] of [
      [imageRoute, "/image"],
      [certificateRoute, "/certificate"],
    ] as const)
      expect((await fetchRaw(route, `/holder/badge/${hash}${suffix}`, { badge_hash: hash })).status).toBe(404);
  });
});

describe("signing keys", () => {
  it("rotation keeps the old key published: badges signed before still verify", async () => {
    const { hash } = await publicBadge();
    const before = (await getBadge(hash)).json;
    const rotated = await rotateSigningKey(await getDb());
    expect(rotated.retired).toContain(before.kid);
    const after = (await getBadge(hash)).json;
    expect(after.kid).toBe(rotated.kid);
    const jwks = createLocalJWKSet(await fetchedJwks());
    await jwtVerify(before.credential_jwt, jwks);
    await jwtVerify(after.credential_jwt, jwks);
    const active = await (await getDb()).signingKey.count({ where: { retiredAt: null } });
    expect(active).toBe(1);
  });

  it("two processes making the first key at once make one", async () => {
    const db = await getDb();
    await db.signingKey.deleteMany({});
    forgetSigningKey();
    const { activeSigningKey } = await import("../../lib/holder/badges/signing-keys/active-signing-key");
    const keys = await Promise.all(Array.from({ length: 4 }, () => (forgetSigningKey(), activeSigningKey(db))));
    expect(new Set(keys.map((k) => k.kid)).size).toBe(1);
    expect(await db.signingKey.count({ where: { retiredAt: null } })).toBe(1);
  });

  it("a configured BADGE_SIGNING_KEY signs, is published, and retires the generated one", async () => {
    const jwk = await generateSigningJwk();
    process.env.BADGE_SIGNING_KEY = JSON.stringify(jwk);
    resetEnvCache();
    forgetSigningKey();
    try {
      const { hash } = await publicBadge();
      const answer = (await getBadge(hash)).json;
      expect(decodeProtectedHeader(answer.credential_jwt).kid).toBe(await kidOf(jwk));
      await jwtVerify(answer.credential_jwt, createLocalJWKSet(await fetchedJwks()));
      const row = await (await getDb()).signingKey.findUniqueOrThrow({ where: { kid: await kidOf(jwk) } });
      expect(row.privateJwkEnc).toBe("");
      await expect(rotateSigningKey(await getDb())).rejects.toThrow(/BADGE_SIGNING_KEY/);
    } finally {
      delete process.env.BADGE_SIGNING_KEY;
      resetEnvCache();
      forgetSigningKey();
    }
  });

  it("after BADGE_SIGNING_KEY is removed, a new key signs and the configured one stays published", async () => {
    const configured = await generateSigningJwk();
    process.env.BADGE_SIGNING_KEY = JSON.stringify(configured);
    resetEnvCache();
    forgetSigningKey();
    try {
      await getBadge((await publicBadge()).hash);
    } finally {
      delete process.env.BADGE_SIGNING_KEY;
      resetEnvCache();
      forgetSigningKey();
    }
    const answer = (await getBadge((await publicBadge()).hash)).json;
    const kid = decodeProtectedHeader(answer.credential_jwt).kid;
    expect(kid).not.toBe(await kidOf(configured));
    const jwks = await fetchedJwks();
    expect(jwks.keys.map((k: { kid?: string }) => k.kid)).toEqual(
      expect.arrayContaining([kid, await kidOf(configured)]),
    );
    await jwtVerify(answer.credential_jwt, createLocalJWKSet(jwks));
  });

  it("serves the issuer profile the badges name", async () => {
    const answer = await call(issuerRoute, { path: "/.well-known/openbadges-issuer.json" });
    expect(answer.json).toMatchObject({
      id: "http://localhost:3000/.well-known/openbadges-issuer.json",
      type: ["Profile"],
      name: "Credence",
      jwks_uri: "http://localhost:3000/.well-known/jwks.json",
    });
  });
});

type RawHandler = (req: Request, ctx: { params: Promise<{ badge_hash: string }> }) => Promise<Response>;

async function fetchRaw(
  handler: RawHandler,
  path: string,
  params: { badge_hash: string },
  headers: Record<string, string> = {},
) {
  const res = await handler(new Request(`http://localhost:3000${path}`, { headers }), {
    params: Promise.resolve(params),
  });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

function readableFile(file: string): boolean {
  try {
    readFileSync(file);
    return true;
  } catch {
    return false;
  }
}
