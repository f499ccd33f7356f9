// Rate limits per plan (public-api-v1.md "Limits"): a token bucket of `burst` tokens refilled
// continuously at `sustained` per minute. RATE_LIMIT_SCALE multiplies both (self-hosting, load tests).
import type { Plan } from "../db";
import { loadEnv } from "../env";

export interface RateLimit {
  burst: number;
  /** Requests per minute. */
  sustained: number;
}

const LIMITS: Record<Plan, RateLimit> = {
  free: { burst: 0, sustained: 0 },
  pro: { burst: 20, sustained: 600 },
  business: { burst: 40, sustained: 3000 },
};

export function rateLimitFor(plan: Plan): RateLimit {
  const scale = loadEnv().RATE_LIMIT_SCALE;
  const base = LIMITS[plan];
  return { burst: Math.round(base.burst * scale), sustained: Math.round(base.sustained * scale) };
}
