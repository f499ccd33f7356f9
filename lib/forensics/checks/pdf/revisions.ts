// Finds the revisions of a PDF from its raw bytes. Every save that appends to a file (an
// "incremental update") ends with its own `startxref N %%EOF`; truncating the file right after one
// of those markers gives the document exactly as it was at that save. A linearised ("fast web
// view") file also carries two cross-reference sections, the first-page one near the start, which
// is part of the original file and not an update, so it is folded into the first revision.

export interface Revision {
  /** 0-based; 0 is the original document. */
  index: number;
  /** Byte offset where this revision's appended bytes begin (0 for the original). */
  start: number;
  /** Byte offset just after this revision's `%%EOF` and its end-of-line. */
  end: number;
  /** Offset the revision's `startxref` points at. */
  startxref: number;
  /** Kind of cross-reference data at `startxref`. */
  xref: "table" | "stream" | "unknown";
}

export interface RevisionScan {
  revisions: Revision[];
  linearized: boolean;
  /** Non-whitespace bytes after the last `%%EOF` (an unfinished or hand-appended update). */
  trailingBytes: number;
}

export function latin1(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1");
}

const EOF_MARKER = /startxref\s+(\d+)\s*%%EOF/g;
const LINEARIZED = /^[\s\S]{0,1024}?\/Linearized\s/;

export function scanRevisions(text: string): RevisionScan {
  const markers: Array<{ startxref: number; end: number }> = [];
  for (const match of text.matchAll(EOF_MARKER)) {
    let end = (match.index ?? 0) + match[0].length;
    if (text[end] === "\r") end += 1;
    if (text[end] === "\n") end += 1;
    markers.push({ startxref: Number(match[1]), end });
  }
  const head = text.slice(0, 1100);
  const linearized = LINEARIZED.test(head);
  if (linearized && markers.length > 1) {
    // The first-page trailer's %%EOF comes well before the end of the original file, whose
    // length the linearisation dictionary gives (/L). Without a usable /L, assume the first.
    const length = Number(/\/L\s+(\d+)/.exec(head)?.[1] ?? NaN);
    const nearEnd = Number.isFinite(length) && markers.some((m) => Math.abs(m.end - length) <= 32);
    if (nearEnd) {
      while (markers.length > 1 && markers[0].end < length - 32) markers.shift();
    } else {
      markers.shift();
    }
  }

  const revisions: Revision[] = markers.map((marker, index) => ({
    index,
    start: index === 0 ? 0 : markers[index - 1].end,
    end: marker.end,
    startxref: marker.startxref,
    xref: xrefKind(text, marker.startxref),
  }));
  const last = markers.at(-1)?.end ?? 0;
  const trailingBytes = text.slice(last).replace(/[\s\0]+/g, "").length;
  return { revisions, linearized, trailingBytes };
}

function xrefKind(text: string, offset: number): Revision["xref"] {
  const head = text.slice(offset, offset + 64);
  if (/^\s*xref\b/.test(head)) return "table";
  if (/^\s*\d+\s+\d+\s+obj\b/.test(head)) return "stream";
  return "unknown";
}
