import type { Db } from "../db";
import { toApiInstitution } from "./serialize";

/** The directory, by name. */
export async function listInstitutions(db: Db) {
  const rows = await db.institution.findMany({ include: { domains: true }, orderBy: { name: "asc" } });
  return rows.map((r) => toApiInstitution(r, r.domains));
}
