// An admin adds an institution to the directory, or more domains to one, and so vouches for them:
// the institution is verified from then on. A domain belongs to one institution; free-mail domains
// never count as one.
import type { Db } from "../db";
import { ApiError } from "../http/errors";
import { newId } from "../ids";
import { isFreeMailDomain } from "./free-mail-domains";
import { AddInstitutionRequest } from "./institution-schema";
import { toApiInstitution } from "./serialize";

export async function addInstitution(db: Db, input: { name: string; domains: string[] }, addedBy: string) {
  const parsed = AddInstitutionRequest.safeParse(input);
  if (!parsed.success) throw new ApiError("invalid_request", parsed.error.issues.map((i) => i.message).join("; "));
  const { name } = parsed.data;
  const domains = [...new Set(parsed.data.domains)];
  const free = domains.filter(isFreeMailDomain);
  if (free.length > 0)
    throw new ApiError("invalid_request", `${free.join(", ")}: a free-mail domain never counts as an institution.`);
  return db.$transaction(async (tx) => {
    const taken = await tx.institutionDomain.findMany({
      where: { domain: { in: domains }, institution: { name: { not: name } } },
      include: { institution: true },
    });
    if (taken.length > 0)
      throw new ApiError(
        "conflict",
        taken.map((d) => `${d.domain} already belongs to ${d.institution.name}`).join("; ") + ".",
      );
    const now = new Date();
    const institution = await tx.institution.upsert({
      where: { name },
      create: { id: newId("institution"), name, createdBy: addedBy, verifiedAt: now },
      update: { verifiedAt: now },
    });
    await tx.institutionDomain.createMany({
      data: domains.map((domain) => ({ domain, institutionId: institution.id, addedBy })),
      skipDuplicates: true,
    });
    const all = await tx.institutionDomain.findMany({ where: { institutionId: institution.id } });
    return toApiInstitution(institution, all);
  });
}
