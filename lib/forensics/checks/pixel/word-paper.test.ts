import { beforeAll, describe, expect, it } from "vitest";
import { agreementFindings } from "./agreement";
import { pixelRegion } from "./raster";
import { analyseWordPaper } from "./word-paper";
import { wordPaperFindings } from "./word-paper-findings";
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

const W = 1240;
const H = Math.round(W * 1.414);

describe.each(["phone", "scan"] as const)("the paper between a word's letters on a %s", (look) => {
  let clean: Rgb;
  let captured: Rgb;
  const words = runningTextWords();
  const name = words.find((w) => w.text === "word6-2")!;
  beforeAll(async () => {
    clean = renderDocument(4);
    captured = await decode(await encodeJpeg(await applyLook(clean, look, 9), 92));
  }, 120_000);

  it("finds nothing on the genuine capture: every word's paper is the paper around it", async () => {
    const result = analyseWordPaper(await decodeGrey(await encodeJpeg(captured, 85)), words);
    expect(result.wordsMeasured).toBeGreaterThan(40);
    expect(result.deviations).toEqual([]);
  });

  it("finds the name pasted from a clean render after the capture, and no other word", async () => {
    // The value cut with a few pixels of margin, as an editor's selection takes it.
    const cut = { x: name.box.x - 3, y: name.box.y - 3, width: name.box.width + 6, height: name.box.height + 6 };
    const result = analyseWordPaper(await decodeGrey(await encodeJpeg(paste(captured, clean, cut), 85)), words);
    expect(result.deviations.map((d) => d.text)).toEqual([name.text]);
    const d = result.deviations[0]!;
    expect(d.tone - d.ringTone).toBeGreaterThanOrEqual(result.threshold.step);
  });

  it("reports it medium on the holder's data, noted elsewhere, and flags it with crisper print at the same words", async () => {
    const cut = { x: name.box.x - 3, y: name.box.y - 3, width: name.box.width + 6, height: name.box.height + 6 };
    const g = await decodeGrey(await encodeJpeg(paste(captured, clean, cut), 85));
    const toRegion = (x0: number, y0: number, x1: number, y1: number) => pixelRegion(x0, y0, x1, y1, W, H);
    const holder = wordPaperFindings(
      1,
      analyseWordPaper(g, words, (w) => w === name),
      toRegion,
    );
    expect(holder.map((f) => [f.check, f.severity])).toEqual([["pixel.word_paper", "medium"]]);
    // It claims the paper cleaner only where its noise was judged so (not at the render's white).
    const e = holder[0]!.evidence!;
    const judgedCleaner = (e.noise as number) <= 0.45 * (e.ring_noise as number);
    expect(holder[0]!.message.includes("cleaner (noise")).toBe(judgedCleaner);
    expect(holder[0]!.message.includes("a render's white")).toBe(!judgedCleaner);
    const form = wordPaperFindings(
      1,
      analyseWordPaper(g, words, () => false),
      toRegion,
    );
    expect(form.map((f) => f.severity)).toEqual(["info"]);
    // The pasted render's type is also crisper than the capture's optics leave it (sharpness.ts).
    const sharp = { ...holder[0]!, check: "pixel.sharp_text", severity: "medium" as const, score: 0.7 };
    const agreed = agreementFindings(1, [...holder, sharp], () => true);
    expect(agreed.map((f) => [f.check, f.severity])).toEqual([["pixel.agreement", "high"]]);
  });
});
