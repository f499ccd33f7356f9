// Test helper: appends a signature revision the way signing tools do (a /Sig dictionary whose
// /ByteRange covers the whole file except the /Contents hole), with a minimal CMS-like blob that
// carries a real messageDigest attribute. Not a valid CMS signature: enough for byte coverage and
// digest checks, which are all the pdf check verifies.
import { createHash } from "node:crypto";

const HOLE = 4096;

export function appendSignature(original: Uint8Array, options: { tamperDigest?: boolean } = {}): Uint8Array {
  const text = Buffer.from(original).toString("latin1");
  const prev = Number([...text.matchAll(/startxref\s+(\d+)/g)].at(-1)?.[1] ?? 0);
  const size = Math.max(...[...text.matchAll(/\/Size\s+(\d+)/g)].map((m) => Number(m[1])));
  const root = [...text.matchAll(/\/Root\s+(\d+\s+\d+\s+R)/g)].at(-1)?.[1];
  const num = size;
  const sigOffset = original.length + 1;
  const placeholder = "[0 0000000000 0000000000 0000000000]";
  const sigObject =
    `${num} 0 obj\n<< /Type /Sig /Filter /Adobe.PPKLite /SubFilter /adbe.pkcs7.detached /M (D:20240101120000Z) ` +
    `/ByteRange ${placeholder} /Contents <${"0".repeat(HOLE * 2)}> >>\nendobj\n`;
  const xrefOffset = sigOffset + sigObject.length;
  const tail = `xref\n${num} 1\n${String(sigOffset).padStart(10, "0")} 00000 n \ntrailer\n<< /Size ${num + 1} /Root ${root} /Prev ${prev} >>\nstartxref\n${xrefOffset}\n%%EOF\n`;
  let file = text + "\n" + sigObject + tail;
  const b = file.indexOf("/Contents <", sigOffset) + "/Contents ".length;
  const c = b + HOLE * 2 + 2;
  const d = file.length - c;
  const range = `[0 ${String(b).padStart(10, "0")} ${String(c).padStart(10, "0")} ${String(d).padStart(10, "0")}]`;
  file = file.replace(placeholder, range);
  const bytes = Buffer.from(file, "latin1");
  const digest = createHash("sha256").update(bytes.subarray(0, b)).update(bytes.subarray(c)).digest();
  if (options.tamperDigest) digest[0] ^= 0xff;
  const attribute = Buffer.concat([
    Buffer.from("3081", "hex"),
    Buffer.from("06092a864886f70d010904", "hex"),
    Buffer.from([0x31, digest.length + 2, 0x04, digest.length]),
    digest,
  ]);
  const hex = attribute.toString("hex").padEnd(HOLE * 2, "0");
  bytes.write(hex, b + 1, "latin1");
  return new Uint8Array(bytes);
}
