// The PDF Info dictionary (Producer, Creator, CreationDate, ModDate, …) flattened, XMP under
// `_xmp`, and `_pdf` with structural facts read from the raw bytes.
import type { StageEnv } from "./decoded";
import type { pdfjs } from "./pdfjs";

type PdfDocument = Awaited<ReturnType<typeof pdfjs.getDocument>["promise"]>;

export async function pdfMetadata(
  doc: PdfDocument,
  bytes: Uint8Array,
  env: StageEnv,
): Promise<Record<string, unknown>> {
  let info: Record<string, unknown> = {};
  let xmp: Record<string, unknown> | null = null;
  try {
    const meta = await env.deadline.race(doc.getMetadata());
    info = { ...(meta.info as Record<string, unknown>) };
    xmp = meta.metadata ? Object.fromEntries(meta.metadata as unknown as Iterable<[string, unknown]>) : null;
  } catch {
    // A broken Info dictionary is for the metadata check to notice, not a reason to stop.
  }
  const tail = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1");
  return {
    ...info,
    _xmp: xmp,
    _pdf: {
      version: info.PDFFormatVersion ?? null,
      encrypted: /\/Encrypt\s/.test(tail),
      eof_markers: (tail.match(/%%EOF/g) ?? []).length,
      fingerprints: doc.fingerprints,
    },
  };
}
