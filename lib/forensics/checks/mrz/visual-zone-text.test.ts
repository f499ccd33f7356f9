import { describe, expect, it } from "vitest";
import type { TextItem } from "../../context";
import { visualZoneText } from "./find-mrz";

const word = (text: string, x: number, y: number): TextItem => ({
  text,
  x,
  y,
  width: 0.3,
  height: 0.03,
  source: "ocr",
  confidence: 80,
});

// An identity card: the printed name, and the zone's name line OCR read with its fillers as K's
// (no longer a zone line's length), in the zone the reader located at the bottom.
const page = {
  page: 1,
  text: [
    word("Surname", 0.1, 0.2),
    word("HORVAT", 0.45, 0.2),
    word("Given", 0.1, 0.3),
    word("AMELIE", 0.45, 0.3),
    word("HORVATKKOLIVERKKK", 0.1, 0.8),
  ],
};
const zone = { page: 1, region: { x: 0.05, y: 0.65, width: 0.8, height: 0.25 } };

describe("visualZoneText", () => {
  it("leaves out what stands in the located zone, even a line OCR garbled", () => {
    const visual = visualZoneText([page], [""], [zone]);
    expect(visual).toContain("AMELIE");
    expect(visual).not.toContain("OLIVER");
  });

  it("keeps it when no zone was located there", () => {
    expect(visualZoneText([page], [""], [])).toContain("OLIVER");
  });

  it("leaves out a zone line read outside the located zone when it still carries a filler", () => {
    // A photo's zone located a little off: the name line OCR read with its fillers as K's and L's
    // and some read twice, longer than any zone line, two fillers kept.
    const garbled = "HORVAT<K<KKOLIVER<K<KLKLLKLLKLKLKLLKLLKLLKLLLKLKLLKLLKLKLKL";
    const photo = { page: 1, text: [...page.text.slice(0, 4), word(garbled, 0.1, 0.6)] };
    const visual = visualZoneText([photo], [""], [zone]);
    expect(visual).toContain("AMELIE");
    expect(visual).not.toContain("OLIVER");
    // Printed text with a less-than sign in prose is kept.
    const prose = { page: 1, text: [...page.text.slice(0, 4), word("valid for ages < 18", 0.1, 0.6)] };
    expect(visualZoneText([prose], [""], [zone])).toContain("ages < 18");
  });
});
