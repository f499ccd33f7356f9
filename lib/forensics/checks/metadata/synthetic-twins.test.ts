import { describe, expect, it } from "vitest";
import { makeDocument, type DocFormat, type Look, type TamperKind } from "@/bench/corpora/synthetic";
import type { Finding } from "../../types";
import { contextFor } from "@/tests/forensics-support/pdf/fixtures";
import { check } from "./index";

const alarms = (findings: Finding[]) => findings.filter((f) => f.severity !== "info");

async function twins(tamper: TamperKind, format: Exclude<DocFormat, "pdf" | "pdf-scan" | "avif" | "heic">, look: Look) {
  const spec = { seed: `meta-twin-${tamper}-${format}`, docType: "payslip", format, look } as const;
  const run = async (bytes: Uint8Array) => check.run(contextFor(bytes, format), () => {});
  return {
    genuine: await run((await makeDocument(spec)).bytes),
    tampered: await run((await makeDocument({ ...spec, tamper })).bytes),
  };
}

describe("metadata check on synthetic twins", () => {
  it.each([
    ["tiff", "scanned"],
    ["webp", "phone"],
  ] as const)("finds dates out of order in a %s (%s), nothing on its genuine twin", async (format, look) => {
    const { genuine, tampered } = await twins("metadata.date_inconsistent", format, look);
    expect(alarms(genuine)).toEqual([]);
    expect(alarms(tampered).some((f) => f.check === "metadata.dates" && f.severity === "high")).toBe(true);
  });

  // A scanner's picture re-saved by an editor is strong evidence. A clean export carries no device
  // origin: an editor naming itself as its creator may have composed it (how designed documents and
  // published specimens are kept), so the same save only weighs medium there.
  it.each([
    ["tiff", "scanned", "high"],
    ["jpeg", "clean", "medium"],
  ] as const)("finds an editor's re-save of a %s (%s), nothing on its genuine twin", async (format, look, severity) => {
    const { genuine, tampered } = await twins("metadata.editor_software", format, look);
    expect(alarms(genuine)).toEqual([]);
    expect(alarms(tampered)).toContainEqual(expect.objectContaining({ check: "metadata.software", severity }));
  });
});
