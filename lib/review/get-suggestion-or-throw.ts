import type { DbClient } from "../db";
import { ApiError } from "../http/errors";

/** A suggestion still waiting for a decision: a decided one is a conflict, an unknown id a 404. */
export async function getPendingSuggestionOrThrow(db: DbClient, id: number) {
  const suggestion = await db.ruleSuggestion.findUnique({ where: { id } });
  if (!suggestion) throw new ApiError("not_found", `No rule suggestion with id ${id} exists.`);
  if (suggestion.status !== "pending")
    throw new ApiError("conflict", `Rule suggestion ${id} was already ${suggestion.status}.`);
  return suggestion;
}
