// Addresses as the issuer rules compare them.

/** The lower-case domain of an address, without a leading "www.". */
export function domainOf(email: string): string {
  const at = email.lastIndexOf("@");
  return normaliseDomain(at >= 0 ? email.slice(at + 1) : "");
}

export function normaliseDomain(domain: string): string {
  return domain
    .trim()
    .toLowerCase()
    .replace(/\.$/, "")
    .replace(/^www\./, "");
}

/**
 * The mailbox an address delivers to, for "is this the requester's own address": case folded, a
 * "+tag" dropped, and Gmail's ignored dots removed, so alice+uni@x.org is alice@x.org.
 */
export function mailboxOf(email: string): string {
  const at = email.lastIndexOf("@");
  const domain = domainOf(email);
  let local = email.slice(0, at).toLowerCase().replace(/\+.*$/, "");
  if (domain === "gmail.com" || domain === "googlemail.com") local = local.replace(/\./g, "");
  const canonicalDomain = domain === "googlemail.com" ? "gmail.com" : domain;
  return `${local}@${canonicalDomain}`;
}
