import { withApp } from "@/lib/api/app-api";
import { json } from "@/lib/http/response";
import { getVerificationStats } from "@/lib/verifications/get-verification-stats";
import { verificationStatsSchema } from "@/lib/verifications/public-verification-schema";

export const dynamic = "force-dynamic";

export const GET = withApp(
  {
    operationId: "getStats",
    summary: "Verification statistics and quota",
    description: "Live verifications only: test-mode API calls are simulations.",
    tag: "dashboard",
    access: "user",
    responses: { 200: { description: "Counts, the last 30 days and the quota.", schema: verificationStatsSchema } },
  },
  async ({ db, user }) => json(await getVerificationStats(db, user)),
);
