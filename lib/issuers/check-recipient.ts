// The institution's address, as the requester typed it: never an address of the requester's own
// account (a confirmation must come from someone else), and what a confirmation from it will read.
import type { DbClient, User } from "../db";
import { ApiError } from "../http/errors";
import { domainOf, mailboxOf } from "./email-address";
import { findVerifiedInstitution } from "./find-verified-institution";
import { isFreeMailDomain } from "./free-mail-domains";
import { issuerStatusText } from "./issuer-status";

export interface Recipient {
  email: string;
  domain: string;
  verified_institution: string | null;
  verifiedInstitutionId: string | null;
  free_mail: boolean;
  confirmation_reads: string;
}

export async function checkRecipient(db: DbClient, requester: Pick<User, "email">, email: string): Promise<Recipient> {
  const address = email.trim().toLowerCase();
  const domain = domainOf(address);
  if (!domain.includes(".")) throw new ApiError("invalid_request", `institution_email: "${address}" has no domain.`);
  if (mailboxOf(address) === mailboxOf(requester.email))
    throw new ApiError(
      "invalid_request",
      "institution_email: that is your own account's address; the request must go to the institution.",
    );
  const institution = await findVerifiedInstitution(db, domain);
  return {
    email: address,
    domain,
    verified_institution: institution?.name ?? null,
    verifiedInstitutionId: institution?.id ?? null,
    free_mail: isFreeMailDomain(domain),
    confirmation_reads: issuerStatusText("confirmed", institution?.name ?? null, domain, new Date()),
  };
}

/** The public part of a recipient check (without the directory's ids). */
export function recipientView(r: Recipient) {
  const { verifiedInstitutionId: _id, ...view } = r;
  return view;
}
