import { renderToBuffer } from "@react-pdf/renderer";
import { createElement } from "react";
import { timestamp } from "../http/response";
import { ForensicReportDocument } from "./forensic-report-document";
import type { PageImageForReport, ReportInput } from "./report-input";

/** The PDF bytes of a forensic report. */
export async function renderReportPdf(input: ReportInput, images: PageImageForReport[] = []): Promise<Buffer> {
  // renderToBuffer expects a <Document> element; the component renders one.
  const element = createElement(ForensicReportDocument, { input, images, generatedAt: timestamp(new Date()) });
  return renderToBuffer(element as Parameters<typeof renderToBuffer>[0]);
}

export function reportFileName(input: ReportInput): string {
  return `credence-report-${(input.verification_id ?? "document").replace(/[^A-Za-z0-9_-]/g, "")}.pdf`;
}
