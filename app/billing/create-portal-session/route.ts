import { withApp } from "@/lib/api/app-api";
import { PortalRequest, portalSessionSchema } from "@/lib/billing/billing-schema";
import { createPortalSession } from "@/lib/billing/create-portal-session";
import { json } from "@/lib/http/response";

export const dynamic = "force-dynamic";

export const POST = withApp(
  {
    operationId: "createPortalSession",
    summary: "Subscription-management portal session",
    description: "The Stripe customer portal: change plan, update the card, cancel, see invoices.",
    tag: "billing",
    access: "user",
    body: { json: PortalRequest, required: false },
    responses: { 200: { description: "Where to send the subscriber.", schema: portalSessionSchema } },
    errors: ["billing_not_configured", "payment_processor_unavailable"],
  },
  async ({ db, user, body }) => json(await createPortalSession(db, user, { returnPath: body?.return_path })),
);
