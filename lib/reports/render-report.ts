import { renderToBuffer } from "@react-pdf/renderer";
import { createElement } from "react";
import { timestamp } from "../http/response";
import { ForensicReportDocument } from "./forensic-report-document";
import type { PageImageForReport, ReportInput } from "./report-input";

/**
 * The PDF bytes of a forensic report. `issuerStatus` (the issuing institution's standing answer, as
 * lib/issuers/issuer-status.ts words it) comes only from a stored verification, never from a caller's JSON.
 */
export async function renderReportPdf(
  input: ReportInput,
  images: PageImageForReport[] = [],
  issuerStatus: string | null = null,
): Promise<Buffer> {
  // renderToBuffer expects a <Document> element; the component renders one.
  const element = createElement(ForensicReportDocument, {
    input,
    images,
    issuerStatus,
    generatedAt: timestamp(new Date()),
  });
  return renderToBuffer(element as Parameters<typeof renderToBuffer>[0]);
}

export function reportFileName(input: ReportInput): string {
  return `credence-report-${(input.verification_id ?? "document").replace(/[^A-Za-z0-9_-]/g, "")}.pdf`;
}
