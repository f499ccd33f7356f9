// The admin-verified institution an address's domain belongs to: the domain itself or a parent of it
// (registrar.uni.edu answers for uni.edu), never a free-mail domain.
import type { DbClient, Institution } from "../db";
import { normaliseDomain } from "./email-address";
import { isFreeMailDomain } from "./free-mail-domains";

export async function findVerifiedInstitution(db: DbClient, domain: string): Promise<Institution | null> {
  const normal = normaliseDomain(domain);
  if (isFreeMailDomain(normal)) return null;
  const labels = normal.split(".");
  const candidates = labels.slice(0, -1).map((_, i) => labels.slice(i).join("."));
  if (candidates.length === 0) return null;
  const rows = await db.institutionDomain.findMany({
    where: { domain: { in: candidates }, institution: { verifiedAt: { not: null } } },
    include: { institution: true },
  });
  // The most specific registered domain wins (a faculty listed apart from its university).
  rows.sort((a, b) => b.domain.length - a.domain.length);
  return rows[0]?.institution ?? null;
}
