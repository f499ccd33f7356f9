import type { Plan } from "../db";
import { loadEnv } from "../env";

export const PLANS = ["free", "pro", "business"] as const;

/** Live-mode credits included each month; configuration (CREDITS_PRO, CREDITS_BUSINESS). */
export function includedCredits(plan: Plan): number {
  const env = loadEnv();
  if (plan === "pro") return env.CREDITS_PRO;
  if (plan === "business") return env.CREDITS_BUSINESS;
  return 0;
}

export function hasApiAccess(plan: Plan): boolean {
  return plan !== "free";
}

/** The first instant of the next calendar month (UTC): when monthly credits reset. */
export function nextPeriodStart(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
}
