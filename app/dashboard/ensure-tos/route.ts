import { z } from "zod";
import { withApp } from "@/lib/api/app-api";
import { json } from "@/lib/http/response";
import { acceptTos, tosStatus } from "@/lib/users/terms";
import { tosStatusSchema } from "@/lib/users/terms-schema";

export const POST = withApp(
  {
    operationId: "ensureTos",
    summary: "Accept the current terms unless already accepted",
    tag: "dashboard",
    access: "user",
    responses: {
      200: {
        description: "The acceptance, and whether this call made it.",
        schema: tosStatusSchema.extend({ auto_accepted: z.boolean() }),
      },
    },
  },
  async ({ db, user }) => {
    if (tosStatus(user).accepted) return json({ ...tosStatus(user), auto_accepted: false });
    return json({ ...tosStatus(await acceptTos(db, user)), auto_accepted: true });
  },
);
