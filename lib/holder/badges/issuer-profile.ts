// The instance as an Open Badges 3.0 issuer: the Profile every badge names, served at
// /.well-known/openbadges-issuer.json, pointing at the keys that verify its badges.
import { instanceUrl, ISSUER_NAME, issuerProfileUrl, jwksUrl } from "./badge-urls";

export const OB_CONTEXTS = [
  "https://www.w3.org/ns/credentials/v2",
  "https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json",
] as const;

/** The issuer as embedded in each credential. */
export function issuerProfile() {
  return {
    id: issuerProfileUrl(),
    type: ["Profile"],
    name: ISSUER_NAME,
    url: instanceUrl(),
    description: "Credence verifies documents forensically and signs badges for the ones it found genuine.",
  };
}

/** The standalone profile document (with its context and where its public keys are). */
export function issuerProfileDocument() {
  return { "@context": [...OB_CONTEXTS], ...issuerProfile(), jwks_uri: jwksUrl() };
}
