import bwipjs from "bwip-js/node";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { DocType } from "../../types";
import { type RowSpec, makeContext, findingIds as ids } from "@/tests/forensics-support/content-context";
import { check } from "./index";

interface Placed {
  bcid: string;
  text: string;
  left: number;
  top: number;
  scale?: number;
  columns?: number;
  damage?: boolean;
}

/** A white page raster with real barcodes rendered by bwip-js. */
async function raster(codes: Placed[], width = 1240, height = 1754) {
  const layers = await Promise.all(
    codes.map(async (c) => {
      const png = await bwipjs.toBuffer({
        bcid: c.bcid,
        text: c.text,
        scale: c.scale ?? 4,
        ...(c.columns ? { columns: c.columns } : {}),
        ...(c.bcid === "code128" ? { height: 12 } : {}),
      });
      const layer = [{ input: png, left: c.left, top: c.top }];
      if (c.damage) {
        const meta = await sharp(png).metadata();
        const w = Math.round((meta.width ?? 0) * 0.45);
        const h = Math.round((meta.height ?? 0) * 0.45);
        const white = await sharp({ create: { width: w, height: h, channels: 3, background: "#ffffff" } })
          .png()
          .toBuffer();
        layer.push({
          input: white,
          left: c.left + Math.round((meta.width ?? 0) * 0.3),
          top: c.top + Math.round((meta.height ?? 0) * 0.3),
        });
      }
      return layer;
    }),
  );
  const data = await sharp({ create: { width, height, channels: 3, background: "#ffffff" } })
    .composite(layers.flat())
    .removeAlpha()
    .raw()
    .toBuffer();
  return { data: new Uint8Array(data), width, height };
}

async function run(options: {
  codes: Placed[];
  rows: RowSpec[];
  fields?: Record<string, string>;
  docType?: DocType;
  size?: [number, number];
  mode?: "standard" | "deep";
  source?: "pdf" | "ocr";
  confidence?: number;
}) {
  const rgb = await raster(options.codes, ...(options.size ?? []));
  const ctx = makeContext({
    docType: options.docType ?? "diploma",
    fields: options.fields,
    mode: options.mode,
    pages: [{ rows: options.rows, rgb, source: options.source, confidence: options.confidence }],
  });
  expect(check.applies(ctx)).toBe(true);
  return check.run(ctx, () => {});
}

const DIPLOMA_JSON = JSON.stringify({
  student_name: "Jane Doe",
  degree: "Bachelor of Science",
  graduation_date: "2021-06-30",
  certificate_no: "UE-2021-04417",
});
const diplomaRows = (name: string): RowSpec[] => [
  "UNIVERSITY OF EXAMPLE",
  "This is to certify that",
  name,
  "has been awarded the degree of Bachelor of Science",
  "on 30 June 2021",
  "Certificate no. UE-2021-04417",
];

const AAMVA =
  "@\n\x1e\rANSI 636000090002DL00410278ZV03190008DLDAQT64235789\nDCSSAMPLE\nDACMICHAEL\nDADJOHN\nDBD06062016\nDBB07041973\nDBA07042030\nDBC1\nDAJVA\n\r";
const licenceRows = (dob: string): RowSpec[] => [
  "VIRGINIA DRIVER'S LICENSE",
  "DL NO T64235789",
  "SAMPLE, MICHAEL JOHN",
  `DOB ${dob}`,
  "ISS 06/06/2016  EXP 07/04/2030",
];
const LICENCE_FIELDS = {
  holder_name: "Michael John Sample",
  date_of_birth: "1973-07-04",
  expiry_date: "2030-07-04",
  document_number: "T64235789",
};

