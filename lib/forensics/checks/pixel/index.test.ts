import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import type { Finding } from "../../types";
import { check } from "./index";
import {
  applyLook,
  contextFor,
  decode,
  encodeJpeg,
  encodePng,
  fractionBox,
  overlaps,
  paste,
  renderDocument,
  retype,
  type Rgb,
} from "@/tests/forensics-support/pixel-fixtures";

const above = (findings: Finding[]) => findings.filter((f) => f.severity !== "info");
const run = async (ctx: Awaited<ReturnType<typeof contextFor>>) => check.run(ctx, () => {});

describe("pixel check", () => {
  let scan: Rgb;
  let phone: Rgb;
  beforeAll(async () => {
    scan = await applyLook(renderDocument(1), "scan", 2);
    phone = await applyLook(renderDocument(2), "phone", 3);
  }, 120_000);

  it("does not apply to digital-born PDF pages", async () => {
    const ctx = await contextFor(await encodePng(renderDocument(1, 400)), "png", { source: "pdf-text" });
    expect(check.applies(ctx)).toBe(false);
  });

  it.each([
    ["a phone photo saved once", async () => encodeJpeg(phone, 88)],
    ["a phone photo re-saved by an app", async () => encodeJpeg(await decode(await encodeJpeg(phone, 80)), 92)],
    ["a scan re-saved at a higher quality", async () => encodeJpeg(await decode(await encodeJpeg(scan, 75)), 92)],
    ["a scan kept as PNG", async () => encodePng(scan)],
    ["a clean render", async () => encodePng(renderDocument(4))],
  ])("raises nothing above info on %s", async (_, make) => {
    const bytes = await make();
    const ctx = await contextFor(bytes, bytes[0] === 0xff ? "jpeg" : "png");
    const findings = await run(ctx);
    expect(above(findings)).toEqual([]);
    expect(findings.find((f) => f.check === "pixel.baseline")?.severity).toBe("info");
  });

  it("reports a spliced field with its region, statistic, baseline and threshold", async () => {
    const camera = await decode(await encodeJpeg(scan, 75));
    const donor = await decode(await encodeJpeg(await applyLook(renderDocument(9), "scan", 4), 40));
    const box = { x: 860, y: 880, width: 240, height: 80 };
    const ctx = await contextFor(await encodeJpeg(paste(camera, donor, box), 92), "jpeg");
    const ghost = (await run(ctx)).find((f) => f.check === "pixel.jpeg_ghost");
    expect(ghost).toBeDefined();
    expect(["medium", "high"]).toContain(ghost!.severity);
    expect(overlaps(ghost!.region!, fractionBox(box, camera.width, camera.height))).toBe(true);
    expect(ghost!.evidence).toMatchObject({
      statistic: "jpeg_lattice_ratio",
      primary_quality: 75,
      region_best_quality: 40,
    });
    expect(ghost!.message).toMatch(/quality ~75/);
  });

  it("maps regions of a rotated JPEG (EXIF orientation 6) onto the upright page", async () => {
    const camera = await decode(await encodeJpeg(scan, 75));
    const donor = await decode(await encodeJpeg(await applyLook(renderDocument(9), "scan", 4), 40));
    const box = { x: 860, y: 880, width: 240, height: 80 };
    const stored = paste(camera, donor, box);
    const bytes = new Uint8Array(
      await sharp(stored.rgb, { raw: { width: stored.width, height: stored.height, channels: 3 } })
        .jpeg({ quality: 92 })
        .withMetadata({ orientation: 6 })
        .toBuffer(),
    );
    const ctx = await contextFor(bytes, "jpeg");
    expect(ctx.pages[0].width).toBe(stored.height);
    const ghost = (await run(ctx)).find((f) => f.check === "pixel.jpeg_ghost");
    const f = fractionBox(box, stored.width, stored.height);
    // Displayed rotated 90° clockwise: stored (x, y) lands at (1 − y − h, x).
    const upright = { x: 1 - f.y - f.height, y: f.x, width: f.height, height: f.width };
    expect(ghost && overlaps(ghost.region!, upright)).toBe(true);
  });

  it("reports a clone with both copies in its evidence", async () => {
    const photo = await decode(await encodeJpeg(phone, 90));
    const from = { x: 880, y: 730, width: 40, height: 26 };
    const to = { x: 923, y: 851, width: 40, height: 26 };
    const ctx = await contextFor(await encodePng(paste(photo, photo, from, to.x, to.y)), "png");
    const clone = (await run(ctx)).find((f) => f.check === "pixel.copy_move");
    expect(clone?.severity).toMatch(/medium|high/);
    expect(overlaps(clone!.region!, fractionBox(to, photo.width, photo.height))).toBe(true);
    expect(overlaps(clone!.evidence!.other_region as never, fractionBox(from, photo.width, photo.height))).toBe(true);
  });

  describe("a field painted over and typed again on a phone photo kept as AVIF", () => {
    // AVIF smooths noise unevenly on its own, so a clean patch alone is only noted there.
    const avif = async (page: Rgb) =>
      new Uint8Array(
        await sharp(page.rgb, { raw: { width: page.width, height: page.height, channels: 3 } })
          .avif({ quality: 60 })
          .toBuffer(),
      );
    const field = { x: 870, y: 700, width: 200, height: 36 };

    it("is strong evidence: crisper print on paper that lost its noise", async () => {
      const photo = await decode(await encodeJpeg(phone, 90));
      const findings = await run(await contextFor(await avif(retype(photo, field, "9,999.00")), "avif"));
      const sharp = findings.find((f) => f.check === "pixel.sharp_text");
      expect(sharp?.severity).toBe("high");
      expect(sharp?.evidence).toMatchObject({ corroborated_by: "pixel.noise_inconsistency" });
      expect(overlaps(sharp!.region!, fractionBox(field, photo.width, photo.height))).toBe(true);
    });

    it("raises nothing on the untouched twin", async () => {
      const photo = await decode(await encodeJpeg(phone, 90));
      expect(above(await run(await contextFor(await avif(photo), "avif")))).toEqual([]);
    });
  });
});
