// Metadata of PDFs: the XMP edit history, document identity, and Info-vs-XMP disagreement about
// which software made the file. Producer/Creator naming an editor and all date checks belong to
// the pdf check (pdf.producer, pdf.dates, pdf.date_mismatch), so nothing here repeats them.
import type { Finding } from "../../types";
import { loadPdf } from "../pdf/document";
import { IMAGE_EDITING_TOOLS, matchTools, PDF_EDITING_TOOLS } from "../pdf/editing-tools";
import { readPdfMetadata, type PdfMetadata } from "../pdf/info";

export async function pdfMetadataFindings(bytes: Uint8Array): Promise<Finding[]> {
  const doc = await loadPdf(bytes);
  if (doc.isEncrypted) return [];
  return pdfMetadataFindingsFrom(readPdfMetadata(doc));
}

const normal = (v: string) => v.toLowerCase().replace(/[^a-z0-9]/g, "");
const agree = (a: string, b: string) => normal(a).includes(normal(b)) || normal(b).includes(normal(a));

export function pdfMetadataFindingsFrom(meta: PdfMetadata): Finding[] {
  const { info, xmp } = meta;
  if (!xmp) return [];
  const findings: Finding[] = [];
  const named = [info.Producer, info.Creator, xmp.get("pdf:Producer"), xmp.get("xmp:CreatorTool")];
  const alreadyReported = new Set(matchTools(named, [...PDF_EDITING_TOOLS, ...IMAGE_EDITING_TOOLS]).map((t) => t.tool));
  const agents = xmp.history.map((e) => e.softwareAgent ?? undefined);
  for (const tool of matchTools(agents, [...PDF_EDITING_TOOLS, ...IMAGE_EDITING_TOOLS])) {
    if (alreadyReported.has(tool.tool)) continue;
    const events = xmp.history.filter((e) => e.softwareAgent && tool.pattern.test(e.softwareAgent));
    findings.push({
      check: "metadata.xmp_history",
      severity: tool.severity,
      score: tool.score,
      message: `The PDF's XMP history records ${events.length} event(s) by ${tool.tool} ("${tool.value}"), ${tool.why}, although its Producer and Creator name other software.`,
      page: null,
      region: null,
      evidence: { tool: tool.tool, events: events.slice(0, 10) },
    });
  }

  const pairs: Array<[string, string | undefined, string, string | undefined]> = [
    ["Info Producer", info.Producer, "XMP pdf:Producer", xmp.get("pdf:Producer")],
    ["Info Creator", info.Creator, "XMP CreatorTool", xmp.get("xmp:CreatorTool")],
  ];
  for (const [infoName, infoValue, xmpName, xmpValue] of pairs) {
    if (!infoValue || !xmpValue || agree(infoValue, xmpValue)) continue;
    findings.push({
      check: "metadata.producer_mismatch",
      severity: "low",
      score: 0.2,
      message: `${infoName} says "${infoValue}" but ${xmpName} says "${xmpValue}": a second program rewrote one copy of this metadata, so the file passed through software other than the one that made it.`,
      page: null,
      region: null,
      evidence: { [infoName]: infoValue, [xmpName]: xmpValue },
    });
  }

  findings.push({
    check: "metadata.xmp",
    severity: "info",
    score: 0,
    message: xmp.derivedFrom
      ? "The PDF's XMP says it was derived from another document (saved as a new file from an earlier one)."
      : `The PDF carries XMP metadata${xmp.history.length ? ` with ${xmp.history.length} history event(s)` : ""}.`,
    page: null,
    region: null,
    evidence: {
      document_id: xmp.get("xmpMM:DocumentID") ?? null,
      instance_id: xmp.get("xmpMM:InstanceID") ?? null,
      original_document_id: xmp.get("xmpMM:OriginalDocumentID") ?? null,
      derived_from: xmp.derivedFrom,
      history: xmp.history.slice(0, 20),
    },
  });
  return findings;
}
