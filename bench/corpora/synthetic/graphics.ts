// Small pictures documents carry: institutional seals and stamps, holder photos (face-like
// shapes), drawn with @napi-rs/canvas and returned as PNG.
import { createCanvas, type SKRSContext2D } from "@napi-rs/canvas";
import { canvasFamily, registerFonts } from "./fonts";
import type { Rng } from "./rng";

export function sealPng(rng: Rng, label: string, color: string, size = 220): Uint8Array {
  registerFonts();
  const canvas = createCanvas(size, size);
  const ctx = canvas.getContext("2d");
  const c = size / 2;
  ctx.strokeStyle = color;
  ctx.fillStyle = color;
  ctx.globalAlpha = rng.float(0.75, 0.95);
  ctx.lineWidth = size * 0.025;
  for (const r of [0.47, 0.42, 0.27]) {
    ctx.beginPath();
    ctx.arc(c, c, size * r, 0, Math.PI * 2);
    ctx.stroke();
  }
  // Text around the ring, one glyph at a time.
  const ring = label.toUpperCase().slice(0, 34);
  ctx.font = `${Math.round(size * 0.075)}px "${canvasFamily("serif-bold")}"`;
  ctx.textAlign = "center";
  const step = (Math.PI * 1.7) / Math.max(ring.length, 1);
  for (let i = 0; i < ring.length; i++) {
    const angle = -Math.PI * 0.85 + i * step - Math.PI / 2;
    ctx.save();
    ctx.translate(c + Math.cos(angle) * size * 0.345, c + Math.sin(angle) * size * 0.345);
    ctx.rotate(angle + Math.PI / 2);
    ctx.fillText(ring[i] as string, 0, size * 0.025);
    ctx.restore();
  }
  // A star in the middle.
  ctx.beginPath();
  for (let i = 0; i < 10; i++) {
    const r = i % 2 === 0 ? size * 0.18 : size * 0.08;
    const a = (i * Math.PI) / 5 - Math.PI / 2;
    ctx.lineTo(c + Math.cos(a) * r, c + Math.sin(a) * r);
  }
  ctx.closePath();
  ctx.fill();
  return new Uint8Array(canvas.toBuffer("image/png"));
}

export const SKIN_TONES = ["#f1c27d", "#e0ac69", "#c68642", "#8d5524", "#ffdbac", "#d1a27a", "#a0663d"];
const HAIR = ["#2b1b0e", "#4a2f1b", "#0e0e0e", "#7a5230", "#b08d57", "#5b5b5b"];

/** Draws a face-like figure (head, hair, eyes, mouth, shoulders) filling the box. */
export function drawFace(ctx: SKRSContext2D, rng: Rng, x: number, y: number, w: number, h: number): void {
  const skin = rng.pick(SKIN_TONES);
  const hair = rng.pick(HAIR);
  const cx = x + w / 2;
  const headW = w * rng.float(0.28, 0.36);
  const headH = headW * rng.float(1.25, 1.4);
  const cy = y + h * rng.float(0.4, 0.48);
  // Shoulders and clothing.
  ctx.fillStyle = rng.pick(["#223355", "#444444", "#6b2737", "#2f4f4f", "#ddddcc", "#335533"]);
  ctx.beginPath();
  ctx.ellipse(cx, y + h * 1.05, w * 0.48, h * 0.34, 0, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = skin;
  ctx.fillRect(cx - headW * 0.35, cy + headH * 0.7, headW * 0.7, headH * 0.5);
  // Hair behind the head.
  ctx.fillStyle = hair;
  ctx.beginPath();
  ctx.ellipse(cx, cy - headH * 0.12, headW * 1.08, headH * rng.float(0.95, 1.15), 0, 0, Math.PI * 2);
  ctx.fill();
  // Head with soft shading.
  const grad = ctx.createRadialGradient(cx - headW * 0.3, cy - headH * 0.3, headW * 0.1, cx, cy, headH);
  grad.addColorStop(0, lighten(skin, 0.15));
  grad.addColorStop(1, skin);
  ctx.fillStyle = grad;
  ctx.beginPath();
  ctx.ellipse(cx, cy, headW, headH, 0, 0, Math.PI * 2);
  ctx.fill();
  // Eyes, brows, nose, mouth.
  const eyeY = cy - headH * 0.12;
  for (const side of [-1, 1]) {
    ctx.fillStyle = "#ffffff";
    ctx.beginPath();
    ctx.ellipse(cx + side * headW * 0.38, eyeY, headW * 0.16, headW * 0.08, 0, 0, Math.PI * 2);
    ctx.fill();
    ctx.fillStyle = rng.pick(["#3b2a1a", "#2d4f7c", "#3a5f3a", "#1a1a1a"]);
    ctx.beginPath();
    ctx.arc(cx + side * headW * 0.38, eyeY, headW * 0.06, 0, Math.PI * 2);
    ctx.fill();
    ctx.strokeStyle = hair;
    ctx.lineWidth = Math.max(1, headW * 0.05);
    ctx.beginPath();
    ctx.moveTo(cx + side * headW * 0.2, eyeY - headW * 0.18);
    ctx.lineTo(cx + side * headW * 0.55, eyeY - headW * 0.2);
    ctx.stroke();
  }
  ctx.strokeStyle = darken(skin, 0.25);
  ctx.lineWidth = Math.max(1, headW * 0.04);
  ctx.beginPath();
  ctx.moveTo(cx, eyeY + headW * 0.1);
  ctx.lineTo(cx - headW * 0.08, cy + headH * 0.2);
  ctx.lineTo(cx + headW * 0.05, cy + headH * 0.22);
  ctx.stroke();
  ctx.strokeStyle = "#8e3b3b";
  ctx.lineWidth = Math.max(1, headW * 0.06);
  ctx.beginPath();
  ctx.arc(cx, cy + headH * 0.3, headW * 0.3, 0.15 * Math.PI, 0.85 * Math.PI);
  ctx.stroke();
}

export function photoPng(rng: Rng, width: number, height: number): Uint8Array {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = rng.pick(["#dfe6ee", "#e8e8e8", "#d8e2dc", "#f0f0f0", "#cfd8e3"]);
  ctx.fillRect(0, 0, width, height);
  drawFace(ctx, rng, 0, 0, width, height);
  return new Uint8Array(canvas.toBuffer("image/png"));
}

function channel(hex: string, i: number): number {
  return parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16);
}

export function lighten(hex: string, amount: number): string {
  return mix(hex, 255, amount);
}

export function darken(hex: string, amount: number): string {
  return mix(hex, 0, amount);
}

function mix(hex: string, target: number, amount: number): string {
  const parts = [0, 1, 2].map((i) => Math.round(channel(hex, i) + (target - channel(hex, i)) * amount));
  return `#${parts.map((v) => v.toString(16).padStart(2, "0")).join("")}`;
}
