// Every check the engine can report is explained in docs/api/findings.md, which the API reference
// and the MCP findings resource serve: a finding a user cannot look up is a finding they cannot act on.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ENGINE = path.join(process.cwd(), "lib/forensics");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [file] : [];
  });
}

/** The check codes written literally in the engine (`check: "family.name"`). */
function literalCheckCodes(): Set<string> {
  const codes = new Set<string>();
  for (const file of sourceFiles(ENGINE))
    for (const match of readFileSync(file, "utf8").matchAll(/check: "([a-z_]+\.[a-z_]+)"/g)) codes.add(match[1]);
  return codes;
}

describe("the findings reference", () => {
  it("documents every check code the engine writes", () => {
    const reference = readFileSync(path.join(process.cwd(), "docs/api/findings.md"), "utf8");
    const codes = literalCheckCodes();
    expect(codes.size).toBeGreaterThan(40);
    expect([...codes].filter((code) => !reference.includes(`\`${code}\``))).toEqual([]);
  });
});
