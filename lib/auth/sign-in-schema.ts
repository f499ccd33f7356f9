// Response schemas of sign-in (sign-in.ts builds them): the OpenAPI document of the application
// routes uses them.
import { z } from "zod";

export const userInfoSchema = z
  .object({
    id: z.string().meta({ example: "usr_01jd9x3k2q7w8e5r4t6y1u2i3o" }),
    email: z.string(),
    name: z.string().nullable(),
    role: z.enum(["user", "admin", "super_admin"]),
    plan: z.enum(["free", "pro", "business"]),
    tos_accepted: z.boolean(),
    profile_completed: z.boolean(),
    bonus_verifications: z.int().min(0),
  })
  .meta({ id: "UserInfo" });

export const signInSchema = z
  .object({
    access_token: z.string().meta({ description: "An application JWT: send it as Authorization: Bearer <token>." }),
    token_type: z.literal("bearer"),
    expires_in: z.int().meta({ description: "Seconds until the token expires." }),
    user: userInfoSchema,
  })
  .meta({ id: "SignIn" });
