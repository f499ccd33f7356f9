// Classify: what kind of document this is, and whether it is a credential at all. Selfies and
// other photos, blank pages, screenshots and memes are not. No single threshold decides: each
// kind is recognised from several cues together, and the evidence is kept for the report.
import type { PageImage } from "../context";
import type { DocType } from "../types";
import { type TextCues, textCues, type VisualCues, visualCues } from "./classify-cues";
import { classifyDocType, type DocTypeVote, MIN_TYPE_SCORE } from "./doc-type";

export type PageKind = "document" | "blank" | "photo" | "screenshot" | "meme" | "text" | "graphic";

export interface PageClass {
  page: number;
  kind: PageKind;
  reasons: string[];
  visual: VisualCues;
  text: TextCues;
}

export interface Classification {
  docType: DocType;
  isCredential: boolean;
  /** What the first page looks like when it is not a credential; "document" otherwise. */
  kind: PageKind;
  /** Confidence in kind/isCredential, 0..1. */
  confidence: number;
  vote: DocTypeVote;
  pages: PageClass[];
  /**
   * A document page carries lines of text OCR could not read (a script the engine does not read,
   * or print too poor for it): nothing on it can be checked against its wording, so it goes to a
   * person unless other evidence decides.
   */
  unreadText: boolean;
}

/** Visual cues only: little paper and much colour or skin. Such pages get a quick OCR pass first. */
export async function looksLikePicture(page: PageImage): Promise<boolean> {
  const v = await visualCues(page);
  return v.paperFraction < 0.15 && (v.colourfulness > 30 || v.skinFraction > 0.1);
}

/** Visual cues only: a page this plainly empty needs no OCR. */
export async function looksBlank(page: PageImage): Promise<boolean> {
  const v = await visualCues(page);
  return v.inkFraction < 0.001 && v.uniformFraction > 0.97;
}

export async function classifyDocument(
  pages: PageImage[],
  lines: string[][],
  metadata: Record<string, unknown>,
): Promise<Classification> {
  const vote = classifyDocType(lines.flat().join("\n"), lines.flat(), 0);
  const hasCamera = typeof metadata.Make === "string" || typeof metadata.Model === "string";
  const classes: PageClass[] = [];
  for (let i = 0; i < pages.length; i++) {
    const visual = await visualCues(pages[i]);
    const text = textCues(pages[i].text, lines[i] ?? [], pages[i].width / Math.max(1, pages[i].height));
    classes.push({ page: pages[i].page, visual, text, ...pageKind(visual, text, vote.score, hasCamera, pages[i]) });
  }
  // One page that is a document makes the file a document (a blank back side does not change that).
  const documentPage = classes.find((c) => c.kind === "document");
  const first = classes[0];
  const kind = documentPage ? "document" : (first?.kind ?? "blank");
  const isCredential = kind === "document";
  return {
    docType: isCredential ? vote.docType : "other",
    isCredential,
    kind,
    confidence: confidenceOf(documentPage ?? first, vote),
    vote,
    pages: classes,
    unreadText: isCredential && classes.some((c) => c.kind === "document" && unreadText(c.text)),
  };
}

/** Pixel sizes of common phone and monitor screens (long × short side): a screenshot keeps them exactly. */
const SCREEN_SIZES = new Set([
  "1280x720",
  "1366x768",
  "1440x900",
  "1536x864",
  "1600x900",
  "1680x1050",
  "1920x1080",
  "1920x1200",
  "2560x1440",
  "2560x1600",
  "2880x1800",
  "3024x1964",
  "3456x2234",
  "3840x2160",
  "1334x750",
  "1792x828",
  "1920x1080",
  "2208x1242",
  "2340x1080",
  "2400x1080",
  "2436x1125",
  "2532x1170",
  "2556x1179",
  "2688x1242",
  "2778x1284",
  "2796x1290",
  "3200x1440",
  "2960x1440",
  "3088x1440",
  "2412x1080",
  "2520x1080",
]);

/** How many words a page needs before its text alone marks it as a document. */
const DOCUMENT_WORDS = 25;
/**
 * A page read this well whose wording scores at most this for every credential type and shows
 * at most one word that marks credentials in general (an article, a letter, an invoice, a recipe)
 * is text, not a credential: a credential names what it is (diploma, certificate, passport,
 * payslip, statement), carries its marks (a zone, a ledger) or says who issued it to whom.
 */
const TEXT_WORDS = 15;
/** Fewer words than this read with confidence is no text at all (OCR hallucinates a word or two in bars). */
const GRAPHIC_WORDS = 3;
const MAX_TEXT_SCORE = 1;

/** Lines of text a page needs before text OCR cannot read marks it as a document. */
const UNREAD_LINES = 4;
/** Below this share of surely read words, the lines are not in a script OCR reads (or not legible). */
export const UNREAD_SHARE = 0.5;

/**
 * Dense, regular lines of text that OCR cannot read: the page is a document in a script the
 * engine does not read (Cyrillic, Greek, Arabic, Hebrew, CJK…) or printed too poorly to read.
 * Neither makes it "not a credential"; a credential in any script looks like this.
 */
export function unreadText(t: TextCues): boolean {
  return t.textLines >= UNREAD_LINES && t.readShare < UNREAD_SHARE && t.mrzLines === 0;
}

