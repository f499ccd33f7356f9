// GET /gdpr/lookup: which of the caller's own verifications name this holder. Only the caller's rows
// are read, so the lookup can never tell anyone whether another account holds a person's document.
// Names match as the folder summary matches them (order, accents, script, initials, fewer names).
import type { DbClient } from "../db";
import { compareNames } from "../folders/summary/compare-names";
import { verificationSummary } from "../verifications/public-verification";

export interface HolderLookup {
  holder: string;
  limit: number;
  offset: number;
}

export async function lookupHolder(db: DbClient, userId: string, query: HolderLookup) {
  // Names are compared in code (transliteration, initials): the candidates are this account's named documents.
  const named = await db.verification.findMany({
    where: { userId, holderName: { not: null } },
    select: { id: true, holderName: true },
    orderBy: { id: "desc" },
  });
  const matches = named.flatMap(({ id, holderName }) => {
    const match = compareNames(query.holder, holderName!);
    return match.kind === "different" ? [] : [{ id, holderName: holderName!, match }];
  });
  const page = matches.slice(query.offset, query.offset + query.limit);
  const rows = await db.verification.findMany({ where: { id: { in: page.map((m) => m.id) }, userId } });
  const byId = new Map(rows.map((r) => [r.id, r]));
  return {
    holder: query.holder,
    items: page.flatMap(({ id, holderName, match }) => {
      const row = byId.get(id);
      if (!row) return []; // deleted between the two reads
      return [
        {
          ...verificationSummary(row),
          holder_name: holderName,
          match: match.kind as "same" | "variant",
          match_reason: match.kind === "variant" ? match.reason : null,
        },
      ];
    }),
    total: matches.length,
    limit: query.limit,
    offset: query.offset,
  };
}
