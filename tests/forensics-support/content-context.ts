// Test helper: DocumentContexts built by hand from rows of text laid out on a page, so checks can
// be tested on exact, crafted content. Used only by *.test.ts files.
import type { DocumentContext, PageImage, TextItem } from "@/lib/forensics/context";
import type { FigureReader } from "@/lib/forensics/checks/content/reread-figures";
import type { DocType, FieldValue } from "@/lib/forensics/types";

/** A row is either one run of text at the left margin or cells placed at given x (page fraction). */
export type RowSpec = string | Array<[x: number, text: string]>;

export interface PageSpec {
  rows: RowSpec[];
  source?: "pdf" | "ocr";
  confidence?: number;
  rgb?: { data: Uint8Array; width: number; height: number };
}

const CHAR_WIDTH = 0.008;

export function itemsOf(rows: RowSpec[], source: "pdf" | "ocr" = "pdf", confidence = 100): TextItem[] {
  const lineHeight = Math.min(0.025, 0.9 / Math.max(rows.length, 1));
  return rows.flatMap((row, i) => {
    const y = 0.05 + i * lineHeight;
    const cells: Array<[number, string]> = typeof row === "string" ? [[0.08, row]] : row;
    return cells.map(([x, text]) => ({
      text,
      x,
      y,
      width: text.length * CHAR_WIDTH,
      height: lineHeight * 0.7,
      source,
      confidence,
    }));
  });
}

function pageImage(spec: PageSpec, index: number): PageImage {
  const width = spec.rgb?.width ?? 10;
  const height = spec.rgb?.height ?? 14;
  return {
    page: index + 1,
    rgb: spec.rgb?.data ?? new Uint8Array(width * height * 3).fill(255),
    width,
    height,
    dpi: null,
    source: spec.source === "ocr" ? "image" : "pdf-text",
    quality: { width, height, dpi: null, sharpness: 100, brightness: 240, clipped: 0, too_poor_to_judge: false },
    text: itemsOf(spec.rows, spec.source, spec.confidence ?? (spec.source === "ocr" ? 90 : 100)),
  };
}

export function makeContext(options: {
  pages: PageSpec[];
  docType?: DocType;
  fields?: Record<string, FieldValue>;
  mode?: "standard" | "deep";
}): DocumentContext {
  const pages = options.pages.map(pageImage);
  return {
    bytes: new Uint8Array(),
    contentType: "application/pdf",
    format: "pdf",
    mode: options.mode ?? "standard",
    limits: { maxBytes: 1e8, maxPixels: 1e9, maxPages: 100, standardPages: 5, timeoutMs: 60_000 },
    pages,
    pageCount: pages.length,
    metadata: {},
    docType: options.docType ?? "other",
    isCredential: true,
    fields: options.fields ?? {},
    fullText: options.pages.map((p) =>
      p.rows.map((r) => (typeof r === "string" ? r : r.map((c) => c[1]).join(" "))).join("\n"),
    ),
  };
}

/** A cell whose right edge sits at `edge`, as amounts do in right-aligned table columns. */
export const right = (edge: number, text: string): [number, string] => [edge - text.length * CHAR_WIDTH, text];

/** A second reading of a figure that always prints `text` at `confidence`, for the re-reading checks. */
export const fixedReading =
  (text: string, confidence: number): FigureReader =>
  async () => ({ text, confidence });

/** Findings as "check:severity", the form the checks' tests compare. */
export const findingIds = (findings: readonly { check: string; severity: string }[]) =>
  findings.map((f) => `${f.check}:${f.severity}`);