function pageKind(
  v: VisualCues,
  t: TextCues,
  keywordScore: number,
  hasCamera: boolean,
  page: PageImage,
): { kind: PageKind; reasons: string[] } {
  const pct = (x: number) => `${Math.round(x * 100)}%`;
  const strongText = keywordScore >= 5 || t.mrzLines >= 2;
  // Wording that names a kind of credential (the document-type threshold): a certificate page in a
  // browser, a badge page exported from a learning platform or a colourful certificate with big
  // title words is what people send, however much it looks like a screenshot or a meme.
  const namesCredential = strongText || keywordScore >= MIN_TYPE_SCORE;

  if (t.confidentWords < 3 && v.inkFraction < 0.003 && v.uniformFraction > 0.9) {
    return {
      kind: "blank",
      reasons: [
        `no readable text`,
        `${pct(v.uniformFraction)} of the page is uniform`,
        `${(v.inkFraction * 100).toFixed(2)}% ink`,
      ],
    };
  }

  if (unreadText(t)) {
    return {
      kind: "document",
      reasons: [
        `${t.textLines} lines of text`,
        `${pct(t.readShare)} of their words read surely`,
        "text in a script the engine does not read",
      ],
    };
  }

  // Memes: a picture with a few big caption words at the top and/or bottom.
  if (
    t.captionWords >= 2 &&
    t.confidentWords < 40 &&
    !namesCredential &&
    (v.colourfulness > 18 || v.paperFraction < 0.4)
  ) {
    return {
      kind: "meme",
      reasons: [
        `${t.captionWords} large caption words at the top or bottom`,
        `${t.confidentWords} words in all`,
        `colourfulness ${Math.round(v.colourfulness)}`,
      ],
    };
  }

  // Screenshots: a screen's proportions and flat, noise-free UI colour (bars, buttons, panels) that
  // neither paper nor a camera produces; camera EXIF rules it out.
  const screenAspect = v.aspect <= 0.62 || v.aspect >= 1.7;
  const flatUi = v.flatColourFraction >= 0.06 || v.edgeBars >= 0.015 || v.colourBands >= 0.02;
  const screenSized = SCREEN_SIZES.has(`${Math.max(page.width, page.height)}x${Math.min(page.width, page.height)}`);
  if (
    !hasCamera &&
    page.source !== "pdf-text" &&
    ((screenAspect && flatUi) || (screenSized && (flatUi || screenAspect))) &&
    !namesCredential
  ) {
    return {
      kind: "screenshot",
      reasons: [
        `screen proportions (${page.width}×${page.height})`,
        `${pct(v.flatColourFraction)} flat coloured interface areas`,
        `${pct(v.colourBands + v.edgeBars)} of the height in full-width coloured bars`,
      ],
    };
  }

  // A picture whose wording names a credential is a credential however it looks (white type on a
  // colour gradient has no paper, and orange and pink grounds pass for skin).
  if (!namesCredential) {
    const photoReasons = [
      `${t.confidentWords} readable words`,
      `${pct(v.paperFraction)} paper-like background`,
      `${pct(v.skinFraction)} skin tones`,
      `colourfulness ${Math.round(v.colourfulness)}`,
    ];
    const littleText = t.confidentWords < 12;
    const noPaper = v.paperFraction < 0.3;
    const person = v.skinFraction > 0.12 && t.confidentWords < DOCUMENT_WORDS;
    const scene = v.colourfulness > 35 && v.paperFraction < 0.2 && t.confidentWords < DOCUMENT_WORDS;
    if ((littleText && noPaper) || person || scene) return { kind: "photo", reasons: photoReasons };
  }

  // Every credential we verify is read by its text (or its zone, which geometry finds where OCR
  // does not): a sharp page with no text read at all is a picture, a chart or a drawing. A page
  // too poor to read stays a document, so a person sees it (MANUAL_REVIEW).
  if (t.confidentWords < GRAPHIC_WORDS && t.mrzLines === 0 && !page.quality.too_poor_to_judge) {
    return {
      kind: "graphic",
      reasons: [
        `${t.confidentWords} readable words`,
        `no machine-readable zone`,
        `${(v.inkFraction * 100).toFixed(1)}% ink`,
      ],
    };
  }

  const reasons = [
    `${t.confidentWords} readable words`,
    `${pct(v.paperFraction)} paper-like background`,
    `keyword score ${keywordScore}`,
  ];
  if (t.confidentWords >= TEXT_WORDS && keywordScore <= MAX_TEXT_SCORE && t.credentialMarks <= 1 && t.mrzLines === 0) {
    return { kind: "text", reasons: [...reasons, "none of the wording of a credential"] };
  }
  return { kind: "document", reasons };
}

function confidenceOf(c: PageClass | undefined, vote: DocTypeVote): number {
  if (!c) return 0.5;
  switch (c.kind) {
    case "blank":
      return 0.97;
    case "document":
      // More words and a clear type make the call surer.
      return Math.min(0.98, 0.6 + Math.min(0.2, c.text.confidentWords / 250) + Math.min(0.18, vote.score / 40));
    case "photo":
      return Math.min(0.97, 0.7 + Math.min(0.15, c.visual.skinFraction) + (c.text.confidentWords < 5 ? 0.1 : 0));
    default:
      return 0.85;
  }
}
