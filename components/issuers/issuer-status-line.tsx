import type { IssuerStatusView } from "@/lib/issuers/issuer-status";

/**
 * The verification's standing issuer answer, on every surface that shows it to others. The text is
 * built in one place (lib/issuers/issuer-status.ts): "Confirmed by <institution>" only for an
 * admin-verified institution's domain, otherwise "… from <domain>, not a verified institution".
 */
export function IssuerStatusLine({ issuer }: { issuer: IssuerStatusView }) {
  const tone =
    issuer.status === "disputed"
      ? "border-red-200 bg-red-50 text-rejected"
      : issuer.verified_institution
        ? "border-green-200 bg-green-50 text-verified"
        : "border-amber-200 bg-amber-50 text-suspect";
  return (
    <p
      data-testid="issuer-status"
      data-issuer-status={issuer.status}
      className={`mt-4 inline-block rounded-lg border px-3 py-2 text-sm font-semibold ${tone}`}
    >
      Issuer: {issuer.text}
    </p>
  );
}
