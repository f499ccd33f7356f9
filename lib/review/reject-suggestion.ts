import type { Db } from "../db";
import { ApiError } from "../http/errors";
import { getPendingSuggestionOrThrow } from "./get-suggestion-or-throw";
import { toApiSuggestion } from "./serialize";

/** Rejecting records why; the same scope is suggested again only on more support (generate-suggestions.ts). */
export async function rejectSuggestion(db: Db, adminId: string, id: number, reason: string) {
  await getPendingSuggestionOrThrow(db, id);
  const decided = await db.ruleSuggestion.updateMany({
    where: { id, status: "pending" },
    data: { status: "rejected", pendingScope: null, decidedById: adminId, decidedAt: new Date(), decisionNote: reason },
  });
  if (decided.count === 0) throw new ApiError("conflict", `Rule suggestion ${id} was decided meanwhile.`);
  return toApiSuggestion(await db.ruleSuggestion.findUniqueOrThrow({ where: { id } }));
}
