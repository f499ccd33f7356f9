// POST /review/admin/generate-suggestions: the learning engine over every reviewed verification.
// A scope with a pending suggestion has it refreshed with the new counts; a scope an admin
// rejected gets a new suggestion only when more accounts have overruled it since.
import type { Db, Prisma } from "../db";
import { isUniqueViolation } from "../db/unique-violation";
import { loadReviewed } from "./learning/load-reviewed";
import { suggestRules, type Suggested } from "./learning/suggest-rules";
import { listSuggestions } from "./list-suggestions";
import { currentOverrides } from "./overrides/current-overrides";

export async function generateSuggestions(db: Db) {
  const [reviewed, current] = await Promise.all([loadReviewed(db), currentOverrides(db)]);
  const proposals = suggestRules(reviewed, current);
  let created = 0;
  let refreshed = 0;
  for (const proposal of proposals) {
    const data = fields(proposal);
    const refresh = () => db.ruleSuggestion.updateMany({ where: { pendingScope: proposal.scopeKey }, data });
    if ((await refresh()).count > 0) {
      refreshed++;
      continue;
    }
    const decided = await db.ruleSuggestion.findFirst({
      where: { scopeKey: proposal.scopeKey, status: { in: ["rejected", "approved"] } },
      orderBy: { decidedAt: "desc" },
    });
    const sameRule = decided && JSON.stringify(decided.rule) === JSON.stringify(proposal.rule);
    if (decided && (decided.status === "approved" ? sameRule : decided.support >= proposal.support)) continue;
    try {
      await db.ruleSuggestion.create({
        data: { ...data, scopeKey: proposal.scopeKey, pendingScope: proposal.scopeKey },
      });
      created++;
    } catch (error) {
      // Another run created it meanwhile (one pending suggestion per scope): bring it up to date.
      if (!isUniqueViolation(error)) throw error;
      await refresh();
      refreshed++;
    }
  }
  return { object: "list" as const, created, refreshed, data: (await listSuggestions(db)).data };
}

function fields(p: Suggested) {
  return {
    rule: p.rule as unknown as Prisma.InputJsonValue,
    description: p.description,
    support: p.support,
    evidence: p.evidence as unknown as Prisma.InputJsonValue,
    effect: p.effect as unknown as Prisma.InputJsonValue,
  };
}
