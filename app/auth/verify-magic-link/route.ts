import { z } from "zod";
import { consumeMagicLink } from "@/lib/auth/magic-link";
import { signInResult } from "@/lib/auth/sign-in";
import { withApp } from "@/lib/api/app-api";
import { parseJson } from "@/lib/http/request";
import { json } from "@/lib/http/response";

const VerifyMagicLinkRequest = z.strictObject({ token: z.string().min(16).max(200) });

export const POST = withApp({ access: "public" }, async ({ req, db }) => {
  const body = await parseJson(req, VerifyMagicLinkRequest);
  const { user, callbackUrl } = await consumeMagicLink(db, body.token);
  return json({ ...(await signInResult(user)), callback_url: callbackUrl });
});
