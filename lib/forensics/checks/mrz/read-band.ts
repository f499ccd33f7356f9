// A second, dedicated reading of the machine-readable zone, the way passport readers do it: the
// band alone, levelled, enlarged and binarised, read with only the zone's alphabet allowed. Page
// OCR reads the zone as prose (fillers become "cccc" or "«", a 0 an O) and often loses its last
// character; the band pass fixes most of that for the price of OCR on a small strip.
import sharp from "sharp";
import type { PageImage } from "../../context";
import { ocrStrip } from "../../pipeline/ocr";
import type { Region } from "../../types";
import { estimateSkew } from "../../pipeline/reading-order";
import { rowsOfPage, type TextRow } from "../content/text-rows";
import { type MrzBlock, blocksFromLines } from "./find-mrz";
import { otsuThreshold } from "./binarise";
import { cleanMrzLine } from "./parse-mrz";

const MRZ_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<";
const MAX_SCALE = 4;
const ZONE_LENGTHS = [30, 36, 44];

/**
 * How the strip is prepared. The first look binarises at a cap height where tesseract's LSTM
 * reads monospaced capitals best; further looks, taken only while a failed digit still needs
 * confirming, change scale and grey levels so that their mistakes are not the first one's.
 */
export const LOOKS = {
  first: { capPx: 42, binarise: true },
  further: [
    { capPx: 30, binarise: false },
    { capPx: 24, binarise: true },
  ],
} as const;
export type BandLook = (typeof LOOKS)["first"] | (typeof LOOKS)["further"][number];

/** A row that holds part of a zone however badly it was read: a run of fillers or look-alikes. */
function isZoneRow(row: TextRow): boolean {
  const line = cleanMrzLine(row.text);
  return line.length >= 12 && (/<</.test(line) || (line.match(/</g)?.length ?? 0) >= 3 || /[«‹]/.test(row.text));
}

/**
 * How much of a zone line page OCR left unread, as page width: a line read in part ("148AUT<<<")
 * is as wide as the shortest layout that holds what was read, at the pitch of the part read. Which
 * end is missing is unknown, so the band is widened by that much on both sides.
 */
function unreadWidth(row: TextRow): number {
  const read = cleanMrzLine(row.text).length;
  const layout = ZONE_LENGTHS.find((n) => n >= read) ?? read;
  return read > 0 ? ((layout - read) * row.region.width) / read : 0;
}

/**
 * Where the zone lies on a page: the lowest cluster of rows that look like zone lines, widened by
 * up to two lines above and below (a line read too badly to look like one is still in the band).
 */
export function bandRegion(page: Pick<PageImage, "page" | "text">): Region | null {
  const rows = rowsOfPage(page).filter((r) => r.ocr && isZoneRow(r));
  if (rows.length === 0) return null;
  const lowest = rows.reduce((a, b) => (b.y > a.y ? b : a));
  const pitch = lowest.region.height * 1.5;
  const cluster = rows.filter((r) => lowest.y - r.y <= pitch * 3.2);
  const found = cluster.length;
  const x0 = Math.min(...cluster.map((r) => r.region.x));
  const x1 = Math.max(...cluster.map((r) => r.region.x + r.region.width));
  const y0 = Math.min(...cluster.map((r) => r.region.y));
  const y1 = Math.max(...cluster.map((r) => r.region.y + r.region.height));
  const grow = found >= 2 ? pitch * 0.9 : pitch * 2.2;
  const padX = Math.max(0.04, (x1 - x0) * 0.06, ...cluster.map(unreadWidth));
  const clamp = (v: number) => Math.min(1, Math.max(0, v));
  const left = clamp(x0 - padX);
  const top = clamp(y0 - grow);
  return { x: left, y: top, width: clamp(x1 + padX) - left, height: clamp(y1 + grow) - top };
}

