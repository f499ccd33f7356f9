import { describe, expect, it } from "vitest";
import { toGrey } from "./raster";
import { analyseTypography } from "./typography";
import { typesetPage, type SetLine, type SetWord, type TypesetPage } from "@/tests/forensics-support/typeset-fixtures";

const BODY = "the holder completed every requirement of the programme with distinction".split(" ");

/** A form-like page: heading, bold captions beside a column of values, capitals beside lower case, body text. */
function form(name: SetWord[], number: SetWord = { text: "48213" }): SetLine[] {
  return [
    { size: 44, words: [{ text: "CERTIFICATE" }, { text: "OF" }, { text: "ACHIEVEMENT" }] },
    { size: 24, words: [{ text: "Name:", bold: true }, ...name, { text: "REF" }, { text: "2024" }] },
    { size: 24, words: [{ text: "Number:", bold: true }, { ...number, at: 420 }, { text: "Issued" }, { text: "12" }] },
    {
      size: 24,
      words: [{ text: "Programme:", bold: true }, { text: "Business", at: 420 }, { text: "Administration" }],
    },
    {
      size: 24,
      words: [{ text: "Awarded:", bold: true }, { text: "2023", at: 420 }, { text: "June" }, { text: "14" }],
    },
    ...[0, 1, 2, 3].map((i) => ({ size: 24, words: BODY.slice(i, i + 7).map((text) => ({ text })) })),
    { size: 16, words: [{ text: "Registrar", bold: true }, { text: "Office" }, { text: "of" }, { text: "Records" }] },
  ];
}

const GENUINE: SetWord[] = [{ text: "MARIE", at: 420 }, { text: "DUBOIS" }];

/** The holder's data on the form: the name's words and anything with a digit. */
const isValue = (w: { text: string }) => /\d/.test(w.text) || ["MARIE", "DUBOIS", "IVAN"].includes(w.text);

function analyse(set: TypesetPage) {
  return analyseTypography(toGrey(set.page.rgb, set.page.width, set.page.height), set.words, { isValue });
}

/**
 * A statement's addressee block, a line's pitch apart (1.4 of the type size), the street opening
 * with a one-digit house number too small to measure, then body text. The name's words are set at
 * `nameSize` on the block's 24-pixel lines.
 */
function addressee(nameSize: number): SetLine[] {
  const pull = (k: number) => -Math.round(k * 24 * 0.5);
  return [
    {
      size: 24,
      words: [
        { text: "Mateo", size: nameSize },
        { text: "Costa", size: nameSize },
      ],
    },
    {
      size: 24,
      words: [
        { text: "7", dy: pull(1) },
        { text: "Kerkstraat", dy: pull(1) },
      ],
    },
    {
      size: 24,
      words: [
        { text: "92621", dy: pull(2) },
        { text: "Sevilla", dy: pull(2) },
      ],
    },
    ...[0, 1, 2, 3].map((i) => ({ size: 24, words: BODY.slice(i, i + 7).map((text) => ({ text })) })),
  ];
}

/** The page with a band of paper painted over the upper part of one word's first glyphs (a patch edge through them). */
function cutTop(set: TypesetPage, text: string): TypesetPage {
  const { page, words } = set;
  const w = words.find((x) => x.text === text)!;
  const x0 = Math.round(w.x * page.width);
  const y0 = Math.round(w.y * page.height);
  const x1 = Math.round((w.x + w.width * 0.6) * page.width);
  const y1 = Math.round((w.y + w.height * 0.35) * page.height);
  const rgb = Uint8Array.from(page.rgb);
  for (let y = y0; y < y1; y++) rgb.fill(255, (y * page.width + x0) * 3, (y * page.width + x1) * 3);
  return { page: { ...page, rgb }, words };
}

