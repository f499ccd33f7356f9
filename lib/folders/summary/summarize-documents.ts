// The consistency summary of a set of documents: each attribute's values grouped, the documents
// behind each value, and whether they agree. Pure: the caller reads the documents.
import type { Verdict } from "../../forensics/types";
import { ATTRIBUTES, type Attribute } from "./attributes";
import type { Comparison, ComparisonStatus, FolderSummary } from "./summary-schema";
import { worstVerdict } from "./worst-verdict";

export interface SummaryDocument {
  verification_id: string;
  doc_type: string | null;
  file_name: string | null;
  status: "pending" | "completed" | "failed";
  verdict: Verdict | null;
  /** The fields the engine read (report.fields); null while there is no report. */
  fields: Record<string, unknown> | null;
}

const DOC_TYPE_NAMES: Record<string, string> = { passport: "passports", id_card: "ID cards" };

export function summarizeDocuments(documents: SummaryDocument[]): FolderSummary {
  const analysed = documents.filter((d) => d.status === "completed" && d.fields);
  const comparisons = ATTRIBUTES.flatMap((attribute) => compareAttribute(attribute, analysed));
  const conflicts = comparisons.filter((c) => c.status === "conflict").length;
  const corroborated = comparisons.some((c) => c.status !== "single");
  const verdictCounts: Record<string, number> = {};
  for (const d of documents) if (d.verdict) verdictCounts[d.verdict] = (verdictCounts[d.verdict] ?? 0) + 1;
  return {
    object: "folder_summary",
    status: conflicts > 0 ? "conflicts" : corroborated ? "consistent" : "not_enough_data",
    document_count: documents.length,
    analysed_count: analysed.length,
    pending_count: documents.filter((d) => d.status === "pending").length,
    worst_verdict: worstVerdict(documents.map((d) => d.verdict)),
    verdict_counts: verdictCounts,
    conflict_count: conflicts,
    comparisons,
  };
}

function compareAttribute(attribute: Attribute, documents: SummaryDocument[]): Comparison[] {
  const inScope = documents.filter((d) => !attribute.docTypes || attribute.docTypes.includes(d.doc_type ?? ""));
  const groups = attribute.perType ? groupBy(inScope, (d) => d.doc_type ?? "other") : new Map([["", inScope]]);
  const out: Comparison[] = [];
  for (const [docType, group] of groups) {
    const scope = attribute.perType ? (DOC_TYPE_NAMES[docType] ?? docType) : attribute.scope;
    const comparison = compareValues(attribute, group, scope);
    if (comparison) out.push(comparison);
  }
  return out;
}

function compareValues(attribute: Attribute, documents: SummaryDocument[], scope: string): Comparison | null {
  const values = new Map<string, Comparison["values"][number]>();
  for (const d of documents) {
    const read = attribute.read(d.fields ?? {});
    if (!read) continue;
    const entry = values.get(read.key) ?? { value: read.shown, sources: [] };
    entry.sources.push({ verification_id: d.verification_id, doc_type: d.doc_type, file_name: d.file_name });
    values.set(read.key, entry);
  }
  if (values.size === 0) return null;
  const list = [...values.values()];
  const sourceCount = list.reduce((n, v) => n + v.sources.length, 0);
  let status: ComparisonStatus = sourceCount < 2 ? "single" : "agree";
  let note: string | null = null;
  const keys = [...values.keys()];
  for (let i = 0; i < keys.length; i++) {
    for (let j = i + 1; j < keys.length; j++) {
      const match = attribute.compare?.(list[i].value, list[j].value) ?? { kind: "different" as const };
      if (match.kind === "different") {
        status = "conflict";
        note = `"${list[i].value}" and "${list[j].value}" do not match`;
      } else if (match.kind === "variant" && status !== "conflict") {
        status = "variant";
        note = `"${list[i].value}" and "${list[j].value}": ${match.reason}`;
      }
    }
  }
  return { attribute: attribute.key, label: attribute.label, scope, status, note, values: list };
}

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of items) map.set(key(item), [...(map.get(key(item)) ?? []), item]);
  return map;
}
