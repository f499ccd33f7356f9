// The corpora bench:forensics measures. Only "synthetic" (the engine's own generator) is tuned on;
// every other corpus is held out: made by other renderers, fonts, capture chains and forgery tools,
// or published by others, and never used to choose a rule or a threshold.
export type CorpusRole = "tuning" | "held-out";

export interface CorpusInfo {
  name: string;
  role: CorpusRole;
  source: "synthetic" | "generated" | "specimens";
  about: string;
}

export const CORPORA: CorpusInfo[] = [
  {
    name: "synthetic",
    role: "tuning",
    source: "synthetic",
    about: "the engine's own generator (pdf-lib, canvas, sharp)",
  },
  {
    name: "browser",
    role: "held-out",
    source: "generated",
    about: "HTML/CSS printed by headless Chromium, screenshots",
  },
  {
    name: "office",
    role: "held-out",
    source: "generated",
    about: "LibreOffice Writer exports of word-processor documents",
  },
  {
    name: "print",
    role: "held-out",
    source: "generated",
    about: "reportlab back-office PDFs, PostScript via ps2pdf, pdfsig signatures",
  },
  {
    name: "raster",
    role: "held-out",
    source: "generated",
    about: "PIL/FreeType image-only documents, identity cards in OCR-B",
  },
  {
    name: "specimens",
    role: "held-out",
    source: "specimens",
    about: "19 government specimen identity documents (MIT, see SOURCES.md)",
  },
];

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
