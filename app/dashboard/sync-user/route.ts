import { z } from "zod";
import { withApp } from "@/lib/api/app-api";
import { userInfo } from "@/lib/auth/sign-in";
import { userInfoSchema } from "@/lib/auth/sign-in-schema";
import { json } from "@/lib/http/response";

const SyncUserRequest = z
  .strictObject({ name: z.string().trim().min(1).max(200).optional() })
  .meta({ id: "SyncUserRequest" });

export const POST = withApp(
  {
    operationId: "syncUser",
    summary: "Synchronise the user after sign-in",
    tag: "dashboard",
    access: "user",
    body: { json: SyncUserRequest },
    responses: { 200: { description: "The user.", schema: userInfoSchema } },
  },
  async ({ db, user, body }) => {
    const synced = await db.user.update({
      where: { id: user.id },
      data: { lastLoginAt: new Date(), ...(body.name !== undefined ? { name: body.name } : {}) },
    });
    return json(userInfo(synced));
  },
);
