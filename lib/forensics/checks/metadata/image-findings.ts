// Findings from an image's metadata: editing software, dates that contradict each other, and
// device tags that cannot belong together.
import type { Finding } from "../../types";
import { IMAGE_EDITING_TOOLS, matchTools } from "../pdf/editing-tools";
import { DAY_MS, describeGap, meaningfulGap, parseIsoDate, type ParsedDate } from "./dates";
import { editorSaveAfterOrigin } from "./editor-save";
import type { ImageMetadata } from "./read-image-metadata";

const str = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : undefined);

export function softwareFindings({ tags, xmp, pngText }: ImageMetadata): Finding[] {
  const sources: Array<[string, string | undefined]> = [
    ["EXIF Software", str(tags.Software)],
    ["EXIF ProcessingSoftware", str(tags.ProcessingSoftware)],
    ["IPTC OriginatingProgram", str(tags.OriginatingProgram)],
    ["PNG Software", pngText.Software],
    ["PNG Comment", pngText.Comment],
    ["XMP CreatorTool", xmp?.get("xmp:CreatorTool")],
    // Adobe tools stamp their name into the document ids even when Software was stripped.
    ["XMP DocumentID", xmp?.get("xmpMM:DocumentID")],
    ["XMP OriginalDocumentID", xmp?.get("xmpMM:OriginalDocumentID")],
    ...(xmp?.history ?? []).map((e, i): [string, string | undefined] => [
      `XMP history event ${i + 1} (${e.action ?? "?"})`,
      e.softwareAgent ?? undefined,
    ]),
  ];
  const captured = capturedDate(tags);
  const modified = exifDate(tags.ModifyDate, tags.OffsetTime);
  const findings: Finding[] = matchTools(
    sources.map(([, v]) => v),
    IMAGE_EDITING_TOOLS,
  ).map((tool) => {
    const fields = sources.filter(([, v]) => v && tool.pattern.test(v)).map(([k]) => k);
    // Lightroom-class tools (low) develop photos; only a retouching editor's save weighs more.
    const resave = tool.severity === "medium" ? editorSaveAfterOrigin({ tags, xmp }, tool, captured, modified) : null;
    return {
      check: "metadata.software",
      severity: resave ? "high" : tool.severity,
      score: resave ? 0.65 : tool.score,
      message: resave
        ? `According to the ${resave.record}, ${tool.tool} saved this image${resave.when ? ` on ${resave.when}` : ""}, although ${resave.origin}: it was opened in ${tool.why} and saved again.`
        : `The image was saved by ${tool.tool} ("${tool.value}", in ${fields.join(", ")}), ${tool.why}.`,
      page: 1,
      region: null,
      evidence: { tool: tool.tool, value: tool.value, fields, ...(resave ? { saved_after: resave.origin } : {}) },
    };
  });
  const saves = (xmp?.history ?? []).filter((e) => /saved|edited|derived|converted|modified/i.test(e.action ?? ""));
  if (saves.length && !findings.length) {
    findings.push({
      check: "metadata.edit_history",
      severity: "low",
      score: 0.1,
      message: `The image's XMP history records ${saves.length} save or edit event(s) after it was first created (by ${[...new Set(saves.map((e) => e.softwareAgent ?? "unnamed software"))].join(", ")}).`,
      page: 1,
      region: null,
      evidence: { history: saves.slice(0, 20) },
    });
  }
  return findings;
}

function exifDate(value: unknown, offset: unknown): ParsedDate | null {
  const raw = str(value);
  if (!raw || /^0000[:-]00[:-]00/.test(raw)) return null;
  const zone = str(offset);
  return parseIsoDate(zone && !/[zZ]|[+-]\d\d:?\d\d$/.test(raw) ? `${raw}${zone}` : raw);
}

function capturedDate(tags: ImageMetadata["tags"]): ParsedDate | null {
  return (
    exifDate(tags.DateTimeOriginal, tags.OffsetTimeOriginal) ?? exifDate(tags.CreateDate, tags.OffsetTimeDigitized)
  );
}

