import { withApp } from "@/lib/api/app-api";
import { json } from "@/lib/http/response";
import { tosStatus } from "@/lib/users/terms";
import { tosStatusSchema } from "@/lib/users/terms-schema";

export const dynamic = "force-dynamic";

export const GET = withApp(
  {
    operationId: "getTosStatus",
    summary: "Whether the terms of service are accepted",
    tag: "dashboard",
    access: "user",
    responses: { 200: { description: "The acceptance.", schema: tosStatusSchema } },
  },
  async ({ user }) => json(tosStatus(user)),
);
