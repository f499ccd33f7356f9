// Whether an image editor wrote the file back after it existed elsewhere. Naming an editor alone is
// weak (scans are often made or cropped in one); its own XMP history saying it saved a picture that a
// camera or scanner took, or that was created earlier, is the trace of opening and re-saving it.
import type { EditingTool } from "../pdf/editing-tools";
import { meaningfulGap, parseIsoDate, type ParsedDate } from "./dates";
import type { ImageMetadata } from "./read-image-metadata";
import type { XmpEvent } from "./xmp";

const SAVE = /saved|edited|derived|converted|modified/i;

export interface EditorSave {
  event: XmpEvent;
  /** What shows the picture existed before the editor saved it. */
  origin: string;
}

const str = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : undefined);

/** The editor's save event after an origin outside it, or null when the editor may have made the file. */
export function editorSaveAfterOrigin(
  { tags, xmp }: Pick<ImageMetadata, "tags" | "xmp">,
  tool: EditingTool,
  captured: ParsedDate | null,
): EditorSave | null {
  const history = xmp?.history ?? [];
  const byTool = (e: XmpEvent) => Boolean(e.softwareAgent && tool.pattern.test(e.softwareAgent));
  // Created in the editor (a scan imported into it, a new canvas): saving it is the normal workflow.
  if (history.some((e) => /created/i.test(e.action ?? "") && byTool(e))) return null;
  const event = history.find((e) => SAVE.test(e.action ?? "") && byTool(e));
  if (!event) return null;
  const device = [str(tags.Make), str(tags.Model)].filter(Boolean).join(" ");
  if (device) return { event, origin: `the picture was taken by ${device}` };
  const savedAt = parseIsoDate(event.when ?? xmp?.get("xmp:ModifyDate"));
  const created = captured ?? parseIsoDate(xmp?.get("xmp:CreateDate"));
  const gap = savedAt && created ? meaningfulGap(created, savedAt) : null;
  if (gap !== null && gap > 0) return { event, origin: `the file was created on ${created!.raw}` };
  return null;
}
