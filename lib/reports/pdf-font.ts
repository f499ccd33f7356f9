// Which font a report uses. PDF viewers carry Helvetica themselves, so a report whose text fits
// its WinAnsi (Windows-1252) encoding needs no embedded font and renders several times faster;
// any other character (Greek, Cyrillic, symbols) switches the whole report to embedded DejaVu.
const CP1252_EXTRAS = new Set([..."€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ"].map((c) => c.codePointAt(0)!));

export function fitsWinAnsi(text: string): boolean {
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code === 0x0a || code === 0x0d || code === 0x09) continue;
    if ((code >= 0x20 && code < 0x7f) || (code >= 0xa0 && code <= 0xff) || CP1252_EXTRAS.has(code)) continue;
    return false;
  }
  return true;
}

export type PdfFontFamily = "Helvetica" | "DejaVu";

export function reportFontFamily(texts: unknown): PdfFontFamily {
  return fitsWinAnsi(JSON.stringify(texts)) ? "Helvetica" : "DejaVu";
}
