import { z } from "zod";
import { withApp } from "@/lib/api/app-api";
import { ApiError } from "@/lib/http/errors";
import { parseJson } from "@/lib/http/request";
import { json } from "@/lib/http/response";
import { acceptTos, CURRENT_TOS_VERSION, tosStatus } from "@/lib/users/terms";

const AcceptTosRequest = z.strictObject({ accepted: z.literal(true), version: z.string().max(32).optional() });

export const POST = withApp({ access: "user" }, async ({ req, db, user }) => {
  const body = await parseJson(req, AcceptTosRequest);
  if (body.version !== undefined && body.version !== CURRENT_TOS_VERSION) {
    throw new ApiError(
      "conflict",
      `The terms changed: accept version ${CURRENT_TOS_VERSION} (you sent ${body.version}).`,
    );
  }
  return json(tosStatus(await acceptTos(db, user)));
});
