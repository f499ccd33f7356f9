// EXIF and XMP the way devices and editors write them: cameras and scanners for genuine files,
// Photoshop/GIMP (software tag, XMP history, later modify date) or out-of-order dates for forgeries.
import type { Look } from "./render/looks";
import type { EncodeOptions } from "./render/encode";
import type { Rng } from "./rng";
import { IMAGE_EDITORS, PHONES, SCANNERS, exifDate } from "./software";

const DAY = 86_400_000;
/** The generator's "now": no file it makes was written after this. */
const LATEST = Date.parse("2026-10-31T00:00:00Z");

export function captureTime(rng: Rng, after: string): Date {
  const from = Math.max(Date.parse(`${after}T00:00:00Z`), Date.parse("2019-01-01T00:00:00Z"));
  const to = LATEST;
  return new Date(from + rng.next() * Math.max(DAY, to - from));
}

/** What the capturing device wrote, or nothing for a clean digital render. */
export function genuineImageMeta(rng: Rng, look: Look, taken: Date): Pick<EncodeOptions, "exif"> {
  if (look === "clean") return {};
  const device = look === "phone" ? rng.pick(PHONES) : rng.pick(SCANNERS);
  const when = exifDate(taken);
  return {
    exif: {
      IFD0: { Make: device.make, Model: device.model, Software: device.software, DateTime: when },
      IFD2: { DateTimeOriginal: when, DateTimeDigitized: when },
    },
  };
}

function xmpPacket(tool: string, agent: string, created: Date, modified: Date): string {
  const iso = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, "Z");
  return `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="Adobe XMP Core 9.1-c001 79.a8d4753, 2023/03/23-08:56:37">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rdf:Description rdf:about=""
    xmlns:xmp="http://ns.adobe.com/xap/1.0/"
    xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/"
    xmlns:stEvt="http://ns.adobe.com/xap/1.0/sType/ResourceEvent#"
    xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/"
   xmp:CreatorTool="${tool}"
   xmp:CreateDate="${iso(created)}"
   xmp:ModifyDate="${iso(modified)}"
   xmp:MetadataDate="${iso(modified)}"
   photoshop:ColorMode="3">
   <xmpMM:History>
    <rdf:Seq>
     <rdf:li stEvt:action="saved" stEvt:when="${iso(modified)}" stEvt:softwareAgent="${agent}" stEvt:changed="/"/>
    </rdf:Seq>
   </xmpMM:History>
  </rdf:Description>
 </rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>`;
}

/** Saved by an image editor after the capture: Software, a later DateTime, XMP CreatorTool and history. */
export function editorImageMeta(rng: Rng, look: Look, taken: Date): Pick<EncodeOptions, "exif" | "xmp"> {
  const editor = rng.pick(IMAGE_EDITORS);
  // The edit happened before the file was sent to us: an editor stamps its save with the real clock.
  const latest = Math.max(LATEST, taken.getTime() + 2 * DAY);
  const modified = new Date(Math.min(latest, taken.getTime() + rng.int(2, 700) * DAY) + rng.int(0, 86_000) * 1000);
  const base = genuineImageMeta(rng, look, taken).exif;
  return {
    exif: {
      IFD0: { ...(base?.IFD0 ?? {}), Software: editor.software, DateTime: exifDate(modified) },
      ...(base?.IFD2 ? { IFD2: base.IFD2 } : {}),
    },
    xmp: xmpPacket(editor.xmpTool, editor.agent, taken, modified),
  };
}

/** Device metadata whose dates cannot be true: modified before it was taken, or taken in the future. */
export function inconsistentDateMeta(rng: Rng, look: Look, taken: Date): Pick<EncodeOptions, "exif"> {
  const device = look === "phone" ? rng.pick(PHONES) : rng.pick(SCANNERS);
  const future = rng.chance(0.5);
  const original = future ? new Date(Date.parse("2031-01-01T00:00:00Z") + rng.int(0, 3000) * DAY) : taken;
  const modified = future ? taken : new Date(taken.getTime() - rng.int(30, 2000) * DAY);
  return {
    exif: {
      IFD0: { Make: device.make, Model: device.model, Software: device.software, DateTime: exifDate(modified) },
      IFD2: { DateTimeOriginal: exifDate(original), DateTimeDigitized: exifDate(original) },
    },
  };
}
