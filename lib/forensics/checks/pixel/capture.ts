// How the image was made, from its pixels and its file: a born-digital render (a page drawn by a
// computer and exported as PNG or saved once as JPEG) or a capture (a scan or a camera photo).
// The pixel checks ask different questions of each. A capture's sensor and optics leave noise on
// the paper and blur every stroke alike, so a crisper or noiseless patch is foreign to it. A
// render has neither: its paper is one flat value and every glyph is drawn equally crisp, so
// "crisper than the rest" and "paper without compression history" describe the page itself.
import type { Grey } from "./raster";

export type Capture = "born_digital" | "capture";
/**
 * The finer reading, for the report: a render kept lossless (PNG, a PDF page), a render exported
 * once as JPEG, a scan (even light across the sheet) or a camera photo (a camera recorded in the
 * file, or light falling off across the sheet as a lens and a room light it).
 */
export type MadeBy = "render" | "jpeg_export" | "scan" | "camera_photo";

export interface CaptureEvidence {
  capture: Capture;
  made_by: MadeBy;
  /** Spread of the paper's tone across the sheet (grey levels, brightest tiles against darkest). */
  light_falloff: number;
  /** Share of the light pixels that hold the page's one paper value exactly (±1 grey level). */
  flat_paper: number;
  /** Camera make or model recorded in the file. */
  camera: boolean;
  reasons: string[];
}

/** Paper this flat does not come out of a sensor (scanners and cameras add noise at every pixel). */
const FLAT_PAPER = 0.9;
/** Noise (grey levels) above which the page is a capture whatever its paper. */
const MAX_RENDER_NOISE = 0.5;
const LIGHT = 200;
/** Paper tone varying more than this across the sheet: a lens and a room's light, not a scanner's lamp. */
const PHOTO_FALLOFF = 16;
const TILES = 5;

export function captureOf(
  grey: Grey,
  metadata: Record<string, unknown>,
  noiseSigma: number | null,
  step = 3,
): CaptureEvidence {
  const camera = typeof metadata.Make === "string" || typeof metadata.Model === "string";
  const hist = new Uint32Array(256);
  let light = 0;
  for (let i = 0; i < grey.data.length; i += step) {
    const v = grey.data[i] as number;
    if (v >= LIGHT) {
      hist[v]++;
      light++;
    }
  }
  let mode = LIGHT;
  for (let v = LIGHT; v < 256; v++) if ((hist[v] as number) > (hist[mode] as number)) mode = v;
  const around = (hist[mode - 1] ?? 0) + (hist[mode] as number) + (mode < 255 ? (hist[mode + 1] as number) : 0);
  const flat = light > 0 ? around / light : 0;
  const noisy = noiseSigma !== null && noiseSigma > MAX_RENDER_NOISE;
  const rendered = !camera && !noisy && flat >= FLAT_PAPER;
  const falloff = lightFalloff(grey);
  const jpeg = (metadata._image as { format?: unknown } | undefined)?.format === "jpeg";
  const made: MadeBy = rendered
    ? jpeg
      ? "jpeg_export"
      : "render"
    : camera || falloff > PHOTO_FALLOFF
      ? "camera_photo"
      : "scan";
  const pct = (x: number) => `${Math.round(x * 100)}%`;
  return {
    capture: rendered ? "born_digital" : "capture",
    made_by: made,
    light_falloff: falloff,
    flat_paper: Math.round(flat * 1000) / 1000,
    camera,
    reasons: rendered
      ? [`${pct(flat)} of the paper is one flat value`, "no sensor noise", "no camera recorded"]
      : [
          ...(camera ? ["a camera is recorded in the file"] : []),
          ...(noisy ? [`sensor noise ${noiseSigma} grey levels`] : []),
          ...(flat < FLAT_PAPER ? [`only ${pct(flat)} of the paper is one flat value`] : []),
          falloff > PHOTO_FALLOFF
            ? `the paper's tone falls off by ${falloff} grey levels across the sheet`
            : `even light across the sheet (${falloff} grey levels)`,
        ],
  };
}

/**
 * How much the paper's tone changes across the sheet: the brightest tiles' paper against the
 * darkest's, each tile's paper being its 90th-percentile grey (most of a document is paper). Tiles
 * with no paper at all (a photo, a dark band) are left out.
 */
function lightFalloff(grey: Grey): number {
  const tones: number[] = [];
  const tw = Math.floor(grey.width / TILES);
  const th = Math.floor(grey.height / TILES);
  if (tw < 8 || th < 8) return 0;
  const hist = new Uint32Array(256);
  for (let ty = 0; ty < TILES; ty++) {
    for (let tx = 0; tx < TILES; tx++) {
      hist.fill(0);
      let n = 0;
      for (let y = ty * th; y < (ty + 1) * th; y += 2) {
        const row = y * grey.width;
        for (let x = tx * tw; x < (tx + 1) * tw; x += 2) {
          hist[grey.data[row + x] as number]++;
          n++;
        }
      }
      let acc = 0;
      let v = 0;
      for (; v < 255 && acc < 0.9 * n; v++) acc += hist[v] as number;
      if (v >= 120) tones.push(v);
    }
  }
  if (tones.length < 4) return 0;
  tones.sort((a, b) => a - b);
  // Second brightest against second darkest: one odd tile (a logo, a stamp) does not decide.
  return (tones[tones.length - 2] as number) - (tones[1] as number);
}
