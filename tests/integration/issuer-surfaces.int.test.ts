// The issuer's answer on the surfaces that show a verification to others (the share JSON, the
// report PDF) and the owner's paged list, on real PostgreSQL. The answer is given through the real
// request and respond path; the link's secret is unsealed as the mail job would.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as shared } from "../../app/dashboard/verification/[verification_id]/route";
import { GET as report } from "../../app/dashboard/verification/[verification_id]/report/route";
import { GET as certificateRoute } from "../../app/holder/badge/[badge_hash]/certificate/route";
import { GET as badgeRoute } from "../../app/holder/badge/[badge_hash]/route";
import { GET as credentialsRoute } from "../../app/holder/credentials/route";
import { GET as myRequestsRoute } from "../../app/issuer-approval/my-requests/route";
import { POST as respondRoute } from "../../app/issuer-approval/respond/[secure_token]/route";
import { getDb } from "../../lib/db";
import { claimVerification } from "../../lib/holder/credentials/claim-verification";
import { newId } from "../../lib/ids";
import { addInstitution } from "../../lib/issuers/add-institution";
import { myRequests } from "../../lib/issuers/my-requests";
import { respondToRequest } from "../../lib/issuers/respond-to-request";
import { newSecureToken } from "../../lib/issuers/secure-token";
import { sendRequest } from "../../lib/issuers/send-request";
import { stopJobWorkers } from "../../lib/jobs/workers";
import { decrypt } from "../../lib/storage";
import { call, makeSession } from "../helpers/harness";
import { makeCompletedVerification, makeHolderProfile } from "../helpers/holder-credentials";
import { pdfText } from "../helpers/pdf-text";
import { webVerification } from "./app-flows";

type Session = Awaited<ReturnType<typeof makeSession>>;
const tag = () => randomBytes(4).toString("hex");

afterAll(async () => {
  await stopJobWorkers();
});

async function requestAndAnswer(
  owner: Session,
  verificationId: string,
  email: string,
  decision: "confirm" | "dispute",
) {
  const db = await getDb();
  const request = await sendRequest(db, owner.user, {
    verification_id: verificationId,
    institution_name: "University of Examples",
    institution_email: email,
  });
  const token = decrypt(Buffer.from(request.tokenSealed!, "base64")).toString("utf8");
  return respondToRequest(db, token, { decision });
}

async function reportText(id: string): Promise<string> {
  const res = await report(new Request(`http://localhost:3000/dashboard/verification/${id}/report`), {
    params: Promise.resolve({ verification_id: id }),
  });
  expect(res.status).toBe(200);
  return (await pdfText(new Uint8Array(await res.arrayBuffer()))).replace(/\s+/g, " ");
}

const sharedJson = (id: string) =>
  call(shared, { path: `/dashboard/verification/${id}`, params: { verification_id: id } });

describe("the issuer's answer where others see the verification", () => {
  let owner: Session;
  beforeAll(async () => {
    owner = await makeSession();
  });

  it("is absent before any answer, then names a verified institution in the share JSON and the report", async () => {
    const id = await webVerification(owner.auth);
    expect((await sharedJson(id)).json.issuer).toBeNull();

    const name = `University of Surfaces ${tag()}`;
    const domain = `surfaces-${tag()}.example.edu`;
    await addInstitution(await getDb(), { name, domains: [domain] }, "admin@example.test");
    await requestAndAnswer(owner, id, `registrar@${domain}`, "confirm");

    const json = (await sharedJson(id)).json;
    expect(json.issuer).toMatchObject({ status: "confirmed", institution: name, verified_institution: true });
    expect(json.issuer.text).toMatch(new RegExp(`^Confirmed by ${name} on \\d{4}-\\d{2}-\\d{2}$`));

    expect(await reportText(id)).toContain(`Issuer: Confirmed by ${name}`);
  });

  it("never names an institution for an unlisted domain's confirmation", async () => {
    const id = await webVerification(owner.auth);
    const domain = `lookalike-${tag()}.example.org`;
    await requestAndAnswer(owner, id, `registrar@${domain}`, "confirm");
    const json = (await sharedJson(id)).json;
    expect(json.issuer).toMatchObject({ institution: null, verified_institution: false, domain });
    expect(json.issuer.text).toContain(`Confirmed from ${domain}, not a verified institution`);
    expect(json.issuer.text).not.toContain("University of Examples");
    const text = await reportText(id);
    expect(text).toContain(`not a verified institution`);
    expect(text).not.toContain("Confirmed by");
  });
});

