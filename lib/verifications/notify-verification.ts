// Events of a verification: verification.completed, verification.failed, and
// verification.manual_review_required for a MANUAL_REVIEW verdict (besides completed). Called with
// the transaction that stores the verification, so the events exist exactly when it does.
import type { DbClient, Verification } from "../db";
import { emitEvent } from "../events/emit-event";
import type { EventType } from "../events/event-types";
import { toApiVerification } from "./serialize";

export async function notifyVerification(db: DbClient, verification: Verification): Promise<void> {
  if (!verification.userId) return;
  const data = verificationEventData(verification);
  for (const type of verificationEventTypes(verification)) {
    await emitEvent(db, { userId: verification.userId, livemode: verification.livemode, data, type });
  }
}

/** The events a stored verification emits, in order; none without an owner. */
export function verificationEventTypes(verification: Verification): EventType[] {
  if (!verification.userId) return [];
  if (verification.status === "failed") return ["verification.failed"];
  if (verification.verdict === "MANUAL_REVIEW")
    return ["verification.completed", "verification.manual_review_required"];
  return ["verification.completed"];
}

export function verificationEventData(verification: Verification): Record<string, unknown> {
  return { verification: toApiVerification(verification) };
}
