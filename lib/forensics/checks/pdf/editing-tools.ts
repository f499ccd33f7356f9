// A curated list of software whose name in a PDF's Producer/Creator (or an image's Software /
// CreatorTool / XMP history) says the file passed through a tool made for changing existing
// documents or images. Converters and generators that make documents from their source (Word,
// LibreOffice Writer, Chrome/Skia, macOS Quartz, Distiller, pdf-lib, ReportLab, wkhtmltopdf,
// iText, TCPDF, phone camera firmware) are deliberately absent: issuers use them every day.
import type { Severity } from "../../types";

export interface EditingTool {
  pattern: RegExp;
  tool: string;
  severity: Extract<Severity, "low" | "medium">;
  score: number;
  why: string;
}

const ONLINE = "an online PDF editor: its main use is changing the text of existing PDFs";
const DESKTOP = "a desktop PDF editor that can rewrite text and images in existing PDFs";

export const PDF_EDITING_TOOLS: EditingTool[] = [
  { pattern: /ilovepdf/i, tool: "iLovePDF", severity: "medium", score: 0.4, why: ONLINE },
  { pattern: /smallpdf/i, tool: "Smallpdf", severity: "medium", score: 0.4, why: ONLINE },
  { pattern: /sejda/i, tool: "Sejda", severity: "medium", score: 0.4, why: ONLINE },
  { pattern: /pdfescape/i, tool: "PDFescape", severity: "medium", score: 0.45, why: ONLINE },
  { pattern: /pdf\s?filler/i, tool: "pdfFiller", severity: "medium", score: 0.4, why: ONLINE },
  { pattern: /dochub/i, tool: "DocHub", severity: "medium", score: 0.4, why: ONLINE },
  { pattern: /pdf\s?candy/i, tool: "PDF Candy", severity: "medium", score: 0.4, why: ONLINE },
  { pattern: /pdf2go/i, tool: "PDF2Go", severity: "medium", score: 0.4, why: ONLINE },
  { pattern: /soda\s?pdf/i, tool: "Soda PDF", severity: "medium", score: 0.4, why: ONLINE },
  { pattern: /pdfzorro/i, tool: "PDFzorro", severity: "medium", score: 0.45, why: ONLINE },
  { pattern: /pdf\s?simpli/i, tool: "PDFSimpli", severity: "medium", score: 0.4, why: ONLINE },
  { pattern: /hipdf/i, tool: "HiPDF", severity: "medium", score: 0.4, why: ONLINE },
  { pattern: /lightpdf/i, tool: "LightPDF", severity: "medium", score: 0.4, why: ONLINE },
  { pattern: /formswift/i, tool: "FormSwift", severity: "medium", score: 0.4, why: ONLINE },
  { pattern: /docfly/i, tool: "DocFly", severity: "medium", score: 0.4, why: ONLINE },
  { pattern: /\bxodo\b/i, tool: "Xodo", severity: "medium", score: 0.35, why: ONLINE },
  { pattern: /foxit.*(phantom|editor)/i, tool: "Foxit PDF Editor", severity: "medium", score: 0.4, why: DESKTOP },
  { pattern: /pdf-xchange\s*(editor|pro)/i, tool: "PDF-XChange Editor", severity: "medium", score: 0.4, why: DESKTOP },
  { pattern: /nitro\s*(pro|pdf)/i, tool: "Nitro PDF", severity: "medium", score: 0.35, why: DESKTOP },
  { pattern: /pdfelement|wondershare/i, tool: "Wondershare PDFelement", severity: "medium", score: 0.4, why: DESKTOP },
  { pattern: /master\s*pdf\s*editor/i, tool: "Master PDF Editor", severity: "medium", score: 0.45, why: DESKTOP },
  { pattern: /infix/i, tool: "Infix PDF Editor", severity: "medium", score: 0.45, why: DESKTOP },
  { pattern: /qoppa|pdf\s*studio/i, tool: "Qoppa PDF Studio", severity: "medium", score: 0.35, why: DESKTOP },
  { pattern: /pdf\s*expert/i, tool: "PDF Expert", severity: "medium", score: 0.4, why: DESKTOP },
  { pattern: /pdf\s*architect/i, tool: "PDF Architect", severity: "medium", score: 0.4, why: DESKTOP },
  { pattern: /icecream\s*pdf/i, tool: "Icecream PDF Editor", severity: "medium", score: 0.4, why: DESKTOP },
  { pattern: /able2extract/i, tool: "Able2Extract", severity: "medium", score: 0.35, why: DESKTOP },
  { pattern: /pdfgear/i, tool: "PDFgear", severity: "medium", score: 0.4, why: DESKTOP },
  {
    pattern: /adobe acrobat (pro|standard|\d)(?!.*(distiller|pdfmaker))/i,
    tool: "Adobe Acrobat",
    severity: "low",
    score: 0.2,
    why: "saved by Acrobat itself rather than made by Distiller or PDFMaker; Acrobat's Edit PDF tool rewrites text, but issuers also re-save in Acrobat legitimately",
  },
  {
    pattern: /photoshop/i,
    tool: "Adobe Photoshop",
    severity: "medium",
    score: 0.4,
    why: "a photo editor: a credential exported from it was composed or retouched as an image",
  },
  {
    pattern: /\bgimp\b/i,
    tool: "GIMP",
    severity: "medium",
    score: 0.4,
    why: "a photo editor: a credential exported from it was composed or retouched as an image",
  },
  {
    pattern: /inkscape/i,
    tool: "Inkscape",
    severity: "medium",
    score: 0.35,
    why: "a vector editor that imports PDFs and lets every text object be changed",
  },
  {
    pattern: /\bcanva\b/i,
    tool: "Canva",
    severity: "medium",
    score: 0.35,
    why: "an online design tool with certificate and payslip templates; official issuers rarely use it",
  },
  {
    pattern: /paint\.net|pixelmator|affinity photo/i,
    tool: "an image editor",
    severity: "medium",
    score: 0.35,
    why: "an image editor: the page was composed or retouched as a picture",
  },
];

