import { describe, expect, it } from "vitest";
import { dateOrderFindings, expiryFinding } from "./date-order";
import { makeContext } from "@/tests/forensics-support/content-context";

const NOW = new Date("2024-06-01T00:00:00Z");
const run = (fields: Record<string, string>) =>
  dateOrderFindings(
    makeContext({
      docType: "diploma",
      fields,
      pages: [{ rows: ["Bachelor of Science", `Born ${fields.date_of_birth ?? ""}`] }],
    }),
    NOW,
  );

describe("date order", () => {
  it("accepts dates in a plausible order", () => {
    expect(run({ date_of_birth: "1998-04-02", graduation_date: "2021-06-30", issue_date: "2021-07-15" })).toEqual([]);
    expect(run({ date_of_birth: "1974-08-12", issue_date: "2019-01-10", expiry_date: "2029-01-09" })).toEqual([]);
  });

  it("flags graduation at an implausible age", () => {
    const findings = run({ date_of_birth: "2012-04-02", graduation_date: "2021-06-30" });
    expect(findings.map((f) => f.severity)).toEqual(["high"]);
    expect(findings[0]!.evidence).toMatchObject({ age_years: 9.2 });
  });

  it("flags birth after issue, expiry before issue, and future issue dates", () => {
    expect(run({ date_of_birth: "2020-01-01", issue_date: "2019-01-10" }).map((f) => f.message)).toEqual([
      "The issue date (2019-01-10) is not after the date of birth (2020-01-01).",
    ]);
    expect(run({ issue_date: "2020-01-10", expiry_date: "2019-01-09" })).toHaveLength(1);
    const future = run({ graduation_date: "2025-06-30" });
    expect(future.map((f) => f.check)).toEqual(["content.date_order"]);
    expect(future[0]!.message).toContain("in the future");
  });

  it("reports an expired document without a machine-readable zone, apart from forgery", () => {
    const ctx = (docType: "id_card" | "certificate", rows: string[]) =>
      makeContext({ docType, fields: { issue_date: "2010-01-01", expiry_date: "2020-01-01" }, pages: [{ rows }] });
    const card = expiryFinding(ctx("id_card", ["DRIVING LICENCE", "Expires 01/01/2020"]), NOW);
    expect(card).toMatchObject({ check: "content.expired", severity: "info", score: 0 });
    expect(expiryFinding(ctx("certificate", ["First aid certificate"]), NOW)?.severity).toBe("info");
    expect(
      expiryFinding(
        makeContext({ docType: "id_card", fields: { expiry_date: "2030-01-01" }, pages: [{ rows: [] }] }),
        NOW,
      ),
    ).toBeNull();
  });

  it("ignores fields that are not ISO dates", () => {
    expect(run({ date_of_birth: "unknown", graduation_date: "2021" })).toEqual([]);
  });
});
