// The mrz check on generated identity documents: each planted defect with its clean twin.
import { afterAll, describe, expect, it } from "vitest";
import { terminateOcr } from "@/lib/forensics/pipeline/ocr";
import { contextFor, twins } from "@/tests/forensics-support";
import type { Finding } from "../../types";
import { check } from "./index";

const raised = (findings: Finding[]) =>
  findings.filter((f) => f.severity !== "info").map((f) => `${f.check}:${f.severity}`);

/** `read: "ocr"` reads the rendered page as the engine does (page OCR, then the band's own reading). */
async function runTwins(spec: Parameters<typeof twins>[0], read: "truth" | "ocr" = "truth") {
  const { genuine, tampered } = await twins(spec);
  const run = async (doc: typeof genuine) => {
    const ctx = await contextFor(doc, read === "ocr" ? { text: "ocr", fields: "read" } : {});
    return check.applies(ctx) ? raised(await check.run(ctx, () => {})) : [];
  };
  return { genuine: await run(genuine), tampered: await run(tampered) };
}

describe("mrz check on synthetic twins", () => {
  it("catches a document number changed without its check digit (digital PDF passport)", async () => {
    const { genuine, tampered } = await runTwins({
      seed: "mrz-1",
      docType: "passport",
      format: "pdf",
      look: "clean",
      tamper: "mrz.check_digit",
    });
    expect(genuine).toEqual([]);
    expect(tampered).toContain("mrz.check_digit:critical");
  });

  it("catches a printed field that disagrees with the zone (scanned identity card)", async () => {
    const { genuine, tampered } = await runTwins({
      seed: "mrz-2",
      docType: "id_card",
      format: "jpeg",
      look: "scanned",
      tamper: "mrz.field_mismatch",
    });
    expect(genuine).toEqual([]);
    expect(tampered).toEqual(["mrz.printed_mismatch:high"]);
  });

  it("reports an expired passport as expired (a fact), raising nothing against it", async () => {
    const { genuine, tampered: expired } = await twins({
      seed: "mrz-3",
      docType: "passport",
      format: "png",
      look: "clean",
      tamper: "mrz.expired",
    });
    const all = async (doc: typeof genuine) =>
      (await check.run(await contextFor(doc), () => {})).map((f) => `${f.check}:${f.severity}`);
    expect(await all(genuine)).not.toContain("mrz.expired:info");
    expect(await all(expired)).toContain("mrz.expired:info");
    expect(raised(await check.run(await contextFor(expired), () => {}))).toEqual([]);
  });

  describe("read from the photographed page", () => {
    afterAll(terminateOcr);
    const serious = (ids: string[]) => ids.filter((id) => /:(high|critical)$/.test(id));

    it("confirms a changed number on a phone photo of a passport with a second reading of the band", async () => {
      const spec = { seed: "mrz-ocr-1", docType: "passport", format: "tiff", look: "phone" } as const;
      const { genuine, tampered } = await runTwins({ ...spec, tamper: "mrz.check_digit" }, "ocr");
      expect(serious(genuine)).toEqual([]);
      expect(tampered).toContain("mrz.check_digit:critical");
    });

    it("catches a changed number on a phone photo of an identity card, and takes a partly read printed number for what it is", async () => {
      const spec = { seed: "mrz-ocr-2", docType: "id_card", format: "jpeg", look: "phone" } as const;
      const { genuine, tampered } = await runTwins({ ...spec, tamper: "mrz.check_digit" }, "ocr");
      expect(serious(genuine)).toEqual([]);
      expect(tampered).toContain("mrz.check_digit:critical");
    });

    it("holds the name read from the zone against the printed name (scanned passport)", async () => {
      const spec = { seed: "mrz-ocr-3", docType: "passport", format: "jpeg", look: "scanned" } as const;
      const { genuine, tampered } = await runTwins({ ...spec, tamper: "mrz.field_mismatch" }, "ocr");
      expect(serious(genuine)).toEqual([]);
      expect(tampered).toContain("mrz.printed_mismatch:high");
    });
  });
});
