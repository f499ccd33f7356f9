import { PDFName, PDFRawStream, PDFRef, PDFString, StandardFonts, rgb, type PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { pageContent } from "./document";
import { analyseRevisions } from "./revision-findings";
import { latin1, scanRevisions } from "./revisions";
import { makeCertificate } from "@/tests/forensics-support/pdf/fixtures";
import { saveIncrementally } from "@/tests/forensics-support/pdf/save-incrementally";

const budget = { maxRevisions: 4, maxRenderedPages: 3, maxPages: 10, scale: 1.5 };
const analyse = (bytes: Uint8Array) => analyseRevisions(bytes, scanRevisions(latin1(bytes)), budget, () => {});
const hex = (s: string) => Buffer.from(s, "latin1").toString("hex").toUpperCase();

/** Rewrites the page's content stream in place, as an editor's "edit text" tool does. */
async function editText(original: Uint8Array, from: string, to: string) {
  return saveIncrementally(original, (doc) => {
    const page = doc.getPage(0);
    const content = Buffer.from(pageContent(doc, page)).toString("latin1");
    expect(content).toContain(hex(from));
    const edited = content.replace(hex(from), hex(to));
    const ref = doc.context.register(PDFRawStream.of(doc.context.obj({}), Buffer.from(edited, "latin1")));
    page.node.set(PDFName.of("Contents"), ref);
  });
}

/** Adds an annotation in a later revision; with `cover`, its appearance is a white box over the registration number. */
async function annotate(original: Uint8Array, cover: boolean) {
  return saveIncrementally(original, (doc: PDFDocument) => {
    const page = doc.getPage(0);
    const rect = cover ? [58, 556, 278, 572] : [480, 780, 500, 800];
    const annot: Record<string, unknown> = {
      Type: "Annot",
      Subtype: cover ? "Square" : "Text",
      Rect: rect,
      Contents: PDFString.of("checked"),
      F: 4,
    };
    if (cover) {
      const appearance = doc.context.stream("q 1 1 1 rg 0 0 220 16 re f Q", {
        Type: "XObject",
        Subtype: "Form",
        BBox: [0, 0, 220, 16],
      });
      annot.AP = doc.context.obj({ N: doc.context.register(appearance) });
    }
    page.node.addAnnot(doc.context.register(doc.context.obj(annot as never)));
  });
}

describe("analyseRevisions", () => {
  it("reports a single revision as information only", async () => {
    const { findings } = await analyse(await makeCertificate());
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ check: "pdf.revisions", severity: "info", score: 0 });
  });

  it("flags a later revision that rewrote visible text, with the region of the change", async () => {
    const edited = await editText(await makeCertificate(), "2019-77341", "2019-77841");
    const { findings } = await analyse(edited);
    const hit = findings.find((f) => f.check === "pdf.incremental_update" && f.severity === "critical");
    expect(hit).toBeDefined();
    expect(hit!.page).toBe(1);
    // The registration number sits at y = 560 pt of 842 pt (from the bottom) on an A4 page.
    const top = 1 - 560 / 842;
    expect(hit!.region!.y).toBeLessThan(top);
    expect(hit!.region!.y + hit!.region!.height).toBeGreaterThan(top - 0.02);
    expect(hit!.region!.height).toBeLessThan(0.1);
  });

  it("flags a white box and new text drawn over the original in a later revision", async () => {
    const forged = await saveIncrementally(await makeCertificate(), async (doc) => {
      const page = doc.getPage(0);
      const font = await doc.embedFont(StandardFonts.TimesRoman);
      page.drawRectangle({ x: 58, y: 576, width: 200, height: 16, color: rgb(1, 1, 1) });
      page.drawText("Date of award: 14 June 2021", { x: 60, y: 580, size: 12, font });
    });
    const { findings } = await analyse(forged);
    expect(findings.some((f) => f.check === "pdf.incremental_update" && f.severity === "critical")).toBe(true);
    const late = findings.find((f) => f.check === "pdf.late_font");
    expect(late?.evidence?.fonts).toEqual(["Times-Roman"]);
  });

  it("calls a line added a few points under existing text an addition, not a rewrite of that text", async () => {
    const stamped = await saveIncrementally(await makeCertificate(), async (doc) => {
      const font = await doc.embedFont(StandardFonts.Helvetica);
      // About 2.5 pt under the registration number's descenders, on paper that was blank.
      doc.getPage(0).drawText("Downloaded from the registry portal on 1 May 2024", { x: 60, y: 550, size: 7, font });
    });
    const { findings } = await analyse(stamped);
    const update = findings.find((f) => f.check === "pdf.incremental_update");
    expect(update).toMatchObject({ severity: "medium" });
    expect(update!.message).toContain("blank");
  });

  it("treats a revision that only updated the Info dictionary as information", async () => {
    const resaved = await saveIncrementally(await makeCertificate(), (doc) => {
      doc.setKeywords(["archived"]);
    });
    expect(scanRevisions(latin1(resaved)).revisions).toHaveLength(2);
    const { findings } = await analyse(resaved);
    expect(findings.every((f) => f.severity === "info")).toBe(true);
  });

  it("treats a comment added in a later revision as low at most, but not an annotation that covers text", async () => {
    const note = await analyse(await annotate(await makeCertificate(), false));
    expect(note.findings.every((f) => f.severity === "info" || f.severity === "low")).toBe(true);
    expect(note.changes[0].pages[0]).toMatchObject({ content: false, annotations: true });
    const cover = await analyse(await annotate(await makeCertificate(), true));
    expect(cover.findings).toContainEqual(
      expect.objectContaining({ check: "pdf.incremental_update", severity: "high" }),
    );
  });

  it("does not count a linearised file's first-page section as an update", () => {
    const body = latin1(new Uint8Array(Buffer.from("1 0 obj\n<< /Type /Catalog >>\nendobj\n")));
    const text =
      "%PDF-1.7\n%\xE2\xE3\xCF\xD3\n10 0 obj\n<< /Linearized 1 /L 999 /O 12 /E 500 /N 1 /T 900 /H [100 50] >>\nendobj\n" +
      "xref\n10 1\n0000000015 00000 n \ntrailer\n<< /Size 11 /Prev 300 >>\nstartxref\n0\n%%EOF\n" +
      body +
      "xref\n0 1\n0000000000 65535 f \ntrailer\n<< /Size 11 /Root 1 0 R >>\nstartxref\n300\n%%EOF\n";
    const scan = scanRevisions(text);
    expect(scan.linearized).toBe(true);
    expect(scan.revisions).toHaveLength(1);
  });

  it("counts updates appended to a linearised file", () => {
    const text =
      "%PDF-1.7\n10 0 obj\n<< /Linearized 1 /L 400 >>\nendobj\nxref\ntrailer\n<< /Prev 300 >>\nstartxref\n0\n%%EOF\n" +
      "1 0 obj\n<< >>\nendobj\nxref\ntrailer\n<< /Size 11 >>\nstartxref\n300\n%%EOF\n" +
      "2 0 obj\n<< >>\nendobj\nxref\ntrailer\n<< /Size 11 /Prev 300 >>\nstartxref\n450\n%%EOF\n";
    expect(scanRevisions(text).revisions).toHaveLength(2);
  });

  it("sees through object streams (pdf-lib's default save) when diffing", async () => {
    const original = await makeCertificate({ useObjectStreams: true });
    const edited = await editText(original, "Jane Alice Doe", "Jane Alicia Doe");
    const { findings, changes } = await analyse(edited);
    expect(changes[0].pages[0]).toMatchObject({ page: 1, content: true });
    expect(findings.some((f) => f.severity === "critical")).toBe(true);
    expect(PDFRef.of(1, 0).toString()).toBe("1 0 R");
  });
});
