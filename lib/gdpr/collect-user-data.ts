// Everything Credence stores about one account (GET /gdpr/my-data, GET /gdpr/export), one section
// per table. Secrets and hashes (password, token hashes, webhook signing secrets, the issuer link's
// sealed token) are omitted from the queries, never read; so are internal storage locations.
// lib/gdpr/user-data-tables.ts says which table feeds which section and why the few others are left
// out; the erasure test fails when a table holding the user's data is in neither list.
import type { DbClient } from "../db";
import { timestamp } from "../http/response";
import { exportRows, exportRow, type ExportRow } from "./export-row";

export const USER_DATA_FORMAT = "credence-user-data/1";

export interface UserData {
  format: string;
  generated_at: string;
  account: ExportRow;
  sections: Record<string, ExportRow[]>;
}

const asc = { createdAt: "asc" } as const;

export async function collectUserData(db: DbClient, userId: string): Promise<UserData> {
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, omit: { passwordHash: true } });
  const ofUser = { userId };
  const ofProfile = { profile: { userId } };
  const ofEndpoint = { endpoint: { userId } };
  const [
    apiTokens,
    verifications,
    files,
    ledger,
    packs,
    usage,
    webhookEndpoints,
    webhookDeliveries,
    webhookAttempts,
    events,
    batches,
    batchItems,
    folders,
    folderVerifications,
    reviews,
    disputes,
    calibrationFeedback,
    couponRedemptions,
    referrals,
    holderProfile,
    slugAliases,
    credentials,
    badges,
    lifeEvents,
    cvUploads,
    socialLinks,
    achievements,
    issuerRequests,
    signIns,
  ] = await Promise.all([
    db.apiToken.findMany({ where: ofUser, omit: { hash: true }, orderBy: asc }),
    db.verification.findMany({
      where: ofUser,
      omit: { anonymousCookie: true, anonymousFingerprint: true, documentImagePath: true },
      orderBy: asc,
    }),
    db.storedFile.findMany({ where: ofUser, omit: { storageKey: true }, orderBy: asc }),
    db.creditLedgerEntry.findMany({ where: ofUser, orderBy: asc }),
    db.creditPackTransaction.findMany({ where: ofUser, orderBy: asc }),
    db.usageRecord.findMany({ where: ofUser, orderBy: asc }),
    db.webhookEndpoint.findMany({ where: ofUser, omit: { secretEncrypted: true }, orderBy: asc }),
    db.webhookDelivery.findMany({ where: ofEndpoint, orderBy: asc }),
    db.webhookAttempt.findMany({ where: { delivery: ofEndpoint }, orderBy: { startedAt: "asc" } }),
    db.event.findMany({ where: ofUser, orderBy: asc }),
    db.batch.findMany({ where: ofUser, orderBy: asc }),
    db.batchItem.findMany({ where: { batch: ofUser }, orderBy: [{ batchId: "asc" }, { position: "asc" }] }),
    db.folder.findMany({ where: ofUser, orderBy: asc }),
    db.folderVerification.findMany({ where: { folder: ofUser }, orderBy: { addedAt: "asc" } }),
    db.review.findMany({ where: { reviewerId: userId }, orderBy: asc }),
    db.dispute.findMany({ where: ofUser, orderBy: asc }),
    db.calibrationFeedback.findMany({ where: ofUser, orderBy: asc }),
    db.couponRedemption.findMany({ where: ofUser, include: { coupon: { select: { code: true } } }, orderBy: asc }),
    db.referral.findMany({ where: { OR: [{ referrerId: userId }, { referredUserId: userId }] }, orderBy: asc }),
    db.holderProfile.findUnique({ where: ofUser, omit: { avatarKey: true } }),
    db.holderSlugAlias.findMany({ where: ofProfile, orderBy: asc }),
    db.credential.findMany({ where: ofProfile, orderBy: asc }),
    db.badge.findMany({ where: { credential: ofProfile }, omit: { imageKey: true }, orderBy: asc }),
    db.lifeEvent.findMany({ where: ofProfile, orderBy: asc }),
    db.cvUpload.findMany({ where: ofUser, omit: { fileKey: true }, orderBy: asc }),
    db.socialLink.findMany({ where: ofUser, orderBy: asc }),
    db.achievement.findMany({ where: ofUser, orderBy: { unlockedAt: "asc" } }),
    db.issuerApprovalRequest.findMany({ where: ofUser, omit: { tokenHash: true, tokenSealed: true }, orderBy: asc }),
    db.magicLink.findMany({ where: { email: user.email }, omit: { tokenHash: true }, orderBy: asc }),
  ]);
  const { referredById: _referrer, ...account } = user;
  return {
    format: USER_DATA_FORMAT,
    generated_at: timestamp(new Date()),
    account: exportRow(account),
    sections: {
      api_tokens: exportRows(apiTokens),
      verifications: exportRows(verifications),
      stored_files: exportRows(files),
      credit_ledger: exportRows(ledger),
      credit_pack_transactions: exportRows(packs),
      usage_records: exportRows(usage),
      webhook_endpoints: exportRows(webhookEndpoints),
      webhook_deliveries: exportRows(webhookDeliveries),
      webhook_attempts: exportRows(webhookAttempts),
      events: exportRows(events),
      batches: exportRows(batches),
      batch_items: exportRows(batchItems),
      folders: exportRows(folders),
      folder_verifications: exportRows(folderVerifications),
      reviews: exportRows(reviews),
      disputes: exportRows(disputes),
      calibration_feedback: exportRows(calibrationFeedback),
      coupon_redemptions: exportRows(couponRedemptions.map(({ coupon, ...r }) => ({ ...r, couponCode: coupon.code }))),
      // The other party's account id is theirs, not this user's: only the role is shown.
      referrals: exportRows(
        referrals.map((r) => ({
          id: r.id,
          role: r.referrerId === userId ? "referrer" : "referred",
          rewardedAt: r.rewardedAt,
          createdAt: r.createdAt,
        })),
      ),
      holder_profile: holderProfile ? [exportRow(holderProfile)] : [],
      holder_slug_aliases: exportRows(slugAliases),
      credentials: exportRows(credentials),
      badges: exportRows(badges),
      life_events: exportRows(lifeEvents),
      cv_uploads: exportRows(cvUploads),
      social_links: exportRows(socialLinks),
      achievements: exportRows(achievements),
      issuer_approval_requests: exportRows(issuerRequests),
      sign_in_links: exportRows(signIns),
    },
  };
}
