// Rate limits per plan (public-api-v1.md "Limits"): a token bucket of `burst` tokens refilled
// continuously at `sustained` per minute, both configuration (lib/env.ts). RATE_LIMIT_SCALE multiplies both (self-hosting, load tests).
import type { Plan } from "../db";
import { loadEnv } from "../env";

export interface RateLimit {
  burst: number;
  /** Requests per minute. */
  sustained: number;
}

/** Free has no API access; pro and business come from RATE_LIMIT_PRO / RATE_LIMIT_BUSINESS. */
function baseLimit(plan: Plan): RateLimit {
  const env = loadEnv();
  if (plan === "pro") return env.RATE_LIMIT_PRO;
  if (plan === "business") return env.RATE_LIMIT_BUSINESS;
  return { burst: 0, sustained: 0 };
}

export function rateLimitFor(plan: Plan): RateLimit {
  const scale = loadEnv().RATE_LIMIT_SCALE;
  const base = baseLimit(plan);
  return { burst: Math.round(base.burst * scale), sustained: Math.round(base.sustained * scale) };
}