export const IMAGE_EDITING_TOOLS: EditingTool[] = [
  {
    pattern: /photoshop/i,
    tool: "Adobe Photoshop",
    severity: "medium",
    score: 0.4,
    why: "a photo editor that can retouch, clone and retype any part of the image",
  },
  {
    pattern: /lightroom/i,
    tool: "Adobe Lightroom",
    severity: "low",
    score: 0.15,
    why: "a photo developer (mostly colour and exposure, though it can heal and clone)",
  },
  {
    pattern: /\bgimp\b/i,
    tool: "GIMP",
    severity: "medium",
    score: 0.4,
    why: "a photo editor that can retouch, clone and retype any part of the image",
  },
  {
    pattern: /affinity/i,
    tool: "Affinity",
    severity: "medium",
    score: 0.4,
    why: "an image editor that can retouch, clone and retype any part of the image",
  },
  {
    pattern: /pixelmator/i,
    tool: "Pixelmator",
    severity: "medium",
    score: 0.4,
    why: "an image editor that can retouch, clone and retype any part of the image",
  },
  {
    pattern: /snapseed/i,
    tool: "Snapseed",
    severity: "medium",
    score: 0.3,
    why: "a phone photo editor with healing and text tools",
  },
  {
    pattern: /\bcanva\b/i,
    tool: "Canva",
    severity: "medium",
    score: 0.4,
    why: "an online design tool with document templates",
  },
  {
    pattern: /photopea/i,
    tool: "Photopea",
    severity: "medium",
    score: 0.45,
    why: "an online Photoshop clone often used to edit scanned documents",
  },
  { pattern: /pixlr/i, tool: "Pixlr", severity: "medium", score: 0.4, why: "an online image editor" },
  { pattern: /fotor/i, tool: "Fotor", severity: "medium", score: 0.35, why: "an online image editor" },
  {
    pattern: /picsart/i,
    tool: "PicsArt",
    severity: "medium",
    score: 0.35,
    why: "a phone image editor with text and clone tools",
  },
  { pattern: /paint\.net/i, tool: "Paint.NET", severity: "medium", score: 0.35, why: "an image editor" },
  { pattern: /corel\s*(paint|photo|draw)/i, tool: "Corel", severity: "medium", score: 0.35, why: "an image editor" },
  {
    pattern: /inpaint/i,
    tool: "Inpaint",
    severity: "medium",
    score: 0.45,
    why: "a tool made to remove objects and text from images",
  },
  {
    pattern: /adobe express/i,
    tool: "Adobe Express",
    severity: "medium",
    score: 0.35,
    why: "an online design tool with document templates",
  },
];

export function matchTools(
  values: Array<string | undefined>,
  tools: EditingTool[],
): Array<EditingTool & { value: string }> {
  const found = new Map<string, EditingTool & { value: string }>();
  for (const value of values) {
    if (!value) continue;
    for (const tool of tools)
      if (tool.pattern.test(value) && !found.has(tool.tool)) found.set(tool.tool, { ...tool, value });
  }
  return [...found.values()];
}
