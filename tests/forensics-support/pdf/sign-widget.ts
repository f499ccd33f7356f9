// Test helper: signs a PDF the way pdfsig and e-signature platforms do, in one incremental revision
// that adds the signature field (a widget annotation on the page, the form's /Fields) together with
// the /Sig dictionary whose /ByteRange covers that very revision (sign.ts appends a bare /Sig instead).
import { PDFHexString, PDFName, PDFString } from "pdf-lib";
import { saveIncrementally } from "./save-incrementally";
import { fill, HOLE } from "./sign";

const PLACEHOLDER = 9_999_999_999; // ten digits, so the real offsets can be written in place

export async function signWithWidget(
  original: Uint8Array,
  sign: (signedBytes: Uint8Array) => Promise<Uint8Array>,
): Promise<Uint8Array> {
  const prepared = await saveIncrementally(original, (doc) => {
    const ctx = doc.context;
    const sig = ctx.register(
      ctx.obj({
        Type: "Sig",
        Filter: "Adobe.PPKLite",
        SubFilter: "adbe.pkcs7.detached",
        M: PDFString.of("D:20240301091500Z"),
        ByteRange: [PLACEHOLDER, PLACEHOLDER, PLACEHOLDER, PLACEHOLDER],
        Contents: PDFHexString.of("0".repeat(HOLE * 2)),
      }),
    );
    const page = doc.getPage(0);
    const widget = ctx.register(
      ctx.obj({
        Type: "Annot",
        Subtype: "Widget",
        FT: "Sig",
        T: PDFString.of("Signature1"),
        Rect: [0, 0, 0, 0],
        F: 132,
        V: sig,
        P: page.ref,
      }),
    );
    page.node.addAnnot(widget);
    doc.catalog.set(PDFName.of("AcroForm"), ctx.obj({ Fields: [widget], SigFlags: 3 }));
  });
  const text = Buffer.from(prepared).toString("latin1");
  const placeholder = new RegExp(`${PLACEHOLDER}\\s+${PLACEHOLDER}\\s+${PLACEHOLDER}\\s+${PLACEHOLDER}`, "g");
  const found = [...text.matchAll(placeholder)].at(-1);
  if (found?.index === undefined || found[0].length !== 43)
    throw new Error("the /ByteRange placeholder was not written");
  const rangeAt = found.index;
  const b = text.indexOf("/Contents <", text.lastIndexOf("/Type /Sig")) + "/Contents ".length;
  const c = b + HOLE * 2 + 2;
  const d = text.length - c;
  const pad = (n: number) => String(n).padStart(10, "0");
  const bytes = Buffer.from(text, "latin1");
  bytes.write(`${pad(0)} ${pad(b)} ${pad(c)} ${pad(d)}`, rangeAt, "latin1"); // 43 characters, as the placeholder
  return fill(bytes, b, await sign(Buffer.concat([bytes.subarray(0, b), bytes.subarray(c)])));
}
