import { z } from "zod";
import { withApp } from "@/lib/api/app-api";
import { safeCallbackPath } from "@/lib/auth/callback-url";
import { clientIp } from "@/lib/auth/client-ip";
import { createMagicLink, MAGIC_LINK_TTL_MINUTES } from "@/lib/auth/magic-link";
import { json } from "@/lib/http/response";
import { magicLinkMail } from "@/lib/mail/magic-link-mail";
import { sendMail } from "@/lib/mail/send-mail";

const SendMagicLinkRequest = z
  .strictObject({
    email: z.email().max(320),
    callback_url: z
      .string()
      .refine((v) => safeCallbackPath(v) !== null, "must be a relative path on this site, such as /dashboard")
      .optional()
      .meta({ description: "A relative path on this site (such as /dashboard) to return to after sign-in." }),
    referral_code: z.string().max(64).optional().meta({
      description: "The referral code of the link the person came from; used only if the link creates the account.",
    }),
  })
  .meta({ id: "SendMagicLinkRequest" });

export const POST = withApp(
  {
    operationId: "sendMagicLink",
    summary: "E-mail a single-use sign-in link",
    description:
      "The same answer whether or not an account exists for the address (an account is created on first use).",
    tag: "auth",
    access: "public",
    body: { json: SendMagicLinkRequest },
    responses: {
      200: {
        description: "The link is sent.",
        schema: z.object({ sent: z.literal(true), expires_in: z.int().meta({ description: "Seconds." }) }),
      },
    },
    errors: ["rate_limited"],
  },
  async ({ req, db, body }) => {
    const { email, link } = await createMagicLink(db, {
      email: body.email,
      callbackUrl: body.callback_url ?? null,
      ip: clientIp(req),
      referralCode: body.referral_code,
    });
    await sendMail(magicLinkMail(email, link, MAGIC_LINK_TTL_MINUTES));
    // The same answer for known and unknown addresses: the route does not reveal who has an account.
    return json({ sent: true, expires_in: MAGIC_LINK_TTL_MINUTES * 60 });
  },
);
