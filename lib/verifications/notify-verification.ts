// Events of a verification: verification.completed, verification.failed, and
// verification.manual_review_required for a MANUAL_REVIEW verdict (besides completed). Called with
// the transaction that stores the verification, so the events exist exactly when it does.
import type { DbClient, Verification } from "../db";
import { emitEvent } from "../events/emit-event";
import { toApiVerification } from "./serialize";

export async function notifyVerification(db: DbClient, verification: Verification): Promise<void> {
  if (!verification.userId) return;
  const base = { userId: verification.userId, livemode: verification.livemode, data: { verification: toApiVerification(verification) } };
  if (verification.status === "failed") {
    await emitEvent(db, { ...base, type: "verification.failed" });
    return;
  }
  await emitEvent(db, { ...base, type: "verification.completed" });
  if (verification.verdict === "MANUAL_REVIEW") await emitEvent(db, { ...base, type: "verification.manual_review_required" });
}
