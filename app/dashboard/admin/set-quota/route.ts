import { z } from "zod";
import { withApp } from "@/lib/api/app-api";
import { json } from "@/lib/http/response";
import { setQuota } from "@/lib/users/set-quota";

const SetQuotaRequest = z
  .strictObject({
    user_id: z.string().min(1).max(100).optional(),
    email: z.email().max(320).optional(),
    monthly_quota: z.number().int().min(0).max(10_000_000).nullable(),
    plan: z.enum(["free", "pro", "business"]).optional(),
  })
  .refine((b) => (b.user_id === undefined) !== (b.email === undefined), {
    message: "give exactly one of user_id and email",
    path: ["user_id"],
  })
  .meta({ id: "SetQuotaRequest", description: "Give exactly one of user_id and email." });

export const POST = withApp(
  {
    operationId: "setQuota",
    summary: "Set a user's monthly quota and plan",
    tag: "dashboard",
    access: "admin-secret",
    body: { json: SetQuotaRequest },
    responses: {
      200: {
        description: "The user's plan and quota now.",
        schema: z.object({
          user_id: z.string(),
          email: z.string(),
          plan: z.enum(["free", "pro", "business"]),
          monthly_quota: z.int().nullable(),
          credit_balance: z.int(),
        }),
      },
    },
    errors: ["not_found"],
  },
  async ({ db, requestId, body }) => {
    const user = await setQuota(db, {
      userId: body.user_id,
      email: body.email,
      monthlyQuota: body.monthly_quota,
      plan: body.plan,
      reference: requestId,
    });
    return json({
      user_id: user.id,
      email: user.email,
      plan: user.plan,
      monthly_quota: user.monthlyQuota,
      credit_balance: user.creditBalance,
    });
  },
);
