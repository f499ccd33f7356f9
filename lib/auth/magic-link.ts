// Our own magic links: a 256-bit secret in the link, only its sha256 stored; single use (the row
// is claimed with a conditional update, so two clicks cannot both sign in) and valid 15 minutes.
import { createHash, randomBytes } from "node:crypto";
import type { Db } from "../db";
import { loadEnv } from "../env";
import { ApiError } from "../http/errors";
import { newId } from "../ids";
import { createUser, normalizeEmail } from "../users/create-user";
import { linkReferral } from "../users/link-referral";

export const MAGIC_LINK_TTL_MINUTES = 15;
/** Links one address may request per TTL window: enough for a retry, too few to flood an inbox. */
const MAX_LINKS_PER_WINDOW = 5;
/** Links one client IP may request per TTL window, whatever the addresses (no mail cannon). */
const MAX_LINKS_PER_IP_WINDOW = 20;

const hashSecret = (secret: string) => createHash("sha256").update(secret).digest("hex");

export async function createMagicLink(
  db: Db,
  input: { email: string; callbackUrl: string | null; ip: string | null; referralCode?: string | null },
) {
  const email = normalizeEmail(input.email);
  const windowStart = new Date(Date.now() - MAGIC_LINK_TTL_MINUTES * 60_000);
  const [recent, fromIp] = await Promise.all([
    db.magicLink.count({ where: { email, createdAt: { gt: windowStart } } }),
    input.ip && input.ip !== "unknown"
      ? db.magicLink.count({ where: { requestIp: input.ip, createdAt: { gt: windowStart } } })
      : 0,
  ]);
  if (recent >= MAX_LINKS_PER_WINDOW || fromIp >= MAX_LINKS_PER_IP_WINDOW) {
    throw new ApiError(
      "rate_limited",
      "Too many sign-in links were requested; use one already sent or wait a few minutes.",
      {
        headers: { "Retry-After": String(MAGIC_LINK_TTL_MINUTES * 60) },
      },
    );
  }
  const secret = randomBytes(32).toString("base64url");
  await db.magicLink.create({
    data: {
      id: newId("magicLink"),
      email,
      tokenHash: hashSecret(secret),
      callbackUrl: input.callbackUrl,
      referralCode: input.referralCode ?? null,
      expiresAt: new Date(Date.now() + MAGIC_LINK_TTL_MINUTES * 60_000),
      requestIp: input.ip,
    },
  });
  const url = new URL("/magic-link", loadEnv().APP_URL);
  url.searchParams.set("token", secret);
  if (input.callbackUrl) url.searchParams.set("callback_url", input.callbackUrl);
  return { email, secret, link: url.toString() };
}

/** Exchanges a link's secret for its user (created on first sign-in); the link is spent. */
export async function consumeMagicLink(db: Db, secret: string) {
  const tokenHash = hashSecret(secret);
  const now = new Date();
  const claimed = await db.magicLink.updateMany({
    where: { tokenHash, usedAt: null, expiresAt: { gt: now } },
    data: { usedAt: now },
  });
  if (claimed.count !== 1) {
    throw new ApiError(
      "authentication_required",
      "This sign-in link is invalid, expired or already used. Ask for a new one.",
    );
  }
  const link = await db.magicLink.findUniqueOrThrow({ where: { tokenHash } });
  const existing = await db.user.findUnique({ where: { email: link.email } });
  const user = existing ?? (await createUserIfAbsent(db, link.email, link.referralCode));
  const signedIn = await db.user.update({
    where: { id: user.id },
    data: { lastLoginAt: now, emailVerifiedAt: user.emailVerifiedAt ?? now },
  });
  return { user: signedIn, callbackUrl: link.callbackUrl };
}

async function createUserIfAbsent(db: Db, email: string, referralCode: string | null) {
  try {
    const user = await createUser(db, { email });
    return (await linkReferral(db, user.id, referralCode)) ?? user;
  } catch (error) {
    // Two links of the same new address used at once: the other one created the account.
    if (error instanceof ApiError && error.code === "conflict") return db.user.findUniqueOrThrow({ where: { email } });
    throw error;
  }
}
