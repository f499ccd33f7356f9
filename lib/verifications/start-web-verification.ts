// The first half of a web verification, before the stream opens: the original stored encrypted,
// a pending row written and its credits debited in the same transaction (refunded if the
// analysis fails), so a verification is never charged twice and never free by accident.
import { createHash } from "node:crypto";
import type { Db, User } from "../db";
import { chargeCredits } from "../credits/charge-credits";
import { loadEnv } from "../env";
import { newId } from "../ids";
import { deleteObject, putObject } from "../storage";
import type { AnonymousCaller } from "./anonymous-caller";
import type { DocumentInput } from "./parse-document-request";

export async function startWebVerification(
  db: Db,
  input: { user: User | null; document: DocumentInput; anonymous: AnonymousCaller | null; credits: number },
) {
  const { document, user } = input;
  const sha256 = createHash("sha256").update(document.bytes).digest("hex");
  const id = newId("verification");
  const storageKey = `originals/${id}`;
  await putObject(storageKey, document.bytes);
  const retainUntil = new Date(Date.now() + loadEnv().UPLOAD_RETENTION_DAYS * 86_400_000);
  try {
    return await db.$transaction(async (tx) => {
      const verification = await tx.verification.create({
        data: {
          id,
          userId: user?.id ?? null,
          livemode: true,
          mode: document.mode,
          source: "web",
          status: "pending",
          fileName: document.fileName,
          contentType: document.contentType,
          fileSize: document.bytes.byteLength,
          fileSha256: sha256,
          documentImagePath: storageKey,
          creditsCharged: input.credits,
          anonymousFingerprint: input.anonymous?.fingerprint ?? null,
          anonymousCookie: input.anonymous?.cookie ?? null,
          anonymousIp: input.anonymous?.ip ?? null,
          files: {
            create: {
              id: newId("file"),
              userId: user?.id ?? null,
              kind: "original",
              storageKey,
              contentType: document.contentType,
              size: document.bytes.byteLength,
              sha256,
              retainUntil,
            },
          },
        },
      });
      if (user && input.credits > 0)
        await chargeCredits(tx, { userId: user.id, verificationId: id, credits: input.credits });
      return verification;
    });
  } catch (error) {
    await deleteObject(storageKey);
    throw error;
  }
}
