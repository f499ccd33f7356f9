// Issue 17, "Done when": the erasure test walks every table and the data directory and finds
// nothing left. A user with a bit of everything is erased (the whole account, or one verification),
// then every table of the database (listed from information_schema, so a table added later is
// covered) is read row by row as text, and every file under the data directory (uploads decrypted)
// is read, looking for the user's id, e-mail, verification ids and other identifiers. Before the
// erasure the same scan must find them, so the scan itself is shown to work.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as deleteAccountRoute } from "../../app/gdpr/delete-account/route";
import { POST as deleteVerificationRoute } from "../../app/gdpr/delete-verification/[verification_id]/route";
import { GET as myData } from "../../app/gdpr/my-data/route";
import { GET as shareRoute } from "../../app/dashboard/verification/[verification_id]/route";
import { GET as v1Account } from "../../app/v1/account/route";
import { getDb } from "../../lib/db";
import type { FusionOverrideRule } from "../../lib/forensics/types";
import { loadEnv, resetEnvCache } from "../../lib/env";
import { EXPORTED_TABLES, KEPT_AFTER_ERASURE, NOT_EXPORTED_TABLES } from "../../lib/gdpr/user-data-tables";
import { recordFileDeletions } from "../../lib/storage/record-file-deletions";
import { sweepFileDeletions } from "../../lib/storage/sweep-file-deletions";
import { putObject } from "../../lib/storage";
import { filesNaming, scanDatabase, tablesOf, walkDataDir } from "../helpers/erasure-scan";
import { userWithEverything, verificationWithOriginal } from "../helpers/gdpr-fixtures";
import { call, makeSession } from "../helpers/harness";

// This file's own data directory: the walk sees only what these tests stored.
const dataDir = mkdtempSync(path.join(tmpdir(), "credence-erasure-"));
const previousDataDir = process.env.CREDENCE_DATA_DIR;
beforeAll(() => {
  process.env.CREDENCE_DATA_DIR = dataDir;
  delete process.env.SMTP_URL; // mail is kept as files: they must go too
  process.env.FETCH_ALLOW_PRIVATE = "true"; // webhook endpoints on 127.0.0.1, never contacted
  resetEnvCache();
});
afterAll(() => {
  process.env.CREDENCE_DATA_DIR = previousDataDir;
  delete process.env.FETCH_ALLOW_PRIVATE;
  resetEnvCache();
  rmSync(dataDir, { recursive: true, force: true });
});

type Everything = Awaited<ReturnType<typeof userWithEverything>>;

/** What must vanish with the account: every identifier that names the user or one of their things. */
function needlesOf(x: Everything): string[] {
  return [
    x.user.id,
    x.user.email,
    ...x.verificationIds,
    x.profile.id,
    x.profile.slug,
    x.folder.id,
    // Not the webhook endpoint's id: a queued delivery job names it until it runs and finds it gone.
    x.token.token.id,
    x.credential.id,
    x.credential.badge!.hash,
  ];
}

/** Storage keys of every file the database still points at (anything else under uploads/ is an orphan). */
async function referencedKeys(): Promise<Set<string>> {
  const db = await getDb();
  const [files, profiles, cvs, badges, items, pending] = await Promise.all([
    db.storedFile.findMany({ select: { storageKey: true } }),
    db.holderProfile.findMany({ select: { avatarKey: true } }),
    db.cvUpload.findMany({ select: { fileKey: true } }),
    db.badge.findMany({ select: { imageKey: true } }),
    db.batchItem.findMany({ select: { input: true } }),
    db.pendingFileDeletion.findMany(),
  ]);
  return new Set(
    [
      ...files.map((f) => f.storageKey),
      ...profiles.map((p) => p.avatarKey),
      ...cvs.map((c) => c.fileKey),
      ...badges.map((b) => b.imageKey),
      ...items.map((i) => (i.input as { storage_key?: string }).storage_key),
      ...pending.map((p) => p.storageKey),
    ].filter((k): k is string => typeof k === "string"),
  );
}

const uploads = () => walkDataDir(dataDir).filter((f) => f.relative.startsWith("uploads/"));
const uploadKeys = () => uploads().map((f) => f.relative.slice("uploads/".length));

// The worker's database and data directory are shared with the test files that ran before this
// one: what they left is not this file's to judge.
let earlierKeys = new Set<string>();
let earlierUploads = new Set<string>();
beforeAll(async () => {
  earlierKeys = await referencedKeys();
  earlierUploads = new Set(uploadKeys());
});

async function expectNoOrphanUploads() {
  const referenced = await referencedKeys();
  const orphans = uploadKeys().filter((key) => !referenced.has(key) && !earlierUploads.has(key));
  expect(orphans, "files under uploads/ that no row points at").toEqual([]);
}

