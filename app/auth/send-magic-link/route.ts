import { z } from "zod";
import { safeCallbackPath } from "@/lib/auth/callback-url";
import { clientIp } from "@/lib/auth/client-ip";
import { createMagicLink, MAGIC_LINK_TTL_MINUTES } from "@/lib/auth/magic-link";
import { withApp } from "@/lib/api/app-api";
import { parseJson } from "@/lib/http/request";
import { json } from "@/lib/http/response";
import { magicLinkMail } from "@/lib/mail/magic-link-mail";
import { sendMail } from "@/lib/mail/send-mail";

const SendMagicLinkRequest = z.strictObject({
  email: z.email().max(320),
  callback_url: z
    .string()
    .refine((v) => safeCallbackPath(v) !== null, "must be a relative path on this site, such as /dashboard")
    .optional(),
});

export const POST = withApp({ access: "public" }, async ({ req, db }) => {
  const body = await parseJson(req, SendMagicLinkRequest);
  const { email, link } = await createMagicLink(db, {
    email: body.email,
    callbackUrl: body.callback_url ?? null,
    ip: clientIp(req),
  });
  await sendMail(magicLinkMail(email, link, MAGIC_LINK_TTL_MINUTES));
  // The same answer for known and unknown addresses: the route does not reveal who has an account.
  return json({ sent: true, expires_in: MAGIC_LINK_TTL_MINUTES * 60 });
});
