// Crafted inputs for the pipeline's tests: documents, non-documents and hostile files.
// Text is drawn with librsvg (system fonts are fine for making test inputs, not for the product).
import { PDFDocument, StandardFonts } from "pdf-lib";
import sharp from "sharp";
import type { TextItem } from "@/lib/forensics/context";

export const DIPLOMA_LINES = [
  "UNIVERSITY OF EXAMPLE",
  "This is to certify that",
  "John Alexander Smith",
  "has been admitted to the degree of",
  "Bachelor of Science in Physics",
  "with First Class Honours",
  "Conferred on 12 June 2023",
  "Certificate No. 2023-44817",
];

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");

/** A document page as an SVG: text lines on paper. */
export function documentSvg(lines: string[], width = 1240, height = 1754, paper = "#f6f3ec"): string {
  const size = Math.round(width * 0.03);
  const body = lines
    .map(
      (l, i) =>
        `<text x="${width * 0.1}" y="${Math.round(height * 0.12 + i * size * 1.9)}" font-family="DejaVu Serif" font-size="${size}" fill="#1a1a1a">${esc(l)}</text>`,
    )
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${paper}"/>${body}</svg>`;
}

export async function documentImage(
  lines: string[],
  format: "jpeg" | "png" | "webp" | "tiff" | "avif" = "jpeg",
  width = 1240,
  height = 1754,
  paper = "#f6f3ec",
): Promise<Buffer> {
  return sharp(Buffer.from(documentSvg(lines, width, height, paper)))
    .toFormat(format)
    .toBuffer();
}

/** A desktop screenshot in a light theme: pale background, white cards, one coloured app bar. */
export async function desktopScreenshot(
  texts = [0, 1, 2, 3].map((i) => `Order ${1000 + i} shipped to your address`),
): Promise<Buffer> {
  const cards = texts
    .map(
      (text, i) =>
        `<rect x="240" y="${160 + i * 210}" width="1100" height="180" rx="12" fill="#ffffff"/><text x="280" y="${230 + i * 210}" font-family="DejaVu Sans" font-size="26" fill="#222">${esc(text)}</text>`,
    )
    .join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1920" height="1080"><rect width="100%" height="100%" fill="#f5f6f8"/><rect width="1920" height="40" fill="#ffffff"/><rect y="60" width="1920" height="56" fill="#1877f2"/><text x="60" y="98" font-family="DejaVu Sans" font-size="28" fill="#fff">Orders</text>${cards}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

export async function documentPdf(lines: string[], pages = 1): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.TimesRoman);
  for (let p = 0; p < pages; p++) {
    const page = doc.addPage([595, 842]);
    lines.forEach((l, i) => page.drawText(l, { x: 60, y: 760 - i * 32, size: 16, font }));
  }
  return doc.save();
}

