// How the image was made, from its pixels and its file: a born-digital render (a page drawn by a
// computer and exported as PNG or saved once as JPEG) or a capture (a scan or a camera photo).
// The pixel checks ask different questions of each. A capture's sensor and optics leave noise on
// the paper and blur every stroke alike, so a crisper or noiseless patch is foreign to it. A
// render has neither: its paper is one flat value and every glyph is drawn equally crisp, so
// "crisper than the rest" and "paper without compression history" describe the page itself.
import type { Grey } from "./raster";

export type Capture = "born_digital" | "capture";

export interface CaptureEvidence {
  capture: Capture;
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
  const pct = (x: number) => `${Math.round(x * 100)}%`;
  return {
    capture: rendered ? "born_digital" : "capture",
    flat_paper: Math.round(flat * 1000) / 1000,
    camera,
    reasons: rendered
      ? [`${pct(flat)} of the paper is one flat value`, "no sensor noise", "no camera recorded"]
      : [
          ...(camera ? ["a camera is recorded in the file"] : []),
          ...(noisy ? [`sensor noise ${noiseSigma} grey levels`] : []),
          ...(flat < FLAT_PAPER ? [`only ${pct(flat)} of the paper is one flat value`] : []),
        ],
  };
}
