import { withApp } from "@/lib/api/app-api";
import { parseJson } from "@/lib/http/request";
import { binaryResponse, disposition } from "@/lib/images/binary-response";
import { renderReportPdf, reportFileName } from "@/lib/reports/render-report";
import { ReportInputSchema } from "@/lib/reports/report-input";

export const runtime = "nodejs";

// The verdict JSON the caller holds, as a PDF. No page images: the JSON carries none, and a
// verification id in it is only a label here (the stored report is at /dashboard/verification/{id}/report).
export const POST = withApp({ access: "user" }, async ({ req }) => {
  const input = await parseJson(req, ReportInputSchema, 5 * 1024 * 1024);
  const pdf = await renderReportPdf(input);
  return binaryResponse(pdf, "application/pdf", {
    "content-disposition": disposition("attachment", reportFileName(input)),
    "cache-control": "no-store",
  });
});
