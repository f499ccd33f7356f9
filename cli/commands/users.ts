import { parseArgs } from "node:util";
import { getDb, type Plan, type Role } from "../../lib/db";
import { PLANS } from "../../lib/credits/plans";
import { createUser } from "../../lib/users/create-user";
import { CliError } from "../errors";

const ROLES = ["user", "admin", "super_admin"] as const;

export async function usersCreate(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      email: { type: "string" },
      password: { type: "string" },
      name: { type: "string" },
      plan: { type: "string", default: "free" },
      role: { type: "string", default: "user" },
    },
    strict: true,
  });
  if (!values.email) throw new CliError("--email is required");
  if (!(PLANS as readonly string[]).includes(values.plan!))
    throw new CliError(`--plan must be one of ${PLANS.join(", ")}`);
  if (!(ROLES as readonly string[]).includes(values.role!))
    throw new CliError(`--role must be one of ${ROLES.join(", ")}`);
  const user = await createUser(await getDb(), {
    email: values.email,
    password: values.password,
    name: values.name,
    plan: values.plan as Plan,
    role: values.role as Role,
  });
  console.log(`Created ${user.role} ${user.email} (${user.id}) on the ${user.plan} plan.`);
  console.log(user.id);
  return 0;
}
