// What the result and share pages need from a stored verification, with the test-mode report
// (no findings, no pages) and a pending or failed verification handled in one place.
import type { Finding, ForensicReport } from "@/lib/forensics/types";

export const SEVERITY_ORDER: Finding["severity"][] = ["critical", "high", "medium", "low", "info"];

export const SEVERITY_STYLE: Record<Finding["severity"], { box: string; dot: string; label: string }> = {
  critical: { box: "border-red-600 bg-red-500/15", dot: "bg-red-600", label: "Critical" },
  high: { box: "border-orange-500 bg-orange-400/15", dot: "bg-orange-500", label: "High" },
  medium: { box: "border-amber-500 bg-amber-300/15", dot: "bg-amber-500", label: "Medium" },
  low: { box: "border-sky-500 bg-sky-300/10", dot: "bg-sky-500", label: "Low" },
  info: { box: "border-slate-400 bg-slate-300/10", dot: "bg-slate-400", label: "Info" },
};

export interface NumberedFinding extends Finding {
  n: number;
}

export function asForensicReport(report: unknown): Partial<ForensicReport> & { summary?: string } {
  return report && typeof report === "object" ? (report as Partial<ForensicReport>) : {};
}

export function numberedFindings(report: Partial<ForensicReport>): NumberedFinding[] {
  const findings = [...(report.findings ?? [])].sort(
    (a, b) => SEVERITY_ORDER.indexOf(a.severity) - SEVERITY_ORDER.indexOf(b.severity) || b.score - a.score,
  );
  return findings.map((f, i) => ({ ...f, n: i + 1 }));
}

export function pagesWithFindings(report: Partial<ForensicReport>, pageCount: number): number[] {
  const analysed = report.pages?.map((p) => p.page) ?? [];
  const pages = analysed.length > 0 ? analysed : Array.from({ length: Math.min(pageCount, 3) }, (_, i) => i + 1);
  return pages.slice(0, 10);
}

export function percent(confidence: number | null | undefined): string {
  return `${Math.round((confidence ?? 0) * 100)} %`;
}

export function label(text: string): string {
  return text.replace(/_/g, " ").replace(/^\w/, (c) => c.toUpperCase());
}
