// The generated images of a stored verification: the social-sharing image and the badged first
// page. Both are cached in memory under keys that include what they show, so a changed verdict
// or a new `v` produces a new image.
import { createHash } from "node:crypto";
import sharp from "sharp";
import type { Db, Verification } from "../db";
import { disputeCorrectionOf } from "../disputes/dispute-correction";
import { timestamp } from "../http/response";
import { fromDbVerdict } from "../verifications/verdicts";
import { renderBadge } from "./badge";
import { MemoryCache } from "./memory-cache";
import { renderOgImage } from "./og-image";
import { pageJpeg } from "./page-images";

const ogCache = new MemoryCache<Buffer>(500);
const badgedCache = new MemoryCache<Buffer>(200);

function shown(v: Verification): string {
  const corrected = disputeCorrectionOf(v.verdictJson) !== null;
  return [v.id, v.status, v.verdict, v.confidence, v.docType, v.fileName, corrected].join("|");
}

const digest = (s: string) => createHash("sha256").update(s).digest("hex").slice(0, 24);

/** Keys start with the verification's id, so an erasure can drop its images (forgetVerificationImages). */
const keyOf = (v: Verification, extra = "") => `${v.id}:${digest(`${shown(v)}${extra}`)}`;

/**
 * Drops an erased verification's images from this process's caches. Other instances keep theirs until
 * their LRU pushes them out, unreachable: every image route reads the verification's row first.
 */
export function forgetVerificationImages(verificationId: string): void {
  const mine = (key: string) => key.startsWith(`${verificationId}:`);
  ogCache.deleteWhere(mine);
  badgedCache.deleteWhere(mine);
}

export function ogImageFor(v: Verification, version: string): Promise<Buffer> {
  return ogCache.getOrCreate(keyOf(v, `|v=${version}`), () =>
    renderOgImage({
      verdict: v.verdict ? fromDbVerdict(v.verdict) : null,
      confidence: v.confidence,
      docType: v.docType,
      fileName: v.fileName,
      status: v.status,
      date: timestamp(v.completedAt ?? v.createdAt).slice(0, 10),
      corrected: disputeCorrectionOf(v.verdictJson) !== null,
    }),
  );
}

/** The first page under a strip carrying the verdict badge (the strip keeps the page itself unobscured). */
export function badgedDocumentFor(db: Db, v: Verification): Promise<Buffer> {
  return badgedCache.getOrCreate(keyOf(v), async () => {
    const page = await sharp(await pageJpeg(db, v, 1))
      .resize({ width: 1200, withoutEnlargement: true })
      .toBuffer({ resolveWithObject: true });
    const badgeWidth = Math.max(240, Math.min(520, Math.round(page.info.width * 0.42)));
    const badge = await renderBadge(
      { verdict: v.verdict ? fromDbVerdict(v.verdict) : null, confidence: v.confidence, status: v.status },
      badgeWidth,
    );
    const badgeHeight = (await sharp(badge).metadata()).height ?? Math.round(badgeWidth * 0.3);
    const margin = Math.max(8, Math.round(page.info.width * 0.02));
    return sharp(page.data)
      .extend({ top: badgeHeight + 2 * margin, background: "#f1f5f9" })
      .composite([{ input: badge, top: margin, left: Math.max(0, page.info.width - badgeWidth - margin) }])
      .png({ compressionLevel: 6 })
      .toBuffer();
  });
}
