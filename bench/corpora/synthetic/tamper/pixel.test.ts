import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { twins } from "@/tests/forensics-support/twins";

async function rgb(bytes: Uint8Array) {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

describe("pixel tampers", () => {
  it("change the clean twin only inside the reported region", async () => {
    for (const [seed, look] of [
      ["px-1", "clean"],
      ["px-2", "scanned"],
      ["px-3", "phone"],
    ] as const) {
      const { genuine, tampered } = await twins({
        seed,
        docType: "payslip",
        format: "png",
        look,
        tamper: "pixel.retype",
      });
      const a = await rgb(genuine.bytes);
      const b = await rgb(tampered.bytes);
      expect([b.width, b.height]).toEqual([a.width, a.height]);
      let minX = Infinity;
      let minY = Infinity;
      let maxX = -1;
      let maxY = -1;
      for (let i = 0; i < a.data.length; i += 3) {
        if (
          Math.abs((a.data[i] as number) - (b.data[i] as number)) +
            Math.abs((a.data[i + 1] as number) - (b.data[i + 1] as number)) <
          4
        )
          continue;
        const p = i / 3;
        const x = p % a.width;
        const y = Math.floor(p / a.width);
        minX = Math.min(minX, x);
        maxX = Math.max(maxX, x);
        minY = Math.min(minY, y);
        maxY = Math.max(maxY, y);
      }
      expect(maxX).toBeGreaterThan(0);
      const r = tampered.tamper?.region;
      expect(r).toBeDefined();
      const slack = 2;
      expect(minX).toBeGreaterThanOrEqual(Math.floor((r?.x ?? 0) * a.width) - slack);
      expect(maxX).toBeLessThanOrEqual(Math.ceil(((r?.x ?? 0) + (r?.width ?? 0)) * a.width) + slack);
      expect(minY).toBeGreaterThanOrEqual(Math.floor((r?.y ?? 0) * a.height) - slack);
      expect(maxY).toBeLessThanOrEqual(Math.ceil(((r?.y ?? 0) + (r?.height ?? 0)) * a.height) + slack);
    }
  });

  it("copies pixels exactly from the source region on copy-move", async () => {
    for (const seed of ["px-cm-1", "px-cm-2", "px-cm-3"]) {
      const { tampered } = await twins({
        seed,
        docType: "diploma",
        format: "png",
        look: "clean",
        tamper: "pixel.copy_move",
      });
      const img = await rgb(tampered.bytes);
      const dst = tampered.tamper?.region;
      const src = tampered.tamper?.sourceRegion;
      expect(dst && src).toBeTruthy();
      const px = (r: NonNullable<typeof dst>) => ({ x: Math.round(r.x * img.width), y: Math.round(r.y * img.height) });
      const d = px(dst as NonNullable<typeof dst>);
      const s = px(src as NonNullable<typeof dst>);
      const w = Math.floor((dst?.width ?? 0) * img.width) - 1;
      const h = Math.floor((dst?.height ?? 0) * img.height) - 1;
      let differing = 0;
      for (let y = 0; y < h; y++)
        for (let x = 0; x < w; x++)
          if (img.data[((d.y + y) * img.width + d.x + x) * 3] !== img.data[((s.y + y) * img.width + s.x + x) * 3])
            differing++;
      expect(differing / (w * h)).toBeLessThan(0.02);
    }
  });

  it("splices a patch that differs from the clean twin much more than the rest of the image", async () => {
    const { genuine, tampered } = await twins({
      seed: "px-sp",
      docType: "diploma",
      format: "jpeg",
      look: "scanned",
      tamper: "pixel.splice",
    });
    const a = await rgb(genuine.bytes);
    const b = await rgb(tampered.bytes);
    const r = tampered.tamper?.region as NonNullable<typeof tampered.tamper>["region"] & object;
    let inside = 0;
    let insideN = 0;
    let outside = 0;
    let outsideN = 0;
    for (let y = 0; y < a.height; y += 2) {
      for (let x = 0; x < a.width; x += 2) {
        const i = (y * a.width + x) * 3;
        const diff = Math.abs((a.data[i] as number) - (b.data[i] as number));
        const within =
          x >= r.x * a.width && x < (r.x + r.width) * a.width && y >= r.y * a.height && y < (r.y + r.height) * a.height;
        if (within) {
          inside += diff;
          insideN++;
        } else {
          outside += diff;
          outsideN++;
        }
      }
    }
    expect(inside / insideN).toBeGreaterThan(5 * (outside / outsideN));
  });
});
