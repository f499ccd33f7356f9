// Findings from a PDF's Producer/Creator and its dates (Info dictionary and XMP). The metadata
// check handles the rest of the XMP (history, document ids, producer disagreement) so the two
// never report the same thing.
import type { Finding } from "../../types";
import { DAY_MS, describeGap, meaningfulGap, parseIsoDate, parsePdfDate, type ParsedDate } from "../metadata/dates";
import { matchTools, PDF_EDITING_TOOLS } from "./editing-tools";
import type { PdfMetadata } from "./info";

export function producerFindings(meta: PdfMetadata): Finding[] {
  const fields = {
    Producer: meta.info.Producer,
    Creator: meta.info.Creator,
    "XMP Producer": meta.xmp?.get("pdf:Producer"),
    "XMP CreatorTool": meta.xmp?.get("xmp:CreatorTool"),
  };
  const gap = saveGap(meta);
  const findings: Finding[] = matchTools(Object.values(fields), PDF_EDITING_TOOLS).map((tool) => {
    const where = Object.entries(fields).find(([, v]) => v === tool.value)?.[0] ?? "Producer";
    // An editor's save long after the issuer made the file is an edit after issue, not a
    // re-export at issue time: together they weigh more than either alone.
    const late = gap !== null && gap >= 30 * DAY_MS;
    const [severity, score]: [Finding["severity"], number] = !late
      ? [tool.severity, tool.score]
      : tool.severity === "medium"
        ? ["high", 0.6]
        : ["medium", 0.4];
    return {
      check: "pdf.producer",
      severity,
      score,
      message: late
        ? `${where} "${tool.value}" names ${tool.tool}, ${tool.why}; it saved the file ${describeGap(gap)} after it was created, so the issuer's original was altered or re-saved after issue.`
        : `${where} "${tool.value}" names ${tool.tool}, ${tool.why}.`,
      page: null,
      region: null,
      evidence: {
        field: where,
        value: tool.value,
        tool: tool.tool,
        ...fields,
        ...(gap !== null ? { saved_after_creation_days: Math.round(gap / DAY_MS) } : {}),
      },
    };
  });
  // LibreOffice opens PDFs in Draw to edit them; its Writer/Calc exports say so in Creator.
  if (/libreoffice|openoffice/i.test(meta.info.Producer ?? "") && /^draw$/i.test(meta.info.Creator ?? "")) {
    findings.push({
      check: "pdf.producer",
      severity: "medium",
      score: 0.35,
      message: `Creator "Draw" with Producer "${meta.info.Producer}": the PDF was made in LibreOffice Draw, which is how LibreOffice imports an existing PDF to edit it.`,
      page: null,
      region: null,
      evidence: fields,
    });
  }
  return findings;
}

/** Time from creation to the last save, from the Info dictionary or else the XMP. */
function saveGap(meta: PdfMetadata): number | null {
  const pairs: Array<[ParsedDate | null, ParsedDate | null]> = [
    [parsePdfDate(meta.info.CreationDate), parsePdfDate(meta.info.ModDate)],
    [parseIsoDate(meta.xmp?.get("xmp:CreateDate")), parseIsoDate(meta.xmp?.get("xmp:ModifyDate"))],
  ];
  for (const [created, modified] of pairs) {
    if (created && modified) return meaningfulGap(created, modified);
  }
  return null;
}

interface NamedDate {
  name: string;
  date: ParsedDate;
}

export function dateFindings(meta: PdfMetadata, now = Date.now()): Finding[] {
  const findings: Finding[] = [];
  const named = (name: string, date: ParsedDate | null): NamedDate | null => (date ? { name, date } : null);
  const created = named("CreationDate", parsePdfDate(meta.info.CreationDate));
  const modified = named("ModDate", parsePdfDate(meta.info.ModDate));
  const xmpCreated = named("XMP CreateDate", parseIsoDate(meta.xmp?.get("xmp:CreateDate")));
  const xmpModified = named("XMP ModifyDate", parseIsoDate(meta.xmp?.get("xmp:ModifyDate")));
  const all = [created, modified, xmpCreated, xmpModified].filter((d): d is NamedDate => d !== null);
  const finding = (
    check: string,
    severity: Finding["severity"],
    score: number,
    message: string,
    evidence: Record<string, unknown>,
  ): Finding => ({
    check,
    severity,
    score,
    message,
    page: null,
    region: null,
    evidence,
  });

  for (const { name, date } of all) {
    if (date.problem) {
      findings.push(
        finding(
          "pdf.impossible_date",
          "medium",
          0.3,
          `${name} "${date.raw}" is not a real date (${date.problem}): the metadata was written by hand or by a broken tool.`,
          { field: name, value: date.raw },
        ),
      );
    } else if (date.time !== null && date.time > now + DAY_MS) {
      findings.push(
        finding("pdf.impossible_date", "medium", 0.35, `${name} ${date.raw} lies in the future.`, {
          field: name,
          value: date.raw,
        }),
      );
    } else if (date.time !== null && date.time < Date.UTC(1993, 0, 1)) {
      findings.push(
        finding(
          "pdf.impossible_date",
          "low",
          0.15,
          `${name} ${date.raw} is before PDF existed (1993): the clock of the producing system was unset or the date was forged.`,
          { field: name, value: date.raw },
        ),
      );
    }
  }

  const pairs: Array<[NamedDate | null, NamedDate | null]> = [
    [created, modified],
    [xmpCreated, xmpModified],
  ];
  const gaps = new Set<string>();
  for (const [from, to] of pairs) {
    if (!from || !to) continue;
    const gap = meaningfulGap(from.date, to.date);
    if (gap === null) continue;
    const key = `${Math.round(gap / 60_000)}`;
    if (gaps.has(key)) continue; // Info and XMP telling the same story count once.
    gaps.add(key);
    const evidence = {
      [from.name]: from.date.raw,
      [to.name]: to.date.raw,
      gap_days: Math.round((gap / DAY_MS) * 10) / 10,
    };
    if (gap < 0) {
      findings.push(
        finding(
          "pdf.dates",
          "medium",
          0.35,
          `${to.name} (${to.date.raw}) is ${describeGap(gap)} before ${from.name} (${from.date.raw}): a document cannot be modified before it was created, so one of them was rewritten.`,
          evidence,
        ),
      );
    } else if (gap > DAY_MS) {
      findings.push(
        finding(
          "pdf.dates",
          "low",
          gap > 30 * DAY_MS ? 0.2 : 0.1,
          `The file was modified ${describeGap(gap)} after it was created (${from.name} ${from.date.raw}, ${to.name} ${to.date.raw}).`,
          evidence,
        ),
      );
    }
  }

  const mismatches: Array<[NamedDate | null, NamedDate | null]> = [
    [created, xmpCreated],
    [modified, xmpModified],
  ];
  for (const [info, xmp] of mismatches) {
    if (!info || !xmp) continue;
    const gap = meaningfulGap(info.date, xmp.date);
    if (gap === null) continue;
    findings.push(
      finding(
        "pdf.date_mismatch",
        "low",
        0.2,
        `${info.name} (${info.date.raw}) and ${xmp.name} (${xmp.date.raw}) differ by ${describeGap(gap)}: a tool updated one copy of the date and not the other.`,
        { [info.name]: info.date.raw, [xmp.name]: xmp.date.raw },
      ),
    );
  }
  return findings;
}
