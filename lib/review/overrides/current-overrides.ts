// The fusion overrides in force: the newest version of the set admins approved. Every live
// analysis passes it to the engine (lib/engine), which reads no database itself.
import type { DbClient } from "../../db";
import type { FusionOverrideRule, FusionOverrides } from "../../forensics/types";
import { ENGINE_VERSION } from "../../forensics/version";

export async function currentOverrides(db: DbClient): Promise<FusionOverrides | undefined> {
  const row = await db.fusionOverrideSet.findFirst({ orderBy: { version: "desc" } });
  return row ? { version: row.version, rules: row.rules as unknown as FusionOverrideRule[] } : undefined;
}

/** What an analysis depends on besides the document: the engine and the overrides that weighed it. */
export function engineKey(overrides: FusionOverrides | undefined): string {
  return overrides ? `${ENGINE_VERSION}+overrides.${overrides.version}` : ENGINE_VERSION;
}
