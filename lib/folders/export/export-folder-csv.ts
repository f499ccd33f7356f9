// The folder as a spreadsheet (GET /folders/{id}/export): one row per document with its verdict
// (the reviewed one, with the original, who and why, where reviewed), confidence, type, the key
// fields the engine read and its strongest findings.
import type { DbClient, Verification } from "../../db";
import type { Finding } from "../../forensics/types";
import { timestamp } from "../../http/response";
import type { ReviewedVerdict } from "../../review/reviewed-verdict";
import { fromDbVerdict } from "../../verifications/verdicts";
import { listFolderVerifications } from "../list-folder-verifications";
import { toCsv, type Cell } from "./csv";

const FIELDS = ["holder_name", "date_of_birth", "document_number", "institution", "degree", "issue_date"] as const;
const TOP_FINDINGS = 3;

const HEADER = [
  "verification_id",
  "file_name",
  "doc_type",
  "status",
  "verdict",
  "confidence",
  ...FIELDS,
  "top_findings",
  "added_at",
  "completed_at",
  "original_verdict",
  "reviewed_by",
  "review_reason",
];

export async function exportFolderCsv(db: DbClient, userId: string, folderId: string) {
  const { folder, links } = await listFolderVerifications(db, userId, folderId);
  const rows = links.map(({ verification, addedAt, review }) => row(verification, addedAt, review));
  return { folder, csv: toCsv(HEADER, rows) };
}

/** `verdict` is the reviewed one where the owner or an admin reviewed it; the original stays beside it. */
function row(v: Verification, addedAt: Date, review: ReviewedVerdict | null): Cell[] {
  const report = (v.verdictJson ?? {}) as { fields?: Record<string, unknown>; findings?: Finding[] };
  const fields = report.fields ?? {};
  return [
    v.id,
    v.fileName,
    v.docType,
    v.status,
    v.verdict ? fromDbVerdict(v.verdict) : null,
    v.confidence,
    ...FIELDS.map((key) => scalar(fields[key])),
    topFindings(report.findings ?? []),
    timestamp(addedAt),
    v.completedAt ? timestamp(v.completedAt) : null,
    review?.original_verdict ?? null,
    review ? (review.reviewer === "owner" ? (review.reviewer_email ?? "owner") : "administrator") : null,
    review?.reason ?? null,
  ];
}

function scalar(value: unknown): Cell {
  return typeof value === "string" || typeof value === "number" || typeof value === "boolean" ? value : null;
}

/** The strongest findings that count against the document, most severe first. */
function topFindings(findings: Finding[]): string {
  return findings
    .filter((f) => f.severity !== "info")
    .sort((a, b) => b.score - a.score)
    .slice(0, TOP_FINDINGS)
    .map((f) => `${f.check}: ${f.message}`)
    .join(" | ");
}

/** A download name from the folder's name: letters, digits and dashes. */
export function exportFileName(folder: { name: string; id: string }): string {
  const slug = folder.name
    .normalize("NFKD")
    .replace(/[^\w\s-]/g, "")
    .trim()
    .replace(/\s+/g, "-")
    .slice(0, 60);
  return `credence-folder-${slug || folder.id}.csv`;
}
