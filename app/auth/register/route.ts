import { z } from "zod";
import { withApp } from "@/lib/api/app-api";
import { clientIp } from "@/lib/auth/client-ip";
import { throttleSignIn } from "@/lib/auth/throttle-sign-in";
import { signInResult } from "@/lib/auth/sign-in";
import { signInSchema } from "@/lib/auth/sign-in-schema";
import { json } from "@/lib/http/response";
import { registerUser } from "@/lib/users/register-user";

const RegisterRequest = z
  .strictObject({
    email: z.email().max(320),
    password: z.string().min(8).max(1024),
    name: z.string().trim().min(1).max(200).optional(),
    referral_code: z.string().max(64).optional(),
  })
  .meta({ id: "RegisterRequest" });

export const POST = withApp(
  {
    operationId: "register",
    summary: "Register an account with e-mail and password",
    tag: "auth",
    access: "public",
    body: { json: RegisterRequest },
    responses: { 201: { description: "The new user, signed in.", schema: signInSchema } },
    errors: ["conflict", "rate_limited"],
  },
  async ({ req, db, body }) => {
    await throttleSignIn(db, { ip: clientIp(req), email: body.email });
    const user = await registerUser(db, {
      email: body.email,
      password: body.password,
      name: body.name,
      referralCode: body.referral_code,
    });
    return json(await signInResult(user), { status: 201 });
  },
);
