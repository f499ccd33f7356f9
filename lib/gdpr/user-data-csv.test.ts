import { describe, expect, it } from "vitest";
import { userDataCsv } from "./user-data-csv";

describe("userDataCsv", () => {
  it("writes one row per value with its dotted path, records by id, empty lists and objects kept", () => {
    const csv = userDataCsv({
      format: "credence-user-data/1",
      generated_at: "2026-11-26T10:00:00Z",
      account: { id: "usr_1", email: "ada@example.test", name: null },
      sections: {
        verifications: [
          { id: "ver_1", verdict_json: { findings: [{ check: "pdf.producer" }], fields: {} }, pages: [] },
        ],
        disputes: [{ id: 7, reason: "-1 wrong" }],
        referrals: [{ role: "referrer" }],
      },
    });
    expect(csv.startsWith("\uFEFFsection,record,field,value\r\n")).toBe(true);
    const rows = csv.slice(1).trimEnd().split("\r\n");
    expect(rows).toEqual([
      "section,record,field,value",
      "export,,format,credence-user-data/1",
      "export,,generated_at,2026-11-26T10:00:00Z",
      "account,usr_1,id,usr_1",
      "account,usr_1,email,ada@example.test",
      "account,usr_1,name,",
      "verifications,ver_1,id,ver_1",
      "verifications,ver_1,verdict_json.findings.0.check,pdf.producer",
      "verifications,ver_1,verdict_json.fields,",
      "verifications,ver_1,pages,",
      "disputes,7,id,7",
      // A value a spreadsheet would run as a formula is neutralised.
      "disputes,7,reason,'-1 wrong",
      "referrals,1,role,referrer",
    ]);
  });
});
