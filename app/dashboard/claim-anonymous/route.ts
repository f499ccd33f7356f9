import { z } from "zod";
import { clientIp } from "@/lib/auth/client-ip";
import { withApp } from "@/lib/api/app-api";
import { parseJson } from "@/lib/http/request";
import { json } from "@/lib/http/response";
import { ANONYMOUS_COOKIE, readCookie, requestFingerprint } from "@/lib/verifications/anonymous-caller";
import { claimAnonymousVerifications } from "@/lib/verifications/claim-anonymous";

// Empty: the browser's cookie, fingerprint and address identify what it verified while signed out.
const ClaimAnonymousRequest = z.strictObject({});

export const POST = withApp({ access: "user" }, async ({ req, db, user }) => {
  if (req.headers.get("content-length") !== "0" && req.body) await parseJson(req, ClaimAnonymousRequest);
  const ids = await claimAnonymousVerifications(db, user.id, {
    cookie: readCookie(req, ANONYMOUS_COOKIE),
    fingerprint: requestFingerprint(req),
    ip: clientIp(req),
  });
  return json({ claimed: ids.length, verification_ids: ids });
});
