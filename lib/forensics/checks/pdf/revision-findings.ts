// Turns the revisions of a PDF into findings: for each later save, what it changed, and where on
// the page (by rendering the page as of the save before and after and diffing the two).
import type { Finding, Severity } from "../../types";
import { diffRenders, type ChangedRegion } from "./render-diff";
import { renderGray, type GrayPage } from "./render";
import { compareSnapshots, snapshotAt, type RevisionChange } from "./revision-diff";
import type { RevisionScan } from "./revisions";

export interface RevisionBudget {
  /** Later revisions analysed (the most recent ones). */
  maxRevisions: number;
  /** Pages per revision whose renders are compared. */
  maxRenderedPages: number;
  /** Pages whose structure is compared per revision. */
  maxPages: number;
  scale: number;
}

export interface RevisionAnalysis {
  findings: Finding[];
  changes: RevisionChange[];
}

export async function analyseRevisions(
  bytes: Uint8Array,
  scan: RevisionScan,
  budget: RevisionBudget,
  log: (message: string) => void,
): Promise<RevisionAnalysis> {
  const { revisions } = scan;
  const findings: Finding[] = [];
  if (revisions.length <= 1) {
    findings.push({
      check: "pdf.revisions",
      severity: "info",
      score: 0,
      message: scan.linearized
        ? "The PDF is linearised (fast web view) and has a single revision: it was not edited and saved incrementally."
        : "The PDF has a single revision: it was not edited and saved incrementally.",
      page: null,
      region: null,
      evidence: { revisions: revisions.length, linearized: scan.linearized },
    });
    return { findings, changes: [] };
  }

  log(`${revisions.length} revisions found (${revisions.length - 1} incremental update(s))`);
  const first = Math.max(1, revisions.length - budget.maxRevisions);
  const renders = new Map<string, Map<number, GrayPage>>();
  const renderAt = async (index: number, pages: number[]) => {
    const cached = renders.get(String(index)) ?? new Map<number, GrayPage>();
    const missing = pages.filter((p) => !cached.has(p));
    if (missing.length) {
      for (const [p, img] of await renderGray(bytes.subarray(0, revisions[index].end), missing, budget.scale))
        cached.set(p, img);
    }
    renders.set(String(index), cached);
    return cached;
  };

  const changes: RevisionChange[] = [];
  let before = await snapshotAt(bytes, revisions[first - 1].end, budget.maxPages);
  for (let index = first; index < revisions.length; index++) {
    const after = await snapshotAt(bytes, revisions[index].end, budget.maxPages);
    const change = compareSnapshots(before, after, index);
    changes.push(change);
    before = after;
    const pagesToRender = change.pages
      .filter((p) => p.content || p.annotations)
      .slice(0, budget.maxRenderedPages)
      .map((p) => p.page);
    const oldRenders = pagesToRender.length ? await renderAt(index - 1, pagesToRender) : new Map<number, GrayPage>();
    const newRenders = pagesToRender.length ? await renderAt(index, pagesToRender) : new Map<number, GrayPage>();
    findings.push(...describeRevision(change, revisions[index], oldRenders, newRenders, pagesToRender));
  }
  if (first > 1) log(`only the last ${budget.maxRevisions} revisions were compared`);
  if (scan.trailingBytes > 0) {
    findings.push({
      check: "pdf.trailing_data",
      severity: "low",
      score: 0.15,
      message: `${scan.trailingBytes} bytes of data follow the final %%EOF: something was appended to the file without completing a proper save.`,
      page: null,
      region: null,
      evidence: { trailing_bytes: scan.trailingBytes },
    });
  }
  return { findings, changes };
}

