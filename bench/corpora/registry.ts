// The corpora bench:forensics measures. "synthetic" (the engine's own generator) is the tuning
// corpus; every other corpus was made independently (other renderers, fonts, capture chains and
// forgery tools, or published by others). Of those, browser and office have since been tuned on
// (rules were chosen looking at their results), so they are no longer held out: `tunedOn` says so,
// and the report marks them. print, raster, vector and specimens are never used to choose a rule or a
// threshold.
export type CorpusRole = "tuning" | "held-out";

export interface CorpusInfo {
  name: string;
  role: CorpusRole;
  source: "synthetic" | "generated" | "specimens";
  about: string;
  /** Rules or thresholds were chosen looking at this corpus's results: its figures are not held out. */
  tunedOn: boolean;
}

export const CORPORA: CorpusInfo[] = [
  {
    name: "synthetic",
    role: "tuning",
    source: "synthetic",
    about: "the engine's own generator (pdf-lib, canvas, sharp)",
    tunedOn: true,
  },
  {
    name: "browser",
    role: "held-out",
    source: "generated",
    about: "HTML/CSS printed by headless Chromium, screenshots",
    tunedOn: true,
  },
  {
    name: "office",
    role: "held-out",
    source: "generated",
    about: "LibreOffice Writer exports of word-processor documents",
    tunedOn: true,
  },
  {
    name: "print",
    role: "held-out",
    source: "generated",
    about: "reportlab back-office PDFs, PostScript via ps2pdf, pdfsig signatures",
    tunedOn: false,
  },
  {
    name: "raster",
    role: "held-out",
    source: "generated",
    about: "PIL/FreeType image-only documents, identity cards in OCR-B",
    tunedOn: false,
  },
  {
    name: "vector",
    role: "held-out",
    source: "generated",
    about: "SVG documents rendered to PDF by librsvg (cairo), faces no other corpus uses",
    tunedOn: false,
  },
  {
    name: "specimens",
    role: "held-out",
    source: "specimens",
    about: "19 government specimen identity documents (MIT, see SOURCES.md)",
    tunedOn: false,
  },
];

/** How a corpus's figures stand: the tuning corpus, an independent corpus since tuned on, or held out. */
export type Standing = "tuning" | "tuned-on" | "held-out";
export const standingOf = (c: CorpusInfo): Standing =>
  c.role === "tuning" ? "tuning" : c.tunedOn ? "tuned-on" : "held-out";

export function selectCorpora(arg: string): CorpusInfo[] {
  if (arg === "all") return CORPORA;
  // "genuine" runs the genuine documents of every held-out corpus (issue 22's benchmark).
  if (arg === "held-out" || arg === "genuine") return CORPORA.filter((c) => c.role === "held-out");
  const names = arg.split(",").map((s) => s.trim());
  const unknown = names.filter((n) => !CORPORA.some((c) => c.name === n));
  if (unknown.length) {
    throw new Error(
      `unknown corpus ${unknown.join(", ")}: choose from ${CORPORA.map((c) => c.name).join(", ")}, held-out, genuine, all`,
    );
  }
  return CORPORA.filter((c) => names.includes(c.name));
}
