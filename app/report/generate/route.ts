import { withApp } from "@/lib/api/app-api";
import { binaryResponse, disposition } from "@/lib/images/binary-response";
import { renderReportPdf, reportFileName } from "@/lib/reports/render-report";
import { ReportInputSchema } from "@/lib/reports/report-input";

export const runtime = "nodejs";

// The verdict JSON the caller holds, as a PDF. No page images: the JSON carries none, and a
// verification id in it is only a label here (the stored report is at /dashboard/verification/{id}/report).
export const POST = withApp(
  {
    operationId: "generateReport",
    summary: "A PDF forensic report from a verdict JSON",
    description:
      "Send a verification as GET /dashboard/verification/{verification_id} answers it, or a bare forensic report.",
    tag: "report",
    access: "user",
    body: { json: ReportInputSchema, limit: 5 * 1024 * 1024 },
    responses: { 200: { description: "PDF attachment.", contentType: "application/pdf" } },
  },
  async ({ body }) => {
    const pdf = await renderReportPdf(body);
    return binaryResponse(pdf, "application/pdf", {
      "content-disposition": disposition("attachment", reportFileName(body)),
      "cache-control": "no-store",
    });
  },
);
