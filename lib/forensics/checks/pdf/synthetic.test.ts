// The pdf and metadata checks on the project's synthetic documents: each planted defect is found
// and its clean twin (same seed, no defect) raises no alarm.
import { describe, expect, it } from "vitest";
import { twins, type TamperKind } from "@/tests/forensics-support";
import type { Finding } from "../../types";
import { check as metadata } from "../metadata";
import { check as pdf } from "./index";
import { contextFor } from "@/tests/forensics-support/pdf/fixtures";

const severe = (f: Finding) => f.severity === "medium" || f.severity === "high" || f.severity === "critical";

async function findings(bytes: Uint8Array, format: "pdf" | "jpeg") {
  const ctx = contextFor(bytes, format);
  return [...(pdf.applies(ctx) ? await pdf.run(ctx, () => {}) : []), ...(await metadata.run(ctx, () => {}))];
}

describe("pdf and metadata checks on synthetic twins", () => {
  it.each<[TamperKind, "pdf" | "jpeg", string]>([
    ["pdf.incremental_edit", "pdf", "pdf.incremental_update"],
    ["pdf.overlay_box", "pdf", "pdf.hidden_text"],
    ["pdf.broken_signature", "pdf", "pdf.signature_broken"],
    ["metadata.editor_software", "jpeg", "metadata.software"],
  ])("%s is found and its twin is clean", async (tamper, format, expected) => {
    const { genuine, tampered } = await twins({
      seed: `e3-${tamper}`,
      docType: "payslip",
      format,
      look: "clean",
      tamper,
    });
    const bad = await findings(tampered.bytes, format);
    const hit = bad.find((f) => f.check === expected && severe(f));
    expect(hit).toBeDefined();
    if (hit!.region && tampered.tamper?.region) {
      // The region points at the planted edit (same page, overlapping vertical band).
      const planted = tampered.tamper.region;
      expect(hit!.page).toBe(planted.page);
      expect(hit!.region.y).toBeLessThan(planted.y + planted.height + 0.02);
      expect(hit!.region.y + hit!.region.height).toBeGreaterThan(planted.y - 0.02);
    }
    expect((await findings(genuine.bytes, format)).filter((f) => f.severity !== "info")).toEqual([]);
  });
});
