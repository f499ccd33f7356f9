// Test helper: appends a signature revision the way signing tools do (a /Sig dictionary whose
// /ByteRange covers the whole file except the /Contents hole). appendSignature fills the hole with
// a minimal CMS-like blob that carries only a real messageDigest attribute (enough for byte
// coverage and digest checks); sign-cms.ts fills it with a real CMS signature.
import { createHash } from "node:crypto";

/** Bytes reserved for the signature in /Contents (hex-encoded, so twice as many characters). */
export const HOLE = 4096;

/** The file with an empty signature revision, and where its /Contents hole is (bytes b..c). */
function prepare(original: Uint8Array): { bytes: Buffer; b: number; c: number } {
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
  return { bytes: Buffer.from(file, "latin1"), b, c };
}

/** Writes the signature `value` into the /Contents hole that starts at byte `b`. */
export function fill(bytes: Buffer, b: number, value: Uint8Array): Uint8Array {
  if (value.length > HOLE) throw new Error(`signature of ${value.length} bytes does not fit the ${HOLE}-byte hole`);
  bytes.write(
    Buffer.from(value)
      .toString("hex")
      .padEnd(HOLE * 2, "0"),
    b + 1,
    "latin1",
  );
  return new Uint8Array(bytes);
}

export function appendSignature(original: Uint8Array, options: { tamperDigest?: boolean } = {}): Uint8Array {
  const { bytes, b, c } = prepare(original);
  const digest = createHash("sha256").update(bytes.subarray(0, b)).update(bytes.subarray(c)).digest();
  if (options.tamperDigest) digest[0] ^= 0xff;
  const body = Buffer.concat([
    Buffer.from("06092a864886f70d010904", "hex"),
    Buffer.from([0x31, digest.length + 2, 0x04, digest.length]),
    digest,
  ]);
  // A SEQUENCE with a long-form length, as signing tools write it: the reader ends the value there.
  return fill(bytes, b, Buffer.concat([Buffer.from([0x30, 0x81, body.length]), body]));
}

/** Appends a signature revision whose value `sign` computes over the signed bytes. */
export async function appendSignatureWith(
  original: Uint8Array,
  sign: (signedBytes: Uint8Array) => Promise<Uint8Array>,
): Promise<Uint8Array> {
  const { bytes, b, c } = prepare(original);
  return fill(bytes, b, await sign(Buffer.concat([bytes.subarray(0, b), bytes.subarray(c)])));
}
