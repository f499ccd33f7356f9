// The content check on generated documents: each planted arithmetic or date defect with its
// clean twin.
import { describe, expect, it } from "vitest";
import { contextFor, twins } from "@/tests/forensics-support";
import type { Finding } from "../../types";
import { check } from "./index";

const raised = (findings: Finding[]) => findings.filter((f) => f.severity !== "info").map((f) => f.check);

describe("content check on synthetic twins", () => {
  it.each([
    ["payslip", "pdf", "clean", "content.sum_mismatch", "content.payslip"],
    ["transcript", "jpeg", "scanned", "content.sum_mismatch", "content.transcript"],
    ["bank_statement", "pdf", "clean", "content.balance_break", "content.statement"],
    ["bank_statement", "png", "phone", "content.balance_break", "content."],
    ["diploma", "pdf-scan", "scanned", "content.date_order", "content.date_order"],
  ] as const)("catches a %s (%s, %s) with %s", async (docType, format, look, tamper, prefix) => {
    const { genuine, tampered } = await twins({ seed: `content-${docType}-${format}`, docType, format, look, tamper });
    expect(raised(await check.run(await contextFor(genuine), () => {}))).toEqual([]);
    const found = raised(await check.run(await contextFor(tampered), () => {}));
    expect(
      found.some((c) => c.startsWith(prefix) || (prefix === "content.statement" && c === "content.running_balance")),
    ).toBe(true);
  });
});
