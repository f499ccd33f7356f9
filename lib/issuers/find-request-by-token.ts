import type { DbClient } from "../db";
import { ApiError } from "../http/errors";
import { hashToken } from "./secure-token";

/**
 * The request a link's secret opens: one lookup of its hash on a unique index, whatever the input,
 * so an unknown or guessed token costs the same and answers the same 404.
 */
export async function findRequestByToken(db: DbClient, token: string) {
  const request = await db.issuerApprovalRequest.findUnique({
    where: { tokenHash: hashToken(token) },
    include: { verification: true },
  });
  if (!request) throw new ApiError("not_found", "This confirmation link is not valid.");
  return request;
}
