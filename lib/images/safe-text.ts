// Text drawn into generated images must stay within the glyphs of the local fonts (DejaVu:
// Latin, Greek, Cyrillic, punctuation): a character they lack would be drawn as nothing, so it
// becomes "·" and the reader sees that something was there; long text is cut.
export function safeText(text: string, max = 80): string {
  const kept = [...text.normalize("NFC")]
    .map((c) => (/[\u0020-\u052f\u2000-\u206f\u20a0-\u20bf]/.test(c) ? c : "·"))
    .join("");
  return kept.length > max ? `${kept.slice(0, max - 1)}…` : kept;
}
