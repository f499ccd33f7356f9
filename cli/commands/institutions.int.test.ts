// The institutions commands against real PostgreSQL: in process for the messages, and once through
// `tsx cli/credence.ts institutions add …` for the spelling with a space and the exit codes.
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { findVerifiedInstitution } from "@/lib/issuers/find-verified-institution";
import { institutionsAdd, institutionsList, institutionsRemoveDomain } from "./institutions";

const tag = () => randomBytes(4).toString("hex");

async function run(command: (argv: string[], print: (l: string) => void) => Promise<number>, argv: string[]) {
  const out: string[] = [];
  const code = await command(argv, (l) => out.push(l));
  return { code, out: out.join("\n") };
}

describe("credence institutions", () => {
  it("adds an institution with its domains, lists it, and removes a domain", async () => {
    const name = `University of the CLI ${tag()}`;
    const a = `cli-${tag()}.example.edu`;
    const b = `cli-${tag()}.example.ac.uk`;
    const added = await run(institutionsAdd, [name, a, `WWW.${b.toUpperCase()}`]);
    expect(added.code).toBe(0);
    expect(added.out).toContain(`Confirmed by ${name}`);
    expect((await findVerifiedInstitution(await getDb(), `registrar.${b}`))?.name).toBe(name);

    const listed = await run(institutionsList, ["--json"]);
    const entry = JSON.parse(listed.out).find((i: { name: string }) => i.name === name);
    expect(entry.domains).toEqual([a, b].sort());
    expect(entry.created_by).toBe("cli");

    expect((await run(institutionsRemoveDomain, [a])).code).toBe(0);
    expect(await findVerifiedInstitution(await getDb(), a)).toBeNull();
    await expect(run(institutionsRemoveDomain, [a])).rejects.toThrow(/not in the directory/);
  });

  it("refuses a free-mail domain, a domain of another institution and bad input", async () => {
    await expect(run(institutionsAdd, ["Gmail University", "gmail.com"])).rejects.toThrow(/free-mail/);
    const domain = `taken-${tag()}.example.edu`;
    await run(institutionsAdd, [`First ${tag()}`, domain]);
    await expect(run(institutionsAdd, [`Second ${tag()}`, domain])).rejects.toThrow(/already belongs to First/);
    await expect(run(institutionsAdd, ["Only a name"])).rejects.toThrow(/at least one domain/);
    await expect(run(institutionsAdd, ["Bad", "not a domain"])).rejects.toThrow(/must be a domain name/);
    await expect(run(institutionsRemoveDomain, ["nope"])).rejects.toThrow(/must be a domain name/);
  });

  it("runs as `npm run credence -- institutions add …` and exits 2 on a usage error", async () => {
    const exec = promisify(execFile);
    const domain = `spawn-${tag()}.example.edu`;
    const ok = await exec("npx", ["tsx", "cli/credence.ts", "institutions", "add", "Spawned College", domain], {
      env: process.env,
    });
    expect(ok.stdout).toContain(`Spawned College`);
    expect(ok.stdout).toContain(domain);
    const bad = await exec("npx", ["tsx", "cli/credence.ts", "institutions", "add", "Lonely"], {
      env: process.env,
    }).catch((e: { code: number; stderr: string }) => e);
    expect((bad as { code: number }).code).toBe(2);
    expect((bad as { stderr: string }).stderr).toMatch(/usage: institutions:add/);
  }, 120_000);
});
