// Locates machine-readable zones in a document's text: consecutive rows that look like MRZ lines
// (mostly A–Z, 0–9 and fillers, with the line length of a layout), grouped into 2- or 3-line blocks.
import type { PageImage } from "../../context";
import type { Region } from "../../types";
import { unionRegion } from "../../region";
import { rowsOfPage } from "../content/text-rows";
import type { CheckName } from "./layouts";
import { cleanMrzLine } from "./parse-mrz";

export interface MrzBlock {
  page: number;
  lines: string[];
  region: Region | null;
  /** Mean OCR confidence over the lines (100 for a PDF text layer). */
  confidence: number;
  ocr: boolean;
  /**
   * "band" for the dedicated re-reading of the zone alone (read-band.ts), "geometry" for the zone
   * located and read from the pixels (zone-by-geometry.ts), "combined" for lines of several
   * readings put together (combine-readings.ts); page text otherwise.
   */
  pass?: "page" | "band" | "geometry" | "combined";
  /** Geometry reading: cells a check digit settled (settle-glyphs.ts). */
  settled?: Array<{ line: number; at: number; from: string; to: string }>;
  /** Geometry reading: failing checks a near-tied glyph may explain. */
  doubtful?: CheckName[];
  /** Geometry reading: a glyph of the name matched no template well (settle-glyphs.ts). */
  faintName?: boolean;
}

interface Candidate {
  text: string;
  region: Region | null;
  confidence: number;
  ocr: boolean;
}

const LENGTHS = [30, 36, 44];

/**
 * A zone line read too badly to look like one (fillers read as K, L and C, a line cut in two) still
 * carries a filler against a character of the zone's alphabet: nothing printed for people does.
 */
function carriesFillers(raw: string): boolean {
  return /[A-Z0-9<]<|<[A-Z0-9]/.test(raw.replace(/[«‹≪﹤＜]/g, "<"));
}

/** Text of the machine-readable zone, however well read: never printed text, never a caption's anchor. */
export function isZoneText(raw: string): boolean {
  return looksLikeMrzLine(raw) || carriesFillers(raw);
}

export function looksLikeMrzLine(raw: string): boolean {
  const line = cleanMrzLine(raw);
  if (!LENGTHS.some((n) => Math.abs(line.length - n) <= 2)) return false;
  const legal = [...line].filter((ch) => /[A-Z0-9<]/.test(ch)).length;
  // Every layout has fillers on every line except a fully used TD1 line 1, which still has '<'
  // after the document code; ordinary prose has none.
  return legal / line.length >= 0.9 && line.includes("<");
}

/** Closest layout length of a candidate line. */
function lengthClass(text: string): number {
  const n = cleanMrzLine(text).length;
  return LENGTHS.reduce((a, b) => (Math.abs(b - n) < Math.abs(a - n) ? b : a));
}

function blocksFrom(page: number, candidates: (Candidate | null)[]): MrzBlock[] {
  const blocks: MrzBlock[] = [];
  let run: Candidate[] = [];
  const flush = () => {
    const size = run.length > 0 ? lengthClass((run[0] as Candidate).text) : 0;
    const want = size === 30 ? 3 : 2;
    // A run longer than a layout keeps its last lines: the zone sits at the bottom of the page
    // and rows above it that happen to contain fillers are printed data.
    if (run.length >= want) {
      const lines = run.slice(-want);
      blocks.push({
        page,
        lines: lines.map((l) => l.text),
        region: unionRegion(lines.flatMap((l) => (l.region ? [l.region] : []))),
        confidence: lines.reduce((sum, l) => sum + l.confidence, 0) / lines.length,
        ocr: lines.some((l) => l.ocr),
      });
    }
    run = [];
  };
  for (const candidate of candidates) {
    if (candidate && run.length > 0 && lengthClass(candidate.text) !== lengthClass((run[0] as Candidate).text)) flush();
    if (candidate) run.push(candidate);
    else flush();
  }
  flush();
  return blocks;
}

/** MRZ blocks among lines of text read in order (the lines of a zone re-read on its own). */
export function blocksFromLines(page: number, lines: readonly Candidate[]): MrzBlock[] {
  return blocksFrom(
    page,
    lines.map((line) => (looksLikeMrzLine(line.text) ? line : null)),
  );
}

/** MRZ blocks on the analysed pages, from positioned text, else from the page's plain text. */
export function findMrzBlocks(
  pages: readonly Pick<PageImage, "page" | "text">[],
  fullText: readonly string[],
): MrzBlock[] {
  return pages.flatMap((page, index) => {
    const rows = rowsOfPage(page);
    if (rows.length > 0) {
      return blocksFrom(
        page.page,
        rows.map((row) =>
          looksLikeMrzLine(row.text)
            ? { text: row.text, region: row.region, confidence: row.meanConfidence, ocr: row.ocr }
            : null,
        ),
      );
    }
    const text = fullText[index] ?? "";
    return blocksFrom(
      page.page,
      text
        .split(/\r?\n/)
        .map((line) => (looksLikeMrzLine(line) ? { text: line, region: null, confidence: 50, ocr: true } : null)),
    );
  });
}

/** The document's text outside its machine-readable zones: what is printed for people. */
export function visualZoneText(
  pages: readonly Pick<PageImage, "page" | "text">[],
  fullText: readonly string[],
  zones: readonly Pick<MrzBlock, "page" | "region">[] = [],
): string {
  return pages
    .flatMap((page, index) => {
      // A zone line OCR garbled (fillers read as letters, a line cut short) no longer looks like
      // one, but it still stands where the zone was located: its names are not printed text.
      const inZone = (r: Region) =>
        zones.some((z) => z.page === page.page && z.region !== null && contains(z.region, r));
      const rows = rowsOfPage(page);
      const lines =
        rows.length > 0
          ? rows.filter((r) => !inZone(r.region)).map((r) => r.text)
          : (fullText[index] ?? "").split(/\r?\n/);
      return lines.filter((line) => !isZoneText(line));
    })
    .join("\n");
}

/** Whether a row's centre lies in a region. */
function contains(zone: Region, row: Region): boolean {
  const cx = row.x + row.width / 2;
  const cy = row.y + row.height / 2;
  return cx >= zone.x && cx <= zone.x + zone.width && cy >= zone.y && cy <= zone.y + zone.height;
}
