// Approving a suggestion writes the next version of the fusion overrides: the set in force with
// the suggestion's rule replacing any rule of the same scope. New analyses read the newest version
// (current-overrides.ts); reports record which one weighed them.
import type { Db, Prisma } from "../db";
import { isUniqueViolation } from "../db/unique-violation";
import type { FusionOverrideRule } from "../forensics/types";
import { ApiError } from "../http/errors";
import { getPendingSuggestionOrThrow } from "./get-suggestion-or-throw";
import { scopeKey } from "./learning/suggest-rules";
import { currentOverrides } from "./overrides/current-overrides";
import { toApiSuggestion } from "./serialize";

/** Two approvals at once both aim at the next version: the loser reads the set again. */
const ATTEMPTS = 3;

export async function approveSuggestion(db: Db, adminId: string, id: number) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.$transaction(async (tx) => {
        const suggestion = await getPendingSuggestionOrThrow(tx, id);
        const rule = suggestion.rule as unknown as FusionOverrideRule;
        const current = await currentOverrides(tx);
        const rules = [...(current?.rules ?? []).filter((r) => scopeKey(r) !== scopeKey(rule)), rule];
        const version = (current?.version ?? 0) + 1;
        const decided = await tx.ruleSuggestion.updateMany({
          where: { id, status: "pending" },
          data: {
            status: "approved",
            pendingScope: null,
            decidedById: adminId,
            decidedAt: new Date(),
            overridesVersion: version,
          },
        });
        if (decided.count === 0) throw new ApiError("conflict", `Rule suggestion ${id} was decided meanwhile.`);
        await tx.fusionOverrideSet.create({
          data: { version, rules: rules as unknown as Prisma.InputJsonValue, suggestionId: id },
        });
        const approved = await tx.ruleSuggestion.findUniqueOrThrow({ where: { id } });
        return { suggestion: toApiSuggestion(approved), overrides_version: version, rules };
      });
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= ATTEMPTS) throw error;
    }
  }
}
