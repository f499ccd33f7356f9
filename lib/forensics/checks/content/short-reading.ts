// A figure OCR read with fewer characters than its box holds. OCR loses a digit to a speck or a
// break in its strokes ("15" read as "1") and keeps the box it found the ink in: the box is as wide
// as the "15" printed beside it. Figures of one size take the same room per character (tabular
// digits), so a box far wider per character than the page's surely read figures of its height
// holds characters that were not read. A "1" read as printed is narrower, never wider.
import type { TextItem } from "../../context";
import { median } from "../pixel/stats";

/** Per character, this many times the room of the page's figures means characters went unread. */
const WIDER = 1.5;
const SURE = 80;
/** Figures of the same size: heights within this share of each other. */
const SAME_HEIGHT = 0.25;
const MIN_PEERS = 3;

const FIGURE = /^[\d.,%]+$/;

export function readShort(item: TextItem, pageText: readonly TextItem[]): boolean {
  const text = item.text.trim();
  if (item.source !== "ocr" || !FIGURE.test(text) || item.width <= 0) return false;
  const perChar = pageText
    .filter(
      (t) =>
        t !== item &&
        t.source === "ocr" &&
        t.confidence >= SURE &&
        FIGURE.test(t.text.trim()) &&
        t.text.trim().length >= 2 &&
        Math.abs(t.height - item.height) <= SAME_HEIGHT * item.height,
    )
    .map((t) => t.width / t.text.trim().length);
  if (perChar.length < MIN_PEERS) return false;
  return item.width / text.length >= WIDER * median(perChar);
}