function describeRevision(
  change: RevisionChange,
  revision: { index: number; start: number; end: number },
  oldRenders: Map<number, GrayPage>,
  newRenders: Map<number, GrayPage>,
  rendered: number[],
): Finding[] {
  const base = {
    revision: revision.index,
    byte_range: [revision.start, revision.end],
    added: change.added,
    replaced: change.replaced,
    added_objects: change.addedRefs,
    replaced_objects: change.replacedRefs,
  };
  const findings: Finding[] = [];
  const addsSignature = (change.added.signature ?? 0) > 0;

  for (const page of change.pages) {
    const oldImg = oldRenders.get(page.page);
    const newImg = newRenders.get(page.page);
    const regions: ChangedRegion[] | null = oldImg && newImg ? diffRenders(oldImg, newImg) : null;
    const altered = regions?.filter((r) => r.inkAltered) ?? [];
    const main = altered[0] ?? regions?.[0];
    const evidence = {
      ...base,
      page_content_changed: page.content,
      annotations_changed: page.annotations,
      new_fonts: page.newFonts,
      rendered: rendered.includes(page.page),
      changed_regions: regions?.map((r) => ({
        ...r.region,
        ink_altered: r.inkAltered,
        changed_pixels: r.changedPixels,
      })),
    };
    const what = page.content ? "page content" : "annotations";
    let severity: Severity;
    let score: number;
    let message: string;
    if (regions === null) {
      [severity, score] = page.content ? ["medium", 0.4] : ["low", 0.15];
      message = `Revision ${revision.index} changed the ${what} of page ${page.page}; the page could not be rendered at both revisions to show where.`;
    } else if (altered.length) {
      [severity, score] = page.content ? ["critical", 0.95] : addsSignature ? ["medium", 0.4] : ["high", 0.75];
      message = page.content
        ? `Revision ${revision.index}, saved after the original, rewrote existing content on page ${page.page} (${altered.length} region(s) whose earlier text or graphics now look different): the visible document was edited after it was created.`
        : `Revision ${revision.index} added annotations that cover existing content on page ${page.page}: something drawn on top now hides or changes what the original showed.`;
    } else if (regions.length) {
      // Content only added on blank paper: a forger's addition, or an issuer's stamp or QR code.
      [severity, score] = page.content ? ["medium", 0.45] : addsSignature ? ["info", 0] : ["low", 0.15];
      message = page.content
        ? `Revision ${revision.index}, saved after the original, added new content to page ${page.page} in an area that was blank before.`
        : addsSignature
          ? `Revision ${revision.index} added a signature appearance to page ${page.page}.`
          : `Revision ${revision.index} added annotations or form entries to page ${page.page} on blank areas (filled forms and comments do this legitimately).`;
    } else {
      [severity, score] = page.content ? ["low", 0.15] : ["info", 0];
      message = `Revision ${revision.index} rewrote the ${what} of page ${page.page} without any visible change.`;
    }
    findings.push({
      check: "pdf.incremental_update",
      severity,
      score,
      message,
      page: page.page,
      region: main?.region ?? null,
      evidence,
    });
    if (page.content && page.newFonts.length) {
      // Rendered at both revisions and not one pixel changed: the new font sets only invisible text,
      // a search layer laid over a scanned or flattened page (OCR tools and signing platforms add
      // one in a revision of its own). Nothing a reader sees was set in it.
      const unseen = regions !== null && regions.length === 0;
      findings.push({
        check: "pdf.late_font",
        severity: unseen ? "low" : "medium",
        score: unseen ? 0.15 : 0.5,
        message: unseen
          ? `Font ${page.newFonts.join(", ")} first appears on page ${page.page} in revision ${revision.index}, but nothing set in it is visible: a search text layer added after the page was made.`
          : `Font ${page.newFonts.join(", ")} first appears on page ${page.page} in revision ${revision.index}: text was set in a font the original document did not use.`,
        page: page.page,
        region: main?.region ?? null,
        evidence: { revision: revision.index, fonts: page.newFonts, visible_change: !unseen },
      });
    }
  }

  if (change.pageCountAfter !== change.pageCountBefore) {
    findings.push({
      check: "pdf.incremental_update",
      severity: "medium",
      score: 0.4,
      message: `Revision ${revision.index} changed the number of pages from ${change.pageCountBefore} to ${change.pageCountAfter}.`,
      page: null,
      region: null,
      evidence: base,
    });
  }
  if (findings.length === 0) {
    const roles = Object.keys({ ...change.added, ...change.replaced });
    const onlyMetadata = roles.every((r) =>
      ["info", "metadata", "catalog", "signature", "form_field", "annotation"].includes(r),
    );
    findings.push({
      check: "pdf.incremental_update",
      severity: onlyMetadata ? "info" : "low",
      score: onlyMetadata ? 0 : 0.1,
      message: onlyMetadata
        ? `Revision ${revision.index} changed only ${roles.length ? roles.join(", ") : "nothing visible"}; no page content changed.`
        : `Revision ${revision.index} changed ${roles.join(", ")} objects without changing what any page shows.`,
      page: null,
      region: null,
      evidence: base,
    });
  }
  return findings;
}
