// Born-digital renders against captures: the questions the pixel check asks depend on how the image
// was made, established from its pixels and its file (never its name).
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import type { Finding } from "../../types";
import { captureOf } from "./capture";
import { check } from "./index";
import { toGrey } from "./raster";
import {
  applyLook,
  contextFor,
  encodeJpeg,
  encodePng,
  renderDocument,
  retype,
  type Rgb,
} from "@/tests/forensics-support/pixel-fixtures";

const field = { x: 870, y: 700, width: 200, height: 36 };
const counted = (findings: Finding[]) =>
  findings.filter((f) => f.severity !== "info").map((f) => `${f.check}:${f.severity}`);
const baseline = (findings: Finding[]) => findings.find((f) => f.check === "pixel.baseline")?.evidence;

/** A page exported by a computer whose body is soft (an embedded raster), with crisp vector text in one field. */
async function softExport(): Promise<Rgb> {
  const page = renderDocument(3);
  const soft = await sharp(page.rgb, { raw: { width: page.width, height: page.height, channels: 3 } })
    .blur(0.9)
    .raw()
    .toBuffer();
  return retype({ ...page, rgb: new Uint8Array(soft) }, field, "4,512.00");
}

describe("how the image was made", () => {
  let rendered: Rgb;
  let scanned: Rgb;
  beforeAll(async () => {
    rendered = await softExport();
    scanned = retype(await applyLook(renderDocument(3), "scan", 4), field, "4,512.00");
  }, 120_000);

  it("reads flat paper without sensor noise as a render, and a camera in the file as a capture", () => {
    const grey = toGrey(rendered.rgb, rendered.width, rendered.height);
    expect(captureOf(grey, {}, 0).capture).toBe("born_digital");
    expect(captureOf(grey, { Make: "Apple", Model: "iPhone 13" }, 0).capture).toBe("capture");
    const scan = toGrey(scanned.rgb, scanned.width, scanned.height);
    expect(captureOf(scan, {}, 2.4).capture).toBe("capture");
  });

  it("does not ask a born-digital PNG or single-save JPEG whether one field prints crisper", async () => {
    for (const [bytes, format] of [
      [await encodePng(rendered), "png"],
      [await encodeJpeg(rendered, 92), "jpeg"],
    ] as const) {
      const findings = await check.run(await contextFor(bytes, format), () => {});
      expect(counted(findings)).toEqual([]);
      expect(baseline(findings)).toMatchObject({ capture: "born_digital" });
    }
  });

  it("twin: the same crisp field typed onto a scan is still found", async () => {
    const findings = await check.run(await contextFor(await encodeJpeg(scanned, 90), "jpeg"), () => {});
    // (painted over and retyped: the paper lost its noise and the print is crisper than the scan's)
    expect(counted(findings).some((f) => f.endsWith(":high"))).toBe(true);
    expect(baseline(findings)).toMatchObject({ capture: "capture" });
  });
});

describe("each way an image is made, read from its pixels and its file (the engine never sees a file name)", () => {
  const crisp = renderDocument(5);
  const asJpeg = { _image: { format: "jpeg" } };
  const pixelAlarms = (findings: Finding[]) =>
    findings.filter((f) => f.check === "pixel.jpeg_ghost" || f.check === "pixel.sharp_text").map((f) => f.check);
  const run = async (bytes: Uint8Array, format: "png" | "jpeg", metadata: Record<string, unknown> = {}) => {
    const ctx = await contextFor(bytes, format);
    ctx.metadata = { ...metadata, ...(format === "jpeg" ? asJpeg : {}) };
    return check.run(ctx, () => {});
  };

  it("a clean computer-rendered page kept lossless is a render: no ghost, no crisper text", async () => {
    const findings = await run(await encodePng(crisp), "png");
    expect(baseline(findings)).toMatchObject({ capture: "born_digital", made_by: "render" });
    expect(pixelAlarms(findings)).toEqual([]);
    expect(counted(findings)).toEqual([]);
  });

  it("the same page saved once as JPEG is a render's export: flat white paper is no missing compression history", async () => {
    for (const quality of [75, 92]) {
      const findings = await run(await encodeJpeg(crisp, quality), "jpeg");
      expect(baseline(findings)).toMatchObject({ capture: "born_digital", made_by: "jpeg_export" });
      expect(pixelAlarms(findings)).toEqual([]);
      expect(counted(findings)).toEqual([]);
    }
  });

  it("twin: the same page through a scanner is a scan (noise, even light)", async () => {
    const scan = await applyLook(crisp, "scan", 7);
    const grey = toGrey(scan.rgb, scan.width, scan.height);
    expect(captureOf(grey, {}, 2.4)).toMatchObject({ capture: "capture", made_by: "scan" });
    const findings = await run(await encodeJpeg(scan, 90), "jpeg");
    expect(baseline(findings)).toMatchObject({ capture: "capture", made_by: "scan" });
  });

  it("twin: the same page photographed is a camera photo, from the light falling off even without EXIF", async () => {
    const photo = await applyLook(crisp, "phone", 7);
    const grey = toGrey(photo.rgb, photo.width, photo.height);
    const read = captureOf(grey, {}, 3.2);
    expect(read).toMatchObject({ capture: "capture", made_by: "camera_photo" });
    expect(read.light_falloff).toBeGreaterThan(16);
    // a camera recorded in the file says so whatever the light
    const scan = await applyLook(crisp, "scan", 7);
    const scanGrey = toGrey(scan.rgb, scan.width, scan.height);
    expect(captureOf(scanGrey, { Make: "Google", Model: "Pixel 7" }, 2.4).made_by).toBe("camera_photo");
    const findings = await run(await encodeJpeg(photo, 88), "jpeg");
    expect(baseline(findings)).toMatchObject({ capture: "capture", made_by: "camera_photo" });
  });
});
