// Holder fixtures for the credential and badge tests: a profile, and completed verifications with
// a chosen verdict and mode, written directly (the engine's verdict is not what these tests test).
import { randomBytes } from "node:crypto";
import { getDb, Prisma, type Verdict } from "../../lib/db";
import { newId } from "../../lib/ids";

export async function makeHolderProfile(userId: string, options: { isPublic?: boolean; slug?: string } = {}) {
  const db = await getDb();
  return db.holderProfile.create({
    data: {
      id: newId("profile"),
      userId,
      slug: options.slug ?? `holder-${randomBytes(5).toString("hex")}`,
      displayName: "Jane Example",
      headline: "Computer scientist",
      isPublic: options.isPublic ?? true,
    },
  });
}

export const DIPLOMA_FIELDS = {
  holder_name: "Jane Example",
  institution: "University of Example",
  degree: "Bachelor of Science in Computer Science",
  issue_date: "2021-06-15",
};

export async function makeCompletedVerification(
  userId: string | null,
  options: {
    verdict?: Verdict;
    livemode?: boolean;
    fields?: Record<string, string>;
    status?: "completed" | "pending";
  } = {},
) {
  const db = await getDb();
  const fields = options.fields ?? DIPLOMA_FIELDS;
  return db.verification.create({
    data: {
      id: newId("verification"),
      userId,
      livemode: options.livemode ?? true,
      source: "web",
      status: options.status ?? "completed",
      verdict: options.status === "pending" ? null : (options.verdict ?? "VERIFIED"),
      confidence: 0.93,
      docType: "diploma",
      verdictJson: { verdict: options.verdict ?? "VERIFIED", doc_type: "diploma", fields } as Prisma.InputJsonValue,
      holderName: fields.holder_name ?? null,
      pageCount: 1,
      fileName: "diploma.pdf",
      contentType: "application/pdf",
      fileSize: 1000,
      fileSha256: randomBytes(32).toString("hex"),
      completedAt: options.status === "pending" ? null : new Date(),
    },
  });
}