describe("the issuer's answer in the holder's badge", () => {
  /** A request row as send-request writes it (the fixture verification has no stored original to send). */
  async function answered(userId: string, verificationId: string, domain: string) {
    const { token, hash } = newSecureToken();
    await (
      await getDb()
    ).issuerApprovalRequest.create({
      data: {
        id: newId("issuerRequest"),
        verificationId,
        userId,
        tokenHash: hash,
        institutionName: "University of Example",
        institutionEmail: `registrar@${domain}`,
        recipientDomain: domain,
        expiresAt: new Date(Date.now() + 86_400_000),
      },
    });
    return respondToRequest(await getDb(), token, { decision: "confirm" });
  }

  it("carries the confirmation as evidence in the signed credential and on the certificate, worded by the domain", async () => {
    const { user, auth } = await makeSession();
    await makeHolderProfile(user.id);
    const verification = await makeCompletedVerification(user.id);
    const { badge } = await claimVerification(await getDb(), user.id, verification.id);
    const hash = badge!.hash;
    const before = await call(badgeRoute, { path: `/holder/badge/${hash}`, params: { badge_hash: hash } });
    expect(before.json.credential.evidence).toHaveLength(1);

    const domain = `unlisted-${tag()}.example.org`;
    await answered(user.id, verification.id, domain);
    const after = await call(badgeRoute, { path: `/holder/badge/${hash}`, params: { badge_hash: hash } });
    const evidence = after.json.credential.evidence[1];
    expect(evidence).toMatchObject({
      name: "Issuer confirmation",
      verifiedInstitution: false,
      institution: null,
      answeringDomain: domain,
    });
    expect(evidence.description).toContain(`from ${domain}, not a verified institution`);
    expect(after.text).not.toContain("Confirmed by");

    const res = await certificateRoute(new Request(`http://localhost:3000/holder/badge/${hash}/certificate`), {
      params: Promise.resolve({ badge_hash: hash }),
    });
    const text = (await pdfText(new Uint8Array(await res.arrayBuffer()))).replace(/\s+/g, " ");
    expect(text).toContain(`Issuer: Confirmed from ${domain}, not a verified institution`);

    // The holder's own credential carries the same answer.
    const list = await call(credentialsRoute, { path: "/holder/credentials", headers: auth });
    const credential = list.json.data.find((c: { verification_id: string }) => c.verification_id === verification.id);
    expect(credential.issuer_status).toMatchObject({ status: "confirmed", verified_institution: false, domain });
    expect(credential.issuer_status.text).toBe(evidence.description.replace(/\.$/, ""));
  });
});

describe("the institution's answer from another site", () => {
  it("refuses what a cross-site form can send (no JSON content type), and the request stays open", async () => {
    const owner = await makeSession();
    const id = await webVerification(owner.auth);
    const db = await getDb();
    const request = await sendRequest(db, owner.user, {
      verification_id: id,
      institution_name: "University of Examples",
      institution_email: `office-${tag()}@uni-${tag()}.example.net`,
    });
    const token = decrypt(Buffer.from(request.tokenSealed!, "base64")).toString("utf8");
    for (const [type, body] of [
      ["application/x-www-form-urlencoded", "decision=confirm"],
      ["text/plain", JSON.stringify({ decision: "confirm" })],
      [
        "multipart/form-data; boundary=x",
        '--x\r\nContent-Disposition: form-data; name="decision"\r\n\r\nconfirm\r\n--x--',
      ],
    ]) {
      const res = await respondRoute(
        new Request(`http://localhost:3000/issuer-approval/respond/${token}`, {
          method: "POST",
          headers: { "content-type": type, origin: "https://evil.example" },
          body,
        }),
        { params: Promise.resolve({ secure_token: token }) },
      );
      expect(res.status, type).toBe(415);
    }
    const row = await db.issuerApprovalRequest.findUniqueOrThrow({ where: { id: request.id } });
    expect(row.status).toBe("pending");
    expect(row.respondedAt).toBeNull();
  });
});

describe("the owner's list of requests", () => {
  it("pages newest first with the total, and the route reports the total too", async () => {
    const owner = await makeSession();
    const ids = [await webVerification(owner.auth), await webVerification(owner.auth)];
    const db = await getDb();
    for (const id of ids)
      await sendRequest(db, owner.user, {
        verification_id: id,
        institution_name: "University of Examples",
        institution_email: `office-${tag()}@uni-${tag()}.example.net`,
      });
    const first = await myRequests(db, owner.user.id, { offset: 0, limit: 1 });
    const second = await myRequests(db, owner.user.id, { offset: 1, limit: 1 });
    expect(first.total).toBe(2);
    expect(first.items).toHaveLength(1);
    expect(first.items[0].verification_id).toBe(ids[1]);
    expect(second.items[0].verification_id).toBe(ids[0]);
    const other = await makeSession();
    expect(await myRequests(db, other.user.id)).toEqual({ items: [], total: 0 });
    const res = await call(myRequestsRoute, { path: "/issuer-approval/my-requests", headers: owner.auth });
    expect(res.json.total).toBe(2);
    expect(res.json.items).toHaveLength(2);
  });
});
