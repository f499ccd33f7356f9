// Test helper: saves a change to an existing PDF the way editors do when they "save", by
// appending only the new and changed objects plus a cross-reference section and a trailer
// pointing back (/Prev) to the previous one. The original bytes are left untouched.
import { PDFDocument, PDFRef, type PDFObject } from "pdf-lib";
import { shallowFingerprint } from "@/lib/forensics/checks/pdf/document";

export async function saveIncrementally(
  original: Uint8Array,
  mutate: (doc: PDFDocument) => Promise<void> | void,
): Promise<Uint8Array> {
  const doc = await PDFDocument.load(original, { updateMetadata: false });
  // pdf-lib forgets the numbers of the object and xref streams it dropped while parsing; new
  // objects must not reuse them, or the old cross-reference data would point at the new ones.
  const sizes = [
    ...Buffer.from(original)
      .toString("latin1")
      .matchAll(/\/Size\s+(\d+)/g),
  ].map((m) => Number(m[1]));
  doc.context.largestObjectNumber = Math.max(doc.context.largestObjectNumber, ...sizes.map((n) => n - 1));
  const before = new Map<string, string>();
  for (const [ref, obj] of doc.context.enumerateIndirectObjects()) before.set(ref.toString(), shallowFingerprint(obj));
  await mutate(doc);
  await doc.flush();
  const changed = doc.context
    .enumerateIndirectObjects()
    .filter(([ref, obj]) => before.get(ref.toString()) !== shallowFingerprint(obj));
  return appendObjects(original, changed, doc);
}

export function appendObjects(original: Uint8Array, objects: Array<[PDFRef, PDFObject]>, doc: PDFDocument): Uint8Array {
  const text = Buffer.from(original).toString("latin1");
  const prev = Number([...text.matchAll(/startxref\s+(\d+)/g)].at(-1)?.[1] ?? 0);
  const chunks: Buffer[] = [Buffer.from(original)];
  let offset = original.length;
  const push = (b: Buffer) => {
    chunks.push(b);
    offset += b.length;
  };
  if (text[text.length - 1] !== "\n") push(Buffer.from("\n"));
  const offsets = new Map<number, { offset: number; gen: number }>();
  for (const [ref, obj] of [...objects].sort(([a], [b]) => a.objectNumber - b.objectNumber)) {
    offsets.set(ref.objectNumber, { offset, gen: ref.generationNumber });
    const body = new Uint8Array(obj.sizeInBytes());
    obj.copyBytesInto(body, 0);
    push(Buffer.from(`${ref.objectNumber} ${ref.generationNumber} obj\n`, "latin1"));
    push(Buffer.from(body));
    push(Buffer.from("\nendobj\n", "latin1"));
  }
  const xrefOffset = offset;
  let xref = "xref\n";
  for (const [num, entry] of [...offsets].sort(([a], [b]) => a - b)) {
    xref += `${num} 1\n${String(entry.offset).padStart(10, "0")} ${String(entry.gen).padStart(5, "0")} n \n`;
  }
  const { Root, Info } = doc.context.trailerInfo;
  if (!Root) throw new Error("the document has no catalog");
  const size = doc.context.largestObjectNumber + 1;
  const info = Info ? ` /Info ${Info.toString()}` : "";
  xref += `trailer\n<< /Size ${size} /Root ${Root.toString()}${info} /Prev ${prev} >>\nstartxref\n${xrefOffset}\n%%EOF\n`;
  push(Buffer.from(xref, "latin1"));
  return new Uint8Array(Buffer.concat(chunks));
}
