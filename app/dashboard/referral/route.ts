import { z } from "zod";
import { withApp } from "@/lib/api/app-api";
import { json } from "@/lib/http/response";
import { referralOverview } from "@/lib/users/referral";

export const dynamic = "force-dynamic";

export const GET = withApp(
  {
    operationId: "getReferral",
    summary: "The user's referral link and statistics",
    tag: "dashboard",
    access: "user",
    responses: {
      200: {
        description: "The referral code, its link, and how many sign-ups it brought.",
        schema: z.object({
          referral_code: z.string(),
          referral_url: z.string(),
          referred_count: z.int().min(0),
          rewarded_count: z.int().min(0),
          credits_earned: z.int().min(0),
          reward_credits: z.int().min(0).meta({ description: "Credits per rewarded referral (configuration)." }),
          reward_on: z.enum(["first_payment", "profile_completed"]),
        }),
      },
    },
  },
  async ({ db, user }) => json(await referralOverview(db, user)),
);
