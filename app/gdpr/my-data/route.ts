import { withApp } from "@/lib/api/app-api";
import { collectUserData } from "@/lib/gdpr/collect-user-data";
import { userDataSchema } from "@/lib/gdpr/gdpr-schema";
import { json } from "@/lib/http/response";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withApp(
  {
    operationId: "getMyData",
    summary: "Everything stored about the signed-in account",
    description:
      "Account, API token metadata, verifications with their reports, stored files, folders, reviews, disputes, holder " +
      "profile and credentials, events, webhook endpoints, credit ledger and payments. Secrets and hashes are never " +
      "included. GET /gdpr/export answers the same as a download.",
    tag: "gdpr",
    access: "user",
    responses: { 200: { description: "The account's data.", schema: userDataSchema } },
  },
  async ({ db, user }) => json(await collectUserData(db, user.id), { headers: { "cache-control": "no-store" } }),
);
