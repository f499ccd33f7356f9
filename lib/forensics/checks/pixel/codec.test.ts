// Genuine files in containers whose codec has block structures of its own (WebP, AVIF) or none
// (PNG, TIFF): what the codec or the conversion leaves must not read as a JPEG edit or a paste.
import { describe, expect, it } from "vitest";
import { contextFor, makeDocument, type DocumentSpec } from "@/tests/forensics-support";
import { codecOf, codecPhase } from "./codec";
import { check } from "./index";

describe("container codec", () => {
  it("knows which containers re-quantise on a 4-pixel block lattice", () => {
    expect(codecOf("jpeg")).toBe("jpeg");
    expect(codecOf("png")).toBe("lossless");
    expect(["webp", "avif", "heic"].map((f) => codecOf(f as "webp"))).toEqual(Array(3).fill("block-transform"));
    expect([0, 1, 2, 3, 4, 5, 6, 7].filter(codecPhase)).toEqual([3, 7]);
  });

  // Seeds and looks on which the codec's own artefacts used to raise medium findings.
  it.each<Pick<DocumentSpec, "seed" | "docType" | "format" | "look">>([
    { seed: "g0", docType: "payslip", format: "avif", look: "phone" },
    { seed: "g6", docType: "payslip", format: "avif", look: "scanned" },
    { seed: "g1", docType: "diploma", format: "webp", look: "phone" },
    { seed: "g1", docType: "diploma", format: "png", look: "scanned" },
    // A phone JPEG stored as TIFF: a few cells off the lattice on a genuine page.
    { seed: "5:genuine:5", docType: "payslip", format: "tiff", look: "phone" },
  ])("a genuine $format ($look, $docType) raises nothing above info", { timeout: 300_000 }, async (spec) => {
    const doc = await makeDocument(spec);
    const findings = await check.run(await contextFor(doc, { text: "none" }), () => {});
    expect(findings.filter((f) => f.severity !== "info")).toEqual([]);
  });
});
