import { describe, expect, it } from "vitest";
import { summarizeDocuments, type SummaryDocument } from "./summarize-documents";

let n = 0;
const doc = (
  doc_type: string,
  fields: Record<string, unknown>,
  extra: Partial<SummaryDocument> = {},
): SummaryDocument => ({
  verification_id: `ver_${++n}`,
  doc_type,
  file_name: `${doc_type}.pdf`,
  status: "completed",
  verdict: "VERIFIED",
  fields,
  ...extra,
});

describe("summarizeDocuments", () => {
  it("finds the applicant consistent when passport, diploma and transcript agree in their own spellings", () => {
    const summary = summarizeDocuments([
      doc("passport", {
        holder_name: "ERIKSSON ANNA MARIA",
        date_of_birth: "1998-03-03",
        document_number: "L898902C3",
      }),
      doc("diploma", {
        holder_name: "Anna Maria Eriksson",
        institution: "Uppsala University",
        graduation_date: "2021-06-15",
      }),
      doc("transcript", {
        holder_name: "Anna Maria Eriksson",
        institution: "UPPSALA UNIVERSITY",
        graduation_date: "15 June 2021",
      }),
    ]);
    expect(summary.status).toBe("consistent");
    expect(summary.conflict_count).toBe(0);
    const byKey = Object.fromEntries(summary.comparisons.map((c) => [c.attribute, c]));
    expect(byKey.holder_name.status).toBe("agree");
    expect(byKey.holder_name.values.flatMap((v) => v.sources)).toHaveLength(3);
    expect(byKey.institution.status).toBe("agree");
    expect(byKey.graduation_date).toMatchObject({ status: "agree", values: [{ value: "2021-06-15" }] });
    expect(byKey.date_of_birth.status).toBe("single");
    expect(byKey.document_number).toMatchObject({ status: "single", scope: "passports" });
  });

  it("names the documents on each side of a name conflict and reports the worst verdict", () => {
    const passport = doc("passport", { holder_name: "Anna Eriksson", date_of_birth: "1998-03-03" });
    const diploma = doc("diploma", { holder_name: "Karin Lindqvist" }, { verdict: "SUSPECT" });
    const summary = summarizeDocuments([passport, diploma]);
    expect(summary.status).toBe("conflicts");
    expect(summary.worst_verdict).toBe("SUSPECT");
    const names = summary.comparisons.find((c) => c.attribute === "holder_name")!;
    expect(names.status).toBe("conflict");
    expect(names.note).toBe('"Anna Eriksson" and "Karin Lindqvist" do not match');
    expect(names.values.map((v) => v.sources[0].verification_id)).toEqual([
      passport.verification_id,
      diploma.verification_id,
    ]);
  });

  it("flags dates of birth that differ, however they are written", () => {
    const summary = summarizeDocuments([
      doc("passport", { date_of_birth: "1998-03-03" }),
      doc("id_card", { date_of_birth: "03.03.1998" }),
      doc("payslip", { date_of_birth: "1989-03-03" }),
    ]);
    const dob = summary.comparisons.find((c) => c.attribute === "date_of_birth")!;
    expect(dob.status).toBe("conflict");
    expect(dob.values.map((v) => [v.value, v.sources.length])).toEqual([
      ["1998-03-03", 2],
      ["1989-03-03", 1],
    ]);
  });

  it("compares document numbers only between documents of the same type", () => {
    const summary = summarizeDocuments([
      doc("passport", { document_number: "L898902C3" }),
      doc("id_card", { document_number: "D23145890" }),
    ]);
    expect(summary.comparisons.map((c) => [c.scope, c.status])).toEqual([
      ["passports", "single"],
      ["ID cards", "single"],
    ]);
    expect(summary.status).toBe("not_enough_data");
  });

  it("keeps unfinished documents out of the comparison but counts them", () => {
    const summary = summarizeDocuments([
      doc("passport", { holder_name: "Anna Eriksson" }),
      doc("diploma", {}, { status: "pending", verdict: null, fields: null }),
    ]);
    expect(summary).toMatchObject({
      document_count: 2,
      analysed_count: 1,
      pending_count: 1,
      status: "not_enough_data",
    });
  });

  it("says there is not enough data for an empty folder", () => {
    expect(summarizeDocuments([])).toMatchObject({ status: "not_enough_data", worst_verdict: null, comparisons: [] });
  });
});
