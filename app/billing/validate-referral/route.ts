import { z } from "zod";
import { withApp } from "@/lib/api/app-api";
import { clientIp } from "@/lib/auth/client-ip";
import { validateReferral } from "@/lib/billing/validate-referral";
import { json } from "@/lib/http/response";

export const dynamic = "force-dynamic";

export const GET = withApp(
  {
    operationId: "validateReferral",
    summary: "Validity of a referral code",
    description:
      "Whether signing up with ?ref=<code> links the account to a referrer, and when the referrer is rewarded.",
    tag: "billing",
    access: "public",
    query: z.object({ code: z.string().min(1).max(64) }),
    responses: {
      200: {
        description: "Valid or not; nothing about the referrer.",
        schema: z.object({ valid: z.boolean(), reward_on: z.enum(["first_payment", "profile_completed"]) }),
      },
    },
    errors: ["rate_limited"],
  },
  async ({ req, db, query }) => json(await validateReferral(db, query.code, clientIp(req))),
);
