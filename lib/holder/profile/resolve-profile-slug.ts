// /u/<slug> and GET /holder/public/{slug}: a current slug finds its profile; an old one (kept as an
// alias by a rename) finds it too and says which slug to redirect to.
import type { DbClient, HolderProfile } from "../../db";

export interface ResolvedSlug {
  profile: HolderProfile;
  /** Set when `slug` is an old slug: the current one, to redirect to. */
  redirectTo: string | null;
}

export async function resolveProfileSlug(db: DbClient, slug: string): Promise<ResolvedSlug | null> {
  const normalized = slug.toLowerCase();
  const profile = await db.holderProfile.findUnique({ where: { slug: normalized } });
  if (profile) return { profile, redirectTo: normalized === slug ? null : profile.slug };
  const alias = await db.holderSlugAlias.findUnique({ where: { slug: normalized }, include: { profile: true } });
  return alias ? { profile: alias.profile, redirectTo: alias.profile.slug } : null;
}
