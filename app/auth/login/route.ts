import { z } from "zod";
import { withApp } from "@/lib/api/app-api";
import { clientIp } from "@/lib/auth/client-ip";
import { throttleSignIn } from "@/lib/auth/throttle-sign-in";
import { authenticatePassword, signInResult } from "@/lib/auth/sign-in";
import { signInSchema } from "@/lib/auth/sign-in-schema";
import { ApiError } from "@/lib/http/errors";
import { json } from "@/lib/http/response";

const LoginRequest = z
  .strictObject({ email: z.string().min(3).max(320), password: z.string().min(1).max(1024) })
  .meta({ id: "LoginRequest" });

export const POST = withApp(
  {
    operationId: "login",
    summary: "Sign in with e-mail and password",
    tag: "auth",
    access: "public",
    body: { json: LoginRequest },
    responses: { 200: { description: "The user and an application JWT.", schema: signInSchema } },
    errors: ["authentication_required", "rate_limited"],
  },
  async ({ req, db, body }) => {
    await throttleSignIn(db, { ip: clientIp(req), email: body.email });
    const user = await authenticatePassword(db, body.email, body.password);
    if (!user) throw new ApiError("authentication_required", "The e-mail or the password is wrong.");
    return json(await signInResult(user));
  },
);
