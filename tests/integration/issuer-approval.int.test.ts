// The issuer approval loop on real PostgreSQL and a real SMTP receiver: the request's e-mail, the
// institution's link read from it, the answer, and every refusal (test mode, the requester's own
// address, limits, expiry, a second answer, a guessed link), with the wording rule of DESIGN.md
// ("confirmed by" only for a domain of an admin-verified institution) on each surface.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GET as check } from "../../app/issuer-approval/check/[verification_id]/route";
import { GET as trackerStats } from "../../app/issuer-approval/admin/tracker/stats/route";
import { GET as tracker } from "../../app/issuer-approval/admin/tracker/route";
import { GET as myRequests } from "../../app/issuer-approval/my-requests/route";
import { POST as preview } from "../../app/issuer-approval/preview/route";
import { POST as respond } from "../../app/issuer-approval/respond/[secure_token]/route";
import { POST as send } from "../../app/issuer-approval/send/route";
import { GET as status } from "../../app/issuer-approval/status/[verification_id]/route";
import { GET as view } from "../../app/issuer-approval/view/[secure_token]/route";
import { getDb } from "../../lib/db";
import { resetEnvCache } from "../../lib/env";
import { addInstitution } from "../../lib/issuers/add-institution";
import { deliverRequestMail } from "../../lib/issuers/deliver-request-mail";
import { issuerMailJob } from "../../lib/issuers/issuer-mail-job";
import { stopJobWorkers } from "../../lib/jobs/workers";
import { createVerification } from "../../lib/verifications/create-verification";
import { startSmtpReceiver, type ReceivedMail } from "../helpers/smtp";
import { call, makeSession, makeUser } from "../helpers/harness";
import { webVerification } from "./app-flows";

type Session = Awaited<ReturnType<typeof makeSession>>;

let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
const LIMIT_VARS = [
  "ISSUER_REQUESTS_PER_USER_PER_DAY",
  "ISSUER_REQUESTS_PER_VERIFICATION",
  "ISSUER_REQUESTS_PER_RECIPIENT_PER_DAY",
];

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  process.env.SMTP_URL = smtp.url;
  resetEnvCache();
});
afterAll(async () => {
  await stopJobWorkers();
  await smtp.close();
  delete process.env.SMTP_URL;
  resetEnvCache();
});
beforeEach(() => {
  for (const name of LIMIT_VARS) delete process.env[name];
  resetEnvCache();
});

const tag = () => randomBytes(4).toString("hex");
const body = (verificationId: string, email: string, name = "University of Examples") => ({
  verification_id: verificationId,
  institution_name: name,
  institution_email: email,
});

async function sendAs(owner: Session, verificationId: string, email: string) {
  return call(send, {
    method: "POST",
    path: "/issuer-approval/send",
    headers: owner.auth,
    body: body(verificationId, email),
  });
}

