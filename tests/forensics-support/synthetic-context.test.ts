import { describe, expect, it } from "vitest";
import { makeContext } from ".";

describe("contextFor", () => {
  it("decodes a digital PDF with its text layer and the generator's fields", async () => {
    const { doc, ctx } = await makeContext({ seed: "ctx-pdf", docType: "payslip", format: "pdf" });
    expect(ctx.format).toBe("pdf");
    expect(ctx.docType).toBe("payslip");
    expect(ctx.fields.net_pay).toBe(doc.fields.net_pay);
    expect(ctx.fullText.join("\n")).toContain("NET PAY");
  });

  it("puts ground-truth text on image pages instead of running OCR", async () => {
    const { ctx } = await makeContext({ seed: "ctx-img", docType: "passport", format: "jpeg", look: "scanned" });
    expect(ctx.format).toBe("jpeg");
    expect(ctx.pages[0]?.rgb.length).toBe((ctx.pages[0]?.width ?? 0) * (ctx.pages[0]?.height ?? 0) * 3);
    expect(ctx.fullText[0]).toMatch(/P<[A-Z]{3}/);
    for (const item of ctx.pages[0]?.text ?? []) {
      expect(item.x).toBeGreaterThanOrEqual(0);
      expect(item.x + item.width).toBeLessThanOrEqual(1);
    }
  });
});
