import { z } from "zod";
import { userInfo } from "@/lib/auth/sign-in";
import { withApp } from "@/lib/api/app-api";
import { parseJson } from "@/lib/http/request";
import { json } from "@/lib/http/response";
import { completeProfile } from "@/lib/users/complete-profile";

const CompleteProfileRequest = z.strictObject({
  name: z.string().trim().min(1).max(200),
  company: z.string().trim().max(200).optional(),
  job_title: z.string().trim().max(200).optional(),
});

export const POST = withApp({ access: "user" }, async ({ req, db, user }) => {
  const body = await parseJson(req, CompleteProfileRequest);
  const result = await completeProfile(db, user.id, {
    name: body.name,
    company: body.company,
    jobTitle: body.job_title,
  });
  return json({ user: userInfo(result.user), bonus_granted: result.bonusGranted });
});
