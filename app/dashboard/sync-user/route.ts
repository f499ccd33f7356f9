import { z } from "zod";
import { userInfo } from "@/lib/auth/sign-in";
import { withApp } from "@/lib/api/app-api";
import { parseJson } from "@/lib/http/request";
import { json } from "@/lib/http/response";

const SyncUserRequest = z.strictObject({ name: z.string().trim().min(1).max(200).optional() });

export const POST = withApp({ access: "user" }, async ({ req, db, user }) => {
  const body = await parseJson(req, SyncUserRequest);
  const synced = await db.user.update({
    where: { id: user.id },
    data: { lastLoginAt: new Date(), ...(body.name !== undefined ? { name: body.name } : {}) },
  });
  return json(userInfo(synced));
});
