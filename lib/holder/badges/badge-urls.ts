// The public addresses of the badge world, absolute (they go into signed credentials and QR codes).
import { loadEnv } from "../../env";

export const instanceUrl = () => loadEnv().APP_URL.replace(/\/$/, "");

export const badgeUrls = (hash: string) => {
  const base = instanceUrl();
  return {
    page: `${base}/badge/${hash}`,
    json: `${base}/holder/badge/${hash}`,
    image: `${base}/holder/badge/${hash}/image`,
    certificate: `${base}/holder/badge/${hash}/certificate`,
  };
};

export const issuerProfileUrl = () => `${instanceUrl()}/.well-known/openbadges-issuer.json`;
export const jwksUrl = () => `${instanceUrl()}/.well-known/jwks.json`;
export const profilePageUrl = (slug: string) => `${instanceUrl()}/u/${slug}`;
export const sharePageUrl = (verificationId: string) => `${instanceUrl()}/share/${verificationId}`;

export const ISSUER_NAME = "Credence";
