// The first half of a web verification, before the stream opens: the original stored encrypted,
// a pending row written and its credits debited in the same transaction (refunded if the
// analysis fails), so a verification is never charged twice and never free by accident. When the
// engine pool is full nothing is stored or charged: 503 engine_busy, which the upload page shows.
import type { Db, User } from "../db";
import { chargeCredits } from "../credits/charge-credits";
import { EngineBusyError, engineRoom } from "../engine";
import { newId } from "../ids";
import { engineBusy } from "./engine-busy";
import type { AnonymousCaller } from "./anonymous-caller";
import { originalFileRow, withStoredOriginal } from "./original-file";
import type { DocumentInput } from "./parse-document-request";

export async function startWebVerification(
  db: Db,
  input: { user: User | null; document: DocumentInput; anonymous: AnonymousCaller | null; credits: number },
) {
  const { document, user } = input;
  const room = engineRoom();
  if (!room.ok) throw engineBusy(new EngineBusyError(room.retryAfterSeconds));
  const id = newId("verification");
  return withStoredOriginal(id, document, (file) =>
    db.$transaction(async (tx) => {
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
          fileSize: file.size,
          fileSha256: file.sha256,
          documentImagePath: file.storageKey,
          creditsCharged: input.credits,
          anonymousFingerprint: input.anonymous?.fingerprint ?? null,
          anonymousCookie: input.anonymous?.cookie ?? null,
          anonymousIp: input.anonymous?.ip ?? null,
          files: { create: originalFileRow(file, user?.id ?? null) },
        },
      });
      if (user && input.credits > 0)
        await chargeCredits(tx, { userId: user.id, verificationId: id, credits: input.credits });
      return verification;
    }),
  );
}
