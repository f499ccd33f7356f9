// The institution's page, opened from the e-mailed link: the document and what Credence found, and
// Confirm / Dispute. No account: the link's secret is the capability, so the page loads nothing from
// elsewhere, sends no referrer, is never cached or indexed (next.config.mjs sets the headers) and
// never writes the secret to a log.
import type { Metadata } from "next";
import { ApprovalPage } from "@/components/issuers/approval-page";
import { LinkProblem } from "@/components/issuers/link-problem";
import { getDb } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import { viewRequest } from "@/lib/issuers/view-request";

export const dynamic = "force-dynamic";
export const metadata: Metadata = {
  title: "Confirm a credential",
  referrer: "no-referrer",
  robots: { index: false, follow: false },
};

export default async function ApprovePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const view = await viewOrNull(token);
  return view ? <ApprovalPage token={token} view={view} /> : <LinkProblem kind="invalid" />;
}

/** The request's view, or null for an unknown token (the same 404 the view route answers). */
async function viewOrNull(token: string) {
  try {
    return (await viewRequest(await getDb(), token)).view;
  } catch (error) {
    if (error instanceof ApiError && error.code === "not_found") return null;
    throw error;
  }
}
