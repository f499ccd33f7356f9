// The codes check on generated documents: a code whose payload disagrees with the printed text,
// and its clean twin.
import { describe, expect, it } from "vitest";
import { contextFor, twins } from "@/tests/forensics-support";
import type { Finding } from "../../types";
import { check } from "./index";

const raised = (findings: Finding[]) =>
  findings.filter((f) => f.severity !== "info").map((f) => `${f.check}:${f.severity}`);

describe("codes check on synthetic twins", () => {
  it.each([
    ["diploma", "pdf", "clean"],
    ["id_card", "jpeg", "scanned"],
  ] as const)("catches a %s (%s, %s) whose code disagrees with the print", async (docType, format, look) => {
    const { genuine, tampered } = await twins({
      seed: `codes-${docType}`,
      docType,
      format,
      look,
      tamper: "codes.payload_mismatch",
    });
    const genuineFindings = await check.run(await contextFor(genuine), () => {});
    expect(genuineFindings.some((f) => f.check === "codes.decoded")).toBe(true);
    expect(raised(genuineFindings)).toEqual([]);
    expect(raised(await check.run(await contextFor(tampered), () => {}))).toEqual(["codes.payload_mismatch:high"]);
  });
});
