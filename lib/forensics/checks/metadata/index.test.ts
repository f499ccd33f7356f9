import { PDFDocument, PDFName } from "pdf-lib";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { Finding } from "../../types";
import { contextFor, makeCertificate } from "@/tests/forensics-support/pdf/fixtures";
import { check } from "./index";
import { exifSegment, withSegments, xmpSegment, type ExifSpec } from "@/tests/forensics-support/metadata/exif-writer";
import { orientRegion } from "./thumbnail";

const alarms = (findings: Finding[]) => findings.filter((f) => f.severity !== "info");
const run = (bytes: Uint8Array, format: "jpeg" | "png" | "webp" | "pdf" = "jpeg") =>
  check.run(contextFor(bytes, format), () => {});

/** A document-like picture: paper, a photo block and lines of "text". */
async function documentPhoto(options: { photoShade?: number; extraBlock?: boolean } = {}) {
  const lines = Array.from(
    { length: 12 },
    (_, i) => `<rect x="${320}" y="${80 + i * 36}" width="${200 + ((i * 37) % 180)}" height="14" fill="#222"/>`,
  ).join("");
  const shade = options.photoShade ?? 90;
  const extra = options.extraBlock
    ? `<rect x="330" y="300" width="260" height="120" fill="#f4f0e6"/><rect x="340" y="330" width="160" height="30" fill="#000"/>`
    : "";
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><rect width="800" height="600" fill="#f4f0e6"/><rect x="40" y="80" width="220" height="280" fill="rgb(${shade},${shade + 10},${shade + 20})"/><circle cx="150" cy="190" r="60" fill="#d9b38c"/>${lines}${extra}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

const thumbOf = (image: Buffer) => sharp(image).resize(160, 120, { fit: "fill" }).jpeg({ quality: 80 }).toBuffer();

async function photo(spec: ExifSpec, options: { edited?: boolean; xmp?: string } = {}) {
  const original = await documentPhoto();
  const image = options.edited ? await documentPhoto({ extraBlock: true }) : original;
  const segments = [exifSegment({ thumbnail: await thumbOf(original), ...spec })];
  if (options.xmp) segments.push(xmpSegment(options.xmp));
  return withSegments(image, ...segments);
}

const phone: ExifSpec = {
  Make: "Apple",
  Model: "iPhone 14",
  Software: "17.1.2",
  DateTime: "2024:03:02 09:15:11",
  DateTimeOriginal: "2024:03:02 09:15:11",
  ExposureTime: 1,
};

const xmpPacket = (body: string) =>
  `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/" xmlns:stEvt="http://ns.adobe.com/xap/1.0/sType/ResourceEvent#" xmlns:pdf="http://ns.adobe.com/pdf/1.3/">${body}</rdf:Description></rdf:RDF></x:xmpmeta>`;

const historyAt = (agent: string, when: string) =>
  `<xmpMM:History><rdf:Seq><rdf:li rdf:parseType="Resource"><stEvt:action>saved</stEvt:action><stEvt:when>${when}</stEvt:when><stEvt:softwareAgent>${agent}</stEvt:softwareAgent></rdf:li></rdf:Seq></xmpMM:History>`;

const history = (...agents: string[]) =>
  `<xmpMM:History><rdf:Seq>${agents.map((a, i) => `<rdf:li rdf:parseType="Resource"><stEvt:action>${i ? "saved" : "created"}</stEvt:action><stEvt:softwareAgent>${a}</stEvt:softwareAgent></rdf:li>`).join("")}</rdf:Seq></xmpMM:History>`;

describe("metadata check on images", () => {
  it("raises no alarm on an untouched phone photo with a matching thumbnail", async () => {
    const findings = await run(await photo(phone));
    expect(alarms(findings)).toEqual([]);
    expect(findings.find((f) => f.check === "metadata.summary")?.evidence).toMatchObject({
      make: "Apple",
      has_thumbnail: true,
    });
  });

  it("names editing software in EXIF Software, XMP CreatorTool and XMP history", async () => {
    const exif = await run(await photo({ ...phone, Software: "Adobe Photoshop 25.0 (Windows)" }));
    expect(alarms(exif)).toEqual([expect.objectContaining({ check: "metadata.software", severity: "medium" })]);
    const tool = await run(await photo(phone, { xmp: xmpPacket(`<xmp:CreatorTool>GIMP 2.10</xmp:CreatorTool>`) }));
    expect(alarms(tool).map((f) => f.evidence?.tool)).toEqual(["GIMP"]);
    const saved = await run(await photo(phone, { xmp: xmpPacket(history("Camera", "Pixelmator Pro 3.5")) }));
    expect(alarms(saved)).toEqual([
      expect.objectContaining({
        check: "metadata.software",
        evidence: expect.objectContaining({ tool: "Pixelmator" }),
      }),
    ]);
    const unknown = await run(await photo(phone, { xmp: xmpPacket(history("Camera", "Some Tool 1.0")) }));
    expect(alarms(unknown)).toEqual([expect.objectContaining({ check: "metadata.edit_history", severity: "low" })]);
  });

  it("weighs an editor's save of a photo it did not make above a file the editor created", async () => {
    // The phone took the picture; Pixelmator's history says it saved it afterwards: opened and re-saved.
    const resaved = await run(await photo(phone, { xmp: xmpPacket(history("Camera", "Pixelmator Pro 3.5")) }));
    expect(alarms(resaved)).toEqual([
      expect.objectContaining({
        check: "metadata.software",
        severity: "high",
        evidence: expect.objectContaining({ saved_after: expect.stringContaining("Apple") }),
      }),
    ]);
    // No camera, but the file existed days before the editor saved it.
    const later = xmpPacket(
      `<xmp:CreateDate>2024-03-02T09:15:11Z</xmp:CreateDate>${historyAt("Adobe Photoshop 25.1 (Windows)", "2024-05-10T16:02:44Z")}`,
    );
    expect(alarms(await run(await photo({}, { xmp: later })))).toEqual([
      expect.objectContaining({ check: "metadata.software", severity: "high" }),
    ]);
    // Composed in the editor (its name as CreatorTool beside the creation date) and saved by it years
    // later: how designed documents and published specimens are kept; the date is the editor's own.
    const ownFile = (creator: string) =>
      xmpPacket(
        `<xmp:CreatorTool>${creator}</xmp:CreatorTool><xmp:CreateDate>2008-12-03T12:53:30-05:00</xmp:CreateDate>${historyAt("Adobe Photoshop CS4 Windows", "2011-03-25T15:55:47-04:00")}`,
      );
    expect(alarms(await run(await photo({}, { xmp: ownFile("Adobe Photoshop CS Windows") })))).toEqual([
      expect.objectContaining({ check: "metadata.software", severity: "medium" }),
    ]);
    // Created by a scanner's software, then saved by the editor: opened and re-saved.
    expect(alarms(await run(await photo({}, { xmp: ownFile("Canon ScanGear 3.2") })))).toEqual([
      expect.objectContaining({ check: "metadata.software", severity: "high" }),
    ]);
    // A scan made in the editor and saved there is its normal workflow; a name alone stays medium.
    const made = xmpPacket(history("Adobe Photoshop 25.1 (Windows)", "Adobe Photoshop 25.1 (Windows)"));
    expect(alarms(await run(await photo({}, { xmp: made })))).toEqual([
      expect.objectContaining({ check: "metadata.software", severity: "medium" }),
    ]);
    expect(alarms(await run(await photo({ ...phone, Software: "Adobe Photoshop 25.0 (Windows)" })))).toEqual([
      expect.objectContaining({ check: "metadata.software", severity: "medium" }),
    ]);
  });

  it("takes an editor's name in a camera picture's Software, modified days after the shutter, for a re-save", async () => {
    // Editors that keep no XMP history still overwrite Software and move ModifyDate to their save.
    const resaved = { ...phone, Software: "GIMP 2.10.34", DateTime: "2024:03:05 18:40:02" };
    expect(alarms(await run(await photo(resaved)))).toContainEqual(
      expect.objectContaining({
        check: "metadata.software",
        severity: "high",
        evidence: expect.objectContaining({ saved_after: expect.stringContaining("iPhone 14") }),
      }),
    );
    // The same name with the camera's own ModifyDate says nothing of when the editor wrote it.
    const unchanged = { ...phone, Software: "GIMP 2.10.34" };
    expect(alarms(await run(await photo(unchanged)))).toEqual([
      expect.objectContaining({ check: "metadata.software", severity: "medium" }),
    ]);
  });

  it("reports dates that contradict each other or cannot be true", async () => {
    const late = await run(await photo({ ...phone, DateTime: "2025:01:10 12:00:00" }));
    expect(alarms(late)).toEqual([expect.objectContaining({ check: "metadata.dates", severity: "low" })]);
    // Modified months before it was taken: no camera or editor writes that.
    const before = await run(await photo({ ...phone, DateTime: "2023:11:02 09:15:11" }));
    expect(alarms(before)).toEqual([expect.objectContaining({ check: "metadata.dates", severity: "high" })]);
    // Sixteen hours earlier is past any time-zone slip but under a day: medium.
    const hours = await run(await photo({ ...phone, DateTime: "2024:03:01 17:00:00" }));
    expect(alarms(hours)).toEqual([expect.objectContaining({ check: "metadata.dates", severity: "medium" })]);
    const future = await run(
      await photo({ ...phone, DateTime: "2099:01:01 00:00:00", DateTimeOriginal: "2099:01:01 00:00:00" }),
    );
    expect(alarms(future).map((f) => f.check)).toContain("metadata.impossible_date");
    const old = await run(
      await photo({ ...phone, DateTime: "1985:01:01 00:00:00", DateTimeOriginal: "1985:01:01 00:00:00" }),
    );
    expect(alarms(old)).toEqual([
      expect.objectContaining({ check: "metadata.impossible_date", severity: "low" }),
      expect.objectContaining({ check: "metadata.impossible_date" }),
    ]);
    const unset = await run(
      await photo({ ...phone, DateTime: "0000:00:00 00:00:00", DateTimeOriginal: "0000:00:00 00:00:00" }),
    );
    expect(alarms(unset)).toEqual([]);
  });

  it("finds an area that differs from the camera's thumbnail, and where it is", async () => {
    const findings = await run(await photo(phone, { edited: true }));
    const hit = findings.find((f) => f.check === "metadata.thumbnail_mismatch");
    expect(hit).toMatchObject({ severity: "high" });
    // The changed block spans x 330..590, y 300..420 of 800×600.
    expect(hit!.region!.x).toBeGreaterThan(0.3);
    expect(hit!.region!.x).toBeLessThan(0.5);
    expect(hit!.region!.y).toBeGreaterThan(0.4);
    expect(hit!.region!.y).toBeLessThan(0.62);
  });

  it("finds a thumbnail of a different picture", async () => {
    const other = await sharp({
      create: { width: 160, height: 120, channels: 3, background: { r: 20, g: 120, b: 40 } },
    })
      .composite([
        {
          input: Buffer.from(
            '<svg width="160" height="120"><rect x="0" y="60" width="160" height="60" fill="#fff"/></svg>',
          ),
          top: 0,
          left: 0,
        },
      ])
      .jpeg()
      .toBuffer();
    const bytes = withSegments(await documentPhoto(), exifSegment({ ...phone, thumbnail: other }));
    expect((await run(bytes)).find((f) => f.check === "metadata.thumbnail_mismatch")).toMatchObject({ score: 0.85 });
  });

  it("maps thumbnail regions through EXIF orientation", () => {
    const r = { x: 0.1, y: 0.2, width: 0.3, height: 0.1 };
    expect(orientRegion(r, 1)).toEqual(r);
    const six = orientRegion(r, 6)!;
    expect(six.x).toBeCloseTo(0.7);
    expect(six.y).toBeCloseTo(0.1);
    expect(six.width).toBeCloseTo(0.1);
    expect(six.height).toBeCloseTo(0.3);
  });

  it("flags a scanner model with camera exposure tags, not a plain scanner", async () => {
    const scanner: ExifSpec = { Make: "Canon", Model: "CanoScan LiDE 300", DateTime: "2024:03:02 09:15:11" };
    expect(alarms(await run(await photo(scanner)))).toEqual([]);
    expect(alarms(await run(await photo({ ...scanner, ExposureTime: 1 })))).toEqual([
      expect.objectContaining({ check: "metadata.device_mismatch" }),
    ]);
  });

  it("reads EXIF from WebP and PNG", async () => {
    const image = sharp(await documentPhoto()).withExif({ IFD0: { Software: "GIMP 2.10.36" } });
    expect(alarms(await run(await image.clone().webp().toBuffer(), "webp")).map((f) => f.check)).toEqual([
      "metadata.software",
    ]);
    expect(alarms(await run(await image.clone().png().toBuffer(), "png")).map((f) => f.check)).toEqual([
      "metadata.software",
    ]);
  });

  it("reads PNG text chunks and Adobe document ids", async () => {
    const png = await sharp(await documentPhoto())
      .png()
      .toBuffer();
    // A tEXt chunk "Software" = "GIMP 2.10.36", inserted before IEND as GIMP writes it.
    const data = Buffer.from("Software\0GIMP 2.10.36", "latin1");
    const chunk = Buffer.alloc(12 + data.length);
    chunk.writeUInt32BE(data.length, 0);
    chunk.write("tEXt", 4, "latin1");
    data.copy(chunk, 8);
    const { crc32 } = await import("node:zlib");
    chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + data.length)) >>> 0, 8 + data.length);
    const withText = Buffer.concat([png.subarray(0, png.length - 12), chunk, png.subarray(png.length - 12)]);
    expect(alarms(await run(withText, "png")).map((f) => f.evidence?.tool)).toEqual(["GIMP"]);
    const ids = await run(
      await photo(phone, {
        xmp: xmpPacket(
          `<xmpMM:DocumentID>adobe:docid:photoshop:1f2e3d4c-0000-11ee-9a1b-000000000000</xmpMM:DocumentID>`,
        ),
      }),
    );
    expect(alarms(ids).map((f) => f.evidence?.tool)).toEqual(["Adobe Photoshop"]);
  });

  it("says so when an image has no metadata, and survives garbage", async () => {
    const bare = await run(
      await sharp(await documentPhoto())
        .png()
        .toBuffer(),
      "png",
    );
    expect(bare).toEqual([expect.objectContaining({ check: "metadata.summary", severity: "info" })]);
    const garbage = await run(
      new Uint8Array(Buffer.from("\xff\xd8\xff\xe1\x00\x10Exif\x00\x00II*\x00\xff\xff\xff\xff garbage", "latin1")),
    );
    expect(alarms(garbage)).toEqual([]);
  });
});

