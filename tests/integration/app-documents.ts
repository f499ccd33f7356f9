// Small real documents for the application route tests: a digital-born diploma PDF (text layer,
// so the live engine needs no OCR) and a PNG photo of a page.
import { PDFDocument, rgb, StandardFonts } from "pdf-lib";
import sharp from "sharp";

/** `producer` and `modified` make an edited twin (an editor's save long after issue). */
export async function diplomaPdf(
  name = "Jane Example",
  { producer = "Registrar Office Printing", modified = "2021-06-20T10:00:00Z" } = {},
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setProducer(producer);
  doc.setCreationDate(new Date("2021-06-20T10:00:00Z"));
  doc.setModificationDate(new Date(modified));
  const page = doc.addPage([842, 595]);
  const serif = await doc.embedFont(StandardFonts.TimesRoman);
  const bold = await doc.embedFont(StandardFonts.TimesRomanBold);
  const lines: Array<[string, number, number, typeof serif]> = [
    ["University of Example", 230, 500, bold],
    ["This is to certify that", 330, 430, serif],
    [name, 320, 390, bold],
    ["has been awarded the degree of", 300, 350, serif],
    ["Bachelor of Science in Computer Science", 220, 310, bold],
    ["with all the rights and privileges pertaining thereto.", 250, 270, serif],
    ["Date of award: 15 June 2021", 100, 150, serif],
    ["Diploma No. UE-2021-004512", 560, 150, serif],
    ["Registrar", 120, 90, serif],
    ["President of the University", 560, 90, serif],
  ];
  for (const [text, x, y, font] of lines)
    page.drawText(text, { x, y, size: text === name ? 30 : 18, font, color: rgb(0.1, 0.1, 0.2) });
  return doc.save();
}

export async function pagePng(): Promise<Uint8Array> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="400"><rect width="600" height="400" fill="#fdfcf7"/><rect x="40" y="60" width="520" height="30" fill="#334"/><rect x="40" y="140" width="400" height="16" fill="#667"/></svg>`;
  return new Uint8Array(await sharp(Buffer.from(svg)).png().toBuffer());
}
