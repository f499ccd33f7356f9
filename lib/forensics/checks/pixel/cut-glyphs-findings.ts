// The cut tops of a value's old letters (cut-glyphs.ts) as findings. High: type never ends its
// letters' tops on one straight row of pixels above a word; a patch laid over a value does.
import { placeOf } from "../../region";
import type { Finding } from "../../types";
import type { ToRegion } from "./findings";
import type { CutGlyphs } from "./cut-glyphs";

const MAX_FINDINGS = 3;

export function cutGlyphsFindings(page: number, found: readonly CutGlyphs[], toRegion: ToRegion): Finding[] {
  return found.slice(0, MAX_FINDINGS).map((c) => {
    const region = toRegion(c.box.x0, c.box.y0, c.box.x1, c.box.y1);
    return {
      check: "pixel.cut_glyphs",
      severity: "high",
      score: 0.7,
      message:
        `On page ${page} (${placeOf(region)}), above the holder's "${c.text}", ${c.pieces} slivers of ink end on one row of pixels, ` +
        `${c.flat} of them wider than tall: the tops of letters cut off along a straight edge, as the old value's letters are where ` +
        "a patch laid over them (paint with another value typed on it, or a value cut from another page) fell short of their height.",
      page,
      region,
      evidence: {
        statistic: "cut_letter_tops",
        value: c.pieces,
        flat_pieces: c.flat,
        cut_row_px: c.cutRow,
        letters_px: c.letters,
        tallest_px: c.tallest,
      },
    };
  });
}
