// The public address of a profile, /u/<slug>: lower-case letters, digits and single hyphens,
// 3–40 characters. Words the application uses for its own pages and routes are refused, so no
// profile can pass for one of them (/u/admin, /u/support) or confuse a reader of a shared link.
export const SLUG_MIN = 3;
export const SLUG_MAX = 40;
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  // route prefixes and pages of this application
  "about",
  "account",
  "accounts",
  "achievements",
  "admin",
  "administrator",
  "api",
  "app",
  "assets",
  "auth",
  "badge",
  "badges",
  "batch",
  "batches",
  "billing",
  "biography",
  "blog",
  "certificate",
  "claim",
  "contact",
  "coupons",
  "credence",
  "credential",
  "credentials",
  "cv",
  "dashboard",
  "developer",
  "developers",
  "docs",
  "export",
  "favicon",
  "folders",
  "gdpr",
  "healthz",
  "help",
  "holder",
  "holders",
  "home",
  "image",
  "inngest",
  "issuer",
  "issuer-approval",
  "issuers",
  "jwks",
  "legal",
  "life-events",
  "login",
  "logout",
  "magic-link",
  "marketplace",
  "mcp",
  "me",
  "new",
  "null",
  "openapi",
  "pricing",
  "privacy",
  "profile",
  "profiles",
  "public",
  "register",
  "report",
  "reports",
  "resume",
  "review",
  "root",
  "security",
  "settings",
  "share",
  "sign-in",
  "sign-out",
  "sign-up",
  "signin",
  "signout",
  "signup",
  "social-links",
  "static",
  "stats",
  "status",
  "support",
  "system",
  "terms",
  "timeline",
  "tos",
  "u",
  "undefined",
  "upload",
  "uploads",
  "user",
  "users",
  "v1",
  "v2",
  "verification",
  "verifications",
  "verify",
  "well-known",
  "www",
]);

export type SlugProblem = string | null;

/** Why `slug` cannot be a profile's address, or null when it can (taken or not). */
export function slugProblem(slug: string): SlugProblem {
  if (slug.length < SLUG_MIN || slug.length > SLUG_MAX)
    return `The slug must be ${SLUG_MIN} to ${SLUG_MAX} characters long.`;
  if (!SLUG_PATTERN.test(slug))
    return "The slug may contain only lower-case letters a-z, digits and single hyphens between them.";
  if (RESERVED_SLUGS.has(slug)) return `"${slug}" is reserved by Credence; choose another slug.`;
  return null;
}

// Letters NFKD does not split into a base letter and a mark.
const FOLD: Record<string, string> = {
  ß: "ss",
  æ: "ae",
  œ: "oe",
  ø: "o",
  ł: "l",
  đ: "d",
  ð: "d",
  þ: "th",
  ı: "i",
  ħ: "h",
  ŧ: "t",
  ŋ: "n",
};

/** A slug made from a display name ("Željka Ćosić-Łęcka" → "zeljka-cosic-lecka"), or "" when nothing is left. */
export function slugFromName(name: string): string {
  const ascii = name
    .toLowerCase()
    .replace(/[ßæœøłđðþıħŧŋ]/g, (c) => FOLD[c])
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "");
  const slug = ascii.replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "");
  return slug.slice(0, SLUG_MAX).replace(/-+$/, "");
}
