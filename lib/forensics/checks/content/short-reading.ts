// A figure OCR read with fewer characters than its box holds. OCR loses a digit to a speck or a
// break in its strokes ("15" read as "1") and keeps the box it found the ink in: the box is as wide
// as the "15" printed beside it. Figures of one size take the same room per character (tabular
// digits), so a box far wider per character than the page's surely read figures of its height
// holds characters that were not read. A "1" read as printed is narrower, never wider. The other
// way, a box narrower per character than the page's holds fewer characters than were read.
import type { TextItem } from "../../context";
import { median } from "../pixel/stats";

/** Per character, this many times the room of the page's figures means characters went unread. */
const WIDER = 1.5;
const SURE = 80;
/** Figures of the same size: heights within this share of each other. */
const SAME_HEIGHT = 0.25;
const MIN_PEERS = 3;

const FIGURE = /^[\d.,%]+$/;

/**
 * Per character, at most this share of the room of the page's figures: the box holds fewer
 * characters than were read ("-53.25" read "-563.25" in its six characters' room). Figures'
 * minus signs and separators are narrower than digits, so a figure read whole stands within a
 * tenth of the page's; one character too many in seven takes a seventh off.
 */
const NARROWER = 0.9;
/** An amount, with its sign: what a statement's column prints. */
export const AMOUNT = /^-?\d[\d.,]*$/;

const sameHeight = (peer: number, item: number) => Math.abs(peer - item) <= SAME_HEIGHT * item;
/** A box taller than the figures of its size: OCR took in a mark above or below it, as it took a speck for a digit. */
const sameOrShorter = (peer: number, item: number) => peer <= (1 + SAME_HEIGHT) * item && 2 * peer >= item;

export function readShort(item: TextItem, pageText: readonly TextItem[]): boolean {
  const room = roomPerCharacter(item, pageText, FIGURE, sameHeight);
  return room !== null && room >= WIDER;
}

/** Whether OCR read more characters than this figure's box holds (a digit made of a speck or a stroke). */
export function readLong(item: TextItem, pageText: readonly TextItem[]): boolean {
  const room = roomPerCharacter(item, pageText, AMOUNT, sameOrShorter);
  return room !== null && item.text.replace(/\D/g, "").length >= 3 && room <= NARROWER;
}

/** The figure's room per character over the page's surely read figures' of its height, or null. */
function roomPerCharacter(
  item: TextItem,
  pageText: readonly TextItem[],
  shape: RegExp,
  peerHeight: (peer: number, item: number) => boolean,
): number | null {
  const text = item.text.trim();
  if (item.source !== "ocr" || !shape.test(text) || item.width <= 0) return null;
  const perChar = pageText
    .filter(
      (t) =>
        t !== item &&
        t.source === "ocr" &&
        t.confidence >= SURE &&
        shape.test(t.text.trim()) &&
        t.text.trim().length >= 2 &&
        peerHeight(t.height, item.height),
    )
    .map((t) => t.width / t.text.trim().length);
  if (perChar.length < MIN_PEERS) return null;
  return item.width / text.length / median(perChar);
}
