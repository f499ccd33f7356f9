// A rule suggestion's measured effect lists the verifications whose replayed verdict it changes
// (effect.predicted). When verifications are erased (lib/gdpr), their ids leave those lists; the
// counts stay, as they describe the engine, not the documents.
import type { DbClient, Prisma } from "../db";

type Effect = { predicted?: Array<{ verification_id?: string }> } & Record<string, unknown>;

export async function forgetErasedVerifications(tx: DbClient, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const erased = new Set(ids);
  // Suggestions are few (one per check and scope, made by an admin): read them rather than query JSON per id.
  const suggestions = await tx.ruleSuggestion.findMany({ select: { id: true, effect: true } });
  for (const { id, effect } of suggestions) {
    const predicted = (effect as Effect | null)?.predicted;
    if (!Array.isArray(predicted) || !predicted.some((p) => erased.has(p.verification_id ?? ""))) continue;
    const kept = predicted.filter((p) => !erased.has(p.verification_id ?? ""));
    await tx.ruleSuggestion.update({
      where: { id },
      data: { effect: { ...(effect as Effect), predicted: kept } as Prisma.InputJsonValue },
    });
  }
}
