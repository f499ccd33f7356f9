// Findings from the painting order of a page: text hidden under boxes painted after it (and new
// text laid on top, the classic "white-out and retype" edit), text runs painted over different
// text, and light patches painted over a scanned page with text typed on them.
import type { Finding } from "../../../types";
import type { PageModel } from "../document";
import type { FillShape, PageGraphics, TextRun } from "./interpret";
import { area, intersection, toRegion, union } from "./geometry";

const quote = (runs: TextRun[]) =>
  JSON.stringify(
    runs
      .map((r) => r.text.trim())
      .join(" ")
      .slice(0, 80),
  );
const isLight = (f: FillShape, min: number) => f.color.every((c) => c >= min);
const sameColor = (a: number[], b: number[]) => a.every((c, i) => Math.abs(c - b[i]) <= 0.06);

export function layeringFindings(graphics: PageGraphics, page: PageModel): Finding[] {
  const pageArea = page.width * page.height;
  // Text under a picture painted after it is not seen either: a scanned page's search text layer
  // laid beneath the scan (as signing platforms and OCR tools write it) is no cover-up.
  const underPicture = (r: TextRun) =>
    graphics.images.some((img) => img.order > r.order && intersection(img.box, r.box) >= 0.9 * area(r.box));
  const visible = graphics.runs.filter((r) => !r.invisible && area(r.box) > 0 && !underPicture(r));
  const findings: Finding[] = [];
  const explained = new Set<TextRun>();

  // A cover-up is painted in the paper's colour: white, or the colour of a page-sized fill under it.
  const paper = [[1, 1, 1], ...graphics.fills.filter((f) => area(f.box) >= pageArea * 0.5).map((f) => f.color)];
  for (const fill of graphics.fills) {
    if (!fill.rectLike || area(fill.box) > pageArea * 0.2) continue;
    if (!isLight(fill, 0.9) && !paper.some((c) => sameColor(c, fill.color))) continue;
    const covered = (r: TextRun) => intersection(r.box, fill.box) >= 0.6 * area(r.box);
    const hidden = visible.filter((r) => r.order < fill.order && covered(r));
    if (!hidden.length) continue;
    const onTop = visible.filter((r) => r.order > fill.order && intersection(r.box, fill.box) >= 0.5 * area(r.box));
    hidden.forEach((r) => explained.add(r));
    const box = [...hidden, ...onTop].reduce((b, r) => union(b, r.box), fill.box);
    findings.push({
      check: "pdf.hidden_text",
      severity: onTop.length ? "high" : "medium",
      score: onTop.length ? 0.8 : 0.5,
      message: onTop.length
        ? `On page ${page.page} the text ${quote(hidden)} is painted over by a box in the paper's colour and the text ${quote(onTop)} is written on top of it: the original value was covered and replaced.`
        : `On page ${page.page} the text ${quote(hidden)} is painted over by a box in the paper's colour drawn after it: it is in the file but hidden from view.`,
      page: page.page,
      region: toRegion(box, page),
      evidence: {
        hidden_text: hidden.map((r) => r.text),
        text_on_top: onTop.map((r) => r.text),
        box_color: fill.color,
        box: fill.box,
      },
    });
  }

  findings.push(...overlappingText(visible, explained, page));
  findings.push(...patchesOverScans(graphics, visible, page));
  return findings;
}

/**
 * A value laid over another is meant to be read in its place: dark like the rest of the print and
 * about the size of what it covers. Watermarks ("ORIGINAL", "COPY") and security microtext also
 * overlap the text, but are pale or of another size altogether.
 */
const PALE = 0.75;
const MAX_SIZE_RATIO = 1.6;
function replacementPair(a: TextRun, b: TextRun): boolean {
  const pale = (r: TextRun) => r.color.every((c) => c >= PALE);
  if (pale(a) || pale(b)) return false;
  return Math.max(a.size, b.size) <= MAX_SIZE_RATIO * Math.min(a.size, b.size);
}

function overlappingText(visible: TextRun[], explained: Set<TextRun>, page: PageModel): Finding[] {
  const sorted = [...visible].sort((a, b) => a.box.y0 - b.box.y0);
  const pairs: Array<[TextRun, TextRun, number]> = [];
  for (let i = 0; i < sorted.length && pairs.length < 20; i++) {
    const a = sorted[i];
    for (let j = i + 1; j < sorted.length && sorted[j].box.y0 < a.box.y1; j++) {
      const b = sorted[j];
      if (explained.has(a) || explained.has(b)) continue;
      if (a.text.trim() === b.text.trim()) continue; // fake bold and shadows repeat the same text
      if (!replacementPair(a, b)) continue;
      const overlap = intersection(a.box, b.box) / Math.min(area(a.box), area(b.box));
      const sameLine = Math.abs(a.box.y0 - b.box.y0) < 0.3 * Math.max(a.size, b.size);
      const needed = a.widthsKnown && b.widthsKnown ? 0.5 : 0.75;
      if (sameLine && overlap >= needed) pairs.push([a, b, overlap]);
    }
  }
  return pairs.slice(0, 5).map(([a, b, overlap]) => {
    const [under, over] = a.order < b.order ? [a, b] : [b, a];
    const reliable = a.widthsKnown && b.widthsKnown && overlap >= 0.7;
    return {
      check: "pdf.overlapping_text",
      severity: reliable ? "high" : "medium",
      score: reliable ? 0.7 : 0.45,
      message: `On page ${page.page} the text ${quote([over])} is printed on top of different text ${quote([under])} at the same place: one value was laid over another.`,
      page: page.page,
      region: toRegion(union(a.box, b.box), page),
      evidence: {
        under: under.text,
        over: over.text,
        overlap: Math.round(overlap * 100) / 100,
        fonts: [under.font?.baseFont, over.font?.baseFont],
      },
    } satisfies Finding;
  });
}

function patchesOverScans(graphics: PageGraphics, visible: TextRun[], page: PageModel): Finding[] {
  const pageArea = page.width * page.height;
  const scans = graphics.images.filter(
    (img) =>
      intersection(img.box, {
        x0: page.originX,
        y0: page.originY,
        x1: page.originX + page.width,
        y1: page.originY + page.height,
      }) >=
      0.3 * pageArea,
  );
  const findings: Finding[] = [];
  for (const fill of graphics.fills) {
    if (!fill.rectLike || !isLight(fill, 0.75) || area(fill.box) > pageArea * 0.03) continue;
    const scan = scans.find((img) => img.order < fill.order && intersection(img.box, fill.box) >= 0.9 * area(fill.box));
    if (!scan) continue;
    const typed = visible.filter((r) => r.order > fill.order && intersection(r.box, fill.box) >= 0.5 * area(r.box));
    if (!typed.length) continue;
    findings.push({
      check: "pdf.patch_over_scan",
      severity: "high",
      score: 0.7,
      message: `On page ${page.page} a light box was painted over the scanned image and the text ${quote(typed)} typed on it: a value on the scan was covered and replaced.`,
      page: page.page,
      region: toRegion(fill.box, page),
      evidence: { text_on_patch: typed.map((r) => r.text), patch_color: fill.color, patch: fill.box },
    });
  }
  return findings.slice(0, 5);
}
