import { describe, expect, it } from "vitest";
import type { TextItem } from "../../context";
import { stackDeviations, type StackWord } from "./value-stack";

/** A word of `cap` pixels' capitals whose baseline is at `baseline`, starting at `x0`. */
function word(text: string, x0: number, baseline: number, cap: number, value = true): StackWord & { value: boolean } {
  const item = { text, x: 0, y: 0, width: 0, height: 0, confidence: 95, source: "ocr" } as TextItem;
  const width = text.length * cap * 0.6;
  return {
    item,
    box: { x0, y0: baseline - cap, x1: x0 + width, y1: baseline + cap * 0.25 },
    m: { baseline, band: cap * 0.7 },
    cap: /^[\p{Lu}\p{N}]/u.test(text) ? cap : null,
    value,
  };
}
/** A line of words set together from `x0`. */
const line = (texts: string[], x0: number, baseline: number, cap: number, value = true) =>
  texts.map((t, i) => word(t, x0 + i * cap * 4, baseline, cap, value));
const isValue = (words: Array<ReturnType<typeof word>>) => (item: TextItem) =>
  words.some((w) => w.item === item && w.value);

/** An addressee block (name, street, town) under the issuer's name, over a line of the form's wording. */
function addressee(nameCap: number) {
  const phrases = [
    line(["Nordwind", "Sparkasse"], 160, 125, 36, false),
    line(["Elena", "Jansen"], 160, 190, nameCap),
    line(["10", "Maple", "Avenue"], 160, 227, 20),
    line(["68577", "Sevilla"], 160, 263, 20),
    line(["Account", "statement"], 160, 320, 20, false),
  ];
  return { phrases, isValue: isValue(phrases.flat()) };
}

describe("values stacked in a block", () => {
  it("finds a name set taller than the street and town under it", () => {
    const { phrases, isValue } = addressee(25);
    const found = stackDeviations(phrases, isValue);
    expect(found.map((d) => d.word.item.text)).toEqual(["Elena", "Jansen"]);
    expect(found[0]?.value).toBeCloseTo(0.25, 2);
    expect(found[0]?.peers).toBe(2);
  });

  it("gives its clean twin, set in the block's size, no departure", () => {
    const { phrases, isValue } = addressee(20);
    const found = stackDeviations(phrases, isValue).filter((d) => d.word.item.text === "Elena");
    expect(found.map((d) => d.value)).toEqual([0]);
  });

  it("does not take the issuer's heading over the block, nor the form's wording under it, into the block", () => {
    const { phrases, isValue } = addressee(20);
    // The street's lines are compared with the name and the town only: the heading (36 px) would
    // break the block's agreement, and the form's line is no data.
    const street = stackDeviations(phrases, isValue).filter((d) => d.word.item.text === "10");
    expect(street.map((d) => d.peers)).toEqual([2]);
    expect(stackDeviations(phrases, isValue).some((d) => d.word.item.text === "Nordwind")).toBe(false);
  });

  it("leaves an identity card's stack of small captions over larger values alone", () => {
    const phrases = [
      line(["Surname"], 100, 160, 16, false),
      line(["KELLER"], 100, 195, 21),
      line(["Given", "names"], 100, 227, 16, false),
      line(["INES"], 100, 261, 21),
      line(["Date", "of", "birth"], 100, 293, 16, false),
      line(["09", "MAR", "1990"], 100, 327, 21),
    ];
    expect(stackDeviations(phrases, isValue(phrases.flat()))).toEqual([]);
  });

  it("judges no line whose block has fewer than two other lines of data", () => {
    const phrases = [line(["Elena", "Jansen"], 160, 190, 25), line(["10", "Maple", "Avenue"], 160, 227, 20)];
    expect(stackDeviations(phrases, isValue(phrases.flat()))).toEqual([]);
  });
});
