import { withApp } from "@/lib/api/app-api";
import { deleteAccount } from "@/lib/gdpr/delete-account";
import { deletedSchema } from "@/lib/gdpr/gdpr-schema";
import { json } from "@/lib/http/response";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = withApp(
  {
    operationId: "deleteMyAccount",
    summary: "Erase the signed-in account and everything it owns",
    description:
      "Every verification with its files, folders, holder profile (avatar, CVs, credentials, badges), API tokens, " +
      "webhook endpoints, events, ledger and the account itself. Paid credit-pack records are kept without the account " +
      "(accounting law). Every session and application JWT of the account stops working at once.",
    tag: "gdpr",
    access: "user",
    responses: { 200: { description: "Erased.", schema: deletedSchema } },
  },
  async ({ db, user }) => json(await deleteAccount(db, user.id)),
);
