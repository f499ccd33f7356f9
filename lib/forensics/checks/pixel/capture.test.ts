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