export function imageDateFindings({ tags, xmp }: ImageMetadata, now = Date.now()): Finding[] {
  const findings: Finding[] = [];
  const captured = capturedDate(tags);
  const modified = exifDate(tags.ModifyDate, tags.OffsetTime);
  const xmpModified = parseIsoDate(xmp?.get("xmp:ModifyDate"));
  const camera = Boolean(str(tags.Make) || str(tags.Model));
  const dates: Array<[string, ParsedDate | null]> = [
    ["DateTimeOriginal", captured],
    ["ModifyDate", modified],
    ["XMP ModifyDate", xmpModified],
    ["XMP CreateDate", parseIsoDate(xmp?.get("xmp:CreateDate"))],
  ];
  const push = (
    check: string,
    severity: Finding["severity"],
    score: number,
    message: string,
    evidence: Record<string, unknown>,
  ) => findings.push({ check, severity, score, message, page: 1, region: null, evidence });

  for (const [name, date] of dates) {
    if (!date) continue;
    if (date.problem)
      push("metadata.impossible_date", "medium", 0.3, `${name} "${date.raw}" is not a real date (${date.problem}).`, {
        field: name,
        value: date.raw,
      });
    else if (date.time! > now + DAY_MS)
      push("metadata.impossible_date", "medium", 0.35, `${name} ${date.raw} lies in the future.`, {
        field: name,
        value: date.raw,
      });
    else if (camera && date.time! < Date.UTC(1990, 0, 1))
      push(
        "metadata.impossible_date",
        "low",
        0.15,
        `${name} ${date.raw} is before 1990 on a picture from a digital camera: the camera clock was unset or the date was edited.`,
        { field: name, value: date.raw },
      );
  }
  if (captured && modified) {
    const gap = meaningfulGap(captured, modified);
    const evidence = { DateTimeOriginal: captured.raw, ModifyDate: modified.raw };
    if (gap !== null && gap < 0) {
      // A camera writes both at the shutter and an editor only moves ModifyDate later: a file
      // modified days before it was taken had a date written by hand (or copied from another file).
      const days = -gap >= DAY_MS;
      push(
        "metadata.dates",
        days ? "high" : "medium",
        days ? 0.65 : 0.3,
        `The image was last modified (${modified.raw}) ${describeGap(gap)} before it was taken (${captured.raw}), which no camera or editor writes: one of the dates was rewritten.`,
        evidence,
      );
    } else if (gap !== null && gap > DAY_MS) {
      push(
        "metadata.dates",
        "low",
        gap > 30 * DAY_MS ? 0.2 : 0.1,
        `The image was modified ${describeGap(gap)} after it was taken (taken ${captured.raw}, modified ${modified.raw}).`,
        evidence,
      );
    }
  }
  if (modified && xmpModified) {
    const gap = meaningfulGap(modified, xmpModified);
    if (gap !== null) {
      push(
        "metadata.date_mismatch",
        "low",
        0.2,
        `EXIF ModifyDate (${modified.raw}) and XMP ModifyDate (${xmpModified.raw}) differ by ${describeGap(gap)}: a tool updated one and not the other.`,
        { ModifyDate: modified.raw, "XMP ModifyDate": xmpModified.raw },
      );
    }
  }
  return findings;
}

const SCANNER =
  /canoscan|imagerunner|imageclass|scansnap|\bfi-\d|perfection|expression \d|scanjet|officejet|laserjet|workcentre|versalink|\bmfc-|\bdcp-|\bads-\d|ecosys|taskalfa|bizhub|aficio|\bmx-\d/i;

/** Scanners have no shutter or aperture: a scanner model with exposure tags is assembled metadata. */
export function deviceFindings({ tags }: ImageMetadata): Finding[] {
  const device = [str(tags.Make), str(tags.Model)].filter(Boolean).join(" ");
  if (!device || !SCANNER.test(device)) return [];
  const cameraTags = ["ExposureTime", "FNumber", "FocalLength", "ISO", "GPSLatitude"].filter(
    (k) => tags[k] !== undefined,
  );
  if (!cameraTags.length) return [];
  return [
    {
      check: "metadata.device_mismatch",
      severity: "medium",
      score: 0.35,
      message: `The metadata names the scanner "${device}" but also carries camera-only tags (${cameraTags.join(", ")}): it was copied from another file or written by hand.`,
      page: 1,
      region: null,
      evidence: { device, camera_tags: cameraTags },
    },
  ];
}
