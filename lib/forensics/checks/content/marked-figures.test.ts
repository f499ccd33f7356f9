import { describe, expect, it } from "vitest";
import { contentFindings } from "./index";
import { rereadMarkedFigures } from "./marked-figures";
import type { FigureReader } from "./reread-figures";
import {
  type RowSpec,
  makeContext,
  right,
  findingIds as ids,
  fixedReading,
} from "@/tests/forensics-support/content-context";

const NOW = new Date("2026-11-01T00:00:00Z");

/** A scanned transcript whose "15" page OCR read as `cell`, a table's rule and a speck beside it. */
function scanned(cell: string, total: string) {
  const rows: RowSpec[] = [
    [[0.1, "Code"], [0.25, "Module"], right(0.6, "Credits"), [0.75, "Mark"]],
    [[0.1, "OPE423"], [0.25, "Operating Systems"], right(0.6, "20"), [0.75, "71%"]],
    [[0.1, "DAT163"], [0.25, "Data Structures"], right(0.6, "20"), [0.75, "76%"]],
    [[0.1, "DIS409"], [0.25, "Discrete Mathematics"], right(0.6, cell), [0.75, "83%"]],
    [[0.1, "TEC393"], [0.25, "Technical Writing"], right(0.6, "15"), [0.75, "85%"]],
    `Total credits: ${total} Weighted average: 79.0`,
  ];
  const ctx = makeContext({ docType: "transcript", pages: [{ rows, source: "ocr", confidence: 96 }] });
  const text = ctx.pages[0]!.text;
  const figure = text.find((t) => t.text === "20")!;
  for (const item of text)
    if (item.text === cell) {
      // A rule and a speck are thin: the box is about a quarter wider than the figure's.
      item.x += item.width - figure.width * 1.25;
      item.width = figure.width * 1.25;
      item.confidence = 41;
    }
  return ctx;
}

const reader = (text: string, confidence = 93) => fixedReading(text, confidence);

describe("figures OCR read with a rule or a speck beside them", () => {
  it("reads the cell again and judges the credit total on it: raised, then genuine", async () => {
    // As read, the course has no credits: its section is not judged.
    expect(contentFindings(scanned("i15!", "100"), NOW)).toEqual([]);
    const raised = await rereadMarkedFigures(scanned("i15!", "100"), reader("15"));
    expect(raised.pages[0]!.text.find((t) => t.text === "15" && t.confidence === 93)).toBeDefined();
    expect(ids(contentFindings(raised, NOW))).toEqual(["content.transcript_credits:high"]);
    expect(contentFindings(await rereadMarkedFigures(scanned("15;", "70"), reader("15")), NOW)).toEqual([]);
  });

  it("leaves a cell two readings disagree on as no figure, keeps an unsure second reading out, and reads no bare or sure figure again", async () => {
    // "7.5" read "25)" by the page and "7.5" alone, or a mark read as a digit ("115"): neither
    // reading is taken, and the section is not judged, its total raised or not.
    for (const again of [reader("16"), reader("115")]) {
      const ctx = await rereadMarkedFigures(scanned("i15!", "100"), again);
      expect(ctx.pages[0]!.text.find((t) => t.text === "?")).toBeDefined();
      expect(contentFindings(ctx, NOW)).toEqual([]);
    }
    // Read "25)" for a printed 7.5, the course counts 25 credits and a genuine total looks short.
    expect(ids(contentFindings(scanned("25)", "62.5"), NOW))).toEqual(["content.transcript_credits:high"]);
    expect(contentFindings(await rereadMarkedFigures(scanned("25)", "62.5"), reader("7.5", 96)), NOW)).toEqual([]);
    const unsure = scanned("i15!", "100");
    expect(await rereadMarkedFigures(unsure, reader("15", 40))).toBe(unsure);
    let calls = 0;
    const counting: FigureReader = async () => (calls++, { text: "15", confidence: 93 });
    await rereadMarkedFigures(scanned("15", "100"), counting);
    const sure = scanned("i15!", "100");
    for (const item of sure.pages[0]!.text) if (item.text === "i15!") item.confidence = 90;
    await rereadMarkedFigures(sure, counting);
    expect(calls).toBe(0);
  });
});
