import { mkdtempSync, readFileSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "../env";
import { deleteObject, getObject, putObject } from ".";

const dir = mkdtempSync(path.join(tmpdir(), "credence-storage-"));
beforeAll(() => {
  process.env.CREDENCE_DATA_DIR = dir;
  process.env.CREDENCE_ENCRYPTION_KEY = "ab".repeat(32);
  resetEnvCache();
});
afterAll(() => {
  delete process.env.CREDENCE_DATA_DIR;
  delete process.env.CREDENCE_ENCRYPTION_KEY;
  resetEnvCache();
});

describe("storage", () => {
  it("writes encrypted bytes into new directories and reads them back", async () => {
    const plain = Buffer.from("%PDF-1.7 a diploma");
    await putObject("originals/ver_x", plain);
    await putObject("originals/ver_y", plain);
    const onDisk = readFileSync(path.join(dir, "uploads", "originals", "ver_x"));
    expect(onDisk.includes(plain)).toBe(false);
    expect(await getObject("originals/ver_x")).toEqual(plain);
    await deleteObject("originals/ver_x");
    expect(readdirSync(path.join(dir, "uploads", "originals"))).toEqual(["ver_y"]);
  });

  it("refuses keys that could escape the uploads directory", async () => {
    await expect(putObject("../etc/passwd", Buffer.from("x"))).rejects.toThrow(/invalid storage key/);
    await expect(getObject("originals/../../secrets.json")).rejects.toThrow(/invalid storage key/);
  });

  it("detects tampering with the stored bytes", async () => {
    await putObject("originals/ver_z", Buffer.from("content"));
    const file = path.join(dir, "uploads", "originals", "ver_z");
    const sealed = readFileSync(file);
    sealed[sealed.length - 1] ^= 1;
    await import("node:fs/promises").then((fs) => fs.writeFile(file, sealed));
    await expect(getObject("originals/ver_z")).rejects.toThrow();
  });
});
