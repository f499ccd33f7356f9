import { withApp } from "@/lib/api/app-api";
import { requestAchievementCheck } from "@/lib/holder/achievements/request-achievement-check";
import { claimVerification } from "@/lib/holder/credentials/claim-verification";
import { credentialSchema } from "@/lib/holder/credentials/credential-schema";
import { toApiCredential } from "@/lib/holder/credentials/serialize-credential";
import { json } from "@/lib/http/response";
import { VerificationParams } from "@/lib/verifications/verification-params";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = withApp(
  {
    operationId: "claimVerification",
    summary: "Claim one of one's verifications as a credential",
    description:
      "Only the owner may claim, once, a completed verification whose verdict is VERIFIED or VERIFIED SAMPLE. " +
      "A test-mode verification or a VERIFIED SAMPLE becomes a sample credential: private, never a badge. " +
      "Another user's verification answers 404.",
    tag: "holder",
    access: "user",
    params: VerificationParams,
    responses: { 201: { description: "The new credential.", schema: credentialSchema } },
    errors: ["not_found", "conflict"],
  },
  async ({ db, user, params }) => {
    const credential = await claimVerification(db, user.id, params.verification_id);
    await requestAchievementCheck(user.id);
    return json(toApiCredential(credential), { status: 201 });
  },
);