describe("typographic consistency", () => {
  it("finds nothing on a genuine page of mixed styles (bold captions, heading, capitals, small print)", () => {
    const result = analyse(typesetPage(form(GENUINE)));
    expect(result.wordsMeasured).toBeGreaterThan(30);
    expect(result.deviations).toEqual([]);
  });

  it("finds a name whose letters turn bold part-way (one piece of type laid over another), not its clean twin", () => {
    const name = (rest: SetWord) => analyse(typesetPage(form([{ text: "MARIE", at: 420 }, { text: "DU" }, rest])));
    const joined = name({ text: "BOIS", bold: true, glued: true });
    expect(joined.deviations.filter((d) => d.measure === "weight").map((d) => d.text)).toEqual(["DUBOIS"]);
    const clean = name({ text: "BOIS", glued: true });
    expect(clean.deviations.filter((d) => d.measure === "weight")).toEqual([]);
  });

  it("finds a name spliced in at a smaller cap height than the capitals on its line", () => {
    const result = analyse(typesetPage(form([{ text: "IVAN", size: 17, at: 420 }, { text: "DUBOIS" }])));
    expect(result.deviations.some((d) => d.text === "IVAN" && d.measure === "height" && d.value < 0)).toBe(true);
  });

  it("finds a name in mixed case set smaller than the words of its sentence by their capitals and ascenders, not its twin", () => {
    const letter = (size: number) =>
      analyse(
        typesetPage([
          { size: 44, words: [{ text: "Employment" }, { text: "verification" }] },
          {
            size: 24,
            words: [
              ...["This", "letter", "confirms", "that"].map((text) => ({ text })),
              { text: "Mateo", size },
              { text: "Kowalski", size },
              ...["born", "in", "Lyon,", "has", "worked"].map((text) => ({ text })),
            ],
          },
          ...[0, 1, 2].map((i) => ({ size: 24, words: BODY.slice(i, i + 7).map((text) => ({ text })) })),
        ]),
      );
    const heights = (size: number) =>
      letter(size)
        .deviations.filter((d) => d.measure === "height")
        .map((d) => d.text);
    expect(heights(15)).toEqual(["Mateo", "Kowalski"]);
    expect(heights(24)).toEqual([]);
  });

  it("finds a name retyped on another baseline than its phrase", () => {
    const result = analyse(
      typesetPage(
        form([
          { text: "MARIE", at: 420 },
          { text: "DUBOIS", dy: 6 },
        ]),
      ),
    );
    expect(result.deviations.some((d) => d.text === "DUBOIS" && d.measure === "baseline" && d.value > 0)).toBe(true);
  });

  it("finds a name retyped taller than its caption and the body type", () => {
    const result = analyse(
      typesetPage(
        form([
          { text: "MARIE", at: 420, size: 32 },
          { text: "DUBOIS", size: 32 },
        ]),
      ),
    );
    expect(result.deviations.some((d) => d.text === "DUBOIS" && d.measure === "size" && d.value > 0.16)).toBe(true);
  });

  it("leaves a name set large on a line of its own alone (a diploma's heading, its clean twin)", () => {
    const heading = { size: 40, words: [{ text: "MARIE" }, { text: "DUBOIS" }] };
    const result = analyse(typesetPage([heading, ...form([{ text: "IVAN", at: 420 }])]));
    expect(result.deviations).toEqual([]);
  });

  it("leaves an addressee's name set large and bold alone beside another column's caption (a statement's header)", () => {
    const header = {
      size: 24,
      words: [
        { text: "MARIE", size: 32, bold: true },
        { text: "DUBOIS", size: 32, bold: true },
        { text: "Account:", at: 700, bold: true },
        { text: "FR55", at: 850 },
        { text: "8332" },
      ],
    };
    const result = analyse(typesetPage([header, ...form([{ text: "IVAN", at: 420 }])]));
    expect(result.deviations.filter((d) => d.measure === "size")).toEqual([]);
  });

  it("holds a value retyped taller to where the page's values stand, when every value stands a little over its caption", () => {
    // A statement whose figures all stand a pixel over its captions' capitals (4 %): that is
    // where its values sit, not how far they wander, so the name set 30 % taller still stands out.
    const rows = (name: number): SetLine[] => [
      {
        size: 24,
        words: [
          { text: "Name:", bold: true },
          { text: "MARIE", at: 420, size: name },
          { text: "DUBOIS", size: name },
        ],
      },
      ...[11, 12, 13, 14, 15, 16, 17, 18, 19, 20].map((d) => ({
        size: 24,
        words: [
          { text: "Amount:", bold: true },
          { text: `${d}48.50`, at: 420, size: 25 },
        ],
      })),
      ...[0, 1, 2, 3].map((i) => ({ size: 24, words: BODY.slice(i, i + 7).map((text) => ({ text })) })),
    ];
    const retyped = analyse(typesetPage(rows(31)));
    expect(retyped.deviations.filter((d) => d.measure === "size").map((d) => d.text)).toEqual(["MARIE", "DUBOIS"]);
    expect(analyse(typesetPage(rows(24))).deviations.filter((d) => d.measure === "size")).toEqual([]);
  });

  it("finds a value smaller than the values of its column", () => {
    const result = analyse(typesetPage(form(GENUINE, { text: "48213", size: 13 })));
    expect(result.deviations.some((d) => d.text === "48213" && d.measure === "column" && d.value < 0)).toBe(true);
  });

  it("finds a clone set beside the remnant of the word it covered (one OCR word, two baselines)", () => {
    const result = analyse(
      typesetPage(
        form([
          { text: "13.05.2021", at: 420, size: 16, dy: -7 },
          { text: "owalski", glued: true },
        ]),
      ),
    );
    expect(result.deviations.some((d) => d.text === "13.05.2021owalski" && d.measure === "alignment")).toBe(true);
  });

  it("leaves a word of two pieces set on one baseline alone (its clean twin)", () => {
    const result = analyse(
      typesetPage(
        form([
          { text: "13.05.2021", at: 420 },
          { text: "owalski", glued: true },
        ]),
      ),
    );
    expect(result.deviations).toEqual([]);
  });

  it("holds an addressee's name against its block even where the street opens with a one-digit house number", () => {
    const isAddressee = (w: { text: string }) => /\d/.test(w.text) || ["Mateo", "Costa"].includes(w.text);
    const stackOf = (nameSize: number) => {
      const set = typesetPage(addressee(nameSize));
      return analyseTypography(toGrey(set.page.rgb, set.page.width, set.page.height), set.words, {
        isValue: isAddressee,
      }).deviations.filter((d) => d.measure === "stack");
    };
    // Retyped a third larger than the street and town under it.
    expect(stackOf(32).map((d) => d.text)).toEqual(["Mateo", "Costa"]);
    // Its genuine twin, set in the block's size.
    expect(stackOf(24)).toEqual([]);
  });

  it("leaves alone a date whose OCR box took in the line above it (a stacked header block), not a cut word", () => {
    // A statement's header sets its title over its period; OCR drew the period's box up
    // over both lines, so its glyphs stand on two baselines a whole line apart.
    const stacked = (covered: boolean) => {
      const set = typesetPage([
        { size: 28, words: [{ text: "Statement", at: 650 }] },
        { size: 20, words: [{ text: "01.10.2026", at: 600 }] },
        ...form(GENUINE),
      ]);
      if (!covered) return analyse(set);
      const above = set.words.find((w) => w.text === "Statement")!;
      const date = set.words.find((w) => w.text === "01.10.2026")!;
      const words = set.words.map((w) =>
        w === date ? { ...w, y: above.y, height: date.y + date.height - above.y } : w,
      );
      return analyse({ ...set, words });
    };
    expect(stacked(true).deviations.filter((d) => d.measure === "alignment")).toEqual([]);
    // Its clean twin (the box on its own line) raises nothing either; a clone beside the remnant
    // of the word it covered, a fraction of a line lower, is still found (above).
    expect(stacked(false).deviations).toEqual([]);
  });

  it("finds a word whose glyphs a patch edge cut through", () => {
    const result = analyse(cutTop(typesetPage(form(GENUINE)), "DUBOIS"));
    expect(result.deviations.some((d) => d.text === "DUBOIS" && d.measure === "alignment")).toBe(true);
  });
});
