// The pixel check on documents from the project's generator (bench/corpora/synthetic), which
// forges the way image editors are used: a field spliced in from another JPEG, a clean patch
// pasted into a scan. Each tampered document is checked against its genuine twin.
import { describe, expect, it } from "vitest";
import { contextFor, twins, type TamperKind } from "@/tests/forensics-support";
import { check } from "./index";
import { overlaps } from "@/tests/forensics-support/pixel-fixtures";

describe.each<[TamperKind, string]>([
  ["pixel.splice", "px-pixel.splice-0"],
  ["pixel.noise_region", "px-pixel.noise_region-0"],
])("generated %s on a scanned payslip", (tamper, seed) => {
  it("is found where it was planted, and the genuine twin raises nothing", { timeout: 300_000 }, async () => {
    const { genuine, tampered } = await twins({ seed, docType: "payslip", format: "jpeg", look: "scanned", tamper });
    const clean = await check.run(await contextFor(genuine, { text: "none" }), () => {});
    expect(clean.filter((f) => f.severity !== "info")).toEqual([]);

    const findings = await check.run(await contextFor(tampered, { text: "none" }), () => {});
    const planted = tampered.tamper!.region!;
    const hits = findings.filter((f) => f.severity !== "info" && f.region && overlaps(f.region, planted));
    expect(hits.length).toBeGreaterThan(0);
  });
});
