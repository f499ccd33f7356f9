import type { DbClient } from "../db";
import { findRequestByToken } from "./find-request-by-token";
import { toInstitutionView } from "./serialize";

/** What the institution's link shows: the document and Credence's findings, nothing of the account. */
export async function viewRequest(db: DbClient, token: string) {
  const request = await findRequestByToken(db, token);
  return { request, view: toInstitutionView(request, request.verification) };
}
