import { createHash } from "node:crypto";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "../env";
import { getObject } from "../storage";
import { originalFileRow, withStoredOriginal } from "./original-file";
import type { DocumentInput } from "./parse-document-request";

const dir = mkdtempSync(path.join(tmpdir(), "credence-original-"));
beforeAll(() => {
  process.env.CREDENCE_DATA_DIR = dir;
  process.env.CREDENCE_ENCRYPTION_KEY = "cd".repeat(32);
  resetEnvCache();
});
afterAll(() => {
  delete process.env.CREDENCE_DATA_DIR;
  delete process.env.CREDENCE_ENCRYPTION_KEY;
  resetEnvCache();
});

const document: DocumentInput = {
  bytes: new Uint8Array(Buffer.from("%PDF-1.7 a payslip")),
  contentType: "application/pdf",
  fileName: "payslip.pdf",
  mode: "standard",
};
const onDisk = (key: string) => existsSync(path.join(dir, "uploads", key));

describe("the original of a verification", () => {
  it("is stored before its rows are written and described by its file row", async () => {
    const now = new Date("2026-11-21T10:00:00Z");
    const row = await withStoredOriginal(
      "ver_kept",
      document,
      async (file) => {
        // The rows are written while the file is already there to point at.
        expect(await getObject(file.storageKey)).toEqual(Buffer.from(document.bytes));
        return originalFileRow(file, "usr_1", now);
      },
      now,
    );
    expect(row).toMatchObject({
      userId: "usr_1",
      kind: "original",
      storageKey: "originals/ver_kept",
      contentType: "application/pdf",
      size: document.bytes.byteLength,
      sha256: createHash("sha256").update(document.bytes).digest("hex"),
      createdAt: now,
    });
    expect(row.retainUntil.getTime()).toBeGreaterThan(now.getTime());
    expect(onDisk("originals/ver_kept")).toBe(true);
  });

  it("is removed again when writing its rows fails, and the failure reaches the caller", async () => {
    const failure = new Error("transaction rolled back");
    await expect(
      withStoredOriginal("ver_lost", document, async () => {
        expect(onDisk("originals/ver_lost")).toBe(true);
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(onDisk("originals/ver_lost")).toBe(false);
  });
});
