import { createHash } from "node:crypto";
import { PDFDocument } from "pdf-lib";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { makeDocument } from "./generate";
import type { SyntheticDocument } from "./synthetic-document";
import { checkDigit } from "./mrz";
import { canEncodeHeic } from "./render/encode";
import { corpusSpecs } from "./corpus";

const sha = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");
const pageText = (doc: SyntheticDocument) => doc.text.flat().map((t) => t.text);

/** Every check digit of a TD1 or TD3 zone, recomputed from its fields. */
function mrzDigitsValid(lines: string[]): boolean {
  if (lines.length === 2) {
    const l2 = lines[1] as string;
    const ok = (from: number, to: number, at: number) => checkDigit(l2.slice(from, to)) === l2[at];
    const composite = checkDigit(l2.slice(0, 10) + l2.slice(13, 20) + l2.slice(21, 43)) === l2[43];
    return ok(0, 9, 9) && ok(13, 19, 19) && ok(21, 27, 27) && composite;
  }
  const [l1, l2] = lines as [string, string];
  const composite = checkDigit(l1.slice(5, 30) + l2.slice(0, 7) + l2.slice(8, 15) + l2.slice(18, 29)) === l2[29];
  return (
    checkDigit(l1.slice(5, 14)) === l1[14] &&
    checkDigit(l2.slice(0, 6)) === l2[6] &&
    checkDigit(l2.slice(8, 14)) === l2[14] &&
    composite
  );
}

const mrzLines = (doc: SyntheticDocument) => pageText(doc).filter((t) => /^[A-Z0-9<]{30}$|^[A-Z0-9<]{44}$/.test(t));

