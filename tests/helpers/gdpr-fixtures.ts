// A user who has a bit of everything Credence stores, made mostly through the real routes and
// domain functions (so derived files and rows appear as they do in production), for the erasure
// and export tests.
import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { GET as badgeCertificate } from "../../app/holder/badge/[badge_hash]/certificate/route";
import { GET as badgeImage } from "../../app/holder/badge/[badge_hash]/image/route";
import { POST as uploadCv } from "../../app/holder/cv/upload/route";
import { POST as uploadAvatar } from "../../app/holder/profile/avatar/route";
import { GET as ogImage } from "../../app/dashboard/verification/[verification_id]/og-image/route";
import { GET as pageImage } from "../../app/dashboard/verification/[verification_id]/image/[page]/route";
import { POST as v1Create } from "../../app/v1/verifications/route";
import { createMagicLink } from "../../lib/auth/magic-link";
import { createCoupon } from "../../lib/coupons/create-coupon";
import { redeemCoupon } from "../../lib/coupons/redeem-coupon";
import { bookCredits } from "../../lib/credits/book-credits";
import { getDb } from "../../lib/db";
import { fileDispute } from "../../lib/disputes/file-dispute";
import { createFolder } from "../../lib/folders/create-folder";
import { claimVerification } from "../../lib/holder/credentials/claim-verification";
import { recordProfileView } from "../../lib/holder/record-profile-view";
import { newId } from "../../lib/ids";
import { addInstitution } from "../../lib/issuers/add-institution";
import { sendMail } from "../../lib/mail/send-mail";
import { putObject } from "../../lib/storage";
import { batch, webhookDelivery, webhookEndpoint } from "./access-matrix/fixtures";
import { cvPdf } from "./cv-documents";
import { call, makeSession, makeToken, makeUser } from "./harness";
import { makeCompletedVerification, makeHolderProfile } from "./holder-credentials";
import { webVerification } from "../integration/app-flows";

/** A live VERIFIED verification with a stored original (bytes the badge and share routes never render). */
export async function verificationWithOriginal(userId: string) {
  const db = await getDb();
  const v = await makeCompletedVerification(userId);
  const storageKey = `originals/${v.id}`;
  await putObject(storageKey, Buffer.from(`original of ${v.id}`));
  await db.storedFile.create({
    data: {
      id: newId("file"),
      userId,
      verificationId: v.id,
      kind: "original",
      storageKey,
      contentType: "application/pdf",
      size: 10,
      sha256: v.fileSha256,
    },
  });
  return db.verification.update({ where: { id: v.id }, data: { documentImagePath: storageKey } });
}

/** Renders and stores what visitors of the share links and of a badge would cause. */
async function derivedImages(webId: string, credentialSourceId: string, badgeHash: string) {
  const share = (id: string) => `/dashboard/verification/${id}`;
  const page = { verification_id: webId, page: "1" };
  expectOk(await call(pageImage, { path: `${share(webId)}/image/1`, params: page }), "page image");
  for (const id of [webId, credentialSourceId]) {
    expectOk(await call(ogImage, { path: `${share(id)}/og-image`, params: { verification_id: id } }), "og image");
  }
  const badge = { badge_hash: badgeHash };
  expectOk(await call(badgeImage, { path: `/holder/badge/${badgeHash}/image`, params: badge }), "badge image");
  expectOk(
    await call(badgeCertificate, { path: `/holder/badge/${badgeHash}/certificate`, params: badge }),
    "certificate",
  );
}

function expectOk(res: { status: number; text: string }, what: string) {
  if (res.status !== 200 && res.status !== 201) throw new Error(`${what}: ${res.status} ${res.text.slice(0, 300)}`);
}

