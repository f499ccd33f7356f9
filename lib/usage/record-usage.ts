// The usage step of the /v1 wrapper: one row per authenticated request (endpoint template,
// status, credits), the source of GET /v1/account/usage.
import type { DbClient } from "../db";
import { newId } from "../ids";

export interface UsageEntry {
  userId: string;
  tokenId: string | null;
  livemode: boolean;
  endpoint: string;
  statusCode: number;
  credits: number;
}

export async function recordUsage(db: DbClient, entry: UsageEntry): Promise<void> {
  await db.usageRecord.create({ data: { id: newId("usage"), ...entry } });
}
