// What a web verification costs the caller, decided before the (slow) analysis starts.
// Signed out: ANONYMOUS_DAILY_VERIFICATIONS per IP (or per browser without a known IP) per day, free. Signed in on the free plan:
// FREE_MONTHLY_VERIFICATIONS per calendar month free, then credits. Every other web verification
// is charged in credits through the same ledger as the API (lib/credits).
import type { Db, User } from "../db";
import { loadEnv } from "../env";
import { ApiError } from "../http/errors";
import { assertCreditsAvailable } from "../credits/charge-credits";
import { creditCost } from "../credits/cost";
import { nextPeriodStart } from "../credits/plans";
import { resetCreditsIfDue } from "../credits/reset-credits-if-due";
import type { AnonymousCaller } from "./anonymous-caller";

export interface WebCharge {
  /** Credits to debit for this verification (0 when it is within a free allowance). */
  credits: number;
}

export async function webCharge(
  db: Db,
  caller: { user: User | null; anonymous: Pick<AnonymousCaller, "ip" | "cookie"> | null },
  mode: "standard" | "deep",
): Promise<WebCharge> {
  const env = loadEnv();
  const now = new Date();
  if (!caller.user) {
    const since = new Date(now.getTime() - 86_400_000);
    // Per IP as the proxy reports it; with no address known, per browser (its anonymous cookie).
    const ip = caller.anonymous?.ip ?? "unknown";
    const who = ip !== "unknown" ? { anonymousIp: ip } : { anonymousCookie: caller.anonymous?.cookie ?? "" };
    const used = await db.verification.count({
      where: { userId: null, source: "web", ...who, createdAt: { gt: since } },
    });
    if (used >= env.ANONYMOUS_DAILY_VERIFICATIONS) {
      throw new ApiError(
        "rate_limited",
        `Signed-out visitors can verify ${env.ANONYMOUS_DAILY_VERIFICATIONS} documents a day. Sign in (free) to verify more.`,
        { headers: { "Retry-After": "3600" } },
      );
    }
    return { credits: 0 };
  }
  if (caller.user.plan === "free" && mode === "standard") {
    const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const freeUsed = await db.verification.count({
      where: { userId: caller.user.id, source: "web", creditsCharged: 0, createdAt: { gte: monthStart } },
    });
    if (freeUsed < env.FREE_MONTHLY_VERIFICATIONS) return { credits: 0 };
  }
  const credits = creditCost(mode);
  // A new month's credits are granted lazily, on the first charge after the reset instant.
  await resetCreditsIfDue(db, caller.user);
  await assertCreditsAvailable(db, caller.user.id, credits);
  return { credits };
}

/** When the free monthly allowance starts again (for messages and stats). */
export const freeAllowanceResetsAt = () => nextPeriodStart();
