// The owner's notice of a dispute's resolution, queued in the resolving transaction and sent by the
// job engine (retried on failure). Registered in server/jobs.ts.
import { z } from "zod";
import { type Db, type DbClient, getDb } from "../db";
import { loadEnv } from "../env";
import { defineJob, enqueueJob } from "../jobs";
import { sendMail } from "../mail/send-mail";
import { disputeMail } from "./dispute-mail";

export const disputeMailJob = defineJob({
  name: "disputes.mail",
  schema: z.object({ disputeId: z.number().int().min(1) }),
  key: ({ disputeId }) => `dispute:${disputeId}`,
  lease: { seconds: 120 },
  retry: { limit: 4, delaySeconds: 5 },
  concurrency: 4,
  handle: async ({ disputeId }) => deliverDisputeMail(await getDb(), disputeId),
});

export async function enqueueDisputeMail(disputeId: number, db: DbClient): Promise<void> {
  await enqueueJob(disputeMailJob, { disputeId }, { db });
}

/** Sends the notice; nothing when the dispute (or the account) was erased meanwhile, or is pending again. */
export async function deliverDisputeMail(db: Db, disputeId: number): Promise<void> {
  const dispute = await db.dispute.findUnique({
    where: { id: disputeId },
    include: { user: { select: { email: true } }, verification: { select: { fileName: true } } },
  });
  if (!dispute || dispute.status === "pending") return;
  await sendMail(
    disputeMail({
      to: dispute.user.email,
      dispute,
      fileName: dispute.verification.fileName,
      resultUrl: `${loadEnv().APP_URL}/verifications/${dispute.verificationId}`,
    }),
  );
}
