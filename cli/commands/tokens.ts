import { parseArgs } from "node:util";
import { getDb } from "../../lib/db";
import { normalizeEmail } from "../../lib/users/create-user";
import { createToken } from "../../lib/tokens/create-token";
import { ALL_SCOPES, isScope, type Scope } from "../../lib/tokens/scopes";
import { CliError } from "../errors";

export async function tokensCreate(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      email: { type: "string" },
      mode: { type: "string" },
      scopes: { type: "string" },
      name: { type: "string" },
      "expires-in-days": { type: "string" },
    },
    strict: true,
  });
  if (!values.email) throw new CliError("--email is required");
  if (values.mode !== "test" && values.mode !== "live") throw new CliError("--mode must be test or live");
  const scopes = parseScopes(values.scopes);
  const days = values["expires-in-days"] === undefined ? null : Number(values["expires-in-days"]);
  if (days !== null && (!Number.isInteger(days) || days < 1)) throw new CliError("--expires-in-days must be a positive integer");
  const db = await getDb();
  const user = await db.user.findUnique({ where: { email: normalizeEmail(values.email) } });
  if (!user) throw new CliError(`No user with e-mail ${values.email}. Create one with users:create.`);
  const { token, secret } = await createToken(db, {
    userId: user.id,
    mode: values.mode,
    name: values.name,
    scopes,
    expiresAt: days === null ? null : new Date(Date.now() + days * 86_400_000),
  });
  console.log(`Created ${token.mode} token ${token.id} for ${user.email} with scopes ${token.scopes.join(",")}.`);
  console.log("The secret is shown once; store it now:");
  console.log(secret);
  return 0;
}

function parseScopes(raw: string | undefined): Scope[] {
  if (!raw) return ALL_SCOPES;
  const scopes = raw.split(",").map((s) => s.trim()).filter(Boolean);
  const unknown = scopes.filter((s) => !isScope(s));
  if (unknown.length > 0) throw new CliError(`unknown scope(s) ${unknown.join(", ")}; known: ${ALL_SCOPES.join(", ")}`);
  return scopes as Scope[];
}
