"use server";

import { revalidatePath } from "next/cache";
import { currentUser } from "@/components/app/current-user";
import { getDb } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import { addInstitution } from "@/lib/issuers/add-institution";
import { removeInstitutionDomains } from "@/lib/issuers/remove-institution-domains";

export type InstitutionActionState = { error?: string; message?: string };

/** Admins only, like the CLI that does the same: adding a domain vouches for everyone answering from it. */
async function admin() {
  const user = await currentUser();
  if (!user || user.role === "user") throw new ApiError("forbidden", "Only administrators manage institutions.");
  return user;
}

async function run(work: () => Promise<string>): Promise<InstitutionActionState> {
  try {
    const message = await work();
    revalidatePath("/admin/institutions");
    return { message };
  } catch (error) {
    if (error instanceof ApiError) return { error: error.message };
    throw error;
  }
}

export async function addInstitutionAction(_prev: InstitutionActionState, form: FormData) {
  return run(async () => {
    const user = await admin();
    const domains = String(form.get("domains") ?? "")
      .split(/[\s,]+/)
      .filter(Boolean);
    const added = await addInstitution(await getDb(), { name: String(form.get("name") ?? ""), domains }, user.email);
    return `${added.name} is verified for ${added.domains.join(", ")}.`;
  });
}

export async function removeDomainAction(_prev: InstitutionActionState, form: FormData) {
  return run(async () => {
    await admin();
    const domain = String(form.get("domain") ?? "");
    const removed = await removeInstitutionDomains(await getDb(), [domain]);
    return removed > 0 ? `${domain} no longer speaks for an institution.` : `${domain} was not listed.`;
  });
}
