import { withApp } from "@/lib/api/app-api";
import { deleteVerification } from "@/lib/gdpr/delete-verification";
import { deletedSchema } from "@/lib/gdpr/gdpr-schema";
import { json } from "@/lib/http/response";
import { VerificationParams } from "@/lib/verifications/verification-params";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = withApp(
  {
    operationId: "deleteMyVerification",
    summary: "Erase one of one's own verifications",
    description:
      "The verification and everything derived from it: the stored original and page images, badge images, " +
      "credentials and badges built on it, share links (they answer 404), folder links, disputes, reviews, issuer " +
      "requests, its events and webhook deliveries. Its credit charge stays in the ledger without the reference. " +
      "Another user's verification answers 404.",
    tag: "gdpr",
    access: "user",
    params: VerificationParams,
    responses: { 200: { description: "Erased.", schema: deletedSchema } },
    errors: ["not_found"],
  },
  async ({ db, user, params }) => json(await deleteVerification(db, user.id, params.verification_id)),
);
