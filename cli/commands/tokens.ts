import { parseArgs } from "node:util";
import { getDb } from "../../lib/db";
import { normalizeEmail } from "../../lib/users/create-user";
import { createToken } from "../../lib/tokens/create-token";
import { listTokens } from "../../lib/tokens/list-tokens";
import { revokeToken } from "../../lib/tokens/revoke-token";
import { rotateToken } from "../../lib/tokens/rotate-token";
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
  if (days !== null && (!Number.isInteger(days) || days < 1))
    throw new CliError("--expires-in-days must be a positive integer");
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
  const scopes = raw
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = scopes.filter((s) => !isScope(s));
  if (unknown.length > 0) throw new CliError(`unknown scope(s) ${unknown.join(", ")}; known: ${ALL_SCOPES.join(", ")}`);
  return scopes as Scope[];
}

export async function tokensList(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: { email: { type: "string" }, all: { type: "boolean" } },
    strict: true,
  });
  if (!values.email) throw new CliError("--email is required");
  const db = await getDb();
  const user = await db.user.findUnique({ where: { email: normalizeEmail(values.email) } });
  if (!user) throw new CliError(`No user with e-mail ${values.email}.`);
  const tokens = await listTokens(db, user.id, { includeInactive: values.all });
  if (tokens.length === 0) {
    console.log(values.all ? "No tokens." : "No active tokens (add --all to see revoked and expired ones).");
    return 0;
  }
  for (const t of tokens) {
    const expires = t.expiresAt ? ` expires ${t.expiresAt.toISOString()}` : "";
    const used = t.lastUsedAt ? ` last used ${t.lastUsedAt.toISOString()}` : " never used";
    console.log(
      `${t.id}  ${t.status.padEnd(7)} ${t.mode}  ${t.displayPrefix}…${t.lastFour}  "${t.name}"  ${t.scopes.join(",")}${expires}${used}`,
    );
  }
  return 0;
}

export async function tokensRotate(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: { id: { type: "string" }, "grace-seconds": { type: "string" } },
    strict: true,
  });
  if (!values.id) throw new CliError("--id is required");
  const grace = values["grace-seconds"] === undefined ? 0 : Number(values["grace-seconds"]);
  if (!Number.isInteger(grace) || grace < 0) throw new CliError("--grace-seconds must be a non-negative integer");
  const { token, secret, previousTokenId } = await rotateToken(await getDb(), values.id, { graceSeconds: grace });
  console.log(
    `Rotated ${previousTokenId} → ${token.id}; the old secret ${grace > 0 ? `works for ${grace} more seconds` : "no longer works"}.`,
  );
  console.log("The new secret is shown once; store it now:");
  console.log(secret);
  return 0;
}

export async function tokensRevoke(argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { id: { type: "string" } }, strict: true });
  if (!values.id) throw new CliError("--id is required");
  const token = await revokeToken(await getDb(), values.id);
  console.log(`Revoked ${token.id} at ${token.revokedAt?.toISOString()}.`);
  return 0;
}