describe("metadata check on PDFs", () => {
  async function pdfWithXmp(body: string, producer?: string) {
    const doc = await PDFDocument.load(await makeCertificate(producer ? { producer } : {}), { updateMetadata: false });
    doc.catalog.set(
      PDFName.of("Metadata"),
      doc.context.register(doc.context.stream(xmpPacket(body), { Type: "Metadata", Subtype: "XML" })),
    );
    return doc.save();
  }

  it("reports an editor in the XMP history that Producer and Creator do not name", async () => {
    const findings = await run(await pdfWithXmp(history("Microsoft Word", "PDFescape Online")), "pdf");
    expect(alarms(findings)).toEqual([expect.objectContaining({ check: "metadata.xmp_history", severity: "medium" })]);
  });

  it("leaves an editor already named in Producer to the pdf check", async () => {
    const findings = await run(await pdfWithXmp(history("PDFescape Online"), "PDFescape Online"), "pdf");
    expect(alarms(findings)).toEqual([]);
  });

  it("reports Info and XMP producers that disagree, not ones that agree", async () => {
    const mismatch = await run(
      await pdfWithXmp(
        `<pdf:Producer>Microsoft® Word for Microsoft 365</pdf:Producer>`,
        "pdf-lib (https://github.com/Hopding/pdf-lib)",
      ),
      "pdf",
    );
    expect(alarms(mismatch)).toEqual([
      expect.objectContaining({ check: "metadata.producer_mismatch", severity: "low" }),
    ]);
    const same = await run(
      await pdfWithXmp(
        `<pdf:Producer>Microsoft® Word for Microsoft 365</pdf:Producer>`,
        "Microsoft® Word for Microsoft 365",
      ),
      "pdf",
    );
    expect(alarms(same)).toEqual([]);
  });

  it("has nothing to say about a PDF without XMP", async () => {
    expect(await run(await makeCertificate(), "pdf")).toEqual([]);
  });
});
