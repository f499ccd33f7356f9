// Whether a slug is free for a profile: not another profile's current slug, and not one another
// profile used before (its alias keeps redirecting there, so handing it out would hijack old links).
import { randomBytes } from "node:crypto";
import type { DbClient } from "../../db";
import { ApiError } from "../../http/errors";
import { slugFromName, slugProblem, SLUG_MAX, SLUG_MIN } from "./slug";

export async function isSlugTaken(db: DbClient, slug: string, profileId: string | null): Promise<boolean> {
  const [profile, alias] = await Promise.all([
    db.holderProfile.findUnique({ where: { slug }, select: { id: true } }),
    db.holderSlugAlias.findUnique({ where: { slug }, select: { profileId: true } }),
  ]);
  return (profile !== null && profile.id !== profileId) || (alias !== null && alias.profileId !== profileId);
}

export function slugTaken(slug: string): ApiError {
  return new ApiError("conflict", `The slug "${slug}" is taken; choose another.`);
}

/** A slug the caller chose: 422 when it breaks the rules, 409 when someone has it. */
export async function assertSlugAvailable(db: DbClient, slug: string, profileId: string | null): Promise<void> {
  const problem = slugProblem(slug);
  if (problem) {
    throw new ApiError("invalid_request", `slug: ${problem}`, {
      issues: [{ loc: ["body", "slug"], msg: problem, type: "custom" }],
    });
  }
  if (await isSlugTaken(db, slug, profileId)) throw slugTaken(slug);
}

const suffix = () => randomBytes(4).toString("hex").slice(0, 6);
const withSuffix = (base: string, tail: string) =>
  `${base.slice(0, SLUG_MAX - tail.length - 1).replace(/-+$/, "")}-${tail}`;

/** A free slug made from the display name: "ada-lovelace", then "ada-lovelace-2" … "-9", then a random tail. */
export async function deriveSlug(db: DbClient, displayName: string): Promise<string> {
  let base = slugFromName(displayName);
  if (base === "") base = `holder-${suffix()}`;
  else if (base.length < SLUG_MIN || slugProblem(base)) base = withSuffix(base, suffix());
  const candidates = [base, ...Array.from({ length: 8 }, (_, i) => withSuffix(base, String(i + 2)))];
  for (const candidate of candidates) if (!(await isSlugTaken(db, candidate, null))) return candidate;
  for (;;) {
    const candidate = withSuffix(base, suffix());
    if (!(await isSlugTaken(db, candidate, null))) return candidate;
  }
}
