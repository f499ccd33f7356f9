// The mrz check on generated identity documents: each planted defect with its clean twin.
import { describe, expect, it } from "vitest";
import { contextFor, twins } from "@/lib/forensics/testing";
import type { Finding } from "../../types";
import { check } from "./index";

const raised = (findings: Finding[]) =>
  findings.filter((f) => f.severity !== "info").map((f) => `${f.check}:${f.severity}`);

async function runTwins(spec: Parameters<typeof twins>[0]) {
  const { genuine, tampered } = await twins(spec);
  const run = async (doc: typeof genuine) => {
    const ctx = await contextFor(doc);
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

  it("reports an expired passport as expired, not forged", async () => {
    const { genuine, tampered } = await runTwins({
      seed: "mrz-3",
      docType: "passport",
      format: "png",
      look: "clean",
      tamper: "mrz.expired",
    });
    expect(genuine).toEqual([]);
    expect(tampered).toEqual(["mrz.expired:medium"]);
  });
});
