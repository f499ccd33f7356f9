// Whether an image editor wrote the file back after it existed elsewhere. Naming an editor alone is
// weak (scans are often made or cropped in one); its own XMP history saying it saved a picture that a
// camera or scanner took, or that was created earlier, is the trace of opening and re-saving it. So
// is a camera's picture whose EXIF Software the editor overwrote with its name, with a ModifyDate
// after the shutter: editors that keep no history (or whose history was dropped) leave that.
// Without a camera or scanner, a creation date the editor itself recorded (its name in XMP
// CreatorTool) is no origin elsewhere: a picture composed in Photoshop and saved by Photoshop
// years later is how designed documents and published specimens are kept, not a trace of change.
import type { EditingTool } from "../pdf/editing-tools";
import { meaningfulGap, parseIsoDate, type ParsedDate } from "./dates";
import type { ImageMetadata } from "./read-image-metadata";
import type { XmpEvent } from "./xmp";

const SAVE = /saved|edited|derived|converted|modified/i;

export interface EditorSave {
  /** Where the save is recorded. */
  record: "XMP history" | "EXIF Software and ModifyDate";
  /** When the editor saved, as written. */
  when: string | null;
  /** What shows the picture existed before the editor saved it. */
  origin: string;
}

const str = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : undefined);

/** The editor's save event after an origin outside it, or null when the editor may have made the file. */
export function editorSaveAfterOrigin(
  { tags, xmp }: Pick<ImageMetadata, "tags" | "xmp">,
  tool: EditingTool,
  captured: ParsedDate | null,
  modified: ParsedDate | null,
): EditorSave | null {
  const history = xmp?.history ?? [];
  const byTool = (e: XmpEvent) => Boolean(e.softwareAgent && tool.pattern.test(e.softwareAgent));
  // Created in the editor (a scan imported into it, a new canvas): saving it is the normal workflow.
  if (history.some((e) => /created/i.test(e.action ?? "") && byTool(e))) return null;
  const device = [str(tags.Make), str(tags.Model)].filter(Boolean).join(" ");
  const event = history.find((e) => SAVE.test(e.action ?? "") && byTool(e));
  if (!event) return exifSave(tags, tool, device, captured, modified);
  const record = "XMP history";
  if (device) return { record, when: event.when, origin: `the picture was taken by ${device}` };
  const savedAt = parseIsoDate(event.when ?? xmp?.get("xmp:ModifyDate"));
  const creatorTool = xmp?.get("xmp:CreatorTool");
  const madeByTool = Boolean(creatorTool && tool.pattern.test(creatorTool));
  const created = captured ?? (madeByTool ? null : parseIsoDate(xmp?.get("xmp:CreateDate")));
  const gap = savedAt && created ? meaningfulGap(created, savedAt) : null;
  if (gap !== null && gap > 0) return { record, when: event.when, origin: `the file was created on ${created!.raw}` };
  return null;
}

/** A camera's picture whose Software names the editor and whose ModifyDate follows the shutter. */
function exifSave(
  tags: ImageMetadata["tags"],
  tool: EditingTool,
  device: string,
  captured: ParsedDate | null,
  modified: ParsedDate | null,
): EditorSave | null {
  const software = str(tags.Software);
  if (!device || !software || !tool.pattern.test(software) || !captured || !modified) return null;
  const gap = meaningfulGap(captured, modified);
  if (gap === null || gap <= 0) return null;
  return {
    record: "EXIF Software and ModifyDate",
    when: modified.raw,
    origin: `the picture was taken by ${device} on ${captured.raw}`,
  };
}
