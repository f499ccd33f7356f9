import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { renderOgImage } from "./og-image";

describe("renderOgImage", () => {
  it("draws a 1200×630 PNG whose colours follow the verdict, without network access", async () => {
    const fetchSpy = globalThis.fetch;
    globalThis.fetch = (() => Promise.reject(new Error("network used"))) as typeof fetch;
    try {
      const base = {
        confidence: 0.9,
        docType: "diploma",
        fileName: "diplôme 中文.pdf",
        status: "completed" as const,
        date: "2026-01-02",
      };
      const verified = await renderOgImage({ ...base, verdict: "VERIFIED" });
      const rejected = await renderOgImage({ ...base, verdict: "REJECTED" });
      const meta = await sharp(verified).metadata();
      expect(meta).toMatchObject({ format: "png", width: 1200, height: 630 });
      // The verdict bar at x≈78, y≈300 is green for VERIFIED and red for REJECTED.
      const pixel = async (png: Buffer) => [
        ...(await sharp(png).extract({ left: 70, top: 300, width: 1, height: 1 }).raw().toBuffer()),
      ];
      const [g, r] = [await pixel(verified), await pixel(rejected)];
      expect(g[1]).toBeGreaterThan(g[0]);
      expect(r[0]).toBeGreaterThan(r[1]);
    } finally {
      globalThis.fetch = fetchSpy;
    }
  });

  it("says when an administrator corrected the verdict (the bottom line changes, nothing else)", async () => {
    const base = {
      verdict: "REJECTED" as const,
      confidence: 0.9,
      docType: "diploma",
      fileName: "diploma.pdf",
      status: "completed" as const,
      date: "2026-01-02",
    };
    const strip = async (png: Buffer, top: number) =>
      sharp(png).extract({ left: 0, top, width: 1200, height: 60 }).raw().toBuffer();
    const [plain, corrected] = [await renderOgImage(base), await renderOgImage({ ...base, corrected: true })];
    expect((await strip(plain, 540)).equals(await strip(corrected, 540))).toBe(false);
    expect((await strip(plain, 150)).equals(await strip(corrected, 150))).toBe(true);
  });
});
