// The issuer approval e-mails, one run per attempt: the request to the institution (whose transient
// failures answer "run again" on the mail backoff) and the owner's notice of the answer (retried by
// the engine). Registered in server/jobs.ts.
import { z } from "zod";
import { type DbClient, getDb } from "../db";
import { defineJob, enqueueJob } from "../jobs";
import { log } from "../log";
import { deliverAnswerMail } from "./deliver-answer-mail";
import { deliverRequestMail, RequestNotFoundError } from "./deliver-request-mail";
import { MAX_MAIL_ATTEMPTS } from "./mail-errors";

const RETRY_LIMIT = 4;

export const issuerMailJob = defineJob({
  name: "issuer.mail",
  schema: z.object({
    requestId: z.string().min(1),
    kind: z.enum(["request", "answer"]),
    attempt: z.number().int().min(1).max(MAX_MAIL_ATTEMPTS),
  }),
  key: ({ requestId, kind, attempt }) => `${requestId}:${kind}:${attempt}`,
  // An SMTP conversation with its connection and greeting timeouts, plus rendering the page image.
  lease: { seconds: 180 },
  retry: { limit: RETRY_LIMIT, delaySeconds: 5 },
  concurrency: 4,
  handle: async (payload, ctx) => {
    const db = await getDb();
    try {
      if (payload.kind === "answer") return await deliverAnswerMail(db, payload.requestId);
      const outcome = await deliverRequestMail(db, payload.requestId, payload.attempt);
      if (outcome.status === "retry")
        return { retryAt: outcome.at, payload: { ...payload, attempt: outcome.nextAttempt } };
    } catch (error) {
      // Still missing on the last run: the transaction that made it rolled back.
      if (error instanceof RequestNotFoundError && ctx.attempt > RETRY_LIMIT) {
        log.info("issuer request gone", { requestId: payload.requestId });
        return;
      }
      throw error;
    }
  },
});

/** Queues the first attempt of an e-mail, in the caller's transaction. */
export async function enqueueIssuerMail(requestId: string, kind: "request" | "answer", db: DbClient): Promise<void> {
  await enqueueJob(issuerMailJob, { requestId, kind, attempt: 1 }, { db });
}
