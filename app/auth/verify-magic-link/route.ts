import { z } from "zod";
import { withApp } from "@/lib/api/app-api";
import { consumeMagicLink } from "@/lib/auth/magic-link";
import { signInResult } from "@/lib/auth/sign-in";
import { signInSchema } from "@/lib/auth/sign-in-schema";
import { json } from "@/lib/http/response";

const VerifyMagicLinkRequest = z
  .strictObject({ token: z.string().min(16).max(200) })
  .meta({ id: "VerifyMagicLinkRequest" });

export const POST = withApp(
  {
    operationId: "verifyMagicLink",
    summary: "Exchange a magic link's token for a JWT",
    description: "Single use; a link expires after 15 minutes.",
    tag: "auth",
    access: "public",
    body: { json: VerifyMagicLinkRequest },
    responses: {
      200: {
        description: "The user, an application JWT and the path to return to.",
        schema: signInSchema.extend({ callback_url: z.string().nullable() }),
      },
    },
    errors: ["authentication_required"],
  },
  async ({ db, body }) => {
    const { user, callbackUrl } = await consumeMagicLink(db, body.token);
    return json({ ...(await signInResult(user)), callback_url: callbackUrl });
  },
);
