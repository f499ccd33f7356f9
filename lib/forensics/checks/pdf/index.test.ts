import { PDFDocument, PDFName, PDFRawStream, StandardFonts } from "pdf-lib";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { pageContent } from "./document";
import { check } from "./index";
import { contextFor, makeCertificate } from "@/tests/forensics-support/pdf/fixtures";
import { saveIncrementally } from "@/tests/forensics-support/pdf/save-incrementally";

const run = (bytes: Uint8Array, mode: "standard" | "deep" = "standard") =>
  check.run(contextFor(bytes, "pdf", mode), () => {});
const alarms = (findings: Awaited<ReturnType<typeof run>>) => findings.filter((f) => f.severity !== "info");

async function withXmp(bytes: Uint8Array, xmp: string) {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const stream = doc.context.stream(xmp, { Type: "Metadata", Subtype: "XML" });
  doc.catalog.set(PDFName.of("Metadata"), doc.context.register(stream));
  return doc.save({ useObjectStreams: false });
}

const packet = (create: string, modify: string, tool = "Microsoft® Word for Microsoft 365") =>
  `<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">` +
  `<rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmlns:pdf="http://ns.adobe.com/pdf/1.3/">` +
  `<xmp:CreateDate>${create}</xmp:CreateDate><xmp:ModifyDate>${modify}</xmp:ModifyDate><xmp:CreatorTool>${tool}</xmp:CreatorTool>` +
  `</rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>`;

