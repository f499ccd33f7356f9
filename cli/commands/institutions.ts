// The directory of verified institutions from the command line: an operator vouches for an
// institution's domains (answers from them then read "Confirmed by <institution>"), lists it, and
// takes a domain out again. The same lib/issuers functions an admin route would call.
import { parseArgs } from "node:util";
import { getDb } from "../../lib/db";
import { addInstitution } from "../../lib/issuers/add-institution";
import { institutionDomainSchema } from "../../lib/issuers/institution-schema";
import { listInstitutions } from "../../lib/issuers/list-institutions";
import { removeInstitutionDomains } from "../../lib/issuers/remove-institution-domains";
import { CliError } from "../errors";

type Print = (line: string) => void;

/** institutions:add <name> <domain> [domain…] [--by WHO] */
export async function institutionsAdd(argv: string[], print: Print = console.log): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: { by: { type: "string" } },
    allowPositionals: true,
    strict: true,
  });
  const [name, ...domains] = positionals;
  if (!name || domains.length === 0)
    throw new CliError(
      'give the institution\'s name and at least one domain, e.g. "University of Example" example.edu',
    );
  const added = await addInstitution(await getDb(), { name, domains }, values.by ?? "cli");
  print(`${added.name} (${added.institution_id}) is a verified institution for: ${added.domains.join(", ")}.`);
  print(`Confirmations from those domains now read "Confirmed by ${added.name}".`);
  return 0;
}

/** institutions:list [--json] */
export async function institutionsList(argv: string[], print: Print = console.log): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { json: { type: "boolean" } }, strict: true });
  const institutions = await listInstitutions(await getDb());
  if (values.json) print(JSON.stringify(institutions, null, 2));
  else if (institutions.length === 0) print("No verified institutions yet (institutions:add <name> <domain>).");
  else
    for (const i of institutions)
      print(
        `${i.name}  ${i.domains.join(", ") || "(no domain)"}  added by ${i.created_by} ${i.created_at.slice(0, 10)}`,
      );
  return 0;
}

/** institutions:remove-domain <domain> [domain…] */
export async function institutionsRemoveDomain(argv: string[], print: Print = console.log): Promise<number> {
  const { positionals } = parseArgs({ args: argv, options: {}, allowPositionals: true, strict: true });
  if (positionals.length === 0) throw new CliError("give the domain(s) to remove");
  const domains = positionals.map((d) => {
    const parsed = institutionDomainSchema.safeParse(d);
    if (!parsed.success) throw new CliError(`"${d}" ${parsed.error.issues[0]?.message ?? "is not a domain"}`);
    return parsed.data;
  });
  const removed = await removeInstitutionDomains(await getDb(), domains);
  if (removed === 0) throw new CliError(`${domains.join(", ")}: not in the directory (see institutions:list)`);
  print(
    `Removed ${removed} domain(s). Answers from them no longer count as an institution's; earlier answers keep their wording.`,
  );
  return 0;
}
