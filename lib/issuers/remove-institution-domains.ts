import type { Db } from "../db";
import { normaliseDomain } from "./email-address";

/**
 * Takes domains out of the directory: answers from them stop counting as the institution's from now
 * on (answers already recorded keep the wording they were given).
 */
export async function removeInstitutionDomains(db: Db, domains: string[]): Promise<number> {
  const { count } = await db.institutionDomain.deleteMany({ where: { domain: { in: domains.map(normaliseDomain) } } });
  return count;
}
