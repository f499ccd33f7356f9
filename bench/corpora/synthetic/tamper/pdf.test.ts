import { describe, expect, it } from "vitest";
import { pdfjs, PDFJS_RESOURCES } from "@/lib/forensics/pipeline/pdfjs";
import { makeDocument } from "../generate";

async function pageTexts(bytes: Uint8Array): Promise<string[]> {
  const doc = await pdfjs.getDocument({ data: bytes.slice(), ...PDFJS_RESOURCES }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    pages.push(content.items.map((item) => ("str" in item ? item.str : "")).join("\n"));
  }
  await doc.destroy();
  return pages;
}

describe("PDF tampers", () => {
  it("late font: swaps the value for the new one and leaves the rest of the page as it was", async () => {
    const spec = { seed: "late-font-1", docType: "payslip", format: "pdf" } as const;
    const genuine = (await pageTexts((await makeDocument(spec)).bytes))[0]!.split("\n");
    const tampered = await makeDocument({ ...spec, tamper: "pdf.late_font" });
    const edited = (await pageTexts(tampered.bytes))[tampered.tamper!.region!.page - 1]!.split("\n");
    const removed = genuine.filter((line) => line.trim() && !edited.includes(line));
    const added = edited.filter((line) => line.trim() && !genuine.includes(line));
    // One run out, one run in: the original value is gone from the text layer, nothing else is.
    expect(removed).toHaveLength(1);
    expect(added).toHaveLength(1);
    expect(added[0]).not.toBe(removed[0]);
  });
});
