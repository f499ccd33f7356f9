import { z } from "zod";
import { withApp } from "@/lib/api/app-api";
import { clientIp } from "@/lib/auth/client-ip";
import { json } from "@/lib/http/response";
import { ANONYMOUS_COOKIE, readCookie, requestFingerprint } from "@/lib/verifications/anonymous-caller";
import { claimAnonymousVerifications } from "@/lib/verifications/claim-anonymous";

// Empty: the browser's cookie, fingerprint and address identify what it verified while signed out.
const ClaimAnonymousRequest = z.strictObject({}).meta({ id: "ClaimAnonymousRequest" });

export const POST = withApp(
  {
    operationId: "claimAnonymous",
    summary: "Link verifications made while signed out to the account",
    description: "Matched by the browser's cookie, fingerprint and address.",
    tag: "dashboard",
    access: "user",
    body: { json: ClaimAnonymousRequest, required: false },
    responses: {
      200: {
        description: "The verifications now linked.",
        schema: z.object({ claimed: z.int().min(0), verification_ids: z.array(z.string()) }),
      },
    },
  },
  async ({ req, db, user }) => {
    const ids = await claimAnonymousVerifications(db, user.id, {
      cookie: readCookie(req, ANONYMOUS_COOKIE),
      fingerprint: requestFingerprint(req),
      ip: clientIp(req),
    });
    return json({ claimed: ids.length, verification_ids: ids });
  },
);
