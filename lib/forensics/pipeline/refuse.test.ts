// A stored report weighed again gives the verdict the engine gave, and under overrides the one a
// new analysis of the same document gets: what the learning engine's replay relies on.
import { PDFDocument, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { analyseDocument } from "../index";
import type { FusionOverrides } from "../types";
import { refuseReport } from "./refuse";

async function diploma(producer: string, modified: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setProducer(producer);
  doc.setCreationDate(new Date("2021-06-20T10:00:00Z"));
  doc.setModificationDate(new Date(modified));
  const page = doc.addPage([842, 595]);
  const font = await doc.embedFont(StandardFonts.TimesRoman);
  const lines = [
    "University of Example",
    "This is to certify that",
    "Jane Example",
    "has been awarded the degree of",
    "Bachelor of Science in Computer Science",
    "Date of award: 15 June 2021",
    "Diploma No. UE-2021-004512",
  ];
  lines.forEach((text, i) => page.drawText(text, { x: 200, y: 500 - i * 50, size: 18, font }));
  return doc.save();
}

describe("refuseReport", () => {
  it("replays a stored report to its own verdict, and predicts the verdict an override gives", async () => {
    const bytes = await diploma("Adobe Photoshop 24.0", "2024-02-01T10:00:00Z");
    const report = await analyseDocument(bytes, "application/pdf");
    expect(report.verdict).toBe("SUSPECT");
    expect(report.overrides_version).toBeNull();
    expect(report.fusion_inputs.checks_run).toBeGreaterThan(0);
    const stored = JSON.parse(JSON.stringify(report)) as typeof report;
    expect(refuseReport(stored)).toMatchObject({ verdict: "SUSPECT", exact: true });

    const overrides: FusionOverrides = {
      version: 7,
      rules: [{ check: "pdf.producer", doc_type: report.doc_type, format: "pdf", weight: 0.5 }],
    };
    const predicted = refuseReport(stored, overrides);
    expect(predicted.verdict).toBe("VERIFIED");
    const again = await analyseDocument(bytes, "application/pdf", { overrides });
    expect(again.verdict).toBe(predicted.verdict);
    expect(again.overrides_version).toBe(7);
    // The findings are reported as the checks found them; only their weight changed.
    expect(again.findings.find((f) => f.check === "pdf.producer")?.score).toBe(0.6);
  }, 60_000);

  it("estimates the inputs of a report stored before they were kept", async () => {
    const report = await analyseDocument(await diploma("Registrar Office", "2021-06-20T10:00:00Z"), "application/pdf");
    const { fusion_inputs: _kept, ...older } = report;
    expect(refuseReport(older)).toMatchObject({ verdict: report.verdict, exact: false });
  }, 60_000);
});
