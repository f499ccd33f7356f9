// Renders the 37 glyphs of the machine-readable zone (A–Z, 0–9, '<') from the OCR-B font in
// lib/forensics/checks/mrz/ocr-b/ into the templates the zone reader matches cells against.
// Run after changing the font or glyph-shape.ts: `npx tsx scripts/render-ocrb-templates.ts`.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { createCanvas, GlobalFonts } from "@napi-rs/canvas";
import { glyphShape, inkBox } from "../lib/forensics/checks/mrz/glyph-shape";

const dir = path.join(import.meta.dirname, "..", "lib", "forensics", "checks", "mrz", "ocr-b");
GlobalFonts.registerFromPath(path.join(dir, "OCRB.otf"), "OCR-B");

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<";
const SIZE = 96;

function render(ch: string) {
  const canvas = createCanvas(SIZE * 2, SIZE * 2);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#fff";
  ctx.fillRect(0, 0, SIZE * 2, SIZE * 2);
  ctx.fillStyle = "#000";
  ctx.font = `${SIZE}px OCR-B`;
  ctx.fillText(ch, SIZE / 2, SIZE * 1.5);
  const rgba = ctx.getImageData(0, 0, SIZE * 2, SIZE * 2).data;
  const data = new Uint8Array(SIZE * SIZE * 4);
  for (let i = 0; i < data.length; i++) data[i] = rgba[i * 4] as number;
  return { data, width: SIZE * 2, height: SIZE * 2 };
}

const whole = { x0: 0, y0: 0, x1: SIZE * 2, y1: SIZE * 2 };
const cap = inkBox(render("H"), whole, 128);
if (!cap) throw new Error("the font drew no H");
const capHeight = cap.y1 - cap.y0;
const midY = (cap.y0 + cap.y1) / 2;
const templates = [...ALPHABET].map((ch) => {
  const image = render(ch);
  const box = inkBox(image, whole, 128);
  if (!box) throw new Error(`the font drew no ${ch}`);
  const shape = glyphShape(image, box, capHeight, midY);
  return { ch, ...shape, grid: shape.grid.map((v) => Math.round(v * 1e4) / 1e4) };
});
writeFileSync(path.join(dir, "templates.json"), `${JSON.stringify(templates)}\n`);
console.log(`${templates.length} templates written`);
