import type { DbClient } from "../db";
import { toApiSuggestion } from "./serialize";

/** Pending rule suggestions, best supported first (GET /review/admin/suggestions). */
export async function listSuggestions(db: DbClient) {
  const rows = await db.ruleSuggestion.findMany({
    where: { status: "pending" },
    orderBy: [{ support: "desc" }, { id: "asc" }],
  });
  return { object: "list" as const, data: rows.map(toApiSuggestion) };
}

/** The latest decided suggestions, for the admin page's record of what was approved or rejected. */
export async function listDecidedSuggestions(db: DbClient, take = 20) {
  const rows = await db.ruleSuggestion.findMany({
    where: { status: { in: ["approved", "rejected"] } },
    orderBy: [{ decidedAt: "desc" }, { id: "desc" }],
    take,
  });
  return rows.map(toApiSuggestion);
}
