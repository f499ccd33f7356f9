// A public credential as an Open Badges 3.0 OpenBadgeCredential (a W3C Verifiable Credential):
// the instance is the issuer, the achievement is "a document Credence verified", the recipient is
// identified only by a salted hash of their e-mail (a verifier who knows the address can check it;
// nobody else learns it), and the evidence is the verification itself, with its mode.
import { createHash, createHmac } from "node:crypto";
import { authSecret } from "../../auth/secrets";
import type { Badge, Credential, HolderProfile, User, Verification } from "../../db";
import { timestamp } from "../../http/response";
import type { IssuerStatusView } from "../../issuers/issuer-status";
import { documentFacts } from "../credentials/serialize-credential";
import { badgeUrls, profilePageUrl, sharePageUrl } from "./badge-urls";
import { issuerProfile, OB_CONTEXTS } from "./issuer-profile";

export interface BadgeSource {
  badge: Badge;
  credential: Credential;
  verification: Verification;
  profile: HolderProfile;
  user: Pick<User, "email">;
  issuer?: IssuerStatusView | null;
}

/** OB 3.0's achievementType vocabulary for the document types that have one. */
const ACHIEVEMENT_TYPE: Record<string, string> = {
  diploma: "Diploma",
  transcript: "Assessment",
  certificate: "Certificate",
};

/** Per-badge salt: stable (the same badge always says the same), unguessable without the instance's secret. */
export function recipientSalt(badgeHash: string): string {
  return createHmac("sha256", authSecret()).update(`badge-salt:${badgeHash}`).digest("hex").slice(0, 32);
}

export function identityHash(email: string, salt: string): string {
  return `sha256$${createHash("sha256")
    .update(email.trim().toLowerCase() + salt)
    .digest("hex")}`;
}

export function buildBadgeCredential(source: BadgeSource) {
  const { badge, credential, verification, profile, user, issuer } = source;
  const urls = badgeUrls(badge.hash);
  const facts = documentFacts(verification);
  const salt = recipientSalt(badge.hash);
  const docType = (verification.docType ?? "document").replace(/_/g, " ");
  const issuedBy = facts.issuer ? ` issued by ${facts.issuer}` : "";
  const awardedTo = facts.holderName ? ` to ${facts.holderName}` : "";
  return {
    "@context": [...OB_CONTEXTS],
    id: urls.json,
    type: ["VerifiableCredential", "OpenBadgeCredential"],
    name: credential.label,
    issuer: issuerProfile(),
    validFrom: timestamp(badge.createdAt),
    credentialSubject: {
      id: profilePageUrl(profile.slug),
      type: ["AchievementSubject"],
      identifier: [
        {
          type: "IdentityObject",
          identityType: "emailAddress",
          hashed: true,
          identityHash: identityHash(user.email, salt),
          salt,
        },
      ],
      achievement: {
        id: `${urls.json}#achievement`,
        type: ["Achievement"],
        achievementType: ACHIEVEMENT_TYPE[verification.docType ?? ""] ?? "Achievement",
        name: credential.label,
        description: `A ${docType}${issuedBy}${awardedTo}, whose forensic verification by Credence found it genuine (verdict VERIFIED).`,
        criteria: {
          narrative:
            "The holder submitted the document to Credence in live mode; its forensic analysis (document structure, " +
            "metadata, fonts and text consistency, images) returned the verdict VERIFIED, which no owner override can set.",
        },
      },
    },
    evidence: [
      {
        id: sharePageUrl(verification.id),
        type: ["Evidence"],
        name: "Credence verification",
        description: `Verification ${verification.id}, mode ${verification.livemode ? "live" : "test"}, verdict VERIFIED${
          verification.completedAt ? `, completed ${timestamp(verification.completedAt)}` : ""
        }.`,
        genre: "Forensic document verification",
        // Extension terms (additional properties are allowed): what a verifier needs to tell a
        // live verification from a test one without fetching anything.
        verificationId: verification.id,
        mode: verification.livemode ? "live" : "test",
      },
      ...(issuer ? [issuerEvidence(verification.id, issuer)] : []),
    ],
  };
}

/**
 * The issuing institution's answer as evidence. It names the institution only when the answering
 * address was at an admin-verified institution domain (DESIGN.md); otherwise the description says the
 * domain is not a verified institution's, and `verifiedInstitution` is false.
 */
function issuerEvidence(verificationId: string, issuer: IssuerStatusView) {
  return {
    id: `${sharePageUrl(verificationId)}#issuer`,
    type: ["Evidence"],
    name: issuer.status === "confirmed" ? "Issuer confirmation" : "Issuer dispute",
    description: `${issuer.text}.`,
    genre: "Issuer confirmation",
    issuerStatus: issuer.status,
    verifiedInstitution: issuer.verified_institution,
    institution: issuer.institution,
    answeringDomain: issuer.domain,
    answeredAt: issuer.answered_at,
  };
}

export type BadgeCredential = ReturnType<typeof buildBadgeCredential>;
