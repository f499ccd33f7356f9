import type { Eligibility } from "@/lib/issuers/check-eligibility";
import { type OwnerRequestRow, OwnerRequestsTable } from "./owner-requests-table";
import { RequestConfirmationForm } from "./request-confirmation-form";

interface Props {
  verificationId: string;
  requests: OwnerRequestRow[];
  eligibility: Eligibility;
}

/** The owner's section of the result page: ask the issuing institution to confirm, and follow the answers. */
export function IssuerPanel({ verificationId, requests, eligibility }: Props) {
  const { limits } = eligibility;
  return (
    <section aria-labelledby="issuer" className="space-y-4 rounded-xl border border-slate-200 p-5">
      <div>
        <h2 id="issuer" className="text-lg font-semibold">
          Institution confirmation
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Ask the institution that issued the document to confirm it. They get an e-mail with the document and this
          analysis and answer with one click, without an account. A confirmation names the institution only when the
          answering address belongs to a verified institution domain.
        </p>
      </div>
      {requests.length > 0 && <OwnerRequestsTable rows={requests} />}
      {eligibility.eligible ? (
        <RequestConfirmationForm verificationId={verificationId} />
      ) : (
        <div role="note" className="rounded-lg bg-slate-50 px-4 py-3 text-sm text-slate-600">
          <p className="font-medium">A confirmation cannot be requested now:</p>
          <ul className="mt-1 list-disc pl-5" data-testid="issuer-ineligible">
            {eligibility.reasons.map((r) => (
              <li key={r.code} data-code={r.code}>
                {r.message}
              </li>
            ))}
          </ul>
        </div>
      )}
      <p className="text-xs text-slate-500">
        Limits: {limits.per_user_per_day.used} of {limits.per_user_per_day.limit} requests today;{" "}
        {limits.per_verification.used} of {limits.per_verification.limit} for this document; at most{" "}
        {limits.per_recipient_per_day.limit} a day to one address. A request cannot be withdrawn once sent; an
        unanswered one expires.
      </p>
    </section>
  );
}