export async function userWithEverything() {
  const db = await getDb();
  const session = await makeSession({ plan: "pro" });
  const { user, auth } = session;
  const token = await makeToken({ userId: user.id, mode: "test" });

  // API verification, idempotent: a usage record, an idempotency record repeating it, its event.
  const api = await call(v1Create, {
    method: "POST",
    path: "/v1/verifications",
    headers: { ...token.auth, "idempotency-key": `erasure-${randomBytes(4).toString("hex")}` },
    body: { document_base64: Buffer.from("credence-test:SUSPECT").toString("base64"), content_type: "application/pdf" },
  });
  expectOk(api, "POST /v1/verifications");
  const endpoint = await webhookEndpoint(user.id);
  await webhookDelivery(user.id, endpoint.id);

  // A live web verification through POST /verify (original, report, credit charge, events) and its page image.
  const web = await webVerification(auth);
  const profile = await makeHolderProfile(user.id);
  const credentialSource = await verificationWithOriginal(user.id);
  const credential = await claimVerification(db, user.id, credentialSource.id);
  await derivedImages(web, credentialSource.id, credential.badge!.hash);

  const avatar = new FormData();
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#884422" } })
    .png()
    .toBuffer();
  avatar.append("file", new File([png], "me.png", { type: "image/png" }));
  expectOk(
    await call(uploadAvatar, { method: "POST", path: "/holder/profile/avatar", headers: auth, body: avatar }),
    "avatar",
  );
  const cv = new FormData();
  cv.append(
    "file",
    new File(
      [Buffer.from(await cvPdf(["Jane Example", "Experience", "2019 - 2021 Engineer, Example Ltd"]))],
      "cv.pdf",
      { type: "application/pdf" },
    ),
  );
  expectOk(await call(uploadCv, { method: "POST", path: "/holder/cv/upload", headers: auth, body: cv }), "cv");

  const folder = await createFolder(db, user.id, { name: "Applicant", applicant_name: "Jane Example" });
  await db.folderVerification.createMany({
    data: [web, credentialSource.id].map((verificationId) => ({ folderId: folder.id, verificationId })),
  });
  await fileDispute(db, {
    userId: user.id,
    verificationId: api.json.id,
    reason: "The university confirmed it by phone.",
  });
  await db.review.create({
    data: {
      id: newId("review"),
      verificationId: web,
      reviewerId: user.id,
      originalVerdict: "SUSPECT",
      newVerdict: "VERIFIED",
      reason: `checked ${web}`,
      overriddenChecks: ["pixel.ela"],
    },
  });
  await db.calibrationFeedback.create({
    data: {
      id: newId("feedback"),
      verificationId: web,
      userId: user.id,
      kind: "annotation",
      predicted: { verification: web },
      corrected: {},
    },
  });
  await batch(user.id);
  await db.issuerApprovalRequest.create({
    data: {
      id: newId("issuerRequest"),
      verificationId: credentialSource.id,
      userId: user.id,
      tokenHash: randomBytes(32).toString("hex"),
      institutionName: "University of Example",
      institutionEmail: "registrar@example.edu",
      recipientDomain: "example.edu",
      expiresAt: new Date(Date.now() + 86_400_000),
    },
  });
  await db.socialLink.create({
    data: { id: newId("socialLink"), userId: user.id, platform: "github", url: `https://github.com/${user.id}` },
  });
  await db.lifeEvent.create({
    data: { id: newId("lifeEvent"), profileId: profile.id, kind: "work", title: `Engineer (${user.email})` },
  });
  await db.achievement.create({ data: { id: newId("achievement"), userId: user.id, key: "first_credential" } });

  // Money: a paid pack (kept, anonymised, after an erasure), an abandoned checkout, the credits booked.
  const paid = await db.creditPackTransaction.create({
    data: {
      id: newId("packTransaction"),
      userId: user.id,
      pack: "pack_50",
      credits: 50,
      amountCents: 4900,
      currency: "eur",
      status: "paid",
      paidAt: new Date(),
      stripeSessionId: `cs_test_${randomBytes(6).toString("hex")}`,
      stripePaymentIntentId: `pi_test_${randomBytes(6).toString("hex")}`,
    },
  });
  await db.creditPackTransaction.create({
    data: {
      id: newId("packTransaction"),
      userId: user.id,
      pack: "pack_10",
      credits: 10,
      amountCents: 1200,
      currency: "eur",
    },
  });
  await db.$transaction((tx) =>
    bookCredits(tx, {
      userId: user.id,
      delta: 50,
      reason: "purchase",
      reference: `stripe:${paid.stripeSessionId}`,
      carryover: true,
    }),
  );

  // An admin's coupon redeemed, a referral, sign-in links, a kept e-mail, a profile visited, an institution vouched for.
  const admin = await makeUser({ role: "admin" });
  const coupon = await createCoupon(db, { kind: "multi_use", bonusVerifications: 2, createdById: admin.id });
  await redeemCoupon(db, await db.user.findUniqueOrThrow({ where: { id: user.id } }), coupon.code);
  const referred = await makeUser();
  await db.user.update({ where: { id: referred.id }, data: { referredById: user.id } });
  await db.referral.create({ data: { id: newId("referral"), referrerId: user.id, referredUserId: referred.id } });
  await createMagicLink(db, { email: user.email, callbackUrl: null, ip: "203.0.113.9" });
  await sendMail({ to: user.email, subject: "Your sign-in link", text: `Hello ${user.email}` });
  const visited = await makeHolderProfile((await makeUser()).id);
  await recordProfileView(db, visited.id, { userId: user.id });
  await addInstitution(
    db,
    {
      name: `Institution ${randomBytes(4).toString("hex")}`,
      domains: [`uni-${randomBytes(4).toString("hex")}.example`],
    },
    user.email,
  );

  const verificationIds = (await db.verification.findMany({ where: { userId: user.id }, select: { id: true } })).map(
    (v) => v.id,
  );
  return {
    session,
    user,
    token,
    web,
    api: api.json.id as string,
    credentialSource: credentialSource.id,
    credential,
    profile,
    folder,
    endpoint,
    paid,
    verificationIds,
  };
}
