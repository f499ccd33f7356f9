import { beforeAll, describe, expect, it } from "vitest";
import type { TextItem } from "../../context";
import { agreementFindings } from "./agreement";
import { analyseInkGrain } from "./ink-grain";
import { inkGrainFindings } from "./ink-grain-findings";
import { pixelRegion } from "./raster";
import {
  applyLook,
  decode,
  decodeGrey,
  encodeJpeg,
  paste,
  renderDocument,
  runningTextWords,
  type Rgb,
} from "@/tests/forensics-support/pixel-fixtures";

// A page at 300 dpi: the stems of its 42 px type run down several rows (at 150 dpi a letter's
// curves fill a JPEG block and leave no stem still even on a render).
const W = 2480;
// The part of the page with the running text: a whole page at 300 dpi takes long to age.
const H = 1400;

describe.each(["phone", "scan"] as const)("the grain of a word's strokes on a %s", (look) => {
  let clean: Rgb;
  let captured: Rgb;
  const words = runningTextWords(W, H);
  const name = words.find((w) => w.text === "word6-2")!;
  const isName = (w: TextItem) => w.text === name.text;
  beforeAll(async () => {
    const page = renderDocument(4, W);
    clean = { rgb: page.rgb.subarray(0, W * H * 3), width: W, height: H };
    captured = await decode(await encodeJpeg(await applyLook(clean, look, 9), 92));
  }, 120_000);

  it("finds nothing on the genuine capture: every word's strokes carry the sensor's grain", async () => {
    const result = analyseInkGrain(await decodeGrey(await encodeJpeg(captured, 85)), words, isName);
    expect(result.wordsMeasured).toBeGreaterThan(40);
    expect(result.deviations).toEqual([]);
  });

  it("finds the name pasted from a clean render after the capture, and no other word", async () => {
    const cut = { x: name.box.x - 3, y: name.box.y - 3, width: name.box.width + 6, height: name.box.height + 6 };
    const grey = await decodeGrey(await encodeJpeg(paste(captured, clean, cut), 85));
    const result = analyseInkGrain(grey, words, isName);
    expect(result.deviations.map((d) => d.text)).toEqual([name.text]);
    const [finding] = inkGrainFindings(1, result, (x0, y0, x1, y1) => pixelRegion(x0, y0, x1, y1, W, H));
    expect(finding).toMatchObject({ check: "pixel.ink_grain", severity: "medium" });
    // With the name's paper found lighter at the same place, the two measurements agree.
    const lighter = { ...finding!, check: "pixel.paper_tone", score: 0.8 };
    const [agreement] = agreementFindings(1, [finding!, lighter], () => true);
    expect(agreement?.severity).toBe("high");
    expect(agreement?.evidence?.measurements).toEqual(expect.arrayContaining(["capture noise", "paper tone"]));
  });

  it("finds no word set apart on a page whose strokes all stand still (a render: no grain to lose)", async () => {
    const result = analyseInkGrain(await decodeGrey(await encodeJpeg(clean, 85)), words, isName);
    expect(result.deviations).toEqual([]);
  });
});