describe("POST /gdpr/delete-account", () => {
  it("leaves no row and no file naming the user, except the anonymised payment records", async () => {
    const bystander = await makeSession();
    const theirs = await verificationWithOriginal(bystander.user.id);
    const x = await userWithEverything();
    const needles = needlesOf(x);

    // The scan works: before the erasure it finds the user in most tables and files.
    const before = await scanDatabase(needles);
    const tablesBefore = tablesOf(before);
    const expected = [
      "users",
      "api_tokens",
      "verifications",
      "stored_files",
      "credit_ledger",
      "credit_pack_transactions",
      "usage_records",
      "idempotency_records",
      "webhook_endpoints",
      "events",
      "batches",
      "folders",
      "folder_verifications",
      "reviews",
      "disputes",
      "calibration_feedback",
      "coupon_redemptions",
      "referrals",
      "holder_profiles",
      "credentials",
      "badges",
      "life_events",
      "cv_uploads",
      "social_links",
      "achievements",
      "issuer_approval_requests",
      "magic_links",
      "institutions",
      "institution_domains",
    ];
    expect(
      expected.filter((t) => !tablesBefore.includes(t)),
      "tables the scan should have found the user in",
    ).toEqual([]);
    // Every table holding the user's data is exported or says why not (a new table fails here first).
    const classified = new Set([
      ...Object.keys(EXPORTED_TABLES),
      ...Object.keys(NOT_EXPORTED_TABLES),
      "institutions", // an admin's name on the directory they vouched for: their work, replaced by "erased account"
      "institution_domains",
    ]);
    expect(
      tablesBefore.filter((t) => !classified.has(t)),
      "tables with the user's data that the export ignores",
    ).toEqual([]);
    const filesBefore = walkDataDir(dataDir);
    const userKeys = [...(await referencedKeys())].filter((k) => !earlierKeys.has(k) && k !== `originals/${theirs.id}`);
    expect(userKeys.map((k) => k.split("/")[0]).sort()).toEqual(
      expect.arrayContaining(["avatars", "badges", "cvs", "originals", "pages"]),
    );
    expect(filesNaming(filesBefore, [x.user.email]).some((f) => f.file.startsWith("mail/"))).toBe(true);

    const erased = await call(deleteAccountRoute, {
      method: "POST",
      path: "/gdpr/delete-account",
      headers: x.session.auth,
    });
    expect(erased.status).toBe(200);
    expect(erased.json).toMatchObject({ object: "account", id: x.user.id, deleted: true });
    expect(erased.json.files_deleted).toBeGreaterThanOrEqual(userKeys.length);

    // Every table, every column: nothing names the user any more.
    expect(await scanDatabase(needles)).toEqual([]);
    // The payment record stays for the accountant, without the account.
    const db = await getDb();
    const kept = await db.creditPackTransaction.findUniqueOrThrow({ where: { id: x.paid.id } });
    expect(kept).toMatchObject({ userId: null, amountCents: 4900, currency: "eur", status: "paid" });
    expect(kept.anonymisedAt).toBeInstanceOf(Date);
    expect(Object.keys(KEPT_AFTER_ERASURE)).toEqual(["credit_pack_transactions"]);
    expect(
      await db.creditPackTransaction.count({
        where: { pack: "pack_10", userId: null, stripeSessionId: null, createdAt: { gte: x.paid.createdAt } },
      }),
    ).toBe(0);

    // The data directory: no file of the user, no file naming them, nothing orphaned.
    const filesAfter = walkDataDir(dataDir);
    expect(filesNaming(filesAfter, needles)).toEqual([]);
    const left = new Set(filesAfter.map((f) => f.relative));
    expect(userKeys.filter((k) => left.has(`uploads/${k}`))).toEqual([]);
    await expectNoOrphanUploads();
    expect(await db.pendingFileDeletion.count()).toBe(0);

    // The bystander keeps everything.
    expect(left.has(`uploads/originals/${theirs.id}`)).toBe(true);
    expect(await db.verification.count({ where: { userId: bystander.user.id } })).toBe(1);

    // Sessions and tokens of the erased account are dead: the JWT issued before, and the API token.
    expect((await call(myData, { path: "/gdpr/my-data", headers: x.session.auth })).status).toBe(401);
    expect((await call(v1Account, { path: "/v1/account", headers: x.token.auth })).status).toBe(401);
    const share = await call(shareRoute, {
      path: `/dashboard/verification/${x.web}`,
      params: { verification_id: x.web },
    });
    expect(share.status).toBe(404);
  });
});

