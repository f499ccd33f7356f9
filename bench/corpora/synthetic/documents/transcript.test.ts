import { describe, expect, it } from "vitest";
import { createRng } from "../rng";
import { buildTranscript } from "./transcript";

const totalsPage = (pages: Array<{ elements: Array<{ kind: string; field?: string }> }>) =>
  pages.findIndex((p) => p.elements.some((e) => e.kind === "text" && e.field === "total_credits"));

describe("transcript builder", () => {
  it("puts a forged total on the page a single photo shows; genuine long transcripts still run over", async () => {
    let long = 0;
    for (let seed = 0; seed < 40; seed++) {
      const forged = await buildTranscript(createRng(seed), { tamper: "sum_mismatch", firstPageOnly: true });
      expect(totalsPage(forged.layout.pages)).toBe(0);
      const genuine = await buildTranscript(createRng(seed), { firstPageOnly: true });
      if (genuine.layout.pages.length > 1) long++;
    }
    expect(long).toBeGreaterThan(0);
  });
});
