// Applies a forger's edit to a generated document: PDF tampers to the file, pixel tampers to
// the final photo or scan of the page.
import type { TamperKind } from "../catalog";
import type { BuiltDocument } from "../documents/common";
import type { TextElement } from "../layout";
import type { PointMap } from "../render/looks";
import type { Raster } from "../render/raster";
import type { Rng } from "../rng";
import { editorResave, incrementalEdit, lateFontEdit, overlayBox } from "./pdf";
import { copyBlock, copyMoveGlyph, denoiseRegion, placeText, retype, splice } from "./pixel";
import { brokenSignature } from "./signature";
import type { Target } from "./targets";
import type { PdfInfo } from "../render/pdf-xmp";

export async function pdfTamper(
  kind: TamperKind,
  rng: Rng,
  built: BuiltDocument,
  info: PdfInfo,
  target: Target,
): Promise<Uint8Array> {
  switch (kind) {
    case "pdf.incremental_edit":
      return incrementalEdit(rng, built.layout, info, target);
    case "pdf.late_font":
      return lateFontEdit(rng, built.layout, info, target);
    case "pdf.editor_resave":
      return editorResave(rng, built.layout, info, target);
    case "pdf.overlay_box":
      return overlayBox(rng, built.layout, info, target);
    case "pdf.broken_signature":
      return brokenSignature(rng, built.layout, info, target);
    default:
      throw new Error(`${kind} is not a PDF tamper`);
  }
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export async function pixelTamper(
  kind: TamperKind,
  rng: Rng,
  page: Raster,
  target: Target,
  map: PointMap,
  pxPerPt: number,
  built: BuiltDocument,
): Promise<{ raster: Raster; box: Box; source?: Box; field?: string; retyped: boolean }> {
  const placed = placeText(target.element, target.replacement, map, pxPerPt);
  const field = target.element.field;
  switch (kind) {
    case "pixel.retype":
      return {
        raster: retype(rng, page, placed, target.replacement, { matchNoise: rng.chance(0.7) }),
        box: placed.box,
        retyped: true,
        ...(field ? { field } : {}),
      };
    case "pixel.splice":
      return {
        raster: await splice(rng, page, placed, target.replacement),
        box: placed.box,
        retyped: true,
        ...(field ? { field } : {}),
      };
    case "pixel.noise_region": {
      const clean = retype(rng, page, placed, target.replacement, { matchNoise: false });
      const grown = {
        x: placed.box.x - 6,
        y: placed.box.y - 6,
        width: placed.box.width + 12,
        height: placed.box.height + 12,
      };
      return {
        raster: rng.chance(0.5) ? clean : denoiseRegion(clean, grown, 2.5),
        box: grown,
        retyped: true,
        ...(field ? { field } : {}),
      };
    }
    case "pixel.copy_move": {
      const seal = built.layout.pages[target.page]?.elements.find(
        (e) => e.kind === "image" && (e.tag === "seal" || e.tag === "photo"),
      );
      if (seal && seal.kind === "image" && rng.chance(0.4)) {
        // The stamp (or photo) cloned to a second place, as when a stamp is added to a page that lacked one.
        const [sx, sy] = map(seal.x * pxPerPt, seal.y * pxPerPt);
        const w = Math.round(seal.width * pxPerPt);
        const h = Math.round(seal.height * pxPerPt);
        const dx = Math.round(Math.min(page.width - w - 10, Math.max(10, sx + (rng.chance(0.5) ? 1.3 : -1.3) * w)));
        const dy = Math.round(Math.min(page.height - h - 10, Math.max(10, sy + rng.float(-0.3, 0.3) * h)));
        return {
          raster: copyBlock(page, Math.round(sx), Math.round(sy), dx, dy, w, h),
          box: { x: dx, y: dy, width: w, height: h },
          source: { x: Math.round(sx), y: Math.round(sy), width: w, height: h },
          retyped: false,
        };
      }
      const el = digitElement(built, target);
      const moved = copyMoveGlyph(rng, page, el, map, pxPerPt);
      // Cloned glyphs change the value in ways the ground-truth text does not follow; tests use the region.
      if (moved) return { ...moved, retyped: false, ...(el.field ? { field: el.field } : {}) };
      return {
        raster: retype(rng, page, placed, target.replacement, { matchNoise: true }),
        box: placed.box,
        retyped: true,
        ...(field ? { field } : {}),
      };
    }
    default:
      throw new Error(`${kind} is not a pixel tamper`);
  }
}

/** A text with at least two different digits on the target's page (amounts and dates are what get cloned). */
function digitElement(built: BuiltDocument, target: Target): TextElement {
  const elements = built.layout.pages[target.page]?.elements ?? [];
  const withDigits = elements.filter(
    (e): e is TextElement => e.kind === "text" && new Set(e.text.replace(/\D/g, "")).size >= 2,
  );
  return (
    withDigits.find((e) => e === target.element) ?? withDigits.find((e) => e.field) ?? withDigits[0] ?? target.element
  );
}
