import { z } from "zod";

export const accountSchema = z
  .object({
    object: z.literal("account"),
    user_id: z.string().meta({ example: "usr_01jd9x3k2q7w8e5r4t6y1u2i3o" }),
    email: z.string(),
    livemode: z.boolean(),
    plan: z.object({
      tier: z.enum(["free", "pro", "business"]),
      api_access: z.boolean(),
      rate_limit_burst: z.int(),
      rate_limit_sustained: z.int().meta({ description: "Requests per minute." }),
    }),
    credits: z.object({
      included: z
        .int()
        .meta({ description: "Credits of the period: the plan's (or admin-set) monthly quota plus bonuses." }),
      used: z.int(),
      remaining: z.int(),
      reset_at: z.string().meta({ format: "date-time" }),
      overage_opt_in: z.boolean(),
    }),
  })
  .meta({ id: "Account" });

export const usageQuerySchema = z.strictObject({
  period: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, "must have the form YYYY-MM")
    .optional()
    .meta({ description: "Calendar month YYYY-MM (UTC); default: the current month." }),
  group_by: z.enum(["day", "endpoint", "token"]).default("day"),
});

export const usageSchema = z
  .object({
    object: z.literal("usage"),
    period: z.string(),
    group_by: z.enum(["day", "endpoint", "token"]),
    livemode: z.boolean(),
    start: z.string().meta({ format: "date-time" }),
    end: z.string().meta({ format: "date-time" }),
    totals: z.object({ requests: z.int(), errors: z.int(), credits: z.int() }),
    data: z.array(
      z.object({
        key: z
          .string()
          .meta({ description: 'The day (YYYY-MM-DD), the endpoint ("POST /v1/verifications") or the token id.' }),
        requests: z.int(),
        errors: z.int().meta({ description: "Responses with status ≥ 400." }),
        credits: z.int(),
      }),
    ),
  })
  .meta({ id: "Usage" });
