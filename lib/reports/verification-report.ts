// The report of a stored verification: its verdict plus the page images that carry evidence
// (every page with a marked region, else the first), rendered once and reused.
import sharp from "sharp";
import type { Db, Verification } from "../db";
import { pageJpeg, pagesOf } from "../images/page-images";
import { standingIssuerStatus } from "../issuers/issuer-status";
import { log } from "../log";
import { reportInputOf, type PageImageForReport } from "./report-input";
import { renderReportPdf } from "./render-report";

const MAX_PAGES_IN_REPORT = 10;

export async function verificationReportPdf(db: Db, verification: Verification) {
  const input = reportInputOf(verification);
  const withRegions = [...new Set(input.findings.filter((f) => f.region && f.page).map((f) => f.page as number))].sort(
    (a, b) => a - b,
  );
  const pages = (withRegions.length > 0 ? withRegions : [1])
    .filter((p) => p <= pagesOf(verification))
    .slice(0, MAX_PAGES_IN_REPORT);
  const images: PageImageForReport[] = [];
  if (verification.status === "completed") {
    for (const page of pages) {
      try {
        const jpeg = await pageJpeg(db, verification, page);
        const { width = 1, height = 1 } = await sharp(jpeg).metadata();
        images.push({ page, jpeg, width, height });
      } catch (error) {
        // A report without the picture is still a report (e.g. the original's retention has passed).
        log.warn("report without page image", { verificationId: verification.id, page, error: String(error) });
      }
    }
  }
  const issuer = await standingIssuerStatus(db, verification.id);
  return { input, pdf: await renderReportPdf(input, images, issuer?.text ?? null) };
}
