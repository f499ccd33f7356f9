// GET /marketplace/credits: what is left this period and the packs on offer.
import type { Db, User } from "../db";
import { billingEnabled } from "./billing-config";
import { creditPacks, overagePack } from "./packs";
import { toApiCredits, toApiPack } from "./serialize";

export async function marketplaceCredits(db: Db, caller: User) {
  const user = await db.user.findUniqueOrThrow({ where: { id: caller.id } });
  const enabled = billingEnabled();
  const overage = overagePack();
  const packs = enabled ? [...creditPacks(), ...(overage ? [overage] : [])] : [];
  return { billing_enabled: enabled, credits: toApiCredits(user), packs: packs.map(toApiPack) };
}