describe("codes check", () => {
  it("matches a QR code's JSON payload with the printed diploma", async () => {
    const findings = await run({
      codes: [{ bcid: "qrcode", text: DIPLOMA_JSON, left: 800, top: 1300 }],
      rows: diplomaRows("Jane Doe"),
      fields: { holder_name: "Jane Doe" },
    });
    expect(ids(findings)).toEqual(["codes.decoded:info"]);
    expect(findings[0]!.evidence).toMatchObject({ format: "QRCode", payload_kind: "json" });
    expect(findings[0]!.region!.x).toBeGreaterThan(0.6);
  });

  it("flags a printed name that the QR code does not carry", async () => {
    const findings = await run({
      codes: [{ bcid: "qrcode", text: DIPLOMA_JSON, left: 800, top: 1300 }],
      rows: diplomaRows("Joanna Smith"),
      fields: { holder_name: "Joanna Smith" },
    });
    expect(ids(findings)).toEqual(["codes.decoded:info", "codes.payload_mismatch:high"]);
    expect(findings[1]!.evidence).toMatchObject({
      missing: [{ key: "student_name", value: "Jane Doe", printed: "Joanna Smith" }],
    });
  });

  it("does not take a signatory's first name for the holder's when the printed holder differs", async () => {
    const code = [{ bcid: "qrcode", text: DIPLOMA_JSON, left: 800, top: 1300 }];
    const forged = await run({
      codes: code,
      rows: [...diplomaRows("Joanna Doe"), "Jane Miller, Registrar"],
      fields: { holder_name: "Joanna Doe" },
      source: "ocr",
    });
    expect(ids(forged)).toEqual(["codes.decoded:info", "codes.payload_mismatch:high"]);
    // The clean twin: the holder field was read from the wrong line, the name is printed whole.
    const misread = await run({
      codes: code,
      rows: [...diplomaRows("Jane Doe"), "Jane Miller, Registrar"],
      fields: { holder_name: "Jane Miller" },
      source: "ocr",
    });
    expect(ids(misread)).toEqual(["codes.decoded:info"]);
  });

  it("on a photographed page, holds a name OCR read differently against the code", async () => {
    const findings = await run({
      codes: [{ bcid: "qrcode", text: DIPLOMA_JSON, left: 800, top: 1300 }],
      rows: diplomaRows("Joanna Smith"),
      fields: { holder_name: "Joanna Smith" },
      source: "ocr",
    });
    expect(ids(findings)).toEqual(["codes.decoded:info", "codes.payload_mismatch:high"]);
  });

  it("on a photographed page, weighs a name OCR did not read at all as medium, not as an edit", async () => {
    const rows = diplomaRows("Jane Doe").filter((row) => row !== "Jane Doe");
    const ocr = await run({
      codes: [{ bcid: "qrcode", text: DIPLOMA_JSON, left: 800, top: 1300 }],
      rows,
      source: "ocr",
    });
    expect(ids(ocr)).toEqual(["codes.decoded:info", "codes.payload_mismatch:medium"]);
    // The same absence in a text layer, which holds every printed character, is an edit.
    const layer = await run({ codes: [{ bcid: "qrcode", text: DIPLOMA_JSON, left: 800, top: 1300 }], rows });
    expect(ids(layer)).toEqual(["codes.decoded:info", "codes.payload_mismatch:high"]);
  });

  it("finds a letter-spaced name OCR read unsurely in fragments, not another name so read (twins)", async () => {
    const url = "https://verify.academy.example/c/H326314?name=Chiara+Silva";
    const code = [{ bcid: "qrcode", text: url, left: 800, top: 1300 }];
    const certificate = (name: string): RowSpec[] => [
      "Academy of First Aid",
      "CERTIFICATE OF ACHIEVEMENT",
      "This certifies that",
      name,
      "successfully completed the course Agile Leadership",
    ];
    const genuine = await run({ codes: code, rows: certificate("C h [eo ra Si Iva"), source: "ocr", confidence: 65 });
    expect(ids(genuine)).toEqual(["codes.decoded:info"]);
    // Surname first, as some issuers print it.
    const reversed = await run({
      codes: code,
      rows: certificate("S i lva, C h [eo ra"),
      source: "ocr",
      confidence: 65,
    });
    expect(ids(reversed)).toEqual(["codes.decoded:info"]);
    const other = await run({ codes: code, rows: certificate("M a [ri a Ro ssi"), source: "ocr", confidence: 65 });
    expect(ids(other)).toEqual(["codes.decoded:info", "codes.payload_mismatch:medium"]);
    // A line read surely is what is printed: its fragments are not excused as a misreading.
    const sure = await run({ codes: code, rows: certificate("C h [eo ra Si Iva"), source: "ocr", confidence: 95 });
    expect(ids(sure)).toEqual(["codes.decoded:info", "codes.payload_mismatch:medium"]);
  });

  it("holds the person a keyless record names against the printed holder, with its clean twin", async () => {
    const record = "VERIFY|University of Example|2021-04417|Jane Doe|2021-06-30";
    const code = [{ bcid: "qrcode", text: record, left: 800, top: 1300 }];
    const forged = await run({ codes: code, rows: diplomaRows("Joanna Doe"), source: "ocr" });
    expect(ids(forged)).toEqual(["codes.decoded:info", "codes.payload_mismatch:high"]);
    expect(forged[1]!.evidence).toMatchObject({
      missing: [{ value: "Jane Doe", printed: "Joanna Doe" }],
      reading_confidence: 90,
    });
    const genuine = await run({ codes: code, rows: diplomaRows("Jane Doe"), source: "ocr" });
    expect(ids(genuine)).toEqual(["codes.decoded:info"]);
  });

  it("compares an AAMVA licence barcode with the printed licence", async () => {
    const base = {
      codes: [{ bcid: "pdf417", text: AAMVA, left: 100, top: 900, scale: 3, columns: 6 }],
      docType: "id_card" as const,
    };
    const clean = await run({ ...base, rows: licenceRows("07/04/1973"), fields: LICENCE_FIELDS });
    expect(ids(clean)).toEqual(["codes.decoded:info"]);
    expect(clean[0]!.evidence).toMatchObject({ payload_kind: "aamva" });
    const forged = await run({
      ...base,
      rows: licenceRows("07/04/1983"),
      fields: { ...LICENCE_FIELDS, date_of_birth: "1983-07-04" },
    });
    expect(ids(forged)).toEqual(["codes.decoded:info", "codes.payload_mismatch:high"]);
    expect(forged[1]!.evidence).toMatchObject({
      missing: [{ key: "DBB", value: "1973-07-04", printed: "1983-07-04" }],
    });
  });

  it("reads a licence barcode photographed sideways on an identity card", async () => {
    const rgb = await raster([{ bcid: "pdf417", text: AAMVA, left: 100, top: 600, scale: 3, columns: 6 }]);
    const rotated = await sharp(Buffer.from(rgb.data), { raw: { width: rgb.width, height: rgb.height, channels: 3 } })
      .rotate(90)
      .raw()
      .toBuffer({ resolveWithObject: true });
    const ctx = makeContext({
      docType: "id_card",
      fields: LICENCE_FIELDS,
      pages: [
        {
          rows: licenceRows("07/04/1973"),
          rgb: { data: new Uint8Array(rotated.data), width: rotated.info.width, height: rotated.info.height },
        },
      ],
    });
    expect(ids(await check.run(ctx, () => {}))).toEqual(["codes.decoded:info"]);
  });

  it("reports a link's domain without visiting it and checks its parameters", async () => {
    const url = "https://verify.example.edu/check?cert=UE-2021-04417&dob=1999-02-14";
    const rows = [...diplomaRows("Jane Doe"), "Born 14 February 1999"];
    const clean = await run({ codes: [{ bcid: "qrcode", text: url, left: 100, top: 100 }], rows });
    expect(ids(clean)).toEqual(["codes.decoded:info"]);
    expect(clean[0]!.evidence).toMatchObject({ domain: "verify.example.edu" });
    const forged = await run({
      codes: [{ bcid: "qrcode", text: url, left: 100, top: 100 }],
      rows: [...diplomaRows("Jane Doe"), "Born 14 February 1989"],
    });
    expect(ids(forged)).toContain("codes.payload_mismatch:high");
  });

  it("reads a thin 1D barcode on a full-size A4 page in standard mode, without running away", async () => {
    const started = Date.now();
    const findings = await run({
      // 3-pixel modules: 0.25 mm bars at 300 dpi.
      codes: [{ bcid: "code128", text: "ref=INV-2024-000123;amount=1,250.00", left: 200, top: 300, scale: 3 }],
      rows: ["INVOICE INV-2024-000123", "Total due 1,250.00"],
      size: [2480, 3508],
      docType: "other",
    });
    const elapsed = Date.now() - started;
    expect(ids(findings)).toEqual(["codes.decoded:info"]);
    expect(findings[0]!.evidence).toMatchObject({ format: "Code128", payload_kind: "key_value" });
    // Loose: the machine is shared; this only catches a pass that runs away.
    expect(elapsed).toBeLessThan(15_000);
  });

  it("notes a code that is visible but cannot be decoded", async () => {
    const findings = await run({
      codes: [{ bcid: "qrcode", text: DIPLOMA_JSON, left: 200, top: 200, damage: true }],
      rows: diplomaRows("Jane Doe"),
    });
    expect(ids(findings)).toEqual(["codes.unreadable:info"]);
  });

  it("raises nothing on a page without codes", async () => {
    expect(await run({ codes: [], rows: diplomaRows("Jane Doe") })).toEqual([]);
  });
});
