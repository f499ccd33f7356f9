// Holder fixtures for the timeline, CV and achievement tests, written straight to the database
// (the profile and credential routes belong to other areas and are not what these tests test).
import { createHash, randomBytes } from "node:crypto";
import { getDb } from "../../lib/db";
import { newId } from "../../lib/ids";

export async function makeHolderProfile(
  userId: string,
  fields: Partial<{
    displayName: string;
    headline: string;
    bio: string;
    location: string;
    avatarKey: string;
    isPublic: boolean;
  }> = {},
) {
  const db = await getDb();
  return db.holderProfile.create({
    data: {
      id: newId("profile"),
      userId,
      slug: `holder-${randomBytes(5).toString("hex")}`,
      displayName: fields.displayName ?? "Ada Example",
      ...fields,
    },
  });
}

/**
 * A credential on the profile with its completed verification: a live VERIFIED one, or a sample
 * (claimed from test mode). `badge` gives it a public badge hash.
 */
export async function makeCredential(
  profileId: string,
  userId: string,
  options: {
    sample?: boolean;
    isPublic?: boolean;
    badge?: boolean;
    label?: string;
    fields?: Record<string, string>;
  } = {},
) {
  const db = await getDb();
  const sample = options.sample ?? false;
  const bytes = randomBytes(16);
  const verification = await db.verification.create({
    data: {
      id: newId("verification"),
      userId,
      livemode: !sample,
      source: "web",
      status: "completed",
      verdict: sample ? "VERIFIED_SAMPLE" : "VERIFIED",
      confidence: 0.95,
      docType: "diploma",
      verdictJson: { fields: options.fields ?? {} },
      contentType: "application/pdf",
      fileSize: bytes.length,
      fileSha256: createHash("sha256").update(bytes).digest("hex"),
      completedAt: new Date(),
    },
  });
  const credential = await db.credential.create({
    data: {
      id: newId("credential"),
      profileId,
      verificationId: verification.id,
      label: options.label ?? "MSc Computer Science",
      category: "education",
      isSample: sample,
      isPublic: sample ? false : (options.isPublic ?? true),
    },
  });
  const badge = options.badge
    ? await db.badge.create({
        data: { id: newId("badge"), credentialId: credential.id, hash: randomBytes(16).toString("hex") },
      })
    : null;
  return { credential, verification, badge };
}