/** The band cut out, levelled, scaled to a readable cap height and binarised, as a PNG. */
async function stripImage(page: PageImage, band: Region, capHeight: number, look: BandLook): Promise<Buffer> {
  const left = Math.floor(band.x * page.width);
  const top = Math.floor(band.y * page.height);
  const width = Math.max(1, Math.min(page.width - left, Math.ceil(band.width * page.width)));
  const height = Math.max(1, Math.min(page.height - top, Math.ceil(band.height * page.height)));
  const slope = estimateSkew(page.text.filter((t) => t.height > 0));
  const degrees = (Math.atan(slope * (page.height / page.width)) * 180) / Math.PI;
  const scale = Math.min(MAX_SCALE, Math.max(0.3, look.capPx / Math.max(1, capHeight * page.height)));
  const { data, info } = await sharp(page.rgb, { raw: { width: page.width, height: page.height, channels: 3 } })
    .extract({ left, top, width, height })
    .greyscale()
    .rotate(-degrees, { background: { r: 255, g: 255, b: 255 } })
    .resize({ width: Math.round(width * scale), kernel: "cubic" })
    .normalise()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const grey = new Uint8Array(data.buffer, data.byteOffset, data.length);
  const threshold = otsuThreshold(grey);
  const out = look.binarise ? Buffer.alloc(grey.length) : Buffer.from(grey);
  if (look.binarise) for (let i = 0; i < grey.length; i++) out[i] = (grey[i] as number) > threshold ? 255 : 0;
  return sharp(out, { raw: { width: info.width, height: info.height, channels: 1 } })
    .extend({ top: 24, bottom: 24, left: 24, right: 24, background: "#ffffff" })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

/**
 * A name line OCR cut short in its trailing fillers, next to a line of a zone's length, padded
 * to that length: the fillers that end a name line carry nothing, and without them the zone
 * would lose a line.
 */
export function padNameLines(lines: readonly string[]): string[] {
  const cleaned = lines.map(cleanMrzLine);
  const zoneLength = (i: number) => ZONE_LENGTHS.find((n) => Math.abs((cleaned[i]?.length ?? 0) - n) <= 2);
  return lines.map((line, i) => {
    const own = cleaned[i] as string;
    const next = zoneLength(i - 1) ?? zoneLength(i + 1);
    if (!next || own.length >= next - 2 || own.length < 8 || !/[A-Z]<<[A-Z<]*<$/.test(own)) return line;
    return own + "<".repeat(next - own.length);
  });
}

/**
 * Zones found by reading the band of each OCR'd page again with the zone alphabet only. When the
 * lines do not make up a whole zone they are still returned as one block: a witness that can
 * confirm the characters of another reading (reading-trust.ts) though it fits no layout itself.
 */
export async function readZoneBands(
  pages: readonly PageImage[],
  log: (message: string) => void,
  look: BandLook = LOOKS.first,
): Promise<MrzBlock[]> {
  const blocks: MrzBlock[] = [];
  for (const page of pages) {
    if (page.source === "pdf-text") continue;
    const band = bandRegion(page);
    if (!band) continue;
    const capHeight = Math.min(
      ...rowsOfPage(page)
        .filter(isZoneRow)
        .map((r) => r.region.height),
    );
    const png = await stripImage(page, band, capHeight, look);
    const result = await ocrStrip(png, { alphabet: MRZ_ALPHABET, dpi: 300 });
    log(`MRZ band on page ${page.page} read again: ${result.lines.join(" / ")}`);
    const candidates = padNameLines(result.lines).map((text) => ({
      text,
      region: band,
      confidence: result.confidence,
      ocr: true,
    }));
    const found = blocksFromLines(page.page, candidates);
    const lines = found.length > 0 ? [] : result.lines.filter((l) => cleanMrzLine(l).length >= 20);
    blocks.push(
      ...found.map((b) => ({ ...b, region: band, pass: "band" as const })),
      ...(lines.length > 0
        ? [{ page: page.page, lines, region: band, confidence: result.confidence, ocr: true, pass: "band" as const }]
        : []),
    );
  }
  return blocks;
}