/** Runs the mail job of a request as the worker would, and reads the link out of the received e-mail. */
async function deliver(requestId: string, to: string): Promise<{ mail: ReceivedMail; token: string }> {
  await issuerMailJob.handle({ requestId, kind: "request", attempt: 1 }, { attempt: 1 });
  const mail = await smtp.waitFor(to);
  const match = /https?:\/\/[^\s"<>]+\/approve\/([A-Za-z0-9_-]+)/.exec(mail.text);
  if (!match) throw new Error(`no approval link in the e-mail:\n${mail.text.slice(0, 2000)}`);
  return { mail, token: match[1] };
}

const answer = (token: string, decision: "confirm" | "dispute", extra: object = {}) =>
  call(respond, {
    method: "POST",
    path: `/issuer-approval/respond/${token}`,
    body: { decision, ...extra },
    params: { secure_token: token },
  });

const viewOf = (token: string) =>
  call(view, { path: `/issuer-approval/view/${token}`, params: { secure_token: token } });

let owner: Session;
let liveId: string;

beforeAll(async () => {
  owner = await makeSession();
  liveId = await webVerification(owner.auth);
});

describe("checking and previewing", () => {
  it("allows a live completed credential of the owner and refuses test mode with its reason", async () => {
    const ok = await call(check, {
      path: `/issuer-approval/check/${liveId}`,
      headers: owner.auth,
      params: { verification_id: liveId },
    });
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ eligible: true, reasons: [], issuer: null });

    const test = await createVerification(await getDb(), {
      userId: owner.user.id,
      livemode: false,
      source: "api",
      document: {
        bytes: Buffer.from("credence-test:VERIFIED"),
        contentType: "application/pdf",
        fileName: "t.pdf",
        mode: "standard",
      },
    });
    const refused = await call(check, {
      path: `/issuer-approval/check/${test.id}`,
      headers: owner.auth,
      params: { verification_id: test.id },
    });
    expect(refused.json.eligible).toBe(false);
    expect(refused.json.reasons.map((r: { code: string }) => r.code)).toContain("test_mode");
    const sent = await sendAs(owner, test.id, `registrar-${tag()}@uni.example.edu`);
    expect(sent.status).toBe(409);
    expect(sent.json.detail).toMatch(/test-mode/);
    expect(await (await getDb()).issuerApprovalRequest.count({ where: { verificationId: test.id } })).toBe(0);
  });

  it("refuses the requester's own address, also with a +tag or another case", async () => {
    for (const email of [owner.user.email, owner.user.email.toUpperCase(), owner.user.email.replace("@", "+uni@")]) {
      const res = await sendAs(owner, liveId, email);
      expect(res.status, email).toBe(422);
      expect(JSON.stringify(res.json.detail)).toMatch(/your own account's address/);
    }
  });

  it("says a free-mail or unlisted domain is not a verified institution", async () => {
    const free = await call(preview, {
      method: "POST",
      path: "/issuer-approval/preview",
      headers: owner.auth,
      body: body(liveId, "registrar.examples@gmail.com"),
    });
    expect(free.status).toBe(200);
    expect(free.json.recipient).toMatchObject({ domain: "gmail.com", free_mail: true, verified_institution: null });
    expect(free.json.recipient.confirmation_reads).toMatch(/^Confirmed from gmail\.com, not a verified institution/);
    expect(free.json.text).toContain("University of Examples");
    expect(free.json.html).toContain("University of Examples");
    await expect(
      addInstitution(await getDb(), { name: `Gmail U ${tag()}`, domains: ["gmail.com"] }, "test"),
    ).rejects.toThrow(/free-mail/);
  });
});

