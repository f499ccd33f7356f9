// Regression: with no proxy-reported address, two people on the same browser build have the same
// request fingerprint; claiming by it gave one of them the other's anonymous verifications (and
// with their ids, the documents). Only the browser's own cookie may claim them then.
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { makeUser } from "../../tests/helpers/harness";
import { getDb } from "../db";
import { requestFingerprint } from "./anonymous-caller";
import { claimAnonymousVerifications } from "./claim-anonymous";
import { createVerification } from "./create-verification";

const BROWSER = { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0", "accept-language": "en-US" };

async function anonymousVerification(headers: Record<string, string>, cookie: string) {
  const req = new Request("http://localhost:3000/verify", { headers });
  const ip = headers["x-forwarded-for"] ?? "unknown";
  const verification = await createVerification(await getDb(), {
    userId: null,
    livemode: false,
    source: "web",
    document: { bytes: randomBytes(64), contentType: "application/pdf", fileName: "anonymous.pdf", mode: "standard" },
    anonymous: { cookie, fingerprint: requestFingerprint(req), ip },
  });
  return { id: verification.id, fingerprint: requestFingerprint(req), ip };
}

const newCookie = () => randomBytes(18).toString("base64url");

describe("claimAnonymousVerifications", () => {
  it("does not give a stranger on the same browser build the verifications of another browser", async () => {
    const db = await getDb();
    const theirs = await anonymousVerification(BROWSER, newCookie());
    const stranger = await makeUser();
    const claimed = await claimAnonymousVerifications(db, stranger.id, {
      cookie: newCookie(),
      fingerprint: theirs.fingerprint,
      ip: "unknown",
    });
    expect(claimed).not.toContain(theirs.id);
    expect((await db.verification.findUniqueOrThrow({ where: { id: theirs.id } })).userId).toBeNull();
  });

  it("lets the browser that holds the cookie claim its verifications", async () => {
    const db = await getDb();
    const cookie = newCookie();
    const mine = await anonymousVerification(BROWSER, cookie);
    const owner = await makeUser();
    expect(
      await claimAnonymousVerifications(db, owner.id, { cookie, fingerprint: mine.fingerprint, ip: "unknown" }),
    ).toEqual([mine.id]);
  });

  it("still matches the fingerprint when the proxy reports the address", async () => {
    const db = await getDb();
    const headers = { ...BROWSER, "x-forwarded-for": "203.0.113.91" };
    const mine = await anonymousVerification(headers, newCookie());
    const owner = await makeUser();
    expect(
      await claimAnonymousVerifications(db, owner.id, { cookie: null, fingerprint: mine.fingerprint, ip: mine.ip }),
    ).toEqual([mine.id]);
  });
});