/** A scanned PDF: the page is one image, no text layer. */
export async function scannedPdf(lines: string[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const jpg = await doc.embedJpg(await documentImage(lines, "jpeg", 1240, 1754));
  const page = doc.addPage([595, 842]);
  page.drawImage(jpg, { x: 0, y: 0, width: 595, height: 842 });
  return doc.save();
}

/** A face-like picture: skin-toned oval and shoulders on a coloured, noisy background. */
export async function selfieImage(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="1200">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#4a7fb8"/><stop offset="1" stop-color="#6b8f4a"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <ellipse cx="450" cy="520" rx="250" ry="330" fill="#d9a07f"/>
    <ellipse cx="450" cy="260" rx="270" ry="140" fill="#3b2a20"/>
    <circle cx="360" cy="480" r="28" fill="#2b1d14"/><circle cx="540" cy="480" r="28" fill="#2b1d14"/>
    <path d="M380 680 Q450 730 520 680" stroke="#8a3b3b" stroke-width="14" fill="none"/>
    <rect x="120" y="880" width="660" height="320" rx="120" fill="#b8334a"/>
  </svg>`;
  return sharp(Buffer.from(svg)).blur(2).jpeg({ quality: 85 }).toBuffer();
}

/** A meme: a colourful picture with big captions at the top and bottom. */
export async function memeImage(): Promise<Buffer> {
  const caption = (y: number, t: string) =>
    `<text x="400" y="${y}" text-anchor="middle" font-family="DejaVu Sans" font-weight="bold" font-size="64" fill="#ffffff" stroke="#000000" stroke-width="3">${t}</text>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800">
    <defs><radialGradient id="g"><stop offset="0" stop-color="#f2b134"/><stop offset="1" stop-color="#1f6f8b"/></radialGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <ellipse cx="400" cy="420" rx="180" ry="220" fill="#c98b5f"/>
    ${caption(90, "WHEN THE CODE")} ${caption(760, "WORKS FIRST TIME")}
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/** A colourful square picture with big captions at the top and bottom and smaller lines between. */
export async function colourfulPoster(captions: [string, string], middle: string[]): Promise<Buffer> {
  const caption = (y: number, t: string) =>
    `<text x="400" y="${y}" text-anchor="middle" font-family="DejaVu Sans" font-weight="bold" font-size="60" fill="#ffffff" stroke="#000000" stroke-width="2">${esc(t)}</text>`;
  const body = middle
    .map(
      (t, i) =>
        `<text x="400" y="${330 + i * 60}" text-anchor="middle" font-family="DejaVu Sans" font-size="34" fill="#10243a">${esc(t)}</text>`,
    )
    .join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f2b134"/><stop offset="1" stop-color="#1f9f8b"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <rect x="120" y="250" width="560" height="260" rx="20" fill="#fdf6e3"/>
    ${caption(110, captions[0])} ${caption(740, captions[1])} ${body}
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * A picture an app exports: white type straight on a saturated orange-to-pink gradient (no paper
 * panel), rings on one side; `lines` from the top, the first one large.
 */
export async function gradientPicture(lines: string[]): Promise<Buffer> {
  const text = lines
    .map(
      (t, i) =>
        `<text x="110" y="${200 + i * 110}" font-family="DejaVu Sans" font-weight="${i === 0 ? "bold" : "normal"}" font-size="${i === 0 ? 96 : 44}" fill="#ffffff">${esc(t)}</text>`,
    )
    .join("");
  const rings = [
    [1380, 200, 90],
    [1250, 560, 130],
    [1450, 900, 70],
  ]
    .map(([x, y, r]) => `<circle cx="${x}" cy="${y}" r="${r}" fill="none" stroke="#ffffff" stroke-width="8"/>`)
    .join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1130">
    <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ff5e3a"/><stop offset="1" stop-color="#e91e63"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>${rings}${text}
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A phone screenshot of a chat: status bar, app bar, flat bubbles. */
export async function screenshotImage(): Promise<Buffer> {
  const bubble = (y: number, right: boolean, t: string) => {
    const x = right ? 380 : 40;
    return `<rect x="${x}" y="${y}" width="660" height="120" rx="24" fill="${right ? "#dcf8c6" : "#ffffff"}"/><text x="${x + 30}" y="${y + 72}" font-family="DejaVu Sans" font-size="40" fill="#111">${t}</text>`;
  };
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1080" height="2340">
    <rect width="100%" height="100%" fill="#ece5dd"/>
    <rect width="1080" height="90" fill="#054d44"/>
    <rect y="90" width="1080" height="170" fill="#075e54"/>
    <text x="180" y="200" font-family="DejaVu Sans" font-size="52" fill="#ffffff">Alex</text>
    ${bubble(340, false, "are you coming tonight?")}
    ${bubble(500, true, "yes, leaving in ten")}
    ${bubble(660, false, "great, see you there")}
    <rect y="2180" width="1080" height="160" fill="#f0f0f0"/>
    <rect x="40" y="2205" width="860" height="110" rx="55" fill="#ffffff"/>
    <circle cx="970" cy="2260" r="55" fill="#128c7e"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

export async function blankImage(): Promise<Buffer> {
  return sharp({ create: { width: 1240, height: 1754, channels: 3, background: "#fbfbfb" } })
    .png()
    .toBuffer();
}

/** A PDF written by hand, so tests can put in it what no library would write. */
export function rawPdf(objects: string[], trailerExtra = ""): Uint8Array {
  let out = "%PDF-1.7\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, "latin1"));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, "latin1");
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("");
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailerExtra} >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(out, "latin1"));
}

/** A PNG whose header claims `width`×`height` with almost no data: a decompression bomb's calling card. */
export function pngHeaderBomb(width: number, height: number): Uint8Array {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk("IHDR", ihdr),
      chunk("IDAT", Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
      chunk("IEND", Buffer.alloc(0)),
    ]),
  );
}

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const b of buf) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

/**
 * Text lines as a page's text items: one item per word, columns ("  " in the line) set apart,
 * as OCR would return them.
 */
export function itemsFromLines(lines: string[], lineHeight = 0.02): TextItem[] {
  const charWidth = lineHeight * 0.5;
  const items: TextItem[] = [];
  lines.forEach((line, row) => {
    let x = 0.05;
    for (const column of line.split(/ {2,}/)) {
      for (const word of column.split(" ").filter(Boolean)) {
        items.push({
          text: word,
          x,
          y: 0.05 + row * lineHeight * 1.6,
          width: word.length * charWidth,
          height: lineHeight,
          source: "ocr",
          confidence: 90,
        });
        x += (word.length + 1) * charWidth;
      }
      x += lineHeight * 3;
    }
  });
  return items;
}

/** Words at explicit positions (x, row), for layouts such as labels above values. */
export function itemsAt(words: Array<[string, number, number]>, lineHeight = 0.02): TextItem[] {
  return words.map(([text, x, row]) => ({
    text,
    x,
    y: 0.05 + row * lineHeight * 1.6,
    width: text.length * lineHeight * 0.5,
    height: lineHeight,
    source: "ocr" as const,
    confidence: 90,
  }));
}