describe("the whole loop", () => {
  it("sends, the institution confirms once from an unverified domain, and every surface says so", async () => {
    const email = `records-${tag()}@unlisted-${tag()}.example.org`;
    const sent = await sendAs(owner, liveId, email);
    expect(sent.status).toBe(201);
    expect(sent.json).toMatchObject({ status: "pending", email_status: "queued", institution_email: email });
    const requestId: string = sent.json.request_id;

    const { mail, token } = await deliver(requestId, email);
    expect(mail.text).toContain("University of Examples");
    expect(mail.raw).toMatch(/Content-Type: image\/jpeg/i);
    expect(mail.raw).toContain("document-page-1.jpg");
    const db = await getDb();
    const row = await db.issuerApprovalRequest.findUniqueOrThrow({ where: { id: requestId } });
    expect(row).toMatchObject({ emailStatus: "sent", tokenSealed: null, emailError: null });
    expect(row.sentAt).not.toBeNull();
    // Only the hash is kept: the raw secret is in no column.
    expect(JSON.stringify(row)).not.toContain(token);

    const seen = await viewOf(token);
    expect(seen.status).toBe(200);
    expect(seen.json).toMatchObject({
      status: "pending",
      can_respond: true,
      institution_name: "University of Examples",
    });
    for (const secret of [owner.user.email, owner.user.id, liveId, requestId]) expect(seen.text).not.toContain(secret);

    const first = await answer(token, "confirm", { responder_name: "R. Egistrar", comment: "Issued in 2019." });
    expect(first.status).toBe(200);
    const domain = email.split("@")[1];
    expect(first.json.issuer).toMatchObject({
      status: "confirmed",
      institution: null,
      domain,
      verified_institution: false,
    });
    expect(first.json.issuer.text).toMatch(
      new RegExp(`^Confirmed from ${domain.replace(/\./g, "\\.")}, not a verified institution`),
    );

    const second = await answer(token, "dispute");
    expect(second.status).toBe(409);
    expect(second.json.detail).toMatch(/first answer stands/);
    const after = await viewOf(token);
    expect(after.json).toMatchObject({ status: "confirmed", can_respond: false });

    const event = await db.event.findFirstOrThrow({
      where: { userId: owner.user.id, type: "verification.issuer_confirmed" },
    });
    expect(event.livemode).toBe(true);
    expect(event.data).toMatchObject({ verification: { id: liveId }, issuer: { verified_institution: false, domain } });

    const own = await call(status, {
      path: `/issuer-approval/status/${liveId}`,
      headers: owner.auth,
      params: { verification_id: liveId },
    });
    expect(own.json.issuer.text).toBe(first.json.issuer.text);
    expect(own.json.requests[0]).toMatchObject({
      request_id: requestId,
      status: "confirmed",
      responder_name: "R. Egistrar",
    });

    // The owner is told, by e-mail.
    await issuerMailJob.handle({ requestId, kind: "answer", attempt: 1 }, { attempt: 1 });
    const notice = await smtp.waitFor(owner.user.email);
    expect(notice.text).toContain("not a verified institution");
  });

  it('reads "Confirmed by <institution>" from a domain an admin verified, and then no new request is possible', async () => {
    const holder = await makeSession();
    const id = await webVerification(holder.auth);
    const name = `University of Verified ${tag()}`;
    const domain = `verified-${tag()}.example.edu`;
    await addInstitution(await getDb(), { name, domains: [domain] }, "admin@example.test");
    const email = `registrar@records.${domain}`;
    const prev = await call(preview, {
      method: "POST",
      path: "/issuer-approval/preview",
      headers: holder.auth,
      body: body(id, email),
    });
    expect(prev.json.recipient.verified_institution).toBe(name);
    const sent = await sendAs(holder, id, email);
    const { token } = await deliver(sent.json.request_id, email);
    const confirmed = await answer(token, "confirm");
    expect(confirmed.json.issuer).toMatchObject({ institution: name, verified_institution: true });
    expect(confirmed.json.issuer.text).toMatch(new RegExp(`^Confirmed by ${name} on \\d{4}-\\d{2}-\\d{2}$`));
    const again = await call(check, {
      path: `/issuer-approval/check/${id}`,
      headers: holder.auth,
      params: { verification_id: id },
    });
    expect(again.json.reasons.map((r: { code: string }) => r.code)).toContain("already_confirmed");
  });

  it("emits verification.issuer_disputed for a dispute", async () => {
    const holder = await makeSession();
    const id = await webVerification(holder.auth);
    const email = `office-${tag()}@uni-${tag()}.example.net`;
    const sent = await sendAs(holder, id, email);
    const { token } = await deliver(sent.json.request_id, email);
    const disputed = await answer(token, "dispute", { comment: "We have no such graduate." });
    expect(disputed.json.issuer.text).toMatch(/^Disputed from /);
    const db = await getDb();
    const event = await db.event.findFirstOrThrow({
      where: { userId: holder.user.id, type: "verification.issuer_disputed" },
    });
    expect(event.data).toMatchObject({ request: { comment: "We have no such graduate." } });
  });
});

