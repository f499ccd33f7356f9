import { z } from "zod";
import { withApp } from "@/lib/api/app-api";
import { ApiError } from "@/lib/http/errors";
import { json } from "@/lib/http/response";
import { acceptTos, CURRENT_TOS_VERSION, tosStatus } from "@/lib/users/terms";
import { tosStatusSchema } from "@/lib/users/terms-schema";

const AcceptTosRequest = z
  .strictObject({ accepted: z.literal(true), version: z.string().max(32).optional() })
  .meta({ id: "AcceptTosRequest" });

export const POST = withApp(
  {
    operationId: "acceptTos",
    summary: "Accept the terms of service",
    tag: "dashboard",
    access: "user",
    body: { json: AcceptTosRequest },
    responses: { 200: { description: "The acceptance as recorded.", schema: tosStatusSchema } },
    errors: ["conflict"],
  },
  async ({ db, user, body }) => {
    if (body.version !== undefined && body.version !== CURRENT_TOS_VERSION) {
      throw new ApiError(
        "conflict",
        `The terms changed: accept version ${CURRENT_TOS_VERSION} (you sent ${body.version}).`,
      );
    }
    return json(tosStatus(await acceptTos(db, user)));
  },
);