describe("makeDocument", () => {
  it("is deterministic for a seed and varies between seeds", async () => {
    const a = await makeDocument({ seed: "det", docType: "diploma", format: "pdf" });
    const b = await makeDocument({ seed: "det", docType: "diploma", format: "pdf" });
    const c = await makeDocument({ seed: "det-2", docType: "diploma", format: "pdf" });
    expect(sha(a.bytes)).toBe(sha(b.bytes));
    expect(sha(a.bytes)).not.toBe(sha(c.bytes));
    const j1 = await makeDocument({ seed: "det", docType: "payslip", format: "jpeg", look: "scanned" });
    const j2 = await makeDocument({ seed: "det", docType: "payslip", format: "jpeg", look: "scanned" });
    expect(sha(j1.bytes)).toBe(sha(j2.bytes));
  });

  it("gives genuine identity documents valid MRZ check digits, and breaks one on the check-digit tamper", async () => {
    for (const [docType, seed] of [
      ["passport", "m1"],
      ["id_card", "m2"],
      ["passport", "m3"],
      ["id_card", "m4"],
    ] as const) {
      const genuine = await makeDocument({ seed, docType, format: "pdf" });
      expect(mrzDigitsValid(mrzLines(genuine))).toBe(true);
      const tampered = await makeDocument({ seed, docType, format: "pdf", tamper: "mrz.check_digit" });
      expect(mrzDigitsValid(mrzLines(tampered))).toBe(false);
    }
  });

  it("prints the MRZ's name on genuine documents and a different one on the field-mismatch tamper", async () => {
    const genuine = await makeDocument({ seed: "fm", docType: "passport", format: "pdf" });
    const surname = String(genuine.fields.holder_name).split(" ").pop()?.toUpperCase() ?? "";
    expect(mrzLines(genuine)[0]).toContain(`${surname}<<`);
    const tampered = await makeDocument({
      seed: "fm",
      docType: "passport",
      format: "pdf",
      tamper: "mrz.field_mismatch",
    });
    const line1 = mrzLines(tampered)[0] as string;
    const printedSurname = String(tampered.fields.holder_name).split(" ").pop()?.toUpperCase() ?? "";
    const printedBirth = String(tampered.fields.date_of_birth).replace(/-/g, "").slice(2);
    const line2 = mrzLines(tampered)[1] as string;
    expect(line1.includes(`${printedSurname}<<`) && line2.slice(13, 19) === printedBirth).toBe(false);
  });

  it("makes payslip sums add up on genuine documents and not on the sum tamper", async () => {
    for (const seed of ["p1", "p2", "p3", "p4"]) {
      const g = await makeDocument({ seed, docType: "payslip", format: "pdf" });
      const { gross_pay, total_deductions, net_pay } = g.fields as Record<string, number>;
      expect(Math.abs((gross_pay as number) - (total_deductions as number) - (net_pay as number))).toBeLessThan(0.005);
      const t = await makeDocument({ seed, docType: "payslip", format: "pdf", tamper: "content.sum_mismatch" });
      const f = t.fields as Record<string, number>;
      expect(
        Math.abs((f.gross_pay as number) - (f.total_deductions as number) - (f.net_pay as number)),
      ).toBeGreaterThan(1);
    }
  });

  it("keeps statement running balances on genuine documents and breaks them on the balance tamper", async () => {
    const balanced = (doc: SyntheticDocument) => {
      // Rows of the ground-truth text: amounts in the debit, credit and balance columns by x position.
      const rows = new Map<number, Array<{ x: number; value: number; sign: number }>>();
      for (const item of doc.text.flat()) {
        if (!/^[+-]?[\d,]+\.\d\d$/.test(item.text)) continue;
        const key = Math.round(item.y * 2000);
        rows.set(key, [
          ...(rows.get(key) ?? []),
          {
            x: item.x + item.width,
            value: Number(item.text.replace(/[,+]/g, "")),
            sign: item.text[0] === "+" ? 1 : item.text[0] === "-" ? -1 : 0,
          },
        ]);
      }
      const table = [...rows.entries()].sort(([a], [b]) => a - b).map(([, cells]) => cells.sort((p, q) => p.x - q.x));
      const opening = doc.fields.opening_balance as number;
      let balance = opening;
      let ok = true;
      for (const cells of table.filter((c) => c.length === 2)) {
        const [amount, after] = cells as [{ x: number; value: number; sign: number }, { x: number; value: number }];
        // Signed column: the sign says it; debit/credit columns: the credit column is the right one.
        const delta = amount.sign !== 0 ? amount.value : amount.x > 0.75 ? amount.value : -amount.value;
        balance = Math.round((balance + delta) * 100) / 100;
        if (Math.abs(balance - after.value) > 0.005) ok = false;
        balance = after.value;
      }
      return ok && Math.abs(balance - (doc.fields.closing_balance as number)) < 0.005;
    };
    for (const seed of ["s1", "s2", "s3", "s4", "s5", "s6"]) {
      expect(balanced(await makeDocument({ seed, docType: "bank_statement", format: "pdf" }))).toBe(true);
      expect(
        balanced(
          await makeDocument({ seed, docType: "bank_statement", format: "pdf", tamper: "content.balance_break" }),
        ),
      ).toBe(false);
    }
  });

  it("puts graduation before birth or issue after expiry on the date-order tamper", async () => {
    const d = await makeDocument({ seed: "do", docType: "diploma", format: "pdf", tamper: "content.date_order" });
    expect(String(d.fields.graduation_date) < String(d.fields.date_of_birth)).toBe(true);
    const c = await makeDocument({ seed: "do", docType: "certificate", format: "pdf", tamper: "content.date_order" });
    expect(String(c.fields.issue_date) > String(c.fields.expiry_date)).toBe(true);
    const g = await makeDocument({ seed: "do", docType: "certificate", format: "pdf" });
    expect(String(g.fields.issue_date) < String(g.fields.expiry_date)).toBe(true);
  });

  it("writes every image format so that sharp decodes it", async () => {
    for (const format of ["jpeg", "png", "webp", "avif"] as const) {
      const doc = await makeDocument({ seed: `f-${format}`, docType: "certificate", format, look: "clean" });
      const meta = await sharp(doc.bytes).metadata();
      expect(meta.format === format || (format === "avif" && meta.format === "heif")).toBe(true);
      expect(meta.width).toBe(doc.pixels?.width);
    }
    const tiff = await makeDocument({ seed: "f-tiff", docType: "bank_statement", format: "tiff", look: "scanned" });
    const meta = await sharp(tiff.bytes).metadata();
    expect(meta.format).toBe("tiff");
    expect(meta.pages).toBe(tiff.pageCount);
  });

  it("stores some phone photos turned with an EXIF orientation that turns them upright", async () => {
    let turned = 0;
    for (let i = 0; i < 8 && turned === 0; i++) {
      const doc = await makeDocument({ seed: `orient-${i}`, docType: "id_card", format: "jpeg", look: "phone" });
      const meta = await sharp(doc.bytes).metadata();
      if ((meta.orientation ?? 1) === 1) continue;
      turned++;
      const upright = await sharp(doc.bytes).rotate().toBuffer({ resolveWithObject: true });
      expect([upright.info.width, upright.info.height]).toEqual([doc.pixels?.width, doc.pixels?.height]);
      expect(meta.exif).toBeDefined();
    }
    expect(turned).toBe(1);
  });

  it.runIf(canEncodeHeic())("writes HEIC that heic-decode reads", async () => {
    const { default: decode } = await import("heic-decode");
    const doc = await makeDocument({ seed: "f-heic", docType: "id_card", format: "heic", look: "clean" });
    const image = await decode({ buffer: doc.bytes });
    expect(image.width).toBe(doc.pixels?.width);
  });

  it("writes PDFs that pdf-lib opens, with an issuer's producer and no text layer when scanned", async () => {
    const pdf = await makeDocument({ seed: "f-pdf", docType: "transcript", format: "pdf" });
    const doc = await PDFDocument.load(pdf.bytes, { updateMetadata: false });
    expect(doc.getPageCount()).toBe(pdf.pageCount);
    expect(doc.getProducer()).not.toMatch(/pdf-lib/);
    const scan = await makeDocument({ seed: "f-scan", docType: "transcript", format: "pdf-scan", look: "scanned" });
    const scanned = await PDFDocument.load(scan.bytes, { updateMetadata: false });
    expect(scanned.getPageCount()).toBe(scan.pageCount);
    expect(Buffer.from(scan.bytes).toString("latin1")).not.toMatch(/\/FontFile|\/BaseFont/);
  });

  it("appends an incremental update that keeps the original bytes and points back with /Prev", async () => {
    const doc = await makeDocument({ seed: "inc", docType: "payslip", format: "pdf", tamper: "pdf.incremental_edit" });
    const text = Buffer.from(doc.bytes).toString("latin1");
    expect(text.match(/%%EOF/g)?.length).toBe(2);
    expect(text).toMatch(/\/Prev \d+/);
    const firstEof = text.indexOf("%%EOF") + 5;
    const original = await PDFDocument.load(doc.bytes.slice(0, firstEof + 1), { updateMetadata: false });
    const edited = await PDFDocument.load(doc.bytes, { updateMetadata: false });
    expect(original.getProducer()).not.toBe(edited.getProducer());
    expect(doc.tamper?.region?.page).toBe(1);
  });

  it("signs PDFs over their byte range and breaks the digest on the broken-signature tamper", async () => {
    const digestMatches = (bytes: Uint8Array) => {
      const text = Buffer.from(bytes).toString("latin1");
      const [a, b, c, d] = (/\/ByteRange \[\s*(\d+) (\d+) (\d+) (\d+)\s*\]/.exec(text) ?? []).slice(1).map(Number) as [
        number,
        number,
        number,
        number,
      ];
      const digest = createHash("sha256")
        .update(bytes.subarray(a, a + b))
        .update(bytes.subarray(c, c + d))
        .digest("hex")
        .toUpperCase();
      return text.slice(b + 1, c - 1).includes(digest);
    };
    const tampered = await makeDocument({
      seed: "sig",
      docType: "certificate",
      format: "pdf",
      tamper: "pdf.broken_signature",
    });
    expect(digestMatches(tampered.bytes)).toBe(false);
    const { signedPdf } = await import("./tamper/signature");
    const { createRng } = await import("./rng");
    const { buildCertificate } = await import("./documents/certificate");
    const built = await buildCertificate(createRng(1), {});
    const when = new Date("2025-01-01T10:00:00Z");
    const signed = await signedPdf(
      createRng(2),
      built.layout,
      { producer: "iText", creator: "Registry", creationDate: when, modDate: when },
      "Registry",
    );
    expect(digestMatches(signed)).toBe(true);
  });

  it("makes non-credentials that decode", async () => {
    for (const kind of ["selfie", "landscape", "blank", "screenshot", "meme"] as const) {
      const doc = await makeDocument({
        seed: `nc-${kind}`,
        nonCredential: kind,
        format: kind === "blank" ? "png" : "jpeg",
      });
      expect(doc.label).toBe("not_credential");
      const meta = await sharp(doc.bytes).metadata();
      expect(meta.width).toBe(doc.pixels?.width);
    }
  });

  it("balances the corpus across classes and covers every tamper kind", () => {
    const specs = corpusSpecs({ seed: 1, perClass: 36 });
    const count = (label: string) => specs.filter((s) => s.label === label).length;
    // Expired identity documents (two of the 36 tamper slots) are genuine variants, not forgeries.
    const expired = specs.filter((s) => s.tamper === "mrz.expired");
    expect(expired.map((s) => s.label)).toEqual(["genuine", "genuine"]);
    expect([count("genuine"), count("tampered"), count("not_credential")]).toEqual([38, 34, 36]);
    expect(new Set(specs.map((s) => s.tamper).filter(Boolean)).size).toBe(18);
  });
});
