// Issue 22, class 5: what e-signature platforms return. The page is flattened to a picture, an
// invisible text layer (render mode 3) lies where the words print so the file can be searched, and
// a signature is appended as a new revision. None of that is a cover-up or an edit; only what is
// changed after the last signature is.
import {
  PDFDocument,
  StandardFonts,
  TextRenderingMode,
  popGraphicsState,
  pushGraphicsState,
  rgb,
  setTextRenderingMode,
} from "pdf-lib";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import type { Finding } from "../../types";
import { check } from "./index";
import { CERTIFICATE_LINES, contextFor, makeCertificate } from "@/tests/forensics-support/pdf/fixtures";
import { saveIncrementally } from "@/tests/forensics-support/pdf/save-incrementally";
import { makeIdentity, signCmsWithWidget, type Identity } from "@/tests/forensics-support/pdf/sign-cms";

const WATCHED = new Set([
  "pdf.hidden_text",
  "pdf.late_font",
  "pdf.overlapping_text",
  "pdf.incremental_update",
  "pdf.patch_over_scan",
  "pdf.signature_modified",
]);
/** What counts against the document: medium or worse (a low finding is a hint by its own account). */
const anomalies = (findings: Finding[]) =>
  findings
    .filter((f) => WATCHED.has(f.check) && f.severity !== "info" && f.severity !== "low")
    .map((f) => `${f.check}:${f.severity}`);
const run = async (bytes: Uint8Array) => check.run(contextFor(bytes), () => {});

/**
 * The certificate's page flattened to a 200-dpi picture (dark bars where the lines print), then, in
 * a revision of its own as platforms and OCR tools save it, its words as an invisible search layer.
 */
async function flattenedPage(): Promise<Uint8Array> {
  const [w, h] = [1654, 2339]; // A4 at 200 dpi
  const toPx = (pt: number) => Math.round((pt * 200) / 72);
  const bars = CERTIFICATE_LINES.map((line) => ({
    input: {
      create: {
        width: toPx(line.text.length * line.size * 0.5),
        height: toPx(line.size * 0.7),
        channels: 3 as const,
        background: "#202020",
      },
    },
    left: toPx(60),
    top: h - toPx(line.y + line.size * 0.7),
  }));
  const png = await sharp({ create: { width: w, height: h, channels: 3, background: "#ffffff" } })
    .composite(bars)
    .png()
    .toBuffer();
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.addPage([595, 842]).drawImage(await doc.embedPng(png), { x: 0, y: 0, width: 595, height: 842 });
  doc.setProducer("Signing platform flattening service");
  doc.setCreationDate(new Date("2024-03-01T09:00:00Z"));
  doc.setModificationDate(new Date("2024-03-01T09:00:00Z"));
  const flat = await doc.save({ useObjectStreams: false });
  return saveIncrementally(flat, async (layered) => {
    const font = await layered.embedFont(StandardFonts.Helvetica);
    const page = layered.getPage(0);
    page.pushOperators(pushGraphicsState(), setTextRenderingMode(TextRenderingMode.Invisible));
    for (const line of CERTIFICATE_LINES) page.drawText(line.text, { x: 60, y: line.y, size: line.size, font });
    page.pushOperators(popGraphicsState());
  });
}

/** After signing: the holder's name covered with a box in the paper's colour and another typed on it. */
const retypeName = (signed: Uint8Array) =>
  saveIncrementally(signed, async (doc) => {
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const page = doc.getPage(0);
    page.drawRectangle({ x: 58, y: 664, width: 170, height: 24, color: rgb(1, 1, 1) });
    page.drawText("John Oliver Roe", { x: 60, y: 670, size: 18, font, color: rgb(0, 0, 0) });
  });

/** After signing: a box in the paper's colour drawn over a printed line, hiding it. */
const hideLine = (signed: Uint8Array) =>
  saveIncrementally(signed, (doc) => {
    doc.getPage(0).drawRectangle({ x: 58, y: 616, width: 280, height: 18, color: rgb(1, 1, 1) });
  });

describe("a signed PDF whose page is a picture with an invisible text layer (e-signature platforms)", () => {
  let identity: Identity;
  let flattened: Uint8Array;
  beforeAll(async () => {
    identity = await makeIdentity("Signing Platform CA");
    flattened = await flattenedPage();
  });

  it("reads the invisible layer and the signing revision as what they are: no hidden text, no suspicious update", async () => {
    const findings = await run(await signCmsWithWidget(flattened, identity));
    expect(anomalies(findings)).toEqual([]);
    expect(findings.find((f) => f.check === "pdf.signature")).toMatchObject({
      severity: "info",
      evidence: { content_digest: "matches", signature_value: "valid" },
    });
  });

  it("twin: the name covered and retyped after the signature is flagged", async () => {
    const findings = await run(await retypeName(await signCmsWithWidget(flattened, identity)));
    const found = anomalies(findings);
    expect(found).toContain("pdf.signature_modified:high");
    expect(found).toContain("pdf.patch_over_scan:high");
    expect(findings.find((f) => f.check === "pdf.incremental_update" && f.evidence?.revision === 3)).toMatchObject({
      evidence: { page_content_changed: true },
    });
  });

  it("twin: visible text hidden under a paper-coloured box after the last signature is still hidden text", async () => {
    const signed = await signCmsWithWidget(await makeCertificate(), identity);
    expect(anomalies(await run(signed))).toEqual([]);
    const found = anomalies(await run(await hideLine(signed)));
    expect(found).toContain("pdf.hidden_text:medium");
    expect(found).toContain("pdf.signature_modified:high");
  });
});
