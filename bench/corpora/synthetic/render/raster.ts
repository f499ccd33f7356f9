// Layout → pixels with @napi-rs/canvas, using the same TTF files as the PDF renderer.
import { createCanvas, loadImage, type Image, type SKRSContext2D } from "@napi-rs/canvas";
import { canvasFamily, registerFonts } from "../fonts";
import type { Element, Layout, TextElement } from "../layout";

/** An RGBA raster; the unit every look and pixel tamper works on. */
export interface Raster {
  width: number;
  height: number;
  /** Interleaved RGBA, 8 bits per channel. */
  data: Uint8ClampedArray;
}

export function setFont(ctx: SKRSContext2D, el: Pick<TextElement, "font" | "size">): void {
  ctx.font = `${el.size}px "${canvasFamily(el.font)}"`;
}

/** Decoded images of a layout's image elements (decoding is asynchronous, drawing is not). */
export type ImageCache = Map<Uint8Array, Image>;

export async function loadImages(layout: Layout): Promise<ImageCache> {
  const cache: ImageCache = new Map();
  for (const page of layout.pages) {
    for (const el of page.elements)
      if (el.kind === "image" && !cache.has(el.png)) cache.set(el.png, await loadImage(Buffer.from(el.png)));
  }
  return cache;
}

export function drawElement(ctx: SKRSContext2D, el: Element, images: ImageCache): void {
  if (el.kind === "rect") {
    ctx.beginPath();
    if (el.radius) ctx.roundRect(el.x, el.y, el.width, el.height, el.radius);
    else ctx.rect(el.x, el.y, el.width, el.height);
    if (el.fill) {
      ctx.fillStyle = el.fill;
      ctx.fill();
    }
    if (el.stroke) {
      ctx.strokeStyle = el.stroke;
      ctx.lineWidth = el.lineWidth ?? 1;
      ctx.stroke();
    }
  } else if (el.kind === "line") {
    ctx.strokeStyle = el.color;
    ctx.lineWidth = el.width;
    ctx.beginPath();
    ctx.moveTo(el.x1, el.y1);
    ctx.lineTo(el.x2, el.y2);
    ctx.stroke();
  } else if (el.kind === "image") {
    const image = images.get(el.png);
    if (!image) throw new Error("image element was not preloaded");
    ctx.drawImage(image, el.x, el.y, el.width, el.height);
  } else {
    setFont(ctx, el);
    ctx.fillStyle = el.color;
    ctx.textAlign = el.align ?? "left";
    ctx.textBaseline = "alphabetic";
    ctx.fillText(el.text, el.x, el.y);
  }
}

/** Renders one page of a layout at `dpi`. */
export async function renderPage(layout: Layout, pageIndex: number, dpi: number): Promise<Raster> {
  registerFonts();
  const images = await loadImages({ ...layout, pages: [layout.pages[pageIndex] ?? { elements: [] }] });
  const scale = dpi / 72;
  const width = Math.round(layout.width * scale);
  const height = Math.round(layout.height * scale);
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = layout.background;
  ctx.fillRect(0, 0, width, height);
  ctx.scale(scale, scale);
  for (const el of layout.pages[pageIndex]?.elements ?? []) drawElement(ctx, el, images);
  const data = ctx.getImageData(0, 0, width, height).data;
  return { width, height, data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length) };
}

export function rasterToCanvas(raster: Raster) {
  const canvas = createCanvas(raster.width, raster.height);
  const ctx = canvas.getContext("2d");
  const image = ctx.createImageData(raster.width, raster.height);
  image.data.set(raster.data);
  ctx.putImageData(image, 0, 0);
  return { canvas, ctx };
}

export function canvasToRaster(ctx: SKRSContext2D, width: number, height: number): Raster {
  const data = ctx.getImageData(0, 0, width, height).data;
  return { width, height, data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length) };
}
