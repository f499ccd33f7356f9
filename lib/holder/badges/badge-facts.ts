// What the badge image and the certificate print, from one public badge.
import { fromDbVerdict } from "../../verifications/verdicts";
import { documentFacts } from "../credentials/serialize-credential";
import { badgeUrls } from "./badge-urls";
import type { PublicBadge } from "./find-public-badge";

export function badgeFacts(found: PublicBadge) {
  const facts = documentFacts(found.verification);
  return {
    verdict: fromDbVerdict(found.verification.verdict!),
    label: found.credential.label,
    holderName: facts.holderName ?? found.profile.displayName,
    issuer: facts.issuer,
    issuedOn: facts.issuedOn,
    docType: (found.verification.docType ?? "document").replace(/_/g, " "),
    verifiedOn: (found.verification.completedAt ?? found.verification.createdAt).toISOString().slice(0, 10),
    verificationId: found.verification.id,
    pageUrl: badgeUrls(found.badge.hash).page,
    issuerStatus: found.issuer?.text ?? null,
  };
}

export type BadgeFacts = ReturnType<typeof badgeFacts>;