describe("links", () => {
  it("answers 404 alike for a guessed or malformed token, and refuses an expired one", async () => {
    const a = await viewOf(randomBytes(16).toString("base64url"));
    const b = await viewOf("x");
    expect(a.status).toBe(404);
    expect(b.status).toBe(404);
    expect(a.json.detail).toBe(b.json.detail);
    expect((await answer(randomBytes(16).toString("base64url"), "confirm")).status).toBe(404);

    const holder = await makeSession();
    const id = await webVerification(holder.auth);
    const email = `late-${tag()}@uni.example.edu`;
    const sent = await sendAs(holder, id, email);
    const { token } = await deliver(sent.json.request_id, email);
    await (
      await getDb()
    ).issuerApprovalRequest.update({
      where: { id: sent.json.request_id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect((await viewOf(token)).json).toMatchObject({ status: "expired", can_respond: false });
    const late = await answer(token, "confirm");
    expect(late.status).toBe(409);
    expect(late.json.detail).toMatch(/expired/);
  });
});

describe("limits", () => {
  it("limits requests per verification, per account per day and per recipient per day", async () => {
    const holder = await makeSession();
    const id = await webVerification(holder.auth);
    process.env.ISSUER_REQUESTS_PER_VERIFICATION = "2";
    resetEnvCache();
    expect((await sendAs(holder, id, `a-${tag()}@uni.example.edu`)).status).toBe(201);
    expect((await sendAs(holder, id, `b-${tag()}@uni.example.edu`)).status).toBe(201);
    const third = await sendAs(holder, id, `c-${tag()}@uni.example.edu`);
    expect(third.status).toBe(409);
    const checked = await call(check, {
      path: `/issuer-approval/check/${id}`,
      headers: holder.auth,
      params: { verification_id: id },
    });
    expect(checked.json.reasons.map((r: { code: string }) => r.code)).toEqual(["verification_limit"]);

    process.env.ISSUER_REQUESTS_PER_VERIFICATION = "10";
    process.env.ISSUER_REQUESTS_PER_USER_PER_DAY = "2";
    resetEnvCache();
    const daily = await sendAs(holder, id, `d-${tag()}@uni.example.edu`);
    expect(daily.status).toBe(429);
    expect(Number(daily.headers.get("retry-after"))).toBeGreaterThan(86_000);
    expect(daily.json.detail).toMatch(/last 24 hours/);

    // One address, requests from several accounts.
    process.env.ISSUER_REQUESTS_PER_USER_PER_DAY = "10";
    process.env.ISSUER_REQUESTS_PER_RECIPIENT_PER_DAY = "1";
    resetEnvCache();
    const shared = `busy-${tag()}@uni.example.edu`;
    expect((await sendAs(holder, id, shared)).status).toBe(201);
    const other = await makeSession();
    const otherId = await webVerification(other.auth);
    const busy = await sendAs(other, otherId, shared);
    expect(busy.status).toBe(429);
    expect(busy.json.detail).toMatch(/received 1 request/);
  });

  it("refuses a second pending request to the same address", async () => {
    const holder = await makeSession();
    const id = await webVerification(holder.auth);
    const email = `twice-${tag()}@uni.example.edu`;
    expect((await sendAs(holder, id, email)).status).toBe(201);
    expect((await sendAs(holder, id, email)).status).toBe(409);
  });
});

describe("the e-mail's delivery", () => {
  it("retries when the server cannot be reached and records a refusal's reason", async () => {
    const holder = await makeSession();
    const id = await webVerification(holder.auth);
    const sent = await sendAs(holder, id, `nobody-${tag()}@uni.example.edu`);
    const requestId: string = sent.json.request_id;
    const db = await getDb();

    process.env.SMTP_URL = "smtp://127.0.0.1:9"; // discard port: connection refused
    resetEnvCache();
    try {
      const outcome = await deliverRequestMail(db, requestId, 1);
      expect(outcome.status).toBe("retry");
      const waiting = await db.issuerApprovalRequest.findUniqueOrThrow({ where: { id: requestId } });
      expect(waiting.emailStatus).toBe("queued");
      expect(waiting.emailError).toMatch(/attempt 1 of 5/);
      expect(waiting.tokenSealed).not.toBeNull();
      // The last attempt gives up with the transport's reason.
      expect((await deliverRequestMail(db, requestId, 5)).status).toBe("failed");
      const failed = await db.issuerApprovalRequest.findUniqueOrThrow({ where: { id: requestId } });
      expect(failed).toMatchObject({ emailStatus: "failed", tokenSealed: null });
      expect(failed.emailError).toMatch(/ECONNECTION|ECONNREFUSED/);
    } finally {
      process.env.SMTP_URL = smtp.url;
      resetEnvCache();
    }
  });
});

describe("owner and admin views", () => {
  it("lists the owner's requests and shows the tracker to admins", async () => {
    const mine = await call(myRequests, { path: "/issuer-approval/my-requests", headers: owner.auth });
    expect(mine.status).toBe(200);
    expect(mine.json.items.length).toBeGreaterThan(0);
    expect(mine.json.items.every((r: { verification_id: string }) => r.verification_id === liveId)).toBe(true);

    const admin = await makeSession({ role: "admin" });
    const page = await call(tracker, {
      path: `/issuer-approval/admin/tracker?page=1&page_size=5&search=${encodeURIComponent(owner.user.email)}&status=confirmed`,
      headers: admin.auth,
    });
    expect(page.status).toBe(200);
    expect(page.json.items.length).toBeGreaterThan(0);
    expect(
      page.json.items.every(
        (r: { requester_email: string; status: string }) =>
          r.requester_email === owner.user.email && r.status === "confirmed",
      ),
    ).toBe(true);
    const tooBig = await call(tracker, { path: "/issuer-approval/admin/tracker?page_size=201", headers: admin.auth });
    expect(tooBig.status).toBe(422);
    const stats = await call(trackerStats, { path: "/issuer-approval/admin/tracker/stats", headers: admin.auth });
    expect(stats.json.by_status.confirmed).toBeGreaterThan(0);
    expect(stats.json.response_time_p50_seconds).toBeGreaterThanOrEqual(0);
    await makeUser();
  });
});
