// An element to a PNG: satori lays it out and turns its text into SVG paths with our local fonts,
// sharp rasterises the SVG. (next/og's ImageResponse is satori plus a WebAssembly rasteriser; used
// directly, nothing here needs Next.js, and nothing fetches fonts for scripts DejaVu lacks.)
import type { ReactNode } from "react";
import satori from "satori";
import sharp from "sharp";
import { fontData } from "./fonts";

export async function renderPng(element: ReactNode, size: { width: number; height: number }): Promise<Buffer> {
  const { regular, bold } = fontData();
  const svg = await satori(element, {
    ...size,
    fonts: [
      { name: "DejaVu", data: regular, weight: 400, style: "normal" },
      { name: "DejaVu", data: bold, weight: 700, style: "normal" },
    ],
  });
  return sharp(Buffer.from(svg)).png().toBuffer();
}
