// The machine-readable zone of a page read from its pixels alone: located by its geometry
// (locate-zone.ts), read cell by cell against the OCR-B glyphs (read-cells.ts) and settled by the
// rules of ICAO 9303 (settle-glyphs.ts). It needs no page OCR, so a zone OCR took for noise, or
// read as prose, is still read; one reading per page, shared by the classifier and the MRZ check.
//
// Why templates and not tesseract: on the 17 valid government specimens of bench/corpora/specimens
// (2026-11), tesseract.js (eng, alphabet restricted to A-Z0-9<, one row at a time, straightened,
// enlarged to a 40 px cap height and binarised) read no zone with every check digit holding: it
// reads fillers as K, L or C and drops glyphs, ~1.1 s a zone. The OCR-B templates read 14 with
// every digit holding, 13 verbatim, ~0.3 s a zone. PaddleOCR (PP-OCRv4 through onnxruntime, ~290
// MB installed) was not tried here; its reported near-verbatim lines would still need the same
// settling (settle-glyphs.ts).
import type { PageImage } from "../../context";
import { greyInput, greyOf } from "../../pipeline/raster";
import type { Region } from "../../types";
import { type MrzBlock, findMrzBlocks } from "./find-mrz";
import { type LocatedZone, type ZoneLine, locateZones } from "./locate-zone";
import { readRow } from "./read-cells";
import { settleZone } from "./settle-glyphs";

/**
 * The long side the page is located and read at: small photos are enlarged so a glyph spans
 * enough pixels to be measured, large scans reduced so locating stays a fraction of a second.
 */
const SIDE = { min: 1200, max: 1800 };

/** The zone's rows with a cell's margin around them, in page fractions. */
function zoneRegion(zone: LocatedZone, width: number, height: number): Region {
  const xs = zone.lines.flatMap((l: ZoneLine) => [l.first.x - l.pitch, l.last.x + l.pitch]);
  const ys = zone.lines.flatMap((l: ZoneLine) => [l.first.y, l.last.y]);
  const cap = Math.max(...zone.lines.map((l) => l.capHeight));
  const x0 = Math.max(0, Math.min(...xs));
  const y0 = Math.max(0, Math.min(...ys) - cap);
  const x1 = Math.min(width, Math.max(...xs));
  const y1 = Math.min(height, Math.max(...ys) + cap);
  return { x: x0 / width, y: y0 / height, width: (x1 - x0) / width, height: (y1 - y0) / height };
}

async function read(page: Pick<PageImage, "page" | "rgb" | "width" | "height">): Promise<MrzBlock[]> {
  const long = Math.max(page.width, page.height);
  const side = Math.min(SIDE.max, Math.max(SIDE.min, long));
  const width = Math.max(1, Math.round((page.width * side) / long));
  const { data, info } = await greyInput(await greyOf(page))
    .resize({ width, kernel: "cubic" })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const image = {
    data: new Uint8Array(data.buffer, data.byteOffset, data.length),
    width: info.width,
    height: info.height,
  };
  return locateZones(image).map((zone) => {
    const settled = settleZone(zone.lines.map((line) => readRow(image, line)));
    return {
      page: page.page,
      lines: settled.lines,
      region: zoneRegion(zone, info.width, info.height),
      confidence: Math.round(Math.max(0, settled.likeness) * 100),
      ocr: true,
      pass: "geometry" as const,
      settled: settled.settled,
      doubtful: settled.doubtful,
      faintName: settled.faintName,
    };
  });
}

const readings = new WeakMap<Pick<PageImage, "rgb">, Promise<MrzBlock[]>>();

/**
 * The zones of a raster page read from its pixels. A page with a text layer has its zone in that
 * layer, except where the zone was placed on it as a picture (an issuer's PDF template with the
 * zone stamped in as an image, a scan laid under typed fields): with `textLayer: "without-zone"`
 * such a page, whose layer holds no zone, is read from its pixels too. The classifier skips text
 * pages (its text is what it reads); the MRZ check, on a document that may carry a zone, does not.
 */
export function zonesByGeometry(page: PageImage, textLayer: "skip" | "without-zone" = "skip"): Promise<MrzBlock[]> {
  if (page.source === "pdf-text" && (textLayer === "skip" || findMrzBlocks([page], []).length > 0)) {
    return Promise.resolve([]);
  }
  let reading = readings.get(page);
  if (!reading) {
    reading = read(page);
    readings.set(page, reading);
  }
  return reading;
}
