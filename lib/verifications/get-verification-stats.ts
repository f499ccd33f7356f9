// A user's statistics (the dashboard): counts by status, verdict and document type, the last 30
// days and the quota. Only live verifications count: test-mode API calls would distort them.
import type { DbClient, User } from "../db";
import { quotaOf } from "../credits/quota";
import { loadEnv } from "../env";
import { VERDICTS, type Verdict } from "../forensics/types";
import { fromDbVerdict } from "./verdicts";

const DAYS = 30;

export async function getVerificationStats(db: DbClient, user: User) {
  const where = { userId: user.id, livemode: true };
  const since = new Date(Date.now() - (DAYS - 1) * 86_400_000);
  since.setUTCHours(0, 0, 0, 0);
  const monthStart = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 1));
  const [byStatus, byVerdict, byDocType, average, recent, webThisMonth] = await Promise.all([
    db.verification.groupBy({ by: ["status"], where, _count: { _all: true } }),
    db.verification.groupBy({ by: ["verdict"], where: { ...where, status: "completed" }, _count: { _all: true } }),
    db.verification.groupBy({ by: ["docType"], where: { ...where, status: "completed" }, _count: { _all: true } }),
    db.verification.aggregate({ where: { ...where, status: "completed" }, _avg: { confidence: true } }),
    db.verification.findMany({ where: { ...where, createdAt: { gte: since } }, select: { createdAt: true } }),
    db.verification.count({ where: { ...where, source: "web", createdAt: { gte: monthStart } } }),
  ]);
  const statusCount = (s: string) => byStatus.find((r) => r.status === s)?._count._all ?? 0;
  const verdicts = Object.fromEntries(VERDICTS.map((v) => [v, 0])) as Record<Verdict, number>;
  for (const row of byVerdict) if (row.verdict) verdicts[fromDbVerdict(row.verdict)] = row._count._all;
  const docTypes: Record<string, number> = {};
  for (const row of byDocType)
    docTypes[row.docType ?? "other"] = (docTypes[row.docType ?? "other"] ?? 0) + row._count._all;

  const perDay = new Map<string, number>();
  for (let i = 0; i < DAYS; i++) perDay.set(new Date(since.getTime() + i * 86_400_000).toISOString().slice(0, 10), 0);
  for (const { createdAt } of recent) {
    const day = createdAt.toISOString().slice(0, 10);
    if (perDay.has(day)) perDay.set(day, (perDay.get(day) ?? 0) + 1);
  }
  const quota = quotaOf(user);
  const avg = average._avg.confidence;
  return {
    total: byStatus.reduce((n, r) => n + r._count._all, 0),
    completed: statusCount("completed"),
    failed: statusCount("failed"),
    pending: statusCount("pending"),
    by_verdict: verdicts,
    by_doc_type: docTypes,
    average_confidence: avg === null ? null : Math.round(avg * 1000) / 1000,
    last_30_days: [...perDay].map(([date, count]) => ({ date, count })),
    quota: {
      plan: user.plan,
      monthly_quota: user.monthlyQuota,
      free_web_verifications_per_month: user.plan === "free" ? loadEnv().FREE_MONTHLY_VERIFICATIONS : 0,
      web_verifications_this_month: webThisMonth,
      bonus_verifications: user.bonusVerifications,
      credits_included: quota.included,
      credits_remaining: quota.remaining,
      credits_reset_at: user.creditsResetAt.toISOString(),
    },
  };
}
