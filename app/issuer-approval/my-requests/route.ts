import { withApp } from "@/lib/api/app-api";
import { json } from "@/lib/http/response";
import { myRequestsSchema } from "@/lib/issuers/issuer-schema";
import { myRequests } from "@/lib/issuers/my-requests";

export const dynamic = "force-dynamic";

export const GET = withApp(
  {
    operationId: "listMyIssuerApprovals",
    summary: "The caller's recent confirmation requests",
    description: "The 100 most recent, newest first.",
    tag: "issuer-approval",
    access: "user",
    responses: { 200: { description: "The requests.", schema: myRequestsSchema } },
  },
  async ({ db, user }) => json(await myRequests(db, user.id)),
);
