import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "../env";
import { deleteMailFilesTo } from "./delete-mail-files";

const dir = mkdtempSync(path.join(tmpdir(), "credence-mail-"));
const mail = path.join(dir, "mail");
beforeAll(() => {
  process.env.CREDENCE_DATA_DIR = dir;
  resetEnvCache();
});
afterAll(() => {
  delete process.env.CREDENCE_DATA_DIR;
  resetEnvCache();
});

const message = (headers: string, body: string) => `${headers}\n\n${body}\n`;

describe("deleteMailFilesTo", () => {
  it("deletes the kept messages addressed to the person, in To or Cc, whatever the case; nothing else", async () => {
    mkdirSync(mail, { recursive: true });
    writeFileSync(path.join(mail, "a.eml"), message("From: x@credence.local\nTo: Ada <ADA@example.test>", "Hi"));
    writeFileSync(
      path.join(mail, "b.eml"),
      message("From: x@credence.local\nTo: bob@example.test,\n carol@example.test\nCc: ada@example.test", "Hi"),
    );
    // Another person's message that merely mentions the address in its body stays.
    writeFileSync(path.join(mail, "c.eml"), message("To: bob@example.test", "ada@example.test asked for this"));
    writeFileSync(path.join(mail, "notes.txt"), "To: ada@example.test");
    expect(await deleteMailFilesTo("ada@example.test")).toBe(2);
    expect(readdirSync(mail).sort()).toEqual(["c.eml", "notes.txt"]);
  });

  it("is a no-op without a mail directory", async () => {
    process.env.CREDENCE_DATA_DIR = path.join(dir, "nowhere");
    resetEnvCache();
    expect(await deleteMailFilesTo("ada@example.test")).toBe(0);
    expect(existsSync(path.join(dir, "nowhere"))).toBe(false);
    process.env.CREDENCE_DATA_DIR = dir;
    resetEnvCache();
  });
});
