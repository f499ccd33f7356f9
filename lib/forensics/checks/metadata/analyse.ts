// Runs the metadata findings that fit the file: PDF metadata for PDFs, EXIF/XMP/IPTC and the
// EXIF thumbnail for images.
import type { DocumentContext } from "../../context";
import type { Finding } from "../../types";
import { deviceFindings, imageDateFindings, softwareFindings } from "./image-findings";
import { pdfMetadataFindings } from "./pdf-findings";
import { readImageMetadata, type ImageMetadata } from "./read-image-metadata";
import { compareThumbnail, thumbnailFinding } from "./thumbnail";

export async function analyseMetadata(ctx: DocumentContext, log: (message: string) => void): Promise<Finding[]> {
  if (ctx.format === "pdf") return pdfMetadataFindings(ctx.bytes);
  const meta = await readImageMetadata(ctx.bytes, ctx.format);
  const findings = [...softwareFindings(meta), ...imageDateFindings(meta), ...deviceFindings(meta)];
  if (meta.thumbnail) {
    try {
      const comparison = await compareThumbnail(ctx.bytes, meta.thumbnail, ctx.limits.maxPixels);
      const finding = comparison && thumbnailFinding(comparison, Number(meta.tags.Orientation ?? 1));
      if (finding) findings.push(finding);
      log(
        comparison
          ? `EXIF thumbnail compared: mean difference ${comparison.meanDiff.toFixed(1)}`
          : "EXIF thumbnail not comparable",
      );
    } catch (error) {
      log(`EXIF thumbnail could not be compared: ${(error as Error).message}`);
    }
  }
  findings.push(summary(meta));
  return findings;
}

function summary({ tags, xmp, thumbnail, pngText }: ImageMetadata): Finding {
  const pick = (k: string) => (tags[k] === undefined ? null : String(tags[k]));
  const empty = Object.keys(tags).length === 0 && !xmp && Object.keys(pngText).length === 0;
  return {
    check: "metadata.summary",
    severity: "info",
    score: 0,
    message: empty
      ? "The image carries no EXIF or XMP metadata (stripped, as messaging apps, screenshots and many exports do): there was nothing to check."
      : "The image's EXIF/XMP metadata was read and checked for editing software, date consistency and its thumbnail.",
    page: null,
    region: null,
    evidence: {
      make: pick("Make"),
      model: pick("Model"),
      software: pick("Software"),
      date_time_original: pick("DateTimeOriginal"),
      modify_date: pick("ModifyDate"),
      creator_tool: xmp?.get("xmp:CreatorTool") ?? null,
      has_thumbnail: Boolean(thumbnail),
      xmp_history_events: xmp?.history.length ?? 0,
    },
  };
}
