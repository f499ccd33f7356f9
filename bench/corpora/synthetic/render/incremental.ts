// Incremental updates the way PDF editors write them: the original bytes stay untouched and a
// new section is appended with the changed and new objects, a classic xref table for just those
// objects, and a trailer whose /Prev points at the previous xref.
import { PDFDocument, type PDFObject, type PDFRef } from "pdf-lib";

function serialise(obj: PDFObject): Uint8Array {
  const buf = new Uint8Array(obj.sizeInBytes());
  obj.copyBytesInto(buf, 0);
  return buf;
}

function key(ref: PDFRef): string {
  return `${ref.objectNumber} ${ref.generationNumber}`;
}

/** Byte offset given by the last `startxref` of a file. */
export function lastStartXref(bytes: Uint8Array): number {
  const tail = Buffer.from(bytes.subarray(Math.max(0, bytes.length - 1024))).toString("latin1");
  const m = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(tail);
  if (!m) throw new Error("no startxref at the end of the PDF");
  return Number(m[1]);
}

/**
 * Loads `original`, lets `edit` change the document through pdf-lib, and appends only what
 * changed as one incremental update. Returns the original bytes followed by the update.
 */
export async function appendIncrementalUpdate(
  original: Uint8Array,
  edit: (doc: PDFDocument) => Promise<void>,
): Promise<Uint8Array> {
  const doc = await PDFDocument.load(original, { updateMetadata: false });
  const before = new Map<string, string>();
  for (const [ref, obj] of doc.context.enumerateIndirectObjects()) {
    before.set(key(ref), Buffer.from(serialise(obj)).toString("latin1"));
  }
  await edit(doc);
  await doc.flush();
  const changed: Array<[PDFRef, Uint8Array]> = [];
  for (const [ref, obj] of doc.context.enumerateIndirectObjects()) {
    const bytes = serialise(obj);
    if (before.get(key(ref)) !== Buffer.from(bytes).toString("latin1")) changed.push([ref, bytes]);
  }
  changed.sort((a, b) => a[0].objectNumber - b[0].objectNumber);

  const prev = lastStartXref(original);
  const parts: Uint8Array[] = [original];
  let offset = original.length;
  const push = (chunk: Uint8Array | string) => {
    const bytes = typeof chunk === "string" ? new Uint8Array(Buffer.from(chunk, "latin1")) : chunk;
    parts.push(bytes);
    offset += bytes.length;
  };
  if (original[original.length - 1] !== 0x0a) push("\n");
  const offsets = new Map<number, number>();
  for (const [ref, bytes] of changed) {
    offsets.set(ref.objectNumber, offset);
    push(`${ref.objectNumber} ${ref.generationNumber} obj\n`);
    push(bytes);
    push("\nendobj\n");
  }
  const xrefOffset = offset;
  let xref = "xref\n";
  // Subsections of consecutive object numbers.
  const numbers = [...offsets.keys()];
  for (let i = 0; i < numbers.length;) {
    let j = i;
    while (j + 1 < numbers.length && numbers[j + 1] === (numbers[j] as number) + 1) j++;
    xref += `${numbers[i]} ${j - i + 1}\n`;
    for (let k = i; k <= j; k++) xref += `${String(offsets.get(numbers[k] as number)).padStart(10, "0")} 00000 n\r\n`;
    i = j + 1;
  }
  const trailer = doc.context.trailerInfo;
  const size = doc.context.largestObjectNumber + 1;
  const root = trailer.Root ? ` /Root ${trailer.Root.toString()}` : "";
  const info = trailer.Info ? ` /Info ${trailer.Info.toString()}` : "";
  const id = trailer.ID ? ` /ID ${trailer.ID.toString()}` : "";
  push(`${xref}trailer\n<< /Size ${size}${root}${info}${id} /Prev ${prev} >>\nstartxref\n${xrefOffset}\n%%EOF\n`);
  // A plain Uint8Array copy: some consumers (pdf.js) refuse Node Buffers.
  return new Uint8Array(Buffer.concat(parts));
}
