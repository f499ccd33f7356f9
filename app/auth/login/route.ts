import { z } from "zod";
import { clientIp } from "@/lib/auth/client-ip";
import { authenticatePassword, signInResult } from "@/lib/auth/sign-in";
import { withApp } from "@/lib/api/app-api";
import { ApiError } from "@/lib/http/errors";
import { parseJson } from "@/lib/http/request";
import { json } from "@/lib/http/response";
import { takeDownloadToken } from "@/lib/ratelimit/public-downloads";

const LoginRequest = z.strictObject({ email: z.string().min(3).max(320), password: z.string().min(1).max(1024) });

export const POST = withApp({ access: "public" }, async ({ req, db }) => {
  const body = await parseJson(req, LoginRequest);
  await takeDownloadToken(db, "sign-in", clientIp(req));
  const user = await authenticatePassword(db, body.email, body.password);
  if (!user) throw new ApiError("authentication_required", "The e-mail or the password is wrong.");
  return json(await signInResult(user));
});
