// The PDF structure check: revisions and what each changed, producer and dates, signatures, and
// what each page's content stream paints (hidden text, overlapping text, odd fonts).
import type { PDFDocument } from "pdf-lib";
import type { DocumentContext } from "../../context";
import type { Finding } from "../../types";
import { fontOutlierFindings } from "./content/font-outliers";
import { layeringFindings } from "./content/layering";
import { area, intersection } from "./content/geometry";
import { pageGraphics } from "./content/page-graphics";
import type { PageGraphics } from "./content/interpret";
import { loadPdf, pageModels, type PageModel } from "./document";
import { readPdfMetadata, type PdfMetadata } from "./info";
import { dateFindings, producerFindings } from "./metadata-findings";
import { analyseRevisions, type RevisionBudget } from "./revision-findings";
import { latin1, scanRevisions } from "./revisions";
import { inspectSignatures, signatureFindings } from "./signatures";
import { weighSignedRevisions } from "./signed-revisions";

export async function analysePdf(ctx: DocumentContext, log: (message: string) => void): Promise<Finding[]> {
  const { bytes } = ctx;
  const deep = ctx.mode === "deep";
  const text = latin1(bytes);
  const scan = scanRevisions(text);
  const findings: Finding[] = [];

  const checks = await inspectSignatures(bytes, text);
  const signatures = (contentChangedAfter?: (offset: number) => boolean) =>
    signatureFindings(bytes, checks, scan.revisions, contentChangedAfter);
  let doc: PDFDocument;
  try {
    doc = await loadPdf(bytes);
  } catch (error) {
    return [
      unreadable(`the PDF structure could not be parsed (${(error as Error).message.slice(0, 120)})`),
      ...signatures(),
    ];
  }
  if (doc.isEncrypted) {
    findings.push(unreadable("the PDF is encrypted, so its content streams and metadata were not inspected"));
  } else {
    const meta = guardedValue(log, () => readPdfMetadata(doc));
    if (meta) findings.push(...producerFindings(meta), ...dateFindings(meta));
    const pages = deep ? ctx.limits.maxPages : ctx.limits.standardPages;
    findings.push(...guarded("page content", log, () => contentFindings(doc, meta ?? { info: {}, xmp: null }, pages)));
  }

  const budget: RevisionBudget = deep
    ? { maxRevisions: 20, maxRenderedPages: Math.min(ctx.limits.maxPages, 50), maxPages: ctx.limits.maxPages, scale: 2 }
    : {
        maxRevisions: bytes.length > 20e6 ? 2 : 4,
        maxRenderedPages: 2,
        maxPages: Math.max(ctx.limits.standardPages, 10),
        scale: 1,
      };
  try {
    const { findings: revisionFindings, changes } = await analyseRevisions(bytes, scan, budget, log);
    findings.push(...weighSignedRevisions(revisionFindings, checks, scan.revisions));
    const contentChangedAfter = (offset: number) =>
      changes.some(
        (c) =>
          scan.revisions[c.revision].end > offset &&
          (c.pages.some((p) => p.content) || c.pageCountAfter !== c.pageCountBefore),
      );
    findings.push(...signatures(contentChangedAfter));
  } catch (error) {
    log(`revision analysis failed: ${(error as Error).message}`);
    findings.push(
      unreadable(
        `its ${scan.revisions.length} revision(s) could not be compared (${(error as Error).message.slice(0, 120)})`,
      ),
    );
    findings.push(...signatures());
  }
  return findings;
}

function contentFindings(doc: PDFDocument, meta: PdfMetadata, maxPages: number): Finding[] {
  const findings: Finding[] = [];
  const pages: Array<{ model: PageModel; graphics: PageGraphics }> = [];
  let outliers = 0;
  for (const model of pageModels(doc, maxPages)) {
    const graphics = pageGraphics(doc, model);
    pages.push({ model, graphics });
    findings.push(...layeringFindings(graphics, model));
    // A typographic habit repeats on every page; an edit does not. Keep the first few only.
    for (const finding of fontOutlierFindings(graphics.runs, model)) if (outliers++ < 3) findings.push(finding);
  }
  findings.push(...scanInWordProcessor(meta, pages));
  return findings;
}

const WORD_PROCESSOR = /microsoft.*word|libreoffice|openoffice|writer|\bpages\b|google docs|wps/i;

/** A page that is one big picture, exported from a word processor: a scan or photo put into a document. */
function scanInWordProcessor(meta: PdfMetadata, pages: Array<{ model: PageModel; graphics: PageGraphics }>): Finding[] {
  const tool = [meta.info.Creator, meta.info.Producer].find((v) => v && WORD_PROCESSOR.test(v));
  if (!tool) return [];
  for (const { model, graphics } of pages) {
    const pageBox = {
      x0: model.originX,
      y0: model.originY,
      x1: model.originX + model.width,
      y1: model.originY + model.height,
    };
    const full = graphics.images.some((img) => intersection(img.box, pageBox) >= 0.8 * area(pageBox));
    const textChars = graphics.runs.filter((r) => !r.invisible).reduce((n, r) => n + r.text.trim().length, 0);
    if (full && textChars < 20) {
      return [
        {
          check: "pdf.scan_in_document",
          severity: "low",
          score: 0.2,
          message: `Page ${model.page} is a single full-page picture exported from ${tool}: a scan or photo placed in a word-processor document, where it can be retouched or written over before export.`,
          page: model.page,
          region: null,
          evidence: { tool, text_characters: textChars },
        },
      ];
    }
  }
  return [];
}

function guarded(what: string, log: (message: string) => void, run: () => Finding[]): Finding[] {
  try {
    return run();
  } catch (error) {
    log(`${what} analysis failed: ${(error as Error).message}`);
    return [unreadable(`its ${what} could not be analysed (${(error as Error).message.slice(0, 120)})`)];
  }
}

function guardedValue<T>(log: (message: string) => void, read: () => T): T | null {
  try {
    return read();
  } catch (error) {
    log(`metadata could not be read: ${(error as Error).message}`);
    return null;
  }
}

function unreadable(why: string): Finding {
  return {
    check: "pdf.unreadable",
    severity: "info",
    score: 0,
    message: `Part of the PDF structure check was skipped: ${why}.`,
    page: null,
    region: null,
  };
}