describe("pdf check", () => {
  it("applies to PDFs only", () => {
    expect(check.applies(contextFor(new Uint8Array(), "pdf"))).toBe(true);
    expect(check.applies(contextFor(new Uint8Array(), "jpeg"))).toBe(false);
  });

  it.each([
    ["pdf-lib", "pdf-lib (https://github.com/Hopding/pdf-lib)", "Registry system"],
    ["Word", "Microsoft® Word for Microsoft 365", "Microsoft® Word for Microsoft 365"],
    ["LibreOffice Writer", "LibreOffice 7.6", "Writer"],
    [
      "Chrome print",
      "Skia/PDF m120",
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0.0.0 Safari/537.36",
    ],
    ["macOS Quartz", "macOS Version 14.1 (Build 23B74) Quartz PDFContext", "Pages"],
    ["ReportLab", "ReportLab PDF Library - www.reportlab.com", "(unspecified)"],
    ["wkhtmltopdf", "Qt 4.8.7", "wkhtmltopdf 0.12.6"],
    ["Distiller", "Acrobat Distiller 23.0 (Windows)", "PScript5.dll Version 5.2.2"],
    ["PDFMaker", "Adobe PDF Library 23.1.175", "Acrobat PDFMaker 23 for Word"],
  ])("raises no alarm on a genuine PDF from %s", async (_name, producer, creator) => {
    const findings = await run(await makeCertificate({ producer, creator }));
    expect(alarms(findings)).toEqual([]);
    expect(findings.map((f) => f.check)).toContain("pdf.revisions");
  });

  it.each([
    ["iLovePDF", "iLovePDF", "Microsoft® Word for Microsoft 365", "medium"],
    ["Sejda", "Sejda Desktop 7.6", "Registry system", "medium"],
    ["Foxit editor", "Foxit PDF Editor Printer Version 12.1", "Foxit PDF Editor", "medium"],
    ["Acrobat re-save", "Adobe Acrobat Pro (64-bit) 23.8.20458", "Registry system", "low"],
    ["LibreOffice Draw", "LibreOffice 7.6", "Draw", "medium"],
  ])("names the editing tool %s in Producer/Creator", async (_name, producer, creator, severity) => {
    const findings = await run(await makeCertificate({ producer, creator }));
    expect(alarms(findings)).toEqual([expect.objectContaining({ check: "pdf.producer", severity })]);
  });

  it("weighs an editor's save long after creation more than either alone", async () => {
    const findings = await run(
      await makeCertificate({
        producer: "Smallpdf.com",
        created: new Date("2019-06-14T10:00:00Z"),
        modified: new Date("2021-02-01T10:00:00Z"),
      }),
    );
    expect(alarms(findings)).toEqual([
      expect.objectContaining({
        check: "pdf.producer",
        severity: "high",
        evidence: expect.objectContaining({ saved_after_creation_days: 598 }),
      }),
      expect.objectContaining({ check: "pdf.dates", severity: "low" }),
    ]);
  });

  it("reports dates: modified before created, long gaps, future dates", async () => {
    const before = await run(
      await makeCertificate({ created: new Date("2021-06-14T10:00:00Z"), modified: new Date("2020-01-01T10:00:00Z") }),
    );
    expect(alarms(before)).toEqual([expect.objectContaining({ check: "pdf.dates", severity: "medium" })]);
    const gap = await run(
      await makeCertificate({ created: new Date("2019-06-14T10:00:00Z"), modified: new Date("2023-02-01T10:00:00Z") }),
    );
    expect(alarms(gap)).toEqual([expect.objectContaining({ check: "pdf.dates", severity: "low" })]);
    const future = await run(await makeCertificate({ created: new Date(Date.now() + 90 * 86_400_000) }));
    expect(alarms(future).map((f) => f.check)).toContain("pdf.impossible_date");
  });

  it("reports Info and XMP dates that disagree, not ones that agree", async () => {
    const base = await makeCertificate({ created: new Date("2019-06-14T10:00:00Z") });
    const agree = await run(await withXmp(base, packet("2019-06-14T12:00:00+02:00", "2019-06-14T10:00:00Z")));
    expect(alarms(agree)).toEqual([]);
    const disagree = await run(await withXmp(base, packet("2019-06-14T10:00:00Z", "2022-03-01T09:00:00Z")));
    expect(
      alarms(disagree)
        .map((f) => f.check)
        .sort(),
    ).toEqual(["pdf.date_mismatch", "pdf.dates"]);
  });

  it("reports an edit saved incrementally as critical, with page and region", async () => {
    const forged = await saveIncrementally(await makeCertificate(), async (doc) => {
      const font = await doc.embedFont(StandardFonts.Helvetica);
      const page = doc.getPage(0);
      page.drawRectangle({
        x: 58,
        y: 557,
        width: 220,
        height: 15,
        color: { type: "RGB", red: 1, green: 1, blue: 1 } as never,
      });
      page.drawText("Registration number: 2019-99999", { x: 60, y: 560, size: 12, font });
    });
    const findings = await run(forged);
    const critical = findings.find((f) => f.severity === "critical");
    expect(critical).toMatchObject({ check: "pdf.incremental_update", page: 1 });
    expect(findings.map((f) => f.check)).toContain("pdf.hidden_text");
  });

  it("notes a scan exported through a word processor, not a scanner's own PDF", async () => {
    const scan = await sharp({
      create: { width: 200, height: 283, channels: 3, background: { r: 240, g: 238, b: 230 } },
    })
      .png()
      .toBuffer();
    const scanned = async (producer: string, creator: string) => {
      const doc = await PDFDocument.create({ updateMetadata: false });
      const page = doc.addPage([595, 842]);
      page.drawImage(await doc.embedPng(scan), { x: 0, y: 0, width: 595, height: 842 });
      doc.setProducer(producer);
      doc.setCreator(creator);
      return doc.save();
    };
    const word = await run(await scanned("Microsoft® Word for Microsoft 365", "Microsoft® Word for Microsoft 365"));
    expect(alarms(word)).toEqual([
      expect.objectContaining({ check: "pdf.scan_in_document", severity: "low", page: 1 }),
    ]);
    expect(alarms(await run(await scanned("Canon iR-ADV C5535  PDF", "Canon iR-ADV C5535")))).toEqual([]);
  });

  it("finds a single digit changed in 7 pt print in a later revision", async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const page = doc.addPage([595, 842]);
    for (let i = 0; i < 20; i++)
      page.drawText(`Line ${i} of the statement ${i * 7}`, { x: 50, y: 800 - i * 14, size: 7, font });
    page.drawText("Closing balance 1,234.56", { x: 300, y: 500, size: 7, font });
    const hex = (s: string) => Buffer.from(s, "latin1").toString("hex").toUpperCase();
    const edited = await saveIncrementally(await doc.save({ useObjectStreams: false }), (d) => {
      const p = d.getPage(0);
      const content = Buffer.from(pageContent(d, p)).toString("latin1").replace(hex("1,234.56"), hex("1,284.56"));
      p.node.set(
        PDFName.of("Contents"),
        d.context.register(PDFRawStream.of(d.context.obj({}), Buffer.from(content, "latin1"))),
      );
    });
    const hit = (await run(edited)).find((f) => f.check === "pdf.incremental_update");
    expect(hit).toMatchObject({ severity: "critical", page: 1 });
    expect(hit!.region!.y).toBeCloseTo(1 - 505 / 842, 1);
  });

  it("turns hostile and broken files into an information finding instead of crashing", async () => {
    const genuine = await makeCertificate();
    const nested = new TextEncoder().encode(
      `%PDF-1.7\n1 0 obj\n${"[".repeat(200_000)}\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n`,
    );
    const encrypted = new TextEncoder().encode(
      Buffer.from(genuine)
        .toString("latin1")
        .replace("trailer\n<<", "trailer\n<<\n/Encrypt << /Filter /Standard /V 2 /R 3 /O <00> /U <00> /P -4 >>"),
    );
    for (const bytes of [
      new Uint8Array(),
      new TextEncoder().encode("not a pdf at all"),
      genuine.subarray(0, genuine.length / 2),
      nested,
      encrypted,
    ]) {
      const findings = await run(bytes);
      expect(findings.every((f) => f.severity === "info" || f.severity === "low")).toBe(true);
    }
    const enc = await run(encrypted);
    expect(enc.map((f) => f.message).join(" ")).toMatch(/encrypted/);
  });

  it("runs in deep mode", async () => {
    expect(alarms(await run(await makeCertificate(), "deep"))).toEqual([]);
  });
});
