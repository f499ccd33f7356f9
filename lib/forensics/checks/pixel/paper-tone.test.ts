import { beforeAll, describe, expect, it } from "vitest";
import { analysePaperTone } from "./paper-tone";
import {
  applyLook,
  asBox,
  decode,
  decodeGrey,
  encodeJpeg,
  overlaps,
  paste,
  renderDocument,
  type Rgb,
} from "@/tests/forensics-support/pixel-fixtures";

const field = { x: 870, y: 700, width: 220, height: 40 };
/** A tinted panel of the issuer's form with a white box inside: lighter than its panel by design. */
const panel = { x: 100, y: 1150, width: 700, height: 180 };
const whiteBox = { x: 160, y: 1190, width: 260, height: 100 };

function withPanel(page: Rgb): Rgb {
  const rgb = Uint8Array.from(page.rgb);
  const inside = (b: typeof panel, x: number, y: number) =>
    x >= b.x && x < b.x + b.width && y >= b.y && y < b.y + b.height;
  for (let y = panel.y; y < panel.y + panel.height; y++) {
    for (let x = panel.x; x < panel.x + panel.width; x++) {
      if (inside(whiteBox, x, y)) continue;
      const i = (y * page.width + x) * 3;
      rgb[i] = Math.min(rgb[i], 222);
      rgb[i + 1] = Math.min(rgb[i + 1], 228);
      rgb[i + 2] = Math.min(rgb[i + 2], 236);
    }
  }
  return { rgb, width: page.width, height: page.height };
}

describe.each(["phone", "scan"] as const)("paper lighter than the paper on a %s", (look) => {
  let clean: Rgb;
  let captured: Rgb;
  beforeAll(async () => {
    clean = withPanel(renderDocument(3));
    captured = await decode(await encodeJpeg(await applyLook(clean, look, 5), 92));
  }, 120_000);

  it("raises nothing on the genuine capture, whose white box on a tinted panel is only as light as its paper", async () => {
    const result = analysePaperTone(await decodeGrey(await encodeJpeg(captured, 80)));
    expect(result.pagePaper).not.toBeNull();
    expect(result.regions).toEqual([]);
  });

  it("finds a value pasted from a clean render and saved at an ordinary JPEG quality", async () => {
    const result = analysePaperTone(await decodeGrey(await encodeJpeg(paste(captured, clean, field), 80)));
    const hit = result.regions.find((r) => overlaps(asBox(r), field));
    expect(hit).toBeDefined();
    expect(hit!.tone).toBeGreaterThanOrEqual(hit!.pagePaper + result.threshold.step);
    expect(result.regions.every((r) => overlaps(asBox(r), field))).toBe(true);
  });
});