describe("POST /gdpr/delete-verification/{verification_id}", () => {
  it("erases the verification and everything derived from it, and nothing else", async () => {
    const x = await userWithEverything();
    const target = x.credentialSource; // stored original, credential, badge and its image, folder link, issuer request
    const other = x.web;
    const db = await getDb();
    const targetKeys = (await db.storedFile.findMany({ where: { verificationId: target } })).map((f) => f.storageKey);
    const badgeKey = (await db.badge.findUniqueOrThrow({ where: { id: x.credential.badge!.id } })).imageKey!;
    expect(targetKeys).toEqual([`originals/${target}`]);
    // An admin's rule suggestion whose measured effect names the document.
    const suggestion = await db.ruleSuggestion.create({
      data: {
        rule: { check: "pixel.ela", doc_type: null, format: "photo", weight: 0.5 } satisfies FusionOverrideRule,
        description: "ELA alone is overruled on phone photos",
        support: 3,
        effect: { predicted: [{ verification_id: target, from: "SUSPECT", to: "VERIFIED" }], estimated: 0 },
      },
    });
    const needles = [target, x.credential.id, x.credential.badge!.hash];
    expect(tablesOf(await scanDatabase(needles))).toEqual(
      expect.arrayContaining([
        "verifications",
        "stored_files",
        "credentials",
        "badges",
        "folder_verifications",
        "issuer_approval_requests",
        "rule_suggestions",
      ]),
    );

    // Another user cannot, and learns nothing.
    const stranger = await makeSession();
    const refused = await call(deleteVerificationRoute, {
      method: "POST",
      path: `/gdpr/delete-verification/${target}`,
      headers: stranger.auth,
      params: { verification_id: target },
    });
    expect(refused.status).toBe(404);

    const res = await call(deleteVerificationRoute, {
      method: "POST",
      path: `/gdpr/delete-verification/${target}`,
      headers: x.session.auth,
      params: { verification_id: target },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ object: "verification", id: target, deleted: true });

    expect(await scanDatabase(needles)).toEqual([]);
    const measured = await db.ruleSuggestion.findUniqueOrThrow({ where: { id: suggestion.id } });
    expect(measured.effect).toEqual({ predicted: [], estimated: 0 });
    const files = walkDataDir(dataDir);
    expect(filesNaming(files, needles)).toEqual([]);
    const left = new Set(files.map((f) => f.relative));
    expect([...targetKeys, badgeKey].filter((k) => left.has(`uploads/${k}`))).toEqual([]);
    await expectNoOrphanUploads();

    // The rest of the account is untouched: the other verification with its files, the folder, the ledger.
    expect(left.has(`uploads/originals/${other}`)).toBe(true);
    expect(await db.verification.count({ where: { id: other } })).toBe(1);
    expect(await db.folderVerification.count({ where: { folderId: x.folder.id } })).toBe(1);
    expect(await db.user.count({ where: { id: x.user.id } })).toBe(1);
    const share = await call(shareRoute, {
      path: `/dashboard/verification/${target}`,
      params: { verification_id: target },
    });
    expect(share.status).toBe(404);
    // Deleting again: it is gone.
    const again = await call(deleteVerificationRoute, {
      method: "POST",
      path: `/gdpr/delete-verification/${target}`,
      headers: x.session.auth,
      params: { verification_id: target },
    });
    expect(again.status).toBe(404);
  });

  it("keeps the ledger's balance but not its reference to the erased document", async () => {
    const x = await userWithEverything();
    const db = await getDb();
    const charge = await db.creditLedgerEntry.findFirst({ where: { verificationId: x.web } });
    expect(charge).not.toBeNull();
    const keys = (await db.storedFile.findMany({ where: { verificationId: x.web } })).map((f) => f.storageKey).sort();
    expect(keys).toEqual([`originals/${x.web}`, `pages/${x.web}/1.jpg`]);
    const res = await call(deleteVerificationRoute, {
      method: "POST",
      path: `/gdpr/delete-verification/${x.web}`,
      headers: x.session.auth,
      params: { verification_id: x.web },
    });
    expect(res.status).toBe(200);
    const after = await db.creditLedgerEntry.findUniqueOrThrow({ where: { id: charge!.id } });
    expect(after).toMatchObject({ delta: charge!.delta, balanceAfter: charge!.balanceAfter, verificationId: null });
    expect(after.reference).toBe(`erased:${charge!.id}`);
    expect(await scanDatabase([x.web])).toEqual([]);
    const left = new Set(walkDataDir(dataDir).map((f) => f.relative));
    expect(keys.filter((k) => left.has(`uploads/${k}`))).toEqual([]);
    await expectNoOrphanUploads();
  });
});

describe("files of an erasure interrupted after its commit", () => {
  it("are deleted by the sweep", async () => {
    const db = await getDb();
    const key = `originals/ver_interrupted_${Date.now()}`;
    await putObject(key, Buffer.from("left behind by a crash"));
    // The transaction committed its record; the process died before deleting the file.
    await recordFileDeletions(db, [key]);
    expect(walkDataDir(dataDir).some((f) => f.relative === `uploads/${key}`)).toBe(true);
    expect(await sweepFileDeletions(db)).toBeGreaterThanOrEqual(1);
    expect(walkDataDir(dataDir).some((f) => f.relative === `uploads/${key}`)).toBe(false);
    expect(await db.pendingFileDeletion.count({ where: { storageKey: key } })).toBe(0);
    expect(loadEnv().CREDENCE_DATA_DIR).toBe(dataDir);
  });
});
