import { z } from "zod";
import { withApp } from "@/lib/api/app-api";
import { userInfo } from "@/lib/auth/sign-in";
import { userInfoSchema } from "@/lib/auth/sign-in-schema";
import { json } from "@/lib/http/response";
import { completeProfile } from "@/lib/users/complete-profile";

const CompleteProfileRequest = z
  .strictObject({
    name: z.string().trim().min(1).max(200),
    company: z.string().trim().max(200).optional(),
    job_title: z.string().trim().max(200).optional(),
  })
  .meta({ id: "CompleteProfileRequest" });

export const POST = withApp(
  {
    operationId: "completeProfile",
    summary: "Complete the profile (3 bonus verifications the first time)",
    tag: "dashboard",
    access: "user",
    body: { json: CompleteProfileRequest },
    responses: {
      200: {
        description: "The user, and whether the bonus was granted now.",
        schema: z.object({ user: userInfoSchema, bonus_granted: z.boolean() }),
      },
    },
  },
  async ({ db, user, body }) => {
    const result = await completeProfile(db, user.id, {
      name: body.name,
      company: body.company,
      jobTitle: body.job_title,
    });
    return json({ user: userInfo(result.user), bonus_granted: result.bonusGranted });
  },
);
