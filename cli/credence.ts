// The operator CLI: `npm run credence -- <command> [options]`.
import { closeDb } from "../lib/db";
import { flushJobs } from "../lib/jobs/workers";
import { ApiError } from "../lib/http/errors";
import { institutionsAdd, institutionsList, institutionsRemoveDomain } from "./commands/institutions";
import { keysList, keysRotate } from "./commands/keys";
import { tokensCreate, tokensList, tokensRevoke, tokensRotate } from "./commands/tokens";
import { usersCreate } from "./commands/users";
import { verifyCommand } from "./commands/verify";
import { CliError } from "./errors";

const COMMANDS: Record<string, { usage: string; run: (argv: string[]) => Promise<number> }> = {
  "users:create": {
    usage:
      "users:create --email E [--password P] [--name N] [--plan free|pro|business] [--role user|admin|super_admin]",
    run: usersCreate,
  },
  "tokens:create": {
    usage: "tokens:create --email E --mode test|live [--scopes a,b] [--name N] [--expires-in-days D]",
    run: tokensCreate,
  },
  "tokens:list": { usage: "tokens:list --email E [--all]", run: tokensList },
  "tokens:rotate": { usage: "tokens:rotate --id TOKEN_ID [--grace-seconds S]", run: tokensRotate },
  "tokens:revoke": { usage: "tokens:revoke --id TOKEN_ID", run: tokensRevoke },
  "keys:rotate": {
    usage: "keys:rotate   (retire the badge signing key, keep it published, sign with a new one)",
    run: keysRotate,
  },
  "keys:list": { usage: "keys:list", run: keysList },
  "institutions:add": {
    usage: 'institutions:add "<name>" <domain> [domain…] [--by WHO]   (vouch for an institution\'s domains)',
    run: (argv) => institutionsAdd(argv),
  },
  "institutions:list": { usage: "institutions:list [--json]", run: (argv) => institutionsList(argv) },
  "institutions:remove-domain": {
    usage: "institutions:remove-domain <domain> [domain…]",
    run: (argv) => institutionsRemoveDomain(argv),
  },
  verify: { usage: "verify <file> [--deep] [--json]", run: verifyCommand },
};

function usage(): string {
  return [
    "Usage: npm run credence -- <command> [options]",
    "",
    ...Object.values(COMMANDS).map((c) => `  ${c.usage}`),
  ].join("\n");
}

async function main(argv: string[]): Promise<number> {
  let [name, ...rest] = argv;
  // `institutions add …` is `institutions:add …`: both spellings work.
  if (name && rest[0] && !COMMANDS[name] && COMMANDS[`${name}:${rest[0]}`])
    [name, ...rest] = [`${name}:${rest[0]}`, ...rest.slice(1)];
  if (!name || name === "help" || name === "--help") {
    console.log(usage());
    return name ? 0 : 2;
  }
  const command = COMMANDS[name];
  if (!command) {
    console.error(`Unknown command "${name}".\n\n${usage()}`);
    return 2;
  }
  try {
    return await command.run(rest);
  } catch (error) {
    if (
      error instanceof CliError ||
      (error instanceof TypeError && "code" in error && String(error.code).startsWith("ERR_PARSE_ARGS"))
    ) {
      console.error(`${name}: ${error.message}\n  usage: ${command.usage}`);
      return 2;
    }
    if (error instanceof ApiError) {
      console.error(`${name}: ${error.message}`);
      return 1;
    }
    throw error;
  } finally {
    // Jobs a command queued (e.g. the token.rotated delivery) must reach the queue before exit.
    await flushJobs();
    await closeDb();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
