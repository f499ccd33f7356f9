// Certificates are rendered on request and kept in memory a while, keyed by everything they print
// (the label and the verdict may change), so a busy badge is not re-rendered for every download.
import { MemoryCache } from "../../images/memory-cache";
import { badgeFacts } from "./badge-facts";
import { renderBadgeCertificate } from "./badge-certificate";
import type { PublicBadge } from "./find-public-badge";

const cache = new MemoryCache<Buffer>(64);

export function badgeCertificatePdf(found: PublicBadge): Promise<Buffer> {
  const facts = badgeFacts(found);
  return cache.getOrCreate(`${facts.verificationId}:${JSON.stringify(facts)}`, () => renderBadgeCertificate(facts));
}

/** Drops an erased verification's certificates from this process's cache (see forgetVerificationImages). */
export function forgetBadgeCertificates(verificationId: string): void {
  cache.deleteWhere((key) => key.startsWith(`${verificationId}:`));
}
