import path from "node:path";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

const STANDARD_FONTS = `${path.resolve("node_modules/pdfjs-dist/standard_fonts")}/`;

/** All text of a PDF as pdfjs reads it, to check a downloaded report or export says what it should. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdf = await getDocument({ data: bytes, useSystemFonts: false, standardFontDataUrl: STANDARD_FONTS }).promise;
  const parts: string[] = [];
  for (let i = 1; i <= pdf.numPages; i++) {
    const content = await (await pdf.getPage(i)).getTextContent();
    parts.push(content.items.map((item) => ("str" in item ? item.str : "")).join(" "));
  }
  await pdf.destroy();
  return parts.join("\n");
}
